//! Signed updates (Settings → Updates, and the start-up check after the first table).

use tauri::{AppHandle, Runtime, State};

use crate::backend::Backend;
use crate::dto::{CommandError, UpdateCheck, UpdateFailure, UpdateSettings};
use crate::updates;

/// The update settings in force (Settings → Updates).
#[tauri::command]
pub fn update_settings(backend: State<'_, Backend>) -> UpdateSettings {
    backend.update_settings()
}

/// Turns the start-up update check on or off (unchanged when an administrator decides it).
#[tauri::command]
#[allow(
    clippy::result_large_err,
    reason = "CommandError is the IPC error, built once per command; never on a hot path"
)]
pub fn save_update_check(
    backend: State<'_, Backend>,
    check: bool,
) -> Result<UpdateSettings, CommandError> {
    backend.save_update_check(check)
}

/// Looks for a newer version: `atStart` after the first table (on and due only, quiet), else
/// because the person asked.
#[tauri::command]
pub async fn check_for_update<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
    at_start: bool,
) -> Result<UpdateCheck, CommandError> {
    Ok(updates::check(&app, &backend, at_start).await)
}

/// Installs the update the last check offered (the person said yes) and restarts; answers only
/// when it failed.
#[tauri::command]
pub async fn install_update<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
) -> Result<UpdateFailure, CommandError> {
    Ok(updates::install(&app, &backend).await)
}
