//! The settings file shared by the CLI and the desktop app: base addresses, the active
//! environment, the app's rows per page, the activity history's retention and alerts, the
//! category names of each environment, the proxy and company certificates. Never a key or a
//! password (those live in the OS keychain).

mod activity;
mod categories;
mod error;
mod file;
mod network;
mod updates;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use petstore_client::{BaseUrl, ConfigError, Environment, SANDBOX_DEFAULT_URL};

use crate::dirs::{CONFIG_DIR_VAR, app_dir};

pub use activity::{ActivityPrefs, ActivitySettings};
pub use categories::{
    CategoryError, CategoryName, CategoryNames, MAX_CATEGORIES, MAX_CATEGORY_NAME_CHARS, Merge,
    Refused,
};
pub use error::{LocalError, SettingsFault};
pub use file::SettingsFile;
pub use network::{
    NetworkSettingError, PasswordLookup, ProxyModeName, ProxyPrefs, load_ca_file, network_config,
};
pub use updates::{
    CHECK_INTERVAL, DEFAULT_UPDATE_URL, LAST_CHECK_FILE, SYSTEM_SETTINGS_VAR, SystemSettings,
    UpdatePolicy, UpdatePrefs, check_due, last_check, read_system_settings, record_check,
    system_settings_path,
};

pub const SETTINGS_FILE: &str = "settings.json";

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub production_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub staging_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub environment: Option<Environment>,
    /// The desktop app's rows per page, remembered across restarts. The file is hand-editable,
    /// so readers check it is 1-100.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_size: Option<u32>,
    /// The activity history's retention and the quota alerts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activity: Option<ActivityPrefs>,
    /// The language chosen for the app and the CLI ("en", "de"); none: the computer's. Kept as
    /// text, so a hand-edited value the app does not know (or a newer version's) is not a broken
    /// file: [`Settings::language`] reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Each environment's category names (see [`CategoryNames`]).
    #[serde(skip_serializing_if = "CategoryNames::is_empty")]
    pub category_names: CategoryNames,
    /// The proxy (absent: System).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proxy: Option<ProxyPrefs>,
    /// Company certificate files trusted beside the system's; a relative path is in the config
    /// folder (where the app copies a file the person picked).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ca_files: Vec<PathBuf>,
    /// Update checking (see [`UpdatePolicy`]: a system-wide file's values win).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updates: Option<UpdatePrefs>,
    /// Fields this version does not know (a newer version wrote them), kept as they were so that
    /// saving here does not drop them.
    #[serde(flatten)]
    pub unknown: serde_json::Map<String, serde_json::Value>,
}

impl Settings {
    /// The chosen language, when the file names one the app speaks.
    pub fn language(&self) -> Option<crate::Language> {
        let code = self.language.as_deref()?;
        let language = crate::Language::ALL.into_iter().find(|l| l.code() == code);
        if language.is_none() {
            log::warn!(
                "language {code:?} in the settings file is not one the app speaks; using the computer's"
            );
        }
        language
    }

    /// `$PETSTORE_CONFIG_DIR/settings.json`, else `<OS config dir>/dev.petstore.admin/settings.json`.
    pub fn default_path() -> Option<PathBuf> {
        Self::default_path_with(|name| std::env::var(name).ok())
    }

    pub fn default_path_with(lookup: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
        let dir = app_dir(lookup(CONFIG_DIR_VAR), dirs::config_dir)?;
        Some(dir.join(SETTINGS_FILE))
    }

    /// The settings at the default path; defaults when there is no file (first run). A file that
    /// cannot be read is `LocalError::SettingsUnreadable`.
    pub fn load() -> Result<Settings, LocalError> {
        match SettingsFile::default_location() {
            Some(file) => file.load(),
            None => Ok(Settings::default()),
        }
    }

    /// The settings in the file at `path`, as [`SettingsFile::load`]. To change them, use
    /// [`SettingsFile::update`]: it never undoes another process's change.
    pub fn load_from(path: &Path) -> Result<Settings, LocalError> {
        SettingsFile::at(path).load()
    }

    /// The base address for `env`: the environment variable wins over the file; the sandbox has
    /// its fixed loopback address.
    pub fn base_url(&self, env: Environment) -> Result<BaseUrl, ConfigError> {
        self.base_url_with(env, |name| std::env::var(name).ok())
    }

