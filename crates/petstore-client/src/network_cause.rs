//! Why a connection failed, as a category a person can act on, found by walking the error's
//! source chain to typed causes (rustls' certificate errors, I/O error kinds).

use serde::{Deserialize, Serialize};

/// Why a connection failed, as a category: the OS's text ("Connection refused (os error 111)")
/// means nothing to a clerk and differs per system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum NetworkCause {
    /// Nothing listens at the address (or a firewall said no).
    Refused,
    /// The server's name could not be looked up.
    Dns,
    /// The connection was cut off or closed early.
    Reset,
    /// No secure connection could be set up (a cause other than those below).
    Tls,
    /// No route to the server or its network.
    Unreachable,
    /// The proxy itself could not be reached (refused, unknown name, no route).
    ProxyUnreachable,
    /// The proxy asks for a user name and password (407) and none is set.
    ProxyAuthRequired,
    /// The proxy refused the user name and password it was given (407 again).
    ProxyAuthRefused,
    /// The proxy would not open a connection to the service (it answered the CONNECT with an
    /// error other than 407: a blocked site, a proxy that cannot reach the service).
    ProxyRefused,
    /// The service's certificate comes from an authority this computer does not trust: often a
    /// company proxy that inspects traffic.
    UnknownAuthority,
    /// The service's certificate has expired (or is not valid yet: check the computer's clock).
    CertificateExpired,
    /// The service's certificate is for another name than the address.
    CertificateName,
    /// Anything else.
    Other,
}

