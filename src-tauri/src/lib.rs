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
mod logging;

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
        commands::settings_problem,
        commands::open_settings_folder,
        commands::start_settings_over,
        commands::remembered_wait,
        commands::forget_wait,
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
    let mut builder = tauri::Builder::default();
    // First: a second launch hands over to the first window and exits before anything else
    // starts (one pacing state per key on this computer).
    if single_instance_possible() {
        builder = builder.plugin(tauri_plugin_single_instance::init(|app, _args, _cwd| {
            log::info!("a second launch was handed over to this window");
            focus_main_window(app);
        }));
    }
    let app = with_commands(builder.plugin(logging::plugin()))
        .setup(|app| {
            let events = Arc::new(TauriEvents(app.handle().clone()));
            let config = BackendConfig::desktop(events);
            logging::start_up(&config);
            app.manage(Backend::new(config));
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

/// On Linux the single-instance plugin meets other launches on the D-Bus session bus. With no bus
/// running it lets the app start as usual (it cannot tell then), but an address it cannot parse
/// makes it panic, which would end the app: then the app starts without it.
#[cfg(target_os = "linux")]
fn single_instance_possible() -> bool {
    match zbus::Address::session() {
        Ok(_) => true,
        Err(error) => {
            // Before the logger: the plugin that would catch this line is not set up yet.
            eprintln!(
                "Petstore Admin: the D-Bus session bus address is not usable ({error}); a second launch will not find this one"
            );
            false
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn single_instance_possible() -> bool {
    true
}

/// Brings the window to the front, as a second launch of the app asks.
fn focus_main_window<R: Runtime>(app: &tauri::AppHandle<R>) {
    let Some(window) = app.get_webview_window(MAIN_WINDOW) else {
        return;
    };
    for (step, result) in [
        ("shown", window.show()),
        ("unminimized", window.unminimize()),
        ("focused", window.set_focus()),
    ] {
        if let Err(error) = result {
            log::warn!("the main window could not be {step}: {error}");
        }
    }
}

fn show_main_window<R: Runtime>(app: &tauri::AppHandle<R>) {
    if let Some(window) = app.get_webview_window(MAIN_WINDOW)
        && !window.is_visible().unwrap_or(false)
        && let Err(error) = window.show()
    {
        log::warn!("the main window could not be shown: {error}");
    }
}
