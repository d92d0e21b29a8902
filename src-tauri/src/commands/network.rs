//! Settings → Network (issue 18): the proxy, its password (keychain only) and the company
//! certificates trusted beside the system's.

use tauri::{AppHandle, Runtime, State};

use crate::backend::Backend;
use crate::dto::{CommandError, NetworkInput, NetworkSettings};
use crate::pickers;

#[tauri::command]
pub async fn network_settings(
    backend: State<'_, Backend>,
) -> Result<NetworkSettings, CommandError> {
    Ok(backend.network_settings().await)
}

/// Saves the proxy mode, address, user and bypass list; refused (`networkSettings`, with the
/// facts in `network`) before anything is written. Used from the next request on.
#[tauri::command]
pub async fn save_network_settings(
    backend: State<'_, Backend>,
    input: NetworkInput,
) -> Result<NetworkSettings, CommandError> {
    backend.save_network_settings(input).await
}

/// Keeps the proxy's password in the keychain; it never comes back to the UI.
#[tauri::command]
pub async fn set_proxy_password(
    backend: State<'_, Backend>,
    password: String,
) -> Result<NetworkSettings, CommandError> {
    backend.set_proxy_password(password).await
}

#[tauri::command]
pub async fn clear_proxy_password(
    backend: State<'_, Backend>,
) -> Result<NetworkSettings, CommandError> {
    backend.clear_proxy_password().await
}

/// "Trust a company certificate…": the open picker, then the file checked, copied and trusted.
/// null when the person closed the picker.
#[tauri::command]
pub async fn trust_company_certificate<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
) -> Result<Option<NetworkSettings>, CommandError> {
    let Some(path) = pickers::open_certificate(&app, backend.spoken_language()).await else {
        return Ok(None);
    };
    backend.trust_company_certificate(&path).await.map(Some)
}

/// Stops trusting a certificate file the settings list (`file` as `network_settings` gave it).
#[tauri::command]
pub async fn remove_company_certificate(
    backend: State<'_, Backend>,
    file: String,
) -> Result<NetworkSettings, CommandError> {
    backend.remove_company_certificate(&file).await
}
