//! The native open and save pickers (`tauri-plugin-dialog`, called from Rust: the web view has no
//! permission of the plugin and never names a file to write).
//!
//! **Test hook.** WebDriver cannot drive a native dialog. When the variable
//! [`TEST_HOOK_OPEN_FILE`] is set, the open picker answers that path without showing a dialog;
//! when [`TEST_HOOK_SAVE_DIR`] is set, the save picker answers `<that folder>/<suggested name>`.
//! Only these two functions read them, so everything after the picker (reading, preview, import,
//! writing) runs as it does for a person. A variable, not a call from the web view: it is set by
//! whoever starts the process (the e2e harness), never by the page, and read only where
//! [`crate::test_hooks`] are honoured (never in a release people get).

use std::path::PathBuf;

use petstore_local::Language;
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_dialog::{Dialog, FileDialogBuilder};
use tokio::sync::oneshot;

use crate::words::Msg;

/// The open picker answers this path (tests only; see the module's documentation).
pub const TEST_HOOK_OPEN_FILE: &str = "PETSTORE_TEST_HOOK_OPEN_FILE";
/// The save picker answers `<this folder>/<suggested name>` (tests only).
pub const TEST_HOOK_SAVE_DIR: &str = "PETSTORE_TEST_HOOK_SAVE_DIR";

/// A file dialog, when the plugin is there (an app built without it, as in the IPC tests, has no
/// picker: it answers as if the person closed it).
fn file_dialog<R: Runtime>(app: &AppHandle<R>) -> Option<FileDialogBuilder<R>> {
    let dialog = app.try_state::<Dialog<R>>();
    if dialog.is_none() {
        log::warn!("no file picker: the dialog plugin is not set up");
    }
    dialog.map(|dialog| dialog.file())
}

fn hook(name: &str) -> Option<PathBuf> {
    crate::test_hooks::var_os(name)
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
}

/// A CSV file to read, under `title` in `language`; `None` when the person closed the picker.
pub async fn open<R: Runtime>(
    app: &AppHandle<R>,
    language: Language,
    title: Msg,
) -> Option<PathBuf> {
    let filter = Msg::CsvFilter.say(language, &[]);
    open_with(
        app,
        title.say(language, &[]),
        (&filter, &["csv", "txt"][..]),
    )
    .await
}

/// A company certificate (PEM) to trust; `None` when the person closed the picker.
pub async fn open_certificate<R: Runtime>(
    app: &AppHandle<R>,
    language: Language,
) -> Option<PathBuf> {
    let title = Msg::TrustCertificate.say(language, &[]);
    let filter = Msg::CertificateFilter.say(language, &[]);
    open_with(app, title, (&filter, &["pem", "crt", "cer"][..])).await
}

async fn open_with<R: Runtime>(
    app: &AppHandle<R>,
    title: String,
    filter: (&str, &[&str]),
) -> Option<PathBuf> {
    if let Some(path) = hook(TEST_HOOK_OPEN_FILE) {
        log::info!("open picker answered by the test hook");
        return Some(path);
    }
    let (tx, rx) = oneshot::channel();
    file_dialog(app)?
        .set_title(title)
        .add_filter(filter.0, filter.1)
        .pick_file(move |picked| {
            let _ = tx.send(picked);
        });
    rx.await
        .ok()
        .flatten()
        .and_then(|path| path.into_path().ok())
}

/// Where to write a file named `suggested` by default, under `title` in `language`, with
/// `filter`; `None` when the person closed the picker. The picker itself asks before replacing a
/// file.
pub async fn save<R: Runtime>(
    app: &AppHandle<R>,
    language: Language,
    title: Msg,
    suggested: &str,
    filter: (&str, &str),
) -> Option<PathBuf> {
    if let Some(dir) = hook(TEST_HOOK_SAVE_DIR) {
        log::info!("save picker answered by the test hook");
        return Some(dir.join(suggested));
    }
    let (tx, rx) = oneshot::channel();
    file_dialog(app)?
        .set_title(title.say(language, &[]))
        .set_file_name(suggested)
        .add_filter(filter.0, &[filter.1])
        .save_file(move |picked| {
            let _ = tx.send(picked);
        });
    rx.await
        .ok()
        .flatten()
        .and_then(|path| path.into_path().ok())
}
