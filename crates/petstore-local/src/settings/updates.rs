//! Update checking: whether the app looks for a newer version, and where. The person's settings
//! file holds `updates`; a system-wide file, which only an administrator can write, is read first
//! and its `updates` values win (managed computers approve versions one by one, so an
//! administrator's "off" cannot be turned on by the person). The key updates are verified with is
//! built into the app; only the system-wide file may name another (a company's own mirror).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use super::error::LocalError;
use crate::dirs::APP_ID;
use crate::localfile::read_bounded;
use crate::settings::{SETTINGS_FILE, Settings, SettingsFile};

/// Where the app looks for `latest.json` unless a settings file says otherwise: the address the
/// build was given in `PETSTORE_UPDATE_URL` (the release workflow gives its repository's, and
/// `cargo xtask release-check` refuses a release without a real one), else a placeholder that
/// never answers, for builds that are not releases.
pub const DEFAULT_UPDATE_URL: &str = match option_env!("PETSTORE_UPDATE_URL") {
    Some(url) => url,
    None => PLACEHOLDER_UPDATE_URL,
};
/// The update address of a build that was given none (`.invalid` never resolves).
pub const PLACEHOLDER_UPDATE_URL: &str =
    "https://example.invalid/petstore-admin/releases/latest/download/latest.json";
/// Overrides the system-wide settings file's path (tests; an administrator's own location).
pub const SYSTEM_SETTINGS_VAR: &str = "PETSTORE_SYSTEM_SETTINGS";
/// The start-up check runs at most this often.
pub const CHECK_INTERVAL: Duration = Duration::from_secs(24 * 60 * 60);
/// The file, in the app's data folder, holding when the last start-up check ran (not the
/// settings file: a check a day would rewrite it, and a managed one may be read-only).
pub const LAST_CHECK_FILE: &str = "last-update-check";

/// As a settings file holds them; every field optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct UpdatePrefs {
    /// Look for updates at start-up (at most once a day); on unless turned off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<bool>,
    /// The address of the update manifest (`latest.json`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Another minisign public key (base64 of the key file's text); honoured from the
    /// system-wide file only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public_key: Option<String>,
}

/// The update settings in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdatePolicy {
    /// Checking at start-up is on.
    pub check: bool,
    /// An administrator decided `check` (the system-wide file): the person cannot change it.
    pub managed: bool,
    pub url: String,
    /// `None`: the key built into the app.
    pub public_key: Option<String>,
}

/// The system-wide file as read: absent, read, or present but unreadable.
#[derive(Debug)]
pub enum SystemSettings {
    Absent,
    Read(Box<Settings>),
    Unreadable(LocalError),
}

impl UpdatePolicy {
    /// The system-wide file's values first, then the person's, then the defaults. A system-wide
    /// file that exists but cannot be read turns checking off (managed): an administrator who
    /// wrote one meant to decide, and a typo must not turn updates back on everywhere.
    pub fn resolve(system: &SystemSettings, person: Option<&UpdatePrefs>) -> UpdatePolicy {
        let admin = match system {
            SystemSettings::Absent => None,
            SystemSettings::Read(settings) => settings.updates.as_ref(),
            SystemSettings::Unreadable(_) => {
                return UpdatePolicy {
                    check: false,
                    managed: true,
                    url: DEFAULT_UPDATE_URL.to_owned(),
                    public_key: None,
                };
            }
        };
        let from_admin = |field: fn(&UpdatePrefs) -> Option<String>| admin.and_then(field);
        let url = from_admin(|prefs| prefs.url.clone())
            .or_else(|| person.and_then(|prefs| prefs.url.clone()))
            .filter(|url| !url.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_UPDATE_URL.to_owned());
        let admin_check = admin.and_then(|prefs| prefs.check);
        UpdatePolicy {
            check: admin_check
                .or_else(|| person.and_then(|prefs| prefs.check))
                .unwrap_or(true),
            managed: admin_check.is_some(),
            url,
            public_key: from_admin(|prefs| prefs.public_key.clone())
                .filter(|key| !key.trim().is_empty()),
        }
    }
}

/// Whether [`SYSTEM_SETTINGS_VAR`] may name another system-wide file: in debug builds (tests,
/// development) and in release builds made with the `test-hooks` feature (the suite's own
/// release app, `cargo xtask test e2e`), never in a release people get. The system-wide file may
/// name another key for updates: a variable must not be able to swap it.
pub const SYSTEM_SETTINGS_VAR_HONOURED: bool = cfg!(any(debug_assertions, feature = "test-hooks"));

