//! Where the client talks to and how: environments, base addresses, timeouts.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use url::{Host, Url};

use crate::clock::{Clock, SystemClock};
use crate::error::ConfigError;
use crate::retry::RetryPolicy;
use crate::secret::ApiKey;

/// The embedded reference server's address (its default port).
pub const SANDBOX_DEFAULT_URL: &str = "http://127.0.0.1:4780/v1";
/// The public demo key of the embedded sandbox; not a secret.
pub const SANDBOX_DEMO_KEY: &str = "sandbox-demo-key";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    Production,
    Staging,
    Sandbox,
}

impl Environment {
    pub const ALL: [Environment; 3] = [
        Environment::Production,
        Environment::Staging,
        Environment::Sandbox,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Environment::Production => "production",
            Environment::Staging => "staging",
            Environment::Sandbox => "sandbox",
        }
    }

    /// The environment variable that overrides the settings file's address.
    pub fn url_env_var(self) -> Option<&'static str> {
        match self {
            Environment::Production => Some("PETSTORE_PRODUCTION_URL"),
            Environment::Staging => Some("PETSTORE_STAGING_URL"),
            Environment::Sandbox => None,
        }
    }

    /// The settings file's field for this environment's address (JSON name).
    pub fn settings_field(self) -> Option<&'static str> {
        match self {
            Environment::Production => Some("productionUrl"),
            Environment::Staging => Some("stagingUrl"),
            Environment::Sandbox => None,
        }
    }
}

impl fmt::Display for Environment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("environment must be one of production, staging, sandbox (got \"{given}\").")]
pub struct UnknownEnvironment {
    pub given: String,
}

impl FromStr for Environment {
    type Err = UnknownEnvironment;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        Environment::ALL
            .into_iter()
            .find(|env| env.as_str() == wanted)
            .ok_or_else(|| UnknownEnvironment {
                given: s.to_owned(),
            })
    }
}

/// A checked base address: http(s), https unless loopback, path ending in `/v1`, no query,
/// fragment or credentials. Kept with a trailing slash so joining keeps `/v1`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BaseUrl {
    /// Always ends in `/`.
    url: Url,
    /// The address as shown and as keyed: without the trailing slash.
    display: String,
}

impl BaseUrl {
    pub fn parse(text: &str) -> Result<BaseUrl, ConfigError> {
        let text = text.trim();
        let invalid = |reason: &str| ConfigError::InvalidBaseUrl {
            url: text.to_owned(),
            reason: reason.to_owned(),
        };
        let mut url = Url::parse(text)
            .map_err(|e| invalid(&format!("{e} (expected e.g. https://api.example.com/v1)")))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(invalid("only http:// and https:// addresses are supported"));
        }
        if url.host().is_none() {
            return Err(invalid("it has no host"));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(invalid("it must not contain a user name or password"));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(invalid(
                "it must not contain a query (?...) or fragment (#...)",
            ));
        }
        if url.scheme() == "http" && !is_loopback_host(&url) {
            return Err(ConfigError::InsecureBaseUrl {
                url: text.to_owned(),
            });
        }
        let path = url.path().trim_end_matches('/').to_owned();
        if !(path == "/v1" || path.ends_with("/v1")) {
            return Err(invalid(
                "its path must end in /v1 (e.g. https://api.example.com/v1)",
            ));
        }
        url.set_path(&format!("{path}/"));
        let display = url.as_str().trim_end_matches('/').to_owned();
        Ok(BaseUrl { url, display })
    }

    /// The address without a trailing slash, e.g. `https://api.example.com/v1`.
    pub fn as_str(&self) -> &str {
        &self.display
    }

    /// `path` relative to the base, keeping `/v1`: `join("pets")` is `…/v1/pets`.
    pub fn join(&self, path: &str) -> Url {
        let mut url = self.url.clone();
        {
            // Segment-wise, so a path can never climb out of /v1 or replace the host.
            let mut segments = url.path_segments_mut().expect("http(s) URLs have a path");
            segments.pop_if_empty();
            for segment in path.split('/').filter(|s| !matches!(*s, "" | "." | "..")) {
                segments.push(segment);
            }
        }
        url
    }

    pub fn is_loopback(&self) -> bool {
        is_loopback_host(&self.url)
    }

    pub fn is_https(&self) -> bool {
        self.url.scheme() == "https"
    }

    /// Same scheme, host and port: the only places the key may be sent.
    pub fn same_origin(&self, other: &Url) -> bool {
        self.url.origin() == other.origin()
    }
}

fn is_loopback_host(url: &Url) -> bool {
    match url.host() {
        Some(Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(Host::Ipv6(ip)) => ip.is_loopback(),
        Some(Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        None => false,
    }
}

impl fmt::Debug for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("BaseUrl").field(&self.display).finish()
    }
}

impl fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display)
    }
}

impl FromStr for BaseUrl {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BaseUrl::parse(s)
    }
}

impl Serialize for BaseUrl {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.display)
    }
}

impl<'de> Deserialize<'de> for BaseUrl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        BaseUrl::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Everything a [`crate::PetstoreClient`] needs.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    pub environment: Environment,
    pub base_url: BaseUrl,
    pub api_key: Option<ApiKey>,
    pub connect_timeout: Duration,
    /// Bound of one attempt, response body included.
    pub request_timeout: Duration,
    pub user_agent: String,
    pub retry: RetryPolicy,
    pub clock: Arc<dyn Clock>,
}

impl ClientConfig {
    pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
    pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

