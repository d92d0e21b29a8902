//! Where this desk's shared store is (issue 41): `sharedStore` in `settings.json`. The address,
//! database and user only; the password is in the OS keychain (an entry of its own beside the
//! API keys), never here. A system-wide file's `sharedStore` wins whole over the person's, so an
//! administrator sets every desk up once and a person cannot point one desk elsewhere.
//!
//! ```json
//! "sharedStore": { "host": "db.corp.example", "port": 5432, "database": "petstore",
//!                  "user": "desk_front", "caFile": "company-ca.pem", "desk": "FRONT-DESK" }
//! ```

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::SystemSettings;

/// The longest host, database or user name accepted (PostgreSQL's own names stop at 63 bytes, a
/// host name at 253).
pub const MAX_STORE_NAME_CHARS: usize = 255;
/// The longest desk name: it is shown beside every row another desk skips.
pub const MAX_DESK_CHARS: usize = 64;
/// The longest company certificate path accepted.
pub const MAX_CA_PATH_CHARS: usize = 4096;
/// PostgreSQL's usual port, when the file names none.
pub const DEFAULT_PORT: u16 = 5432;

/// `sharedStore` as a settings file holds it. Checked when used ([`SharedStorePrefs::check`]),
/// since the file is hand-editable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SharedStorePrefs {
    pub host: String,
    #[serde(default = "default_port")]
    pub port: u16,
    pub database: String,
    pub user: String,
    /// A company or provider certificate authority (PEM) trusted beside the computer's own for
    /// this server; a relative path is in the config folder, as `caFiles` are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ca_file: Option<PathBuf>,
    /// How other desks see this one ("already added by FRONT-DESK"); none: the computer's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub desk: Option<String>,
}

/// The most bytes of a company certificate file read (as the network settings' own bound).
const MAX_CA_PEM_BYTES: u64 = 1024 * 1024;

fn default_port() -> u16 {
    DEFAULT_PORT
}

/// What is wrong with `sharedStore`. `Display` says what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SharedStoreSettingError {
    #[error(
        "The shared store's {field} is empty, too long (at most {max} characters) or holds control characters."
    )]
    Field { field: &'static str, max: usize },
    #[error("The shared store's port must be 1-65535.")]
    Port,
}

/// Where the settings in force came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum StoreSource {
    /// The person's settings file (`petstore store connect`, Settings → Shared store).
    Person,
    /// The system-wide file: an administrator's, which the person cannot change.
    System,
}

impl SharedStorePrefs {
    /// The company certificate's PEM when one is set, checked as the network settings check
    /// theirs (a certificate, not expired) so that a bad file is named as such, not as a failed
    /// handshake. A relative path is in `config_dir`.
    pub fn ca_pem(
        &self,
        config_dir: Option<&std::path::Path>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Option<String>, super::NetworkSettingError> {
        use std::io::Read;
        let Some(path) = self.ca_file.as_deref() else {
            return Ok(None);
        };
        super::load_ca_file(path, config_dir, now)?;
        let full = match config_dir {
            Some(dir) if path.is_relative() => dir.join(path),
            _ => path.to_owned(),
        };
        let unreadable = |error: std::io::Error| super::NetworkSettingError::CaFileUnreadable {
            path: full.clone(),
            problem: error.kind().to_string(),
            io: error.kind(),
        };
        let mut text = String::new();
        std::fs::File::open(&full)
            .and_then(|file| file.take(MAX_CA_PEM_BYTES).read_to_string(&mut text))
            .map_err(unreadable)?;
        Ok(Some(text))
    }

    /// Refuses an empty or overlong name, port 0, or a control character (a name shown to other
    /// desks must not be able to rewrite their terminal's line).
    pub fn check(&self) -> Result<(), SharedStoreSettingError> {
        for (field, value, max) in [
            ("host", self.host.as_str(), MAX_STORE_NAME_CHARS),
            ("database", self.database.as_str(), MAX_STORE_NAME_CHARS),
            ("user", self.user.as_str(), MAX_STORE_NAME_CHARS),
            (
                "desk name",
                self.desk.as_deref().unwrap_or("x"),
                MAX_DESK_CHARS,
            ),
        ] {
            if !name_ok(value, max) {
                return Err(SharedStoreSettingError::Field { field, max });
            }
        }
        if let Some(path) = &self.ca_file {
            let text = path.to_string_lossy();
            if text.trim().is_empty() || text.chars().count() > MAX_CA_PATH_CHARS {
                return Err(SharedStoreSettingError::Field {
                    field: "company certificate path",
                    max: MAX_CA_PATH_CHARS,
                });
            }
        }
        if self.port == 0 {
            return Err(SharedStoreSettingError::Port);
        }
        Ok(())
    }

    /// The desk's name: the one set, else this computer's (bounded, control characters dropped),
    /// else "desk".
    pub fn desk_name(&self) -> String {
        match self
            .desk
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty())
        {
            Some(desk) => desk.to_owned(),
            None => computer_name(),
        }
    }
}