/// The system-wide settings file: `/etc/dev.petstore.admin/settings.json` (Linux and other Unix),
/// `/Library/Application Support/dev.petstore.admin/settings.json` (macOS),
/// `<ProgramData>\dev.petstore.admin\settings.json` (Windows, the known folder, not the
/// variable); or `$PETSTORE_SYSTEM_SETTINGS` where [`SYSTEM_SETTINGS_VAR_HONOURED`].
pub fn system_settings_path(lookup: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    system_settings_path_in(SYSTEM_SETTINGS_VAR_HONOURED, lookup)
}

/// [`system_settings_path`] in a build that does or does not honour the variable.
fn system_settings_path_in(
    var_honoured: bool,
    lookup: impl Fn(&str) -> Option<String>,
) -> Option<PathBuf> {
    if var_honoured
        && let Some(path) = lookup(SYSTEM_SETTINGS_VAR).filter(|path| !path.trim().is_empty())
    {
        return Some(PathBuf::from(path));
    }
    Some(system_settings_dir()?.join(APP_ID).join(SETTINGS_FILE))
}

#[cfg(target_os = "macos")]
fn system_settings_dir() -> Option<PathBuf> {
    Some(PathBuf::from("/Library/Application Support"))
}

/// The ProgramData known folder, as Windows knows it (not `%ProgramData%`, which whoever starts
/// the program sets).
#[cfg(windows)]
fn system_settings_dir() -> Option<PathBuf> {
    dirs_sys::known_folder(windows_sys::Win32::UI::Shell::FOLDERID_ProgramData)
}

#[cfg(not(any(target_os = "macos", windows)))]
fn system_settings_dir() -> Option<PathBuf> {
    Some(PathBuf::from("/etc"))
}

/// Reads the system-wide file (read-only: the app never writes it, so no lock).
pub fn read_system_settings(path: &Path) -> SystemSettings {
    match SettingsFile::at(path).load_if_present() {
        Ok(None) => SystemSettings::Absent,
        Ok(Some(settings)) => SystemSettings::Read(Box::new(settings)),
        Err(error) => SystemSettings::Unreadable(error),
    }
}

/// Whether the start-up check is due: never ran, ran a day or more ago, or the clock went back.
pub fn check_due(last: Option<SystemTime>, now: SystemTime) -> bool {
    match last {
        None => true,
        Some(last) => match now.duration_since(last) {
            Ok(elapsed) => elapsed >= CHECK_INTERVAL,
            Err(_) => true,
        },
    }
}

/// When the last start-up check ran, from `file` (seconds since 1970); `None` when absent or
/// unreadable (the check is then due, which is the safe side).
pub fn last_check(file: &Path) -> Option<SystemTime> {
    // A number of seconds: 64 bytes is plenty.
    let bytes = read_bounded(file, 64).ok().flatten()?;
    let seconds: u64 = std::str::from_utf8(&bytes).ok()?.trim().parse().ok()?;
    SystemTime::UNIX_EPOCH.checked_add(Duration::from_secs(seconds))
}

