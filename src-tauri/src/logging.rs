//! The app's log file, for bug reports: requests (the client logs them, target `petstore::http`),
//! start-up, settings and keychain problems, environment switches. Never a key, never a pet's
//! data beyond its id (README "Logs").

use std::path::{Path, PathBuf};

use tauri::Runtime;
use tauri::plugin::TauriPlugin;
use tauri_plugin_log::{RotationStrategy, Target, TargetKind, TimezoneStrategy};

use crate::backend::BackendConfig;

/// `petstore-admin.log` in the OS log folder: on Linux `$XDG_DATA_HOME/dev.petstore.admin/logs`
/// (`~/.local/share/...`), on macOS `~/Library/Logs/dev.petstore.admin`, on Windows
/// `%LOCALAPPDATA%\dev.petstore.admin\logs`.
pub(crate) const FILE_NAME: &str = "petstore-admin";
/// A file is renamed `petstore-admin_<UTC time>.log` once it would grow past this...
const MAX_FILE_BYTES: u128 = 1024 * 1024;
/// ...and this many renamed files are kept besides the current one (at most 5 MiB in all).
const FILES_KEPT: usize = 4;

/// The folder the plugin writes `FILE_NAME.log` to (its `LogDir` target, as Tauri resolves it
/// for the identifier `petstore_local::APP_ID`), for lines written while the logger does not
/// run: before it starts, and on a panic.
pub(crate) fn log_dir() -> Option<PathBuf> {
    #[cfg(target_os = "macos")]
    let dir = dirs::home_dir().map(|home| home.join("Library/Logs").join(petstore_local::APP_ID));
    #[cfg(not(target_os = "macos"))]
    let dir = dirs::data_local_dir().map(|dir| dir.join(petstore_local::APP_ID).join("logs"));
    dir
}

/// The current log file in `logs_dir`.
pub(crate) fn log_file(logs_dir: &Path) -> PathBuf {
    logs_dir.join(format!("{FILE_NAME}.log"))
}

/// One line in the log file's own format (the plugin's: UTC date and time, target, level).
pub(crate) fn line(
    now: chrono::DateTime<chrono::Utc>,
    level: log::Level,
    target: &str,
    text: &str,
) -> String {
    format!(
        "{}[{target}][{level}] {text}\n",
        now.format("[%Y-%m-%d][%H:%M:%S]")
    )
}

/// Appends `line` to the log file in `logs_dir` (made if need be), beside what the plugin wrote.
pub(crate) fn append(logs_dir: &Path, line: &str) -> std::io::Result<()> {
    use std::io::Write;
    std::fs::create_dir_all(logs_dir)?;
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log_file(logs_dir))?
        .write_all(line.as_bytes())
}

pub fn plugin<R: Runtime>() -> TauriPlugin<R> {
    tauri_plugin_log::Builder::new()
        .clear_targets()
        .target(Target::new(TargetKind::LogDir {
            file_name: Some(FILE_NAME.to_owned()),
        }))
        .level(log::LevelFilter::Info)
        .max_file_size(MAX_FILE_BYTES)
        .rotation_strategy(RotationStrategy::KeepSome(FILES_KEPT))
        .timezone_strategy(TimezoneStrategy::UseUtc)
        .build()
}

/// The first lines of a run: what a support person asks first.
pub fn start_up(config: &BackendConfig) {
    log::info!(
        "Petstore Admin {} starting on {} {}",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS,
        std::env::consts::ARCH
    );
    match &config.settings_path {
        Some(path) => log::info!("settings file: {}", path.display()),
        None => log::warn!("no settings folder on this system: settings are not saved"),
    }
    match &config.wait_memory {
        Some(memory) => log::info!("rate-limit waits file: {}", memory.path().display()),
        None => log::warn!("no cache folder on this system: rate-limit waits are not remembered"),
    }
}
