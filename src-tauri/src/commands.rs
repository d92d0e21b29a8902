//! The IPC commands: thin, each one call on the [`Backend`]. Kept out of `lib.rs`, where the
//! command macros' generated names would clash with the crate's own (E0255).

use std::path::PathBuf;

use tauri::{AppHandle, Runtime, State};

use crate::backend::Backend;
use crate::dto::{
    ActivityEntry, ActivityFilter, ActivityPage, ActivitySettings, ActivityStatus, CheckResult,
    ClientErrorKind, CommandError, ConnectionTest, CreatedPet, Environment, EnvironmentInfo,
    ExportFormat, ImportPreview, ImportProgress, ImportStatus, KeyMove, KeyStatus, LanguageChoice,
    LanguagePreference, Lookup, NewPetInput, PetPage, PetStatusValue, Problem, Quota, QuotaHistory,
    QuotaRange, RememberedWait, RowCells, SavedFile, Settings, SettingsProblem, StartedOver,
    UnfinishedImport,
};
use crate::pickers;
use crate::words::Msg;

mod categories;
mod network;
mod updates;
// A glob: the command macros' hidden helpers come along, for the invoke handler.
pub use categories::*;
pub use network::*;
pub use updates::*;

#[tauri::command]
pub async fn list_pets(
    backend: State<'_, Backend>,
    status: Option<PetStatusValue>,
    limit: Option<i64>,
) -> Result<PetPage, CommandError> {
    backend.list_pets(status, limit).await
}

#[tauri::command]
pub async fn next_page(backend: State<'_, Backend>, next: String) -> Result<PetPage, CommandError> {
    backend.next_page(&next).await
}

#[tauri::command]
pub async fn create_pet(
    backend: State<'_, Backend>,
    environment: Environment,
    input: NewPetInput,
) -> Result<CreatedPet, CommandError> {
    backend.create_pet(environment, &input).await
}

#[tauri::command]
pub async fn get_pet(backend: State<'_, Backend>, id: String) -> Result<Lookup, CommandError> {
    backend.get_pet(&id).await
}

#[tauri::command]
pub async fn current_quota(backend: State<'_, Backend>) -> Result<Option<Quota>, CommandError> {
    Ok(backend.current_quota().await)
}

#[tauri::command]
pub async fn list_environments(
    backend: State<'_, Backend>,
) -> Result<Vec<EnvironmentInfo>, CommandError> {
    backend.list_environments().await
}

#[tauri::command]
pub async fn select_environment(
    backend: State<'_, Backend>,
    environment: Environment,
) -> Result<EnvironmentInfo, CommandError> {
    backend.select_environment(environment).await
}

#[tauri::command]
pub async fn get_settings(backend: State<'_, Backend>) -> Result<Settings, CommandError> {
    Ok(backend.get_settings())
}

#[tauri::command]
pub async fn save_settings(
    backend: State<'_, Backend>,
    settings: Settings,
    key_move: Option<KeyMove>,
) -> Result<Settings, CommandError> {
    backend.save_settings(settings, key_move).await
}

#[tauri::command]
pub async fn set_api_key(
    backend: State<'_, Backend>,
    environment: Environment,
    key: String,
    session_only: bool,
) -> Result<KeyStatus, CommandError> {
    backend.set_api_key(environment, key, session_only).await
}

#[tauri::command]
pub async fn clear_api_key(
    backend: State<'_, Backend>,
    environment: Environment,
) -> Result<KeyStatus, CommandError> {
    backend.clear_api_key(environment).await
}

#[tauri::command]
pub async fn key_status(
    backend: State<'_, Backend>,
    environment: Environment,
) -> Result<KeyStatus, CommandError> {
    backend.key_status(environment).await
}

#[tauri::command]
pub async fn test_connection(
    backend: State<'_, Backend>,
    environment: Environment,
    base_url: Option<String>,
    key_to_new_server: bool,
) -> Result<ConnectionTest, CommandError> {
    backend
        .test_connection(environment, base_url.as_deref(), key_to_new_server)
        .await
}

#[tauri::command]
pub async fn get_page_size(backend: State<'_, Backend>) -> Result<u32, CommandError> {
    Ok(backend.page_size())
}

#[tauri::command]
pub async fn save_page_size(
    backend: State<'_, Backend>,
    page_size: i64,
) -> Result<u32, CommandError> {
    backend.save_page_size(page_size)
}

#[tauri::command]
pub fn get_language(backend: State<'_, Backend>) -> LanguagePreference {
    backend.language()
}

#[tauri::command]
pub async fn save_language(
    backend: State<'_, Backend>,
    choice: LanguageChoice,
) -> Result<LanguagePreference, CommandError> {
    backend.save_language(choice)
}

/// The UI calls this once its first table with data is on screen. The line goes to stdout for
/// people starting the app from a terminal, and for the start-up benchmark and installer test,
/// which wait for `first table rendered: <N> pets`.
#[tauri::command]
pub async fn report_first_table(
    backend: State<'_, Backend>,
    rows: u32,
) -> Result<(), CommandError> {
    if let Some(line) = backend.first_table_line(rows) {
        println!("{line}");
    }
    Ok(())
}

