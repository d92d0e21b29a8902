//! The settings file shared by the CLI and the desktop app: base addresses, the active
//! environment, the app's rows per page, the activity history's retention and alerts, the
//! category names of each environment, the proxy and company certificates. Never a key or a
//! password (those live in the OS keychain).

mod activity;
mod categories;
mod error;
mod file;
mod network;
mod shared_store;
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
pub use error::{LocalError, SettingsFault, UnreadableSettings};
pub use file::SettingsFile;
pub use network::{
    NetworkSettingError, PasswordLookup, ProxyModeName, ProxyPrefs, load_ca_file, network_config,
};
pub use shared_store::{
    DEFAULT_PORT, MAX_CA_PATH_CHARS, MAX_DESK_CHARS, MAX_STORE_NAME_CHARS, SharedStorePrefs,
    SharedStoreSettingError, StoreSource, computer_name, resolve_shared_store,
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
    /// The environments whose New pet form adds a pet that cannot be sent now (no connection,
    /// the quota spent, a wait) to their outbox at once, without asking (issue 39). Listed once
    /// each; any other: the form offers "Add when possible" beside the error.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub add_when_possible: Vec<Environment>,
    /// The shared store several desks use (issue 41); its password is in the keychain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shared_store: Option<SharedStorePrefs>,
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
mod tests;
