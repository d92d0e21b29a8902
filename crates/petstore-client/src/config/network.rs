//! How requests reach the service on a company network: the proxy mode and the extra
//! certificate authorities trusted beside the system's.
//!
//! The mapping to the HTTP client is split in two: [`NetworkConfig::route`] decides (pure, unit
//! tested: the only way to test the macOS/Windows system-proxy path on Linux), and `apply` hands
//! the decision to reqwest mechanically.

use std::fmt;

use serde::{Deserialize, Serialize};
use url::Url;
use zeroize::Zeroizing;

use super::BaseUrl;
use crate::certificate::CompanyCa;

/// Which proxy requests go through. The embedded sandbox and every loopback address never go
/// through one, whatever the mode.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum ProxyMode {
    /// `HTTPS_PROXY`/`HTTP_PROXY`/`ALL_PROXY`/`NO_PROXY`, then the OS's proxy settings (macOS,
    /// Windows). Credentials inside `HTTPS_PROXY` are used as given (scripts rely on them).
    #[default]
    System,
    /// One proxy for every request but the bypassed hosts.
    Manual(ManualProxy),
    /// Straight to the service, whatever the environment or the OS says.
    Off,
}

/// A proxy the person set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualProxy {
    pub url: ProxyUrl,
    pub credentials: Option<ProxyCredentials>,
    /// Hosts reached directly (`NO_PROXY` syntax: `example.com` also matches its subdomains,
    /// `10.0.0.0/8` a network).
    pub bypass: Vec<String>,
}

/// A proxy's user name and password (the password comes from the keychain, never a file).
#[derive(Clone, PartialEq, Eq)]
pub struct ProxyCredentials {
    pub user: String,
    pub password: Zeroizing<String>,
}

impl fmt::Debug for ProxyCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProxyCredentials")
            .field("user", &self.user)
            .field("password", &"<hidden>")
            .finish()
    }
}

/// A checked proxy address: `http://` or `https://`, a host, an optional port, nothing else;
/// never a user name or password (those have their own places).
#[derive(Clone, PartialEq, Eq)]
pub struct ProxyUrl(Url);

/// Why a proxy address was refused. `Display` says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProxyUrlError {
    #[error(
        "The proxy address \"{given}\" is not an address. Write it as http://proxy.example.com:8080."
    )]
    NotAnAddress { given: String },
    #[error(
        "The proxy address must start with http:// or https:// (got \"{given}\"). SOCKS proxies are not supported."
    )]
    Scheme { given: String },
    #[error(
        "The proxy address must not contain a user name or password. Enter the user name in the proxy's user field; the password is kept in the system keychain (Settings → Network, or `petstore proxy password`)."
    )]
    Credentials,
    #[error(
        "The proxy address must be only a scheme, host and port (like http://proxy.example.com:8080), without a path or query."
    )]
    Path,
}

impl ProxyUrl {
    pub fn parse(text: &str) -> Result<ProxyUrl, ProxyUrlError> {
        let given = text.trim();
        let url = Url::parse(given).map_err(|_| ProxyUrlError::NotAnAddress {
            given: given.chars().take(200).collect(),
        })?;
        // Checked before anything that would repeat the text: it may hold a password.
        if !url.username().is_empty() || url.password().is_some() {
            return Err(ProxyUrlError::Credentials);
        }
        if !matches!(url.scheme(), "http" | "https") {
            return Err(ProxyUrlError::Scheme {
                given: given.chars().take(200).collect(),
            });
        }
        if url.host().is_none() {
            return Err(ProxyUrlError::NotAnAddress {
                given: given.to_owned(),
            });
        }
        if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
            return Err(ProxyUrlError::Path);
        }
        Ok(ProxyUrl(url))
    }

    /// `http://proxy.example.com:8080` (no trailing slash).
    pub fn as_str(&self) -> &str {
        self.0.as_str().trim_end_matches('/')
    }

    pub fn url(&self) -> &Url {
        &self.0
    }
}

impl fmt::Debug for ProxyUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ProxyUrl").field(&self.as_str()).finish()
    }
}

impl fmt::Display for ProxyUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ProxyUrl {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ProxyUrl {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        ProxyUrl::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Everything about the network path of a client: proxy and extra trusted authorities.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NetworkConfig {
    pub proxy: ProxyMode,
    /// Company certificate authorities trusted in addition to the system's, never instead.
    pub extra_roots: Vec<CompanyCa>,
}

/// What a client does for one base address: the decision [`NetworkConfig::route`] makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// No proxy at all (loopback, or mode Off).
    Direct,
    /// The environment variables, then the OS settings.
    System,
    /// One proxy; `no_proxy` is the bypass list as `NO_PROXY` reads it.
    Manual {
        proxy: Url,
        credentials: Option<ProxyCredentials>,
        no_proxy: String,
    },
}

impl NetworkConfig {
    /// How a client for `base` sends its requests.
    pub fn route(&self, base: &BaseUrl) -> Route {
        if base.is_loopback() {
            // A proxy variable or setting must never capture the local sandbox.
            return Route::Direct;
        }
        self.remote_route()
    }

