//! The app's folders on this computer: one name for the app, one override variable per kind.

use std::path::PathBuf;

/// The app's identifier: its folders' name under the OS folders, and the keychain's service.
pub const APP_ID: &str = "dev.petstore.admin";
/// Overrides the settings directory (tests, portable installs).
pub const CONFIG_DIR_VAR: &str = "PETSTORE_CONFIG_DIR";
/// Overrides the folder of the remembered waits (tests, portable installs).
pub const CACHE_DIR_VAR: &str = "PETSTORE_CACHE_DIR";
/// Overrides the data folder (import journals; tests, portable installs).
pub const DATA_DIR_VAR: &str = "PETSTORE_DATA_DIR";

/// The app's data folder (what the app keeps that is neither settings nor cache: the import
/// journals), shared by the app and the CLI. `None` where the OS has none.
pub fn data_dir() -> Option<PathBuf> {
    app_dir(std::env::var(DATA_DIR_VAR).ok(), dirs::data_dir)
}

/// The app's own folder of one kind: the override, when set and not blank, else `APP_ID` inside
/// the OS folder `os_dir` gives (config, cache, ...). `None` where the OS has no such folder.
pub(crate) fn app_dir(
    override_dir: Option<String>,
    os_dir: impl FnOnce() -> Option<PathBuf>,
) -> Option<PathBuf> {
    match override_dir.filter(|dir| !dir.trim().is_empty()) {
        Some(dir) => Some(PathBuf::from(dir)),
        None => Some(os_dir()?.join(APP_ID)),
    }
}
