//! A checked base address, and joining paths under it without losing `/v1`.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use url::{Host, Url};

use super::{BaseUrlProblem, ConfigError};

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
        let invalid = |problem: BaseUrlProblem, reason: &str| ConfigError::InvalidBaseUrl {
            url: text.to_owned(),
            reason: reason.to_owned(),
            problem,
        };
        let mut url = Url::parse(text).map_err(|e| {
            invalid(
                BaseUrlProblem::NotAnAddress,
                &format!("{e} (expected e.g. https://api.example.com/v1)"),
            )
        })?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(invalid(
                BaseUrlProblem::Scheme,
                "only http:// and https:// addresses are supported",
            ));
        }
        if url.host().is_none() {
            return Err(invalid(BaseUrlProblem::NoHost, "it has no host"));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(invalid(
                BaseUrlProblem::Credentials,
                "it must not contain a user name or password",
            ));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(invalid(
                BaseUrlProblem::QueryOrFragment,
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
                BaseUrlProblem::PathNotV1,
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

    /// Whether `other` is on this server and under this address's path (`…/v1/…`): where a
    /// next-page link may lead. (Another service on the same host, or the same service's other
    /// versions, are not this one.)
    pub fn contains(&self, other: &Url) -> bool {
        // The stored path ends in "/" (see `parse`): "/v1/" never matches "/v10/".
        self.same_origin(other) && other.path().starts_with(self.url.path())
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
            ("ftp://api.example.com/v1", BaseUrlProblem::Scheme),
            ("https://api.example.com/v2", BaseUrlProblem::PathNotV1),
            ("https://api.example.com/", BaseUrlProblem::PathNotV1),
            (
                "https://api.example.com/v1?x=1",
                BaseUrlProblem::QueryOrFragment,
            ),
            (
                "https://api.example.com/v1#top",
                BaseUrlProblem::QueryOrFragment,
            ),
            (
                "https://user:pw@api.example.com/v1",
                BaseUrlProblem::Credentials,
            ),
            ("not a url", BaseUrlProblem::NotAnAddress),
        ] {
            let (bad, expected) = bad;
            match BaseUrl::parse(bad) {
                Err(ConfigError::InvalidBaseUrl {
                    url,
                    reason,
                    problem,
                }) => {
                    assert_eq!(url, bad);
                    assert!(!reason.is_empty());
                    assert_eq!(problem, expected, "{bad}");
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
}