    /// The route to an address that is not this computer's: the mode as set.
    fn remote_route(&self) -> Route {
        match &self.proxy {
            ProxyMode::Off => Route::Direct,
            ProxyMode::System => Route::System,
            ProxyMode::Manual(manual) => Route::Manual {
                proxy: manual.url.url().clone(),
                credentials: manual.credentials.clone(),
                no_proxy: no_proxy_list(&manual.bypass),
            },
        }
    }

    /// The proxy and certificates for another HTTP client of the app (the updater), so it goes
    /// the same way as the API's. Its addresses are not known in advance (the update manifest
    /// names the download's), so the route is the one for a remote address; a Manual proxy's
    /// bypass list keeps loopback direct all the same.
    pub fn for_other_client(&self) -> OtherClientNetwork {
        OtherClientNetwork {
            route: self.remote_route(),
            extra_roots: self.extra_roots.clone(),
        }
    }
}

/// What [`NetworkConfig::for_other_client`] yields: handed to that client's builder with
/// [`OtherClientNetwork::configure`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherClientNetwork {
    pub route: Route,
    /// Company CAs, added beside the system's roots.
    pub extra_roots: Vec<CompanyCa>,
}

impl OtherClientNetwork {
    /// Whether a user name and password go to the proxy (then a 407 means they were refused:
    /// see [`crate::NetworkCause::classify`]).
    pub fn has_proxy_credentials(&self) -> bool {
        matches!(
            &self.route,
            Route::Manual {
                credentials: Some(_),
                ..
            }
        )
    }

    /// The same proxy, credentials and extra roots as the API's client, on another client's
    /// builder (the updater's hook, which cannot fail).
    pub fn configure(&self, builder: reqwest::ClientBuilder) -> reqwest::ClientBuilder {
        match apply(builder, self.route.clone(), &self.extra_roots) {
            Ok(builder) => builder,
            // `ProxyUrl::parse` admits only http(s) addresses with a host, which reqwest always
            // takes; should that ever change, nothing goes out rather than going around the proxy.
            Err(error) => {
                log::error!("the proxy cannot be used by the updater: {error}");
                reqwest::Client::builder().proxy(unusable_proxy())
            }
        }
    }
}

/// A proxy no connection can go through (port 0 on the loopback): every request fails at once.
fn unusable_proxy() -> reqwest::Proxy {
    reqwest::Proxy::all("http://127.0.0.1:0").expect("a constant, valid proxy address")
}

/// Whether `entry` is one the bypass list understands: `*` (every host), an IP address, a
/// network (`10.0.0.0/8`), or a host name, optionally as `*.example.com` or `.example.com`
/// (its subdomains; a plain `example.com` matches itself and its subdomains). No ports, paths
/// or other wildcards: the proxy matcher would silently never match them.
pub fn is_bypass_entry(entry: &str) -> bool {
    let entry = entry.trim();
    if entry == "*" || entry.parse::<std::net::IpAddr>().is_ok() {
        return true;
    }
    if let Some((ip, bits)) = entry.split_once('/') {
        let Ok(bits) = bits.parse::<u8>() else {
            return false;
        };
        return match ip.parse::<std::net::IpAddr>() {
            Ok(std::net::IpAddr::V4(_)) => bits <= 32,
            Ok(std::net::IpAddr::V6(_)) => bits <= 128,
            Err(_) => false,
        };
    }
    let host = entry
        .strip_prefix("*.")
        .or_else(|| entry.strip_prefix('.'))
        .unwrap_or(entry);
    !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

/// The bypass list as `NO_PROXY` reads it, loopback always included. `*.example.com` becomes
/// `.example.com`, the form the proxy matcher reads as "its subdomains".
fn no_proxy_list(bypass: &[String]) -> String {
    let mut hosts: Vec<&str> = bypass
        .iter()
        .map(|h| h.trim())
        .map(|h| {
            h.strip_prefix('*')
                .filter(|rest| rest.starts_with('.'))
                .unwrap_or(h)
        })
        .filter(|h| !h.is_empty())
        .collect();
    for loopback in ["localhost", "127.0.0.1", "::1"] {
        if !hosts.contains(&loopback) {
            hosts.push(loopback);
        }
    }
    hosts.join(",")
}

/// Hands a [`Route`] and the extra roots to reqwest.
pub(crate) fn apply(
    mut builder: reqwest::ClientBuilder,
    route: Route,
    extra_roots: &[CompanyCa],
) -> Result<reqwest::ClientBuilder, reqwest::Error> {
    builder = match route {
        Route::Direct => builder.no_proxy(),
        // reqwest's own default: the environment, then (feature `system-proxy`) the OS.
        Route::System => builder,
        Route::Manual {
            proxy,
            credentials,
            no_proxy,
        } => {
            let mut proxy = reqwest::Proxy::all(proxy.as_str())?
                .no_proxy(reqwest::NoProxy::from_string(&no_proxy));
            if let Some(credentials) = &credentials {
                proxy = proxy.basic_auth(&credentials.user, &credentials.password);
            }
            builder.proxy(proxy)
        }
    };
    if !extra_roots.is_empty() {
        // Merged with the platform verifier's roots (rustls-platform-verifier's
        // `new_with_extra_roots`), never replacing them.
        builder = builder.tls_certs_merge(extra_roots.iter().map(CompanyCa::reqwest_certificate));
    }
    Ok(builder)
}

#[cfg(test)]
mod tests;