fn name_ok(value: &str, max: usize) -> bool {
    !value.trim().is_empty() && value.chars().count() <= max && !value.chars().any(char::is_control)
}

/// This computer's name, as other desks will see it when no desk name is set.
pub fn computer_name() -> String {
    let found = std::env::var("COMPUTERNAME")
        .ok()
        .filter(|_| cfg!(windows))
        .or_else(|| read_small("/proc/sys/kernel/hostname"))
        .or_else(|| read_small("/etc/hostname"))
        .or_else(|| std::env::var("HOSTNAME").ok());
    let clean: String = found
        .unwrap_or_default()
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_DESK_CHARS)
        .collect();
    if clean.is_empty() {
        "desk".to_owned()
    } else {
        clean
    }
}

fn read_small(path: &str) -> Option<String> {
    let bytes = crate::localfile::read_bounded(std::path::Path::new(path), 512)
        .ok()
        .flatten()?;
    String::from_utf8(bytes).ok()
}

/// The shared store in force: the system-wide file's `sharedStore` whole when it has one, else
/// the person's. A system-wide file that cannot be read is logged and the person's used: the
/// local store stays right either way, and a typo of an administrator's must not stop every
/// desk's adds.
pub fn resolve_shared_store(
    system: &SystemSettings,
    person: Option<&SharedStorePrefs>,
) -> Option<(SharedStorePrefs, StoreSource)> {
    match system {
        SystemSettings::Read(settings) => {
            if let Some(prefs) = &settings.shared_store {
                return Some((prefs.clone(), StoreSource::System));
            }
        }
        SystemSettings::Unreadable(error) => {
            log::warn!(
                "the system-wide settings file is unreadable; its shared store is not used: {error}"
            );
        }
        SystemSettings::Absent => {}
    }
    person.map(|prefs| (prefs.clone(), StoreSource::Person))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Settings;

    fn prefs() -> SharedStorePrefs {
        SharedStorePrefs {
            host: "db.corp.example".into(),
            port: DEFAULT_PORT,
            database: "petstore".into(),
            user: "desk_front".into(),
            ca_file: None,
            desk: Some("FRONT".into()),
        }
    }

    #[test]
    fn the_section_round_trips_and_holds_no_password() {
        let json = r#"{"sharedStore":{"host":"db","database":"petstore","user":"desk"}}"#;
        let settings: Settings = serde_json::from_str(json).unwrap();
        let store = settings.shared_store.clone().unwrap();
        assert_eq!(store.port, DEFAULT_PORT);
        assert!(store.check().is_ok());
        let written = serde_json::to_string(&settings).unwrap();
        assert!(!written.to_lowercase().contains("password"), "{written}");
        let again: Settings = serde_json::from_str(&written).unwrap();
        assert_eq!(again, settings);
    }

    #[test]
    fn bad_fields_are_named() {
        let mut empty = prefs();
        empty.user = "  ".into();
        assert_eq!(
            empty.check(),
            Err(SharedStoreSettingError::Field {
                field: "user",
                max: MAX_STORE_NAME_CHARS
            })
        );
        let mut long = prefs();
        long.desk = Some("d".repeat(MAX_DESK_CHARS + 1));
        assert!(matches!(
            long.check(),
            Err(SharedStoreSettingError::Field {
                field: "desk name",
                ..
            })
        ));
        let mut control = prefs();
        control.desk = Some("FRONT\u{1b}[2J".into());
        assert!(control.check().is_err());
        let mut port = prefs();
        port.port = 0;
        assert_eq!(port.check(), Err(SharedStoreSettingError::Port));
    }

    #[test]
    fn the_desk_defaults_to_the_computer_name() {
        let mut unnamed = prefs();
        unnamed.desk = None;
        let name = unnamed.desk_name();
        assert!(!name.is_empty() && name.chars().count() <= MAX_DESK_CHARS);
        assert!(!name.chars().any(char::is_control));
        assert_eq!(prefs().desk_name(), "FRONT");
    }

    #[test]
    fn the_system_file_wins_whole() {
        let mine = prefs();
        let mut admins = prefs();
        admins.host = "db.admin.example".into();
        admins.desk = None;
        let system = SystemSettings::Read(Box::new(Settings {
            shared_store: Some(admins.clone()),
            ..Settings::default()
        }));
        assert_eq!(
            resolve_shared_store(&system, Some(&mine)),
            Some((admins, StoreSource::System))
        );
        let without = SystemSettings::Read(Box::default());
        assert_eq!(
            resolve_shared_store(&without, Some(&mine)),
            Some((mine.clone(), StoreSource::Person))
        );
        assert_eq!(
            resolve_shared_store(&SystemSettings::Absent, Some(&mine)),
            Some((mine, StoreSource::Person))
        );
        assert_eq!(resolve_shared_store(&SystemSettings::Absent, None), None);
    }
}