/// The settings file's problem while it cannot be read (the banner), else null.
#[tauri::command]
pub async fn settings_problem(
    backend: State<'_, Backend>,
) -> Result<Option<SettingsProblem>, CommandError> {
    Ok(backend.settings_problem())
}

/// The last run stopped on a bug (the banner), else null. Asked once at start-up.
#[tauri::command]
pub async fn last_crash(
    backend: State<'_, Backend>,
) -> Result<Option<crate::dto::CrashNotice>, CommandError> {
    Ok(backend.last_crash())
}

/// Shows the settings file in the OS file manager. The web view names no path: this opens only
/// the app's own settings file, and the web view gets no permission of the opener plugin.
#[tauri::command]
pub async fn open_settings_folder(backend: State<'_, Backend>) -> Result<(), CommandError> {
    let file = backend.settings_file_path()?;
    // Blocking: on Linux a D-Bus call to the file manager.
    let shown = {
        let file = file.clone();
        tauri::async_runtime::spawn_blocking(move || tauri_plugin_opener::reveal_item_in_dir(file))
            .await
    };
    let problem = match shown {
        Ok(Ok(())) => return Ok(()),
        Ok(Err(error)) => error.to_string(),
        Err(error) => error.to_string(),
    };
    log::warn!("the settings folder could not be shown: {problem}");
    let folder = file.parent().unwrap_or(&file);
    Err(
        CommandError::problem(ClientErrorKind::Configuration, Problem::FolderNotOpened)
            .with_detail(folder.display().to_string()),
    )
}

/// Keeps the unreadable settings file as `settings.json.broken-<time>` and starts a new one.
#[tauri::command]
pub async fn start_settings_over(backend: State<'_, Backend>) -> Result<StartedOver, CommandError> {
    backend.start_settings_over()
}

/// The selected environment's remembered rate-limit wait (this app's or the CLI's), if any.
#[tauri::command]
pub async fn remembered_wait(
    backend: State<'_, Backend>,
) -> Result<Option<RememberedWait>, CommandError> {
    Ok(backend.remembered_wait().await)
}

/// Clears the selected environment's remembered wait, so the next request goes out.
#[tauri::command]
pub async fn forget_wait(backend: State<'_, Backend>) -> Result<bool, CommandError> {
    backend.forget_wait().await
}

/// Ends the environment's reads on their way now (a list waiting out a 429, a slow lookup): they
/// answer `cancelled`. A create is never cancelled.
#[tauri::command]
pub async fn cancel_requests(
    backend: State<'_, Backend>,
    environment: Environment,
) -> Result<(), CommandError> {
    backend.cancel_requests(environment);
    Ok(())
}

/// The native open picker (or its test hook, see `pickers`): the file to import, null when the
/// person closed it.
#[tauri::command]
pub async fn pick_import_file<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
) -> Result<Option<String>, CommandError> {
    let language = backend.spoken_language();
    let Some(path) = pickers::open(&app, language, Msg::PickImportFile).await else {
        return Ok(None);
    };
    // The one way a file becomes readable by a preview: the person chose it.
    backend.allow_import_file(&path);
    Ok(Some(path.display().to_string()))
}

/// Reads and validates a file for the import dialog; sends nothing.
#[tauri::command]
pub async fn preview_import(
    backend: State<'_, Backend>,
    path: String,
) -> Result<ImportPreview, CommandError> {
    backend.preview_import(&PathBuf::from(path)).await
}

/// Fixes one row of the preview in place; the import sends the fixed rows.
#[tauri::command]
pub async fn fix_import_row(
    backend: State<'_, Backend>,
    index: u32,
    cells: RowCells,
) -> Result<ImportPreview, CommandError> {
    backend.fix_import_row(index, cells).await
}

/// Starts (or resumes) the previewed import to `environment`, the one the preview showed.
#[tauri::command]
pub async fn start_import(
    backend: State<'_, Backend>,
    environment: Environment,
    allow_repeats: bool,
) -> Result<ImportProgress, CommandError> {
    backend.start_import(environment, allow_repeats).await
}

#[tauri::command]
pub async fn pause_import(
    backend: State<'_, Backend>,
) -> Result<Option<ImportStatus>, CommandError> {
    Ok(backend.pause_import())
}

#[tauri::command]
pub async fn resume_import(
    backend: State<'_, Backend>,
) -> Result<Option<ImportStatus>, CommandError> {
    Ok(backend.resume_import())
}

#[tauri::command]
pub async fn cancel_import(
    backend: State<'_, Backend>,
) -> Result<Option<ImportStatus>, CommandError> {
    Ok(backend.cancel_import())
}

#[tauri::command]
pub async fn import_status(
    backend: State<'_, Backend>,
) -> Result<Option<ImportStatus>, CommandError> {
    Ok(backend.import_status())
}