/// Records `now` as the last start-up check.
pub fn record_check(file: &Path, now: SystemTime) -> std::io::Result<()> {
    let seconds = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(file, seconds.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prefs(check: Option<bool>, url: Option<&str>, key: Option<&str>) -> UpdatePrefs {
        UpdatePrefs {
            check,
            url: url.map(str::to_owned),
            public_key: key.map(str::to_owned),
        }
    }

    fn system(updates: UpdatePrefs) -> SystemSettings {
        SystemSettings::Read(Box::new(Settings {
            updates: Some(updates),
            ..Settings::default()
        }))
    }

    #[test]
    fn defaults_check_the_documented_address_with_the_built_in_key() {
        let policy = UpdatePolicy::resolve(&SystemSettings::Absent, None);
        assert_eq!(
            policy,
            UpdatePolicy {
                check: true,
                managed: false,
                url: DEFAULT_UPDATE_URL.to_owned(),
                public_key: None
            }
        );
    }

    #[test]
    fn the_person_can_turn_checking_off_and_move_the_address() {
        let person = prefs(
            Some(false),
            Some("https://mirror.example.com/latest.json"),
            None,
        );
        let policy = UpdatePolicy::resolve(&SystemSettings::Absent, Some(&person));
        assert!(!policy.check && !policy.managed);
        assert_eq!(policy.url, "https://mirror.example.com/latest.json");
    }

    #[test]
    fn the_system_wide_file_wins_and_an_admins_off_cannot_be_turned_on() {
        let person = prefs(
            Some(true),
            Some("https://person.example.com/latest.json"),
            Some("person-key"),
        );
        let admin = system(prefs(
            Some(false),
            Some("https://admin.example.com/latest.json"),
            Some("admin-key"),
        ));
        let policy = UpdatePolicy::resolve(&admin, Some(&person));
        assert_eq!(
            policy,
            UpdatePolicy {
                check: false,
                managed: true,
                url: "https://admin.example.com/latest.json".to_owned(),
                public_key: Some("admin-key".to_owned()),
            }
        );
    }

    #[test]
    fn a_person_never_names_the_key_and_an_admin_file_without_check_leaves_it_to_the_person() {
        let person = prefs(Some(false), None, Some("person-key"));
        let admin = system(prefs(None, Some("https://admin.example.com/l.json"), None));
        let policy = UpdatePolicy::resolve(&admin, Some(&person));
        assert!(!policy.check && !policy.managed);
        assert_eq!(policy.public_key, None);
        assert_eq!(policy.url, "https://admin.example.com/l.json");
    }

    #[test]
    fn a_broken_system_file_turns_checking_off_as_managed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        std::fs::write(&path, r#"{ "updates": { "check": fals"#).unwrap();
        let system = read_system_settings(&path);
        assert!(
            matches!(system, SystemSettings::Unreadable(_)),
            "{system:?}"
        );
        let person = prefs(Some(true), None, None);
        let policy = UpdatePolicy::resolve(&system, Some(&person));
        assert!(!policy.check && policy.managed);
        assert!(matches!(
            read_system_settings(&dir.path().join("absent.json")),
            SystemSettings::Absent
        ));
        std::fs::write(&path, r#"{ "updates": { "check": false } }"#).unwrap();
        let policy = UpdatePolicy::resolve(&read_system_settings(&path), Some(&person));
        assert!(!policy.check && policy.managed);
    }

    #[test]
    fn the_system_path_honours_its_variable_and_is_fixed_otherwise() {
        let path = system_settings_path(|name| {
            (name == SYSTEM_SETTINGS_VAR).then(|| "/tmp/admin/settings.json".to_owned())
        });
        assert_eq!(path.unwrap(), PathBuf::from("/tmp/admin/settings.json"));
        #[cfg(target_os = "linux")]
        assert_eq!(
            system_settings_path(|_| None).unwrap(),
            PathBuf::from("/etc/dev.petstore.admin/settings.json")
        );
    }

    #[test]
    fn a_release_takes_the_system_file_only_from_its_fixed_place() {
        // Whoever starts the program sets the variables: in a release neither the override nor
        // %ProgramData% moves the file that may name another update key.
        let lookup = |name: &str| match name {
            SYSTEM_SETTINGS_VAR => Some("/tmp/elsewhere/settings.json".to_owned()),
            "ProgramData" => Some("Z:\\elsewhere".to_owned()),
            _ => None,
        };
        let path = system_settings_path_in(false, lookup).expect("a fixed place");
        assert_eq!(path, system_settings_path_in(false, |_| None).unwrap());
        assert!(!path.starts_with("/tmp/elsewhere"), "{}", path.display());
        assert!(path.ends_with(Path::new(APP_ID).join(SETTINGS_FILE)));
        #[cfg(target_os = "linux")]
        assert_eq!(path, PathBuf::from("/etc/dev.petstore.admin/settings.json"));
        #[cfg(windows)]
        assert!(
            !path.starts_with("Z:\\")
                && path
                    .to_string_lossy()
                    .to_lowercase()
                    .contains("programdata"),
            "{}",
            path.display()
        );
        // Debug builds (this one) and the suite's release app honour the override.
        const { assert!(SYSTEM_SETTINGS_VAR_HONOURED) };
    }

    #[test]
    fn the_start_up_check_runs_at_most_once_a_day() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let hour = Duration::from_secs(3600);
        assert!(check_due(None, now));
        assert!(!check_due(Some(now - hour), now));
        assert!(!check_due(Some(now - 23 * hour), now));
        assert!(check_due(Some(now - 24 * hour), now));
        assert!(check_due(Some(now + hour), now), "a clock set back checks");

        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("nested").join(LAST_CHECK_FILE);
        assert_eq!(last_check(&file), None);
        record_check(&file, now - hour).unwrap();
        assert_eq!(last_check(&file), Some(now - hour));
        assert!(!check_due(last_check(&file), now));
        std::fs::write(&file, "not a time").unwrap();
        assert_eq!(last_check(&file), None, "unreadable: due");
    }
}
