//! The proxy's password belongs to one proxy. The keychain entry holds, beside the password, the
//! proxy (scheme, host and port) it was typed for; a proxy address changed since (in Settings,
//! by editing the settings file, or by the CLI's `--proxy`) does not get it, and the person is
//! asked again (the new proxy's 407 says so). An entry written before this (the password alone)
//! is taken to belong to the proxy it is first used with, and rewritten so.
// The entry's format is read and written by the keychain (feature `keychain`) only.
#![cfg_attr(not(feature = "keychain"), allow(dead_code))]

use petstore_client::ProxyUrl;
use zeroize::Zeroizing;

/// The first line of an entry that names its proxy.
const TAG: &str = "petstore-proxy-password/1";

/// What the keychain holds for the proxy, asked for one proxy.
#[derive(Debug, PartialEq, Eq)]
pub enum ProxyPassword {
    /// No password is stored.
    None,
    /// The password typed for this proxy.
    For(Zeroizing<String>),
    /// A password is stored for another proxy (named: scheme, host and port, no credentials);
    /// it is not sent to this one.
    ForAnotherProxy { proxy: String },
}

impl ProxyPassword {
    /// The password to send, when it is this proxy's.
    pub fn into_password(self) -> Option<Zeroizing<String>> {
        match self {
            ProxyPassword::For(password) => Some(password),
            ProxyPassword::None | ProxyPassword::ForAnotherProxy { .. } => None,
        }
    }
}

/// The proxy a password belongs to: its origin (`http://proxy.corp.example:3128`), without any
/// user name in the address.
pub fn proxy_of(url: &ProxyUrl) -> String {
    url.url().origin().ascii_serialization()
}

/// The entry as stored: the tag, the proxy, then the password (which may hold any character).
pub(crate) fn encode(proxy: &str, password: &str) -> Zeroizing<String> {
    Zeroizing::new(format!("{TAG}\n{proxy}\n{password}"))
}

/// A stored entry, read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Stored {
    Bound {
        proxy: String,
        password: Zeroizing<String>,
    },
    /// Written before entries named their proxy: the password alone.
    Unbound(Zeroizing<String>),
}

pub(crate) fn decode(entry: &str) -> Stored {
    let mut parts = entry.splitn(3, '\n');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(TAG), Some(proxy), Some(password)) => Stored::Bound {
            proxy: proxy.to_owned(),
            password: Zeroizing::new(password.to_owned()),
        },
        _ => Stored::Unbound(Zeroizing::new(entry.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_names_its_proxy_and_keeps_any_password() {
        let proxy = proxy_of(&ProxyUrl::parse("http://Proxy.Corp.Example:3128/").unwrap());
        assert_eq!(proxy, "http://proxy.corp.example:3128");
        for password in [
            "pr0xy pass",
            "with\nnewline",
            "",
            "petstore-proxy-password/1",
        ] {
            let entry = encode(&proxy, password);
            assert_eq!(
                decode(&entry),
                Stored::Bound {
                    proxy: proxy.clone(),
                    password: Zeroizing::new(password.to_owned())
                }
            );
        }
        assert_eq!(
            decode("old plain password"),
            Stored::Unbound(Zeroizing::new("old plain password".to_owned()))
        );
    }

    #[test]
    fn another_port_or_scheme_is_another_proxy() {
        let of = |url: &str| proxy_of(&ProxyUrl::parse(url).unwrap());
        assert_ne!(
            of("http://proxy.example:3128"),
            of("http://proxy.example:8080")
        );
        assert_ne!(
            of("http://proxy.example:3128"),
            of("https://proxy.example:3128")
        );
        assert_ne!(
            of("http://proxy.example:3128"),
            of("http://proxy.example.evil:3128")
        );
        assert_eq!(
            of("http://proxy.example:3128"),
            of("http://PROXY.example:3128/")
        );
    }
}
