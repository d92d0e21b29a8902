//! What Petstore Admin keeps on this computer, shared by the CLI and the desktop app: the
//! settings file (with its lock and broken-file rules), the app's folders, the OS keychain and
//! the remembered rate-limit waits (a [`petstore_client::WaitStore`]).
//!
//! HTTP, the model and pacing stay in `petstore-client`; this crate only reads and writes local
//! state, and its messages name no shell's command or variable.

mod dirs;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
pub mod language;
pub mod localfile;
pub mod panic_note;
pub mod proxy_secret;
pub mod settings;
pub mod waits;

pub use dirs::{APP_ID, CACHE_DIR_VAR, CONFIG_DIR_VAR, DATA_DIR_VAR, data_dir};
pub use language::{Language, system_locale};
pub use proxy_secret::{ProxyPassword, proxy_of};
pub use settings::{
    ActivityPrefs, ActivitySettings, CategoryError, CategoryName, CategoryNames, LocalError,
    MAX_CATEGORIES, MAX_CATEGORY_NAME_CHARS, Merge, NetworkSettingError, PasswordLookup,
    ProxyModeName, ProxyPrefs, Refused, Settings, SettingsFault, SettingsFile, SharedStorePrefs,
    SharedStoreSettingError, StoreSource, SystemSettings, UnreadableSettings, UpdatePolicy,
    UpdatePrefs, computer_name, load_ca_file, network_config, resolve_shared_store,
};
pub use waits::WaitMemory;

#[cfg(feature = "keychain")]
pub mod keychain;