    pub fn base_url_with(
        &self,
        env: Environment,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<BaseUrl, ConfigError> {
        let from_file = match env {
            Environment::Production => self.production_url.clone(),
            Environment::Staging => self.staging_url.clone(),
            Environment::Sandbox => return BaseUrl::parse(SANDBOX_DEFAULT_URL),
        };
        let from_var = env.url_env_var().and_then(&lookup);
        match from_var.or(from_file).filter(|url| !url.trim().is_empty()) {
            Some(url) => BaseUrl::parse(&url),
            None => Err(ConfigError::MissingBaseUrl { environment: env }),
        }
    }

    /// Sets the address for `env` after checking it; the sandbox's cannot be changed.
    pub fn set_base_url(&mut self, env: Environment, url: &str) -> Result<BaseUrl, ConfigError> {
        let base = BaseUrl::parse(url)?;
        match env {
            Environment::Production => self.production_url = Some(base.as_str().to_owned()),
            Environment::Staging => self.staging_url = Some(base.as_str().to_owned()),
            Environment::Sandbox => {
                return Err(ConfigError::InvalidBaseUrl {
                    url: url.to_owned(),
                    reason: "the sandbox's address is fixed".to_owned(),
                    problem: petstore_client::BaseUrlProblem::SandboxFixed,
                });
            }
        }
        Ok(base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn missing_file_is_the_default_and_saving_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/settings.json");
        assert_eq!(Settings::load_from(&path).unwrap(), Settings::default());
        let settings = Settings {
            production_url: Some("https://api.example.com/v1".into()),
            staging_url: None,
            environment: Some(Environment::Staging),
            page_size: Some(100),
            activity: None,
            language: None,
            category_names: CategoryNames::default(),
            proxy: None,
            ca_files: Vec::new(),
            updates: None,
            unknown: serde_json::Map::new(),
        };
        let wanted = settings.clone();
        SettingsFile::at(&path)
            .update(|on_disk| {
                *on_disk = wanted;
                Ok(())
            })
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("\"productionUrl\": \"https://api.example.com/v1\""),
            "{text}"
        );
        assert!(text.contains("\"pageSize\": 100"), "{text}");
        assert!(
            !text.contains("stagingUrl"),
            "absent values are omitted: {text}"
        );
        assert_eq!(Settings::load_from(&path).unwrap(), settings);
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .filter(|name| name != "settings.json.lock")
            .collect();
        assert_eq!(leftovers.len(), 1, "no temporary file left behind");
    }

    #[test]
    fn a_broken_file_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        std::fs::write(&path, "{ not json").unwrap();
        match Settings::load_from(&path) {
            Err(LocalError::SettingsUnreadable {
                path: p, problem, ..
            }) => {
                assert_eq!(p, path);
                assert!(!problem.is_empty());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_language_is_read_and_one_the_app_does_not_speak_is_no_broken_file() {
        let german: Settings = serde_json::from_str(r#"{"language":"de"}"#).unwrap();
        assert_eq!(german.language(), Some(crate::Language::German));
        let french: Settings = serde_json::from_str(r#"{"language":"fr"}"#).unwrap();
        assert_eq!(french.language(), None);
        assert_eq!(Settings::default().language(), None);
        assert!(
            !serde_json::to_string(&Settings::default())
                .unwrap()
                .contains("language")
        );
    }

    #[test]
    fn unknown_fields_in_the_file_are_tolerated() {
        let settings: Settings =
            serde_json::from_str(r#"{"stagingUrl":"https://s.example.com/v1","theme":"dark"}"#)
                .unwrap();
        assert_eq!(
            settings.staging_url.as_deref(),
            Some("https://s.example.com/v1")
        );
    }

    #[test]
    fn environment_variables_win_over_the_file() {
        let settings = Settings {
            production_url: Some("https://file.example.com/v1".into()),
            staging_url: Some("https://staging-file.example.com/v1".into()),
            environment: None,
            page_size: None,
            activity: None,
            language: None,
            category_names: CategoryNames::default(),
            proxy: None,
            ca_files: Vec::new(),
            updates: None,
            unknown: serde_json::Map::new(),
        };
        let env = |name: &str| {
            (name == "PETSTORE_PRODUCTION_URL").then(|| "https://env.example.com/v1/".to_owned())
        };
        assert_eq!(
            settings
                .base_url_with(Environment::Production, env)
                .unwrap()
                .as_str(),
            "https://env.example.com/v1"
        );
        assert_eq!(
            settings
                .base_url_with(Environment::Staging, env)
                .unwrap()
                .as_str(),
            "https://staging-file.example.com/v1"
        );
        let staging_env = |name: &str| {
            (name == "PETSTORE_STAGING_URL").then(|| "https://s-env.example.com/v1".to_owned())
        };
        assert_eq!(
            settings
                .base_url_with(Environment::Staging, staging_env)
                .unwrap()
                .as_str(),
            "https://s-env.example.com/v1"
        );
    }

    #[test]
    fn sandbox_is_fixed_and_missing_urls_are_told() {
        let settings = Settings::default();
        assert_eq!(
            settings
                .base_url_with(Environment::Sandbox, no_env)
                .unwrap()
                .as_str(),
            SANDBOX_DEFAULT_URL
        );
        let err = settings
            .base_url_with(Environment::Production, no_env)
            .unwrap_err();
        assert_eq!(
            err,
            ConfigError::MissingBaseUrl {
                environment: Environment::Production
            }
        );
        // How to set it is each shell's to say (the CLI names its variable and field).
        assert_eq!(err.to_string(), "no base address for production");
        let insecure = |_: &str| Some("http://api.example.com/v1".to_owned());
        assert!(matches!(
            settings.base_url_with(Environment::Staging, insecure),
            Err(ConfigError::InsecureBaseUrl { .. })
        ));
    }

    #[test]
    fn default_path_honours_the_override() {
        let path = Settings::default_path_with(|name| {
            (name == CONFIG_DIR_VAR).then(|| "/tmp/petstore-cfg".to_owned())
        });
        assert_eq!(
            path.unwrap(),
            PathBuf::from("/tmp/petstore-cfg/settings.json")
        );
        if let Some(path) = Settings::default_path_with(no_env) {
            assert!(
                path.ends_with("dev.petstore.admin/settings.json"),
                "{}",
                path.display()
            );
        }
    }

    #[test]
    fn set_base_url_checks_and_normalises() {
        let mut settings = Settings::default();
        settings
            .set_base_url(Environment::Production, "https://api.example.com/v1/")
            .unwrap();
        assert_eq!(
            settings.production_url.as_deref(),
            Some("https://api.example.com/v1")
        );
        assert!(
            settings
                .set_base_url(Environment::Staging, "http://x.example.com/v1")
                .is_err()
        );
        assert_eq!(settings.staging_url, None);
    }
}
