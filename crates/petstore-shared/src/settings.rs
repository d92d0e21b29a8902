//! Where the shared store is and how to reach it: the address a person types in Settings, and
//! the password kept apart from it (in the keychain, never in the settings file).

use std::fmt;
use std::net::IpAddr;

use serde::{Deserialize, Serialize};
use zeroize::Zeroizing;

use crate::SharedError;

/// The longest host name, database or user name accepted (PostgreSQL's own identifiers stop at
/// 63 bytes; a host name at 253).
pub const MAX_NAME_LEN: usize = 255;

/// The shared store's address. Holds no secret: it may be logged and written to the settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// A host name, an IP address, or (Unix) the folder of the server's socket, `/…`.
    pub host: String,
    pub port: u16,
    pub database: String,
    pub user: String,
    #[serde(default)]
    pub tls: TlsMode,
    /// A company certificate authority in PEM, besides the computer's own (a managed
    /// PostgreSQL often signs with its provider's CA, which computers do not trust by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ca_pem: Option<String>,
}

/// When the connection is encrypted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TlsMode {
    /// Required, unless the host is this computer (loopback or a Unix socket), where nothing
    /// crosses a network.
    #[default]
    UnlessLoopback,
    /// Required even on this computer (a loopback port forwarded elsewhere by hand).
    Always,
}

impl Settings {
    /// The settings of a store at `host`, on PostgreSQL's usual port, TLS unless loopback.
    pub fn new(host: &str, database: &str, user: &str) -> Settings {
        Settings {
            host: host.to_owned(),
            port: 5432,
            database: database.to_owned(),
            user: user.to_owned(),
            tls: TlsMode::default(),
            ca_pem: None,
        }
    }

    /// Refuses an empty or overlong field, or port 0, before anything goes on the network.
    pub fn check(&self) -> Result<(), SharedError> {
        for (field, value) in [
            ("host", &self.host),
            ("database name", &self.database),
            ("user name", &self.user),
        ] {
            if value.trim().is_empty() || value.chars().count() > MAX_NAME_LEN {
                return Err(SharedError::InvalidSettings {
                    field,
                    max: MAX_NAME_LEN,
                });
            }
        }
        if self.port == 0 {
            return Err(SharedError::InvalidSettings {
                field: "port",
                max: 5,
            });
        }
        Ok(())
    }

    /// Whether the connection must be encrypted.
    pub fn tls_required(&self) -> bool {
        match self.tls {
            TlsMode::Always => true,
            TlsMode::UnlessLoopback => !is_loopback(&self.host),
        }
    }
}

/// Whether `host` is this computer: 127.0.0.0/8, ::1, `localhost` (and its subdomains, which
/// resolvers must answer with loopback: RFC 6761), or a Unix socket's folder.
pub fn is_loopback(host: &str) -> bool {
    if host.starts_with('/') {
        return cfg!(unix);
    }
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return match ip {
            IpAddr::V4(v4) => v4.is_loopback(),
            IpAddr::V6(v6) => {
                v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
            }
        };
    }
    let name = host.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost")
}

/// The database user's password: wiped from memory when dropped, never printed.
#[derive(Clone)]
pub struct Password(Zeroizing<String>);

impl Password {
    pub fn new(password: impl Into<String>) -> Password {
        Password(Zeroizing::new(password.into()))
    }

    pub(crate) fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts_are_this_computer() {
        for host in [
            "127.0.0.1",
            "127.8.9.10",
            "::1",
            "[::1]",
            "::ffff:127.0.0.1",
            "localhost",
            "LOCALHOST.",
            "db.localhost",
        ] {
            assert!(is_loopback(host), "{host}");
        }
        #[cfg(unix)]
        assert!(is_loopback("/var/run/postgresql"));
        for host in [
            "10.0.0.1",
            "128.0.0.1",
            "::2",
            "db.example.com",
            "localhost.example.com",
            "mylocalhost",
            "",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
    }

    #[test]
    fn tls_is_required_off_this_computer_or_when_asked() {
        let mut settings = Settings::new("db.example.com", "petstore", "desk");
        assert!(settings.tls_required());
        settings.host = "127.0.0.1".into();
        assert!(!settings.tls_required());
        settings.tls = TlsMode::Always;
        assert!(settings.tls_required());
    }

    #[test]
    fn empty_or_overlong_fields_are_refused() {
        let good = Settings::new("db.example.com", "petstore", "desk");
        assert!(good.check().is_ok());
        let mut empty = good.clone();
        empty.user = " ".into();
        assert!(matches!(
            empty.check(),
            Err(SharedError::InvalidSettings {
                field: "user name",
                ..
            })
        ));
        let mut long = good.clone();
        long.host = "a".repeat(MAX_NAME_LEN + 1);
        assert!(long.check().is_err());
        let mut port = good;
        port.port = 0;
        assert!(port.check().is_err());
    }

    #[test]
    fn the_password_is_never_printed() {
        let password = Password::new("hunter2");
        assert_eq!(format!("{password:?}"), "***");
        assert_eq!(password.expose(), "hunter2");
    }
}