/// The person's yes to "Resend these N rows?": runs the ended import again, resending the rows
/// whose outcome stayed unknown after reconciliation.
#[tauri::command]
pub async fn resend_unknown_rows(
    backend: State<'_, Backend>,
) -> Result<ImportProgress, CommandError> {
    backend.resend_unknown_rows().await
}

/// "Save report…": the save picker, then the ended import's report as CSV. null when the person
/// closed the picker.
#[tauri::command]
pub async fn save_import_report<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
) -> Result<Option<SavedFile>, CommandError> {
    let (language, filter) = (backend.spoken_language(), ("CSV", "csv"));
    let title = Msg::SaveImportReport;
    let Some(path) = pickers::save(&app, language, title, "import-report.csv", filter).await else {
        return Ok(None);
    };
    backend.save_import_report(&path).map(Some)
}

/// "Export…": the save picker, then the selected environment's pets of `status` (all when null),
/// every page, as CSV or JSON, with each category's name when `category_names`. null when the
/// person closed the picker.
#[tauri::command]
pub async fn export_pets<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
    status: Option<PetStatusValue>,
    format: ExportFormat,
    category_names: bool,
) -> Result<Option<SavedFile>, CommandError> {
    let (name, filter) = match format {
        ExportFormat::Csv => ("pets.csv", ("CSV", "csv")),
        ExportFormat::Json => ("pets.json", ("JSON", "json")),
    };
    let language = backend.spoken_language();
    let Some(path) = pickers::save(&app, language, Msg::ExportPets, name, filter).await else {
        return Ok(None);
    };
    backend
        .export_pets(&path, status, format, category_names)
        .await
        .map(Some)
}

/// Imports an earlier session began and did not finish: the app offers them, asking first.
#[tauri::command]
pub async fn unfinished_imports(
    backend: State<'_, Backend>,
) -> Result<Vec<UnfinishedImport>, CommandError> {
    Ok(backend.unfinished_imports().await)
}

/// The activity history, newest first: `limit` entries (at most 500) from `offset` of those
/// `filter` matches, and how many it matches in all.
#[tauri::command]
pub async fn list_activity(
    backend: State<'_, Backend>,
    filter: ActivityFilter,
    offset: u32,
    limit: u32,
) -> Result<ActivityPage, CommandError> {
    backend.list_activity(filter, offset, limit).await
}

/// Whether the history is recorded (and why not), and how many creates are unconfirmed.
#[tauri::command]
pub fn activity_status(backend: State<'_, Backend>) -> ActivityStatus {
    backend.activity_status()
}

#[tauri::command]
pub async fn unconfirmed_creates(
    backend: State<'_, Backend>,
) -> Result<Vec<ActivityEntry>, CommandError> {
    backend.unconfirmed_creates().await
}

/// "Check now": looks for the unconfirmed create's pet in its environment's list.
#[tauri::command]
pub async fn check_unconfirmed(
    backend: State<'_, Backend>,
    id: String,
) -> Result<CheckResult, CommandError> {
    backend.check_unconfirmed(&id).await
}

/// "Try again" (after the person confirmed): a new create of the same pet.
#[tauri::command]
pub async fn retry_unconfirmed(
    backend: State<'_, Backend>,
    id: String,
) -> Result<CreatedPet, CommandError> {
    backend.retry_unconfirmed(&id).await
}

#[tauri::command]
pub async fn dismiss_unconfirmed(
    backend: State<'_, Backend>,
    id: String,
) -> Result<ActivityEntry, CommandError> {
    backend.dismiss_unconfirmed(&id).await
}

/// The Quota panel: remaining requests over the last hour or day, resets, 429s, today's use.
#[tauri::command]
pub async fn quota_history(
    backend: State<'_, Backend>,
    environment: Environment,
    range: QuotaRange,
) -> Result<QuotaHistory, CommandError> {
    backend.quota_history(environment, range).await
}

/// The save picker, then the entries `filter` matches as CSV. null when the picker was closed.
#[tauri::command]
pub async fn export_activity<R: Runtime>(
    app: AppHandle<R>,
    backend: State<'_, Backend>,
    filter: ActivityFilter,
) -> Result<Option<SavedFile>, CommandError> {
    let (language, title) = (backend.spoken_language(), Msg::ExportActivity);
    let Some(path) = pickers::save(&app, language, title, "activity.csv", ("CSV", "csv")).await
    else {
        return Ok(None);
    };
    backend.export_activity(&path, filter).await.map(Some)
}

#[tauri::command]
pub fn get_activity_settings(backend: State<'_, Backend>) -> ActivitySettings {
    backend.activity_settings()
}

#[tauri::command]
#[allow(
    clippy::result_large_err,
    reason = "CommandError is the IPC error, built once per command; never on a hot path"
)]
pub fn save_activity_settings(
    backend: State<'_, Backend>,
    settings: ActivitySettings,
) -> Result<ActivitySettings, CommandError> {
    backend.save_activity_settings(settings)
}
