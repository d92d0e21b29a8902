//! Settings → Categories (issue 14 §3): each environment's list of category names.

use tauri::{AppHandle, Runtime, State};

use crate::backend::Backend;
use crate::dto::{CategoryImport, CategoryList, CommandError, Environment, SavedFile};
use crate::pickers;
use crate::words::Msg;

#[tauri::command]
pub fn category_names(backend: State<'_, Backend>, environment: Environment) -> CategoryList {
    backend.category_names(environment)
}

/// Names a category that has no name yet; refused (`categoryRefused`) for a name another
/// category has, an id already named, an id or name that is not valid.
#[tauri::command]
#[allow(
    clippy::result_large_err,
    reason = "CommandError is the IPC error, built once per command; never on a hot path"
)]
pub fn add_category_name(
    backend: State<'_, Backend>,
    environment: Environment,
    id: String,
    name: String,
) -> Result<CategoryList, CommandError> {
    backend.add_category_name(environment, &id, &name)
}

#[tauri::command]
#[allow(
    clippy::result_large_err,
    reason = "CommandError is the IPC error, built once per command; never on a hot path"
)]
pub fn rename_category(
    backend: State<'_, Backend>,
    environment: Environment,
    id: String,
    name: String,
) -> Result<CategoryList, CommandError> {
    backend.rename_category(environment, &id, &name)
}

#[tauri::command]
#[allow(
    clippy::result_large_err,
    reason = "CommandError is the IPC error, built once per command; never on a hot path"
)]
pub fn remove_category_name(
    backend: State<'_, Backend>,
    environment: Environment,
    id: String,
) -> Result<CategoryList, CommandError> {
    backend.remove_category_name(environment, &id)
}

/// "Export list…": the save picker, then the environment's names as `categoryId,name`. null
/// when the person closed the picker.
#[tauri::command]
pub async fn export_category_names<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
    environment: Environment,
) -> Result<Option<SavedFile>, CommandError> {
    let suggested = format!("categories-{environment}.csv");
    let (language, title) = (backend.spoken_language(), Msg::ExportCategoryNames);
    let Some(path) = pickers::save(&app, language, title, &suggested, ("CSV", "csv")).await else {
        return Ok(None);
    };
    backend.export_category_names(environment, &path).map(Some)
}

/// "Import list…": the open picker, then the names merged into the environment's list (added,
/// never replacing one). null when the person closed the picker.
#[tauri::command]
pub async fn import_category_names<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
    environment: Environment,
) -> Result<Option<CategoryImport>, CommandError> {
    let (language, title) = (backend.spoken_language(), Msg::ImportCategoryNames);
    let Some(path) = pickers::open(&app, language, title).await else {
        return Ok(None);
    };
    backend
        .import_category_names(environment, &path)
        .await
        .map(Some)
}
