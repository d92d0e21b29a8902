//! The settings file's reading and writing as bytes, for the fuzz target in `fuzz/` at the
//! repository's root (feature `fuzzing`, off by default; no program of the product turns it
//! on). Each function calls what [`crate::SettingsFile`] itself does with a file's bytes, never a
//! copy of it.

use crate::settings::{LocalError, Settings, SettingsFile};

/// The settings a file with these bytes holds, as [`SettingsFile::load`] reads them.
pub fn read_settings(bytes: &[u8]) -> Result<Settings, LocalError> {
    SettingsFile::at("settings.json").parse(bytes)
}

/// The bytes [`SettingsFile::update`] writes for `settings`.
pub fn write_settings(settings: &Settings) -> Result<Vec<u8>, LocalError> {
    SettingsFile::at("settings.json").text_of(settings)
}