    pub fn new(environment: Environment, base_url: BaseUrl) -> Self {
        ClientConfig {
            environment,
            base_url,
            api_key: None,
            connect_timeout: Self::DEFAULT_CONNECT_TIMEOUT,
            request_timeout: Self::DEFAULT_REQUEST_TIMEOUT,
            user_agent: default_user_agent(),
            retry: RetryPolicy::default(),
            clock: Arc::new(SystemClock),
        }
    }

    /// The embedded sandbox at its default address, with its demo key.
    pub fn sandbox() -> Self {
        let base =
            BaseUrl::parse(SANDBOX_DEFAULT_URL).expect("the sandbox default address is valid");
        let key = ApiKey::new(SANDBOX_DEMO_KEY.to_owned()).expect("the sandbox demo key is valid");
        ClientConfig::new(Environment::Sandbox, base).with_api_key(key)
    }

    pub fn with_api_key(mut self, key: ApiKey) -> Self {
        self.api_key = Some(key);
        self
    }

    pub fn with_timeouts(mut self, connect: Duration, request: Duration) -> Self {
        self.connect_timeout = connect;
        self.request_timeout = request;
        self
    }

    pub fn with_retry(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    pub fn with_user_agent(mut self, user_agent: String) -> Self {
        self.user_agent = user_agent;
        self
    }
}

/// `petstore-admin/<version>`.
pub fn default_user_agent() -> String {
    format!("petstore-admin/{}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joining_keeps_v1_with_or_without_trailing_slash() {
        for text in [
            "https://api.example.com/v1",
            "https://api.example.com/v1/",
            "https://api.example.com/v1//",
        ] {
            let base = BaseUrl::parse(text).unwrap();
            assert_eq!(base.as_str(), "https://api.example.com/v1");
            assert_eq!(
                base.join("pets").as_str(),
                "https://api.example.com/v1/pets"
            );
            assert_eq!(
                base.join("/pets/42").as_str(),
                "https://api.example.com/v1/pets/42"
            );
        }
        let nested = BaseUrl::parse("https://example.com/api/v1").unwrap();
        assert_eq!(
            nested.join("pets").as_str(),
            "https://example.com/api/v1/pets"
        );
    }

    #[test]
    fn joining_cannot_climb_out_of_the_base() {
        let base = BaseUrl::parse("https://api.example.com/v1").unwrap();
        assert_eq!(
            base.join("../admin").as_str(),
            "https://api.example.com/v1/admin"
        );
        assert!(
            base.join("//evil.example/x")
                .as_str()
                .starts_with("https://api.example.com/v1/")
        );
    }

    #[test]
    fn https_is_required_except_on_loopback() {
        for ok in [
            "http://127.0.0.1:4780/v1",
            "http://127.8.9.10/v1",
            "http://[::1]:80/v1",
            "http://localhost:1/v1/",
            "https://api.example.com/v1",
        ] {
            assert!(BaseUrl::parse(ok).is_ok(), "{ok}");
        }
        assert!(matches!(
            BaseUrl::parse("http://api.example.com/v1"),
            Err(ConfigError::InsecureBaseUrl { .. })
        ));
        assert!(matches!(
            BaseUrl::parse("http://10.0.0.1/v1"),
            Err(ConfigError::InsecureBaseUrl { .. })
        ));
        assert!(BaseUrl::parse("http://127.0.0.1/v1").unwrap().is_loopback());
        assert!(
            !BaseUrl::parse("https://api.example.com/v1")
                .unwrap()
                .is_loopback()
        );
    }

    #[test]
    fn bad_addresses_are_refused_with_a_reason() {
        for bad in [
            "ftp://api.example.com/v1",
            "https://api.example.com/v2",
            "https://api.example.com/",
            "https://api.example.com/v1?x=1",
            "https://api.example.com/v1#top",
            "https://user:pw@api.example.com/v1",
            "not a url",
        ] {
            match BaseUrl::parse(bad) {
                Err(ConfigError::InvalidBaseUrl { url, reason }) => {
                    assert_eq!(url, bad);
                    assert!(!reason.is_empty());
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn origin_check() {
        let base = BaseUrl::parse("https://api.example.com/v1").unwrap();
        assert!(
            base.same_origin(&Url::parse("https://api.example.com:443/v1/pets?page=2").unwrap())
        );
        assert!(!base.same_origin(&Url::parse("http://api.example.com/v1/pets").unwrap()));
        assert!(!base.same_origin(&Url::parse("https://evil.example/v1/pets").unwrap()));
        assert!(!base.same_origin(&Url::parse("https://api.example.com:8443/v1/pets").unwrap()));
    }

    #[test]
    fn environments_parse_and_print() {
        for env in Environment::ALL {
            assert_eq!(env.to_string().parse::<Environment>().unwrap(), env);
            assert_eq!(serde_json::to_string(&env).unwrap(), format!("\"{env}\""));
        }
        assert_eq!(
            " Production ".parse::<Environment>().unwrap(),
            Environment::Production
        );
        let err = "prod".parse::<Environment>().unwrap_err();
        assert!(err.to_string().contains("production, staging, sandbox"));
    }

    #[test]
    fn sandbox_config_and_defaults() {
        let config = ClientConfig::sandbox();
        assert_eq!(config.environment, Environment::Sandbox);
        assert_eq!(config.base_url.as_str(), SANDBOX_DEFAULT_URL);
        assert_eq!(
            config.api_key.as_ref().unwrap().expose_secret(),
            SANDBOX_DEMO_KEY
        );
        assert_eq!(config.connect_timeout, Duration::from_secs(5));
        assert_eq!(config.request_timeout, Duration::from_secs(30));
        assert_eq!(
            config.user_agent,
            format!("petstore-admin/{}", env!("CARGO_PKG_VERSION"))
        );
    }
}
