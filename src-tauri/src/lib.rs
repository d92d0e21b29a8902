//! Petstore Admin, the desktop app: a thin Tauri 2 shell over `petstore-client`.
//!
//! [`backend::Backend`] does the work and is tested without a desktop; `commands` exposes it over
//! IPC with the types of [`dto`] (the contract with the UI); client events reach the UI as Tauri
//! events through [`events`].

pub mod backend;
mod command_names;
pub mod commands;
pub mod convert;
pub mod dto;
pub mod errors;
pub mod events;

use std::sync::Arc;
use std::time::Duration;

use tauri::{Emitter, Manager, RunEvent, Runtime, webview::PageLoadEvent};

use backend::{Backend, BackendConfig};
pub use command_names::COMMAND_NAMES;
use dto::AppEvent;
use events::EventSink;

/// The main window stays hidden until its page has loaded (no white flash); this is how long it
/// may take before the window is shown anyway.
const SHOW_WINDOW_ANYWAY_AFTER: Duration = Duration::from_secs(3);
const MAIN_WINDOW: &str = "main";

/// Registers every command of [`COMMAND_NAMES`]; the caller manages a [`Backend`].
pub fn with_commands<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(tauri::generate_handler![
        commands::list_pets,
        commands::next_page,
        commands::create_pet,
        commands::get_pet,
        commands::current_quota,
        commands::list_environments,
        commands::select_environment,
        commands::get_settings,
        commands::save_settings,
        commands::set_api_key,
        commands::clear_api_key,
        commands::key_status,
        commands::test_connection,
        commands::get_page_size,
        commands::save_page_size,
        commands::report_first_table,
    ])
}

/// Sends [`AppEvent`]s to every window of the app.
#[derive(Debug)]
pub struct TauriEvents<R: Runtime>(pub tauri::AppHandle<R>);

impl<R: Runtime> EventSink for TauriEvents<R> {
    fn emit(&self, event: AppEvent) {
        if let Err(error) = self.0.emit(event.name(), event.payload()) {
            log::warn!("event {} not delivered: {error}", event.name());
        }
    }
}

/// Starts the desktop app; returns when it exits.
pub fn run() {
    let app = with_commands(tauri::Builder::default())
        .setup(|app| {
            let events = Arc::new(TauriEvents(app.handle().clone()));
            app.manage(Backend::new(BackendConfig::desktop(events)));
            let handle = app.handle().clone();
            tauri::async_runtime::spawn(async move {
                tokio::time::sleep(SHOW_WINDOW_ANYWAY_AFTER).await;
                show_main_window(&handle);
            });
            Ok(())
        })
        .on_page_load(|webview, payload| {
            if payload.event() == PageLoadEvent::Finished {
                show_main_window(webview.app_handle());
            }
        })
        .build(tauri::generate_context!("../tauri.conf.json"));
    let app = match app {
        Ok(app) => app,
        Err(error) => {
            eprintln!("Petstore Admin could not start: {error}");
            std::process::exit(1);
        }
    };
    app.run(|handle, event| {
        if let RunEvent::Exit = event
            && let Some(backend) = handle.try_state::<Backend>()
        {
            tauri::async_runtime::block_on(backend.shutdown());
        }
    });
}

fn show_main_window<R: Runtime>(app: &tauri::AppHandle<R>) {
    if let Some(window) = app.get_webview_window(MAIN_WINDOW)
        && !window.is_visible().unwrap_or(false)
        && let Err(error) = window.show()
    {
        log::warn!("the main window could not be shown: {error}");
    }
}