impl NetworkCause {
    /// The category of a transport failure. `with_proxy_credentials`: whether a user name and
    /// password were given to the proxy (then a 407 means they were refused).
    pub fn classify(
        error: &(dyn std::error::Error + 'static),
        with_proxy_credentials: bool,
    ) -> NetworkCause {
        let mut words = String::new();
        let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
        while let Some(current) = cause {
            if let Some(tunnel) = tunnel_cause(&current.to_string(), with_proxy_credentials) {
                return tunnel;
            }
            if let Some(found) = rustls_cause(current) {
                return found;
            }
            if let Some(io) = current.downcast_ref::<std::io::Error>() {
                if let Some(found) = inside_io(io) {
                    return found;
                }
                use std::io::ErrorKind as Io;
                match io.kind() {
                    Io::ConnectionRefused => return NetworkCause::Refused,
                    Io::ConnectionReset
                    | Io::ConnectionAborted
                    | Io::BrokenPipe
                    | Io::UnexpectedEof => return NetworkCause::Reset,
                    Io::HostUnreachable | Io::NetworkUnreachable | Io::AddrNotAvailable => {
                        return NetworkCause::Unreachable;
                    }
                    _ => {}
                }
            }
            words.push_str(&current.to_string().to_ascii_lowercase());
            words.push(' ');
            cause = current.source();
        }
        NetworkCause::from_words(&words)
    }

    /// [`NetworkCause::classify`] without proxy credentials.
    pub fn of(error: &(dyn std::error::Error + 'static)) -> NetworkCause {
        NetworkCause::classify(error, false)
    }

    /// Name resolution has no typed error of its own in the stack (the system resolver's text).
    fn from_words(words: &str) -> NetworkCause {
        let has = |needles: &[&str]| needles.iter().any(|n| words.contains(n));
        if has(&["connection refused"]) {
            NetworkCause::Refused
        } else if has(&[
            "dns",
            "lookup address",
            "name or service not known",
            "nodename",
            "no such host",
        ]) {
            NetworkCause::Dns
        } else if has(&["certificate", "tls", "ssl", "handshake"]) {
            NetworkCause::Tls
        } else if has(&[
            "connection reset",
            "broken pipe",
            "connection closed",
            "connection aborted",
        ]) {
            NetworkCause::Reset
        } else if has(&["unreachable"]) {
            NetworkCause::Unreachable
        } else {
            NetworkCause::Other
        }
    }

    /// Whether trying again soon may help. A proxy that wants credentials, a certificate that is
    /// not trusted, a name that does not exist: the same answer comes back until someone changes
    /// a setting, so these are never retried (and never called "a temporary problem").
    pub fn is_transient(self) -> bool {
        matches!(
            self,
            NetworkCause::Refused
                | NetworkCause::Reset
                | NetworkCause::Unreachable
                | NetworkCause::Other
        )
    }

    /// Whether the fix is a network setting (proxy, certificate) rather than waiting; the CLI
    /// gives these an exit code of their own.
    pub fn needs_network_setup(self) -> bool {
        matches!(
            self,
            NetworkCause::ProxyUnreachable
                | NetworkCause::ProxyAuthRequired
                | NetworkCause::ProxyAuthRefused
                | NetworkCause::ProxyRefused
                | NetworkCause::UnknownAuthority
                | NetworkCause::CertificateExpired
                | NetworkCause::CertificateName
        )
    }
}

/// The rustls error an I/O error wraps (TLS failures come as an I/O error wrapping another,
/// wrapping rustls' own; `io::Error::source` skips the wrapped error itself).
fn inside_io(io: &std::io::Error) -> Option<NetworkCause> {
    let mut inner: &(dyn std::error::Error + 'static) = io.get_ref()?;
    for _ in 0..8 {
        if let Some(found) = rustls_cause(inner) {
            return Some(found);
        }
        inner = inner.downcast_ref::<std::io::Error>()?.get_ref()?;
    }
    None
}

/// A certificate verification failure, by rustls' own error variant.
fn rustls_cause(error: &(dyn std::error::Error + 'static)) -> Option<NetworkCause> {
    use rustls::CertificateError as Cert;
    let rustls::Error::InvalidCertificate(cert) = error.downcast_ref::<rustls::Error>()? else {
        return Some(NetworkCause::Tls);
    };
    Some(match cert {
        Cert::UnknownIssuer | Cert::BadSignature => NetworkCause::UnknownAuthority,
        Cert::Expired
        | Cert::ExpiredContext { .. }
        | Cert::NotValidYet
        | Cert::NotValidYetContext { .. } => NetworkCause::CertificateExpired,
        Cert::NotValidForName | Cert::NotValidForNameContext { .. } => {
            NetworkCause::CertificateName
        }
        _ => NetworkCause::Tls,
    })
}

/// What went wrong opening a tunnel through a proxy (HTTP CONNECT). hyper-util's `TunnelError`
/// is not public, so its words are the only cause there is: matched here, in one place, and
/// tested against the real proxy in `tests/network.rs`.
fn tunnel_cause(text: &str, with_proxy_credentials: bool) -> Option<NetworkCause> {
    let what = text.strip_prefix("tunnel error: ")?;
    Some(match what {
        "proxy authorization required" if with_proxy_credentials => NetworkCause::ProxyAuthRefused,
        "proxy authorization required" => NetworkCause::ProxyAuthRequired,
        "failed to create underlying connection" => NetworkCause::ProxyUnreachable,
        _ => NetworkCause::ProxyRefused,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_causes_are_categories_not_os_text() {
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert_eq!(NetworkCause::of(&refused), NetworkCause::Refused);
        let reset = std::io::Error::from(std::io::ErrorKind::ConnectionReset);
        assert_eq!(NetworkCause::of(&reset), NetworkCause::Reset);
        let dns = std::io::Error::other(
            "failed to lookup address information: Name or service not known",
        );
        assert_eq!(NetworkCause::of(&dns), NetworkCause::Dns);
        let odd = std::io::Error::other("something else");
        assert_eq!(NetworkCause::of(&odd), NetworkCause::Other);
    }

    #[test]
    fn certificate_failures_are_read_from_rustls_variants() {
        use rustls::CertificateError as Cert;
        let wrapped = |cert| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                rustls::Error::InvalidCertificate(cert),
            )
        };
        assert_eq!(
            NetworkCause::of(&wrapped(Cert::UnknownIssuer)),
            NetworkCause::UnknownAuthority
        );
        assert_eq!(
            NetworkCause::of(&wrapped(Cert::Expired)),
            NetworkCause::CertificateExpired
        );
        assert_eq!(
            NetworkCause::of(&wrapped(Cert::NotValidForName)),
            NetworkCause::CertificateName
        );
        assert_eq!(NetworkCause::of(&wrapped(Cert::Revoked)), NetworkCause::Tls);
    }

    #[test]
    fn tunnel_words_map_to_proxy_causes() {
        assert_eq!(
            tunnel_cause("tunnel error: proxy authorization required", false),
            Some(NetworkCause::ProxyAuthRequired)
        );
        assert_eq!(
            tunnel_cause("tunnel error: proxy authorization required", true),
            Some(NetworkCause::ProxyAuthRefused)
        );
        assert_eq!(
            tunnel_cause(
                "tunnel error: failed to create underlying connection",
                false
            ),
            Some(NetworkCause::ProxyUnreachable)
        );
        assert_eq!(
            tunnel_cause("tunnel error: unsuccessful", false),
            Some(NetworkCause::ProxyRefused)
        );
        assert_eq!(tunnel_cause("connection refused", false), None);
    }

    #[test]
    fn setup_problems_are_not_transient() {
        for cause in [
            NetworkCause::ProxyAuthRequired,
            NetworkCause::ProxyAuthRefused,
            NetworkCause::UnknownAuthority,
            NetworkCause::CertificateExpired,
            NetworkCause::CertificateName,
            NetworkCause::ProxyUnreachable,
            NetworkCause::ProxyRefused,
        ] {
            assert!(!cause.is_transient(), "{cause:?}");
            assert!(cause.needs_network_setup(), "{cause:?}");
        }
        assert!(!NetworkCause::Dns.is_transient());
        assert!(NetworkCause::Refused.is_transient());
    }
}
