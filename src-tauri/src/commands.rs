//! The command bodies longer than a few lines, for the list in `command_list.rs`: the ones that
//! ask a native picker first, and the two that reach outside the app (the file manager, stdout).

use tauri::{AppHandle, Runtime};

use crate::backend::Backend;
use crate::dto::{
    ActivityFilter, CategoryImport, CommandError, ConfigurationProblem, Environment, ExportFormat,
    ExportProgress, NetworkSettings, PetStatusValue, SavedFile,
};
use crate::pickers;
use crate::words::Msg;

/// The UI calls this once its first table with data is on screen. The line goes to stdout for
/// people starting the app from a terminal, and for the start-up benchmark and installer test,
/// which wait for `first table rendered: <N> pets`.
pub fn report_first_table(backend: &Backend, rows: u32) {
    if let Some(line) = backend.first_table_line(rows) {
        println!("{line}");
    }
}

/// Shows the settings file in the OS file manager. The web view names no path: this opens only
/// the app's own settings file, and the web view gets no permission of the opener plugin.
pub async fn open_settings_folder(backend: &Backend) -> Result<(), CommandError> {
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
    Err(CommandError::configuration(
        ConfigurationProblem::FolderNotOpened {
            path: folder.display().to_string(),
        },
    ))
}

/// The native open picker (or its test hook, see `pickers`): the file to import, `None` when the
/// person closed it.
pub async fn pick_import_file<R: Runtime>(app: &AppHandle<R>, backend: &Backend) -> Option<String> {
    let language = backend.spoken_language();
    let path = pickers::open(app, language, Msg::PickImportFile).await?;
    // The one way a file becomes readable by a preview: the person chose it.
    backend.allow_import_file(&path);
    Some(path.display().to_string())
}

/// "Save report…": the save picker, then the ended import's report as CSV.
pub async fn save_import_report<R: Runtime>(
    app: &AppHandle<R>,
    backend: &Backend,
) -> Result<Option<SavedFile>, CommandError> {
    let (language, filter) = (backend.spoken_language(), ("CSV", "csv"));
    let title = Msg::SaveImportReport;
    let Some(path) = pickers::save(app, language, title, "import-report.csv", filter).await else {
        return Ok(None);
    };
    backend.save_import_report(&path).map(Some)
}

/// "Export…": the save picker, then the selected environment's pets of `status` (all when
/// `None`), every page, as CSV or JSON.
pub async fn export_pets<R: Runtime>(
    app: &AppHandle<R>,
    backend: &Backend,
    status: Option<PetStatusValue>,
    format: ExportFormat,
    category_names: bool,
    progress: impl Fn(ExportProgress) + Send + Sync,
) -> Result<Option<SavedFile>, CommandError> {
    let (name, filter) = match format {
        ExportFormat::Csv => ("pets.csv", ("CSV", "csv")),
        ExportFormat::Json => ("pets.json", ("JSON", "json")),
    };
    let language = backend.spoken_language();
    let Some(path) = pickers::save(app, language, Msg::ExportPets, name, filter).await else {
        return Ok(None);
    };
    backend
        .export_pets(&path, status, format, category_names, progress)
        .await
        .map(Some)
}

/// The save picker, then the activity entries `filter` matches as CSV.
pub async fn export_activity<R: Runtime>(
    app: &AppHandle<R>,
    backend: &Backend,
    filter: ActivityFilter,
) -> Result<Option<SavedFile>, CommandError> {
    let (language, title) = (backend.spoken_language(), Msg::ExportActivity);
    let Some(path) = pickers::save(app, language, title, "activity.csv", ("CSV", "csv")).await
    else {
        return Ok(None);
    };
    backend.export_activity(&path, filter).await.map(Some)
}

/// "Export list…": the save picker, then the environment's category names as `categoryId,name`.
pub async fn export_category_names<R: Runtime>(
    app: &AppHandle<R>,
    backend: &Backend,
    environment: Environment,
) -> Result<Option<SavedFile>, CommandError> {
    let suggested = format!("categories-{environment}.csv");
    let (language, title) = (backend.spoken_language(), Msg::ExportCategoryNames);
    let Some(path) = pickers::save(app, language, title, &suggested, ("CSV", "csv")).await else {
        return Ok(None);
    };
    backend.export_category_names(environment, &path).map(Some)
}

/// "Import list…": the open picker, then the names merged into the environment's list (added,
/// never replacing one).
pub async fn import_category_names<R: Runtime>(
    app: &AppHandle<R>,
    backend: &Backend,
    environment: Environment,
) -> Result<Option<CategoryImport>, CommandError> {
    let (language, title) = (backend.spoken_language(), Msg::ImportCategoryNames);
    let Some(path) = pickers::open(app, language, title).await else {
        return Ok(None);
    };
    backend
        .import_category_names(environment, &path)
        .await
        .map(Some)
}

/// "Trust a company certificate…": the open picker, then the file checked, copied and trusted.
pub async fn trust_company_certificate<R: Runtime>(
    app: &AppHandle<R>,
    backend: &Backend,
) -> Result<Option<NetworkSettings>, CommandError> {
    let Some(path) = pickers::open_certificate(app, backend.spoken_language()).await else {
        return Ok(None);
    };
    backend.trust_company_certificate(&path).await.map(Some)
}
