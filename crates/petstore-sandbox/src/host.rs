//! Refusal of requests not addressed to this sandbox, against DNS rebinding: a web page on a name its
//! author controls can re-point that name at 127.0.0.1 and have the browser send requests here, but the
//! browser still says that name in `Host`. Only loopback names and the address the request arrived on are
//! answered, and the check comes before anything else looks at the request.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::errors::{ApiError, cut_short};

/// The address a connection was accepted on, put on each request by the server loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LocalAddr(pub SocketAddr);

/// Answers 421 to a request whose `Host` (or absolute request target) names something else than this
/// sandbox, without counting, authenticating or rate-limiting it.
pub(crate) async fn require_own_host(
    State(also): State<Arc<[String]>>,
    req: Request,
    next: Next,
) -> Response {
    let local = req.extensions().get::<LocalAddr>().map(|addr| addr.0.ip());
    match check(&req, local, &also) {
        Ok(()) => next.run(req).await,
        Err(err) => err.into_response(),
    }
}

fn check(req: &Request, local: Option<IpAddr>, also: &[String]) -> Result<(), ApiError> {
    let misdirected = ApiError::MisdirectedRequest;
    let names_this_sandbox = |authority: &str, local| {
        names_this_sandbox(authority, local)
            || without_port(authority)
                .is_some_and(|host| also.iter().any(|name| name.eq_ignore_ascii_case(host)))
    };
    // A request target in absolute form names the host too; it must name this sandbox as well.
    if let Some(authority) = req.uri().authority()
        && !names_this_sandbox(authority.as_str(), local)
    {
        return Err(misdirected(format!(
            "the request target {}",
            echo(authority.as_str())
        )));
    }
    let mut hosts = req.headers().get_all(header::HOST).iter();
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        return if req.headers().contains_key(header::HOST) {
            Err(misdirected("more than one Host header".to_owned()))
        } else if req.uri().authority().is_some() {
            Ok(())
        } else {
            Err(misdirected("no Host header".to_owned()))
        };
    };
    let Ok(host) = host.to_str() else {
        return Err(misdirected(
            "a Host header that is not ASCII text".to_owned(),
        ));
    };
    if names_this_sandbox(host, local) {
        Ok(())
    } else {
        Err(misdirected(format!("Host {}", echo(host))))
    }
}

/// Whether a Host value (a name or an address, with or without a port) names this sandbox: `localhost`,
/// `127.0.0.1` or `[::1]` (any letter case), or the address the connection arrived on, `local`. That is
/// the address the sandbox is bound to, or when bound to a wildcard (`0.0.0.0`, `::`), the one of its
/// addresses the client used.
pub(crate) fn names_this_sandbox(authority: &str, local: Option<IpAddr>) -> bool {
    let Some(host) = without_port(authority) else {
        return false;
    };
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    let ip = match host
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
    {
        Some(v6) => v6.parse::<Ipv6Addr>().map(IpAddr::V6),
        None => host.parse::<Ipv4Addr>().map(IpAddr::V4),
    };
    let Ok(ip) = ip.map(|ip| ip.to_canonical()) else {
        return false;
    };
    ip == IpAddr::V4(Ipv4Addr::LOCALHOST)
        || ip == IpAddr::V6(Ipv6Addr::LOCALHOST)
        || local.is_some_and(|local| local.to_canonical() == ip)
}

/// The host part of `host[:port]` or `[v6]:port`, when the port (if any) is a port number.
fn without_port(authority: &str) -> Option<&str> {
    let (host, port) = match authority.strip_prefix('[') {
        Some(rest) => {
            let end = rest.find(']')? + 2;
            (&authority[..end], authority[end..].strip_prefix(':'))
        }
        None => match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    let port_is_valid = port.is_none_or(|port| {
        port.is_empty() || (port.bytes().all(|b| b.is_ascii_digit()) && port.parse::<u16>().is_ok())
    });
    let nothing_else = port.is_some() || host.len() == authority.len();
    (port_is_valid && nothing_else && !host.is_empty()).then_some(host)
}

/// A value from outside, quoted and cut short for a message.
fn echo(value: &str) -> String {
    format!("{:?}", cut_short(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::MAX_ECHOED_CHARS;

    const NOT_BOUND: Option<IpAddr> = None;

    #[test]
    fn loopback_names_with_or_without_a_port_in_any_case() {
        for host in [
            "127.0.0.1",
            "127.0.0.1:4780",
            "localhost",
            "localhost:1",
            "LocalHost:65535",
            "[::1]",
            "[::1]:4780",
            "[0:0:0:0:0:0:0:1]:80",
            "127.0.0.1:",
        ] {
            assert!(names_this_sandbox(host, NOT_BOUND), "{host}");
        }
    }

    #[test]
    fn other_names_are_refused_even_when_they_resolve_here() {
        for host in [
            "",
            ":4780",
            "evil.example",
            "evil.example:4780",
            "localhost.evil.example",
            "127.0.0.1.nip.io:4780",
            "localhost.",
            "127.0.0.2",
            "0.0.0.0:4780",
            "::1",
            "[::1",
            "[::1]x",
            "[::1]:http",
            "127.0.0.1:65536",
            "127.0.0.1:-1",
            "127.0.0.1:+80",
            "127.0.0.1:80:80",
            "user@127.0.0.1",
            "[evil.example]",
            "192.168.1.5:4780",
        ] {
            assert!(!names_this_sandbox(host, NOT_BOUND), "{host}");
        }
    }

    #[test]
    fn the_address_the_request_arrived_on_is_accepted() {
        let lan = Some(IpAddr::from([192, 168, 1, 5]));
        assert!(names_this_sandbox("192.168.1.5:4780", lan));
        assert!(names_this_sandbox("192.168.1.5", lan));
        assert!(names_this_sandbox("localhost:4780", lan));
        assert!(!names_this_sandbox("192.168.1.6:4780", lan));
        assert!(!names_this_sandbox("petstore.lan:4780", lan));

        let v6 = Some(IpAddr::from([0xfd00, 0, 0, 0, 0, 0, 0, 7]));
        assert!(names_this_sandbox("[fd00::7]:4780", v6));
        assert!(!names_this_sandbox("[fd00::8]:4780", v6));

        // On a dual-stack wildcard, an IPv4 client arrives on an IPv4-mapped address.
        let mapped = Some(IpAddr::from(Ipv4Addr::new(10, 0, 0, 2).to_ipv6_mapped()));
        assert!(names_this_sandbox("10.0.0.2:4780", mapped));
    }

    #[test]
    fn echoed_values_are_quoted_and_bounded() {
        assert_eq!(echo("evil.example"), "\"evil.example\"");
        let long = "a".repeat(10_000);
        assert_eq!(echo(&long).chars().count(), MAX_ECHOED_CHARS + 3);
    }
}
