//! Petstore Admin, the desktop app: a thin Tauri 2 shell over `petstore-client`.
//!
//! [`backend::Backend`] does the work and is tested without a desktop; [`ipc`] exposes it over
//! IPC with the types of [`dto`] (the contract with the UI), from the one list of commands in
//! `command_list.rs`; client events reach the UI as Tauri events through [`events`].

// First: its macros are textually scoped, and the list is used below.
#[macro_use]
mod command_list;
pub mod backend;
mod commands;
pub mod convert;
pub mod crash;
pub mod dto;
pub mod errors;
pub mod events;
pub mod ipc;
mod logging;
mod no_webview;
mod notify;
pub mod pickers;
pub mod reasons;
pub mod single_instance;
pub mod test_hooks;
pub mod updates;
pub mod window_state;
pub mod words;

use std::sync::Arc;
use std::time::Duration;

use tauri::{Emitter, Manager, RunEvent, Runtime, webview::PageLoadEvent};

use backend::{Backend, BackendConfig};
use dto::AppEvent;
use events::EventSink;

/// The main window stays hidden until its page has loaded (no white flash); this is how long it
/// may take before the window is shown anyway.
const SHOW_WINDOW_ANYWAY_AFTER: Duration = Duration::from_secs(3);
const MAIN_WINDOW: &str = "main";

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
    // First: a panic from here on leaves its message in the log file and a marker the next
    // start reports (`crash`), before the abort of a release build.
    crash::install(crash::CrashFiles::desktop());
    // Before anything else: without a web view there is nothing to show (Windows only).
    no_webview::require_runtime();
    let mut builder = tauri::Builder::default();
    // First: a second launch hands over to the first window and exits before anything else
    // starts (one pacing state per key on this computer).
    if single_instance::possible() {
        builder = builder.plugin(single_instance::plugin(|app, _args| focus_main_window(app)));
    }
    // The window's size, position and maximised state across runs (`window_state`).
    builder = builder.plugin(window_state::plugin(window_state::state_file().as_deref()));
    // Native open/save pickers for import and export, called from Rust only (`pickers`).
    builder = builder.plugin(tauri_plugin_dialog::init());
    // Signed updates; the offer found by a check waits in `Pending` for the person's yes.
    builder = builder
        .plugin(updates::plugin())
        .manage(updates::Pending::default());
    // Quota alerts (Linux: the freedesktop service, `notify`).
    #[cfg(all(not(target_os = "linux"), feature = "native-notifications"))]
    {
        builder = builder.plugin(tauri_plugin_notification::init());
    }
    let app = ipc::with_commands(builder.plugin(logging::plugin()))
        .setup(|app| {
            let events = Arc::new(TauriEvents(app.handle().clone()));
            let mut config = BackendConfig::desktop(events);
            config.notifier = Arc::new(notify::Desktop::new(app.handle().clone()));
            logging::start_up(&config);
            let backend = Backend::new(config);
            // Before the window's page loads: its first question is being answered meanwhile.
            let first_page = backend.first_page_early();
            app.manage(backend);
            let fetcher = app.handle().clone();
            tauri::async_runtime::spawn(async move {
                fetcher
                    .state::<Backend>()
                    .fetch_first_page(first_page)
                    .await;
            });
            // The config's windows exist by now, restored by the plugin as they were created.
            if let Some(window) = app.get_webview_window(MAIN_WINDOW) {
                window_state::follow(&window);
            }
            // The outboxes' senders, for the app's life: what waited before a restart goes now.
            let senders = app.handle().clone();
            tauri::async_runtime::spawn(async move {
                senders.state::<Backend>().run_outboxes().await;
            });
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
        .build(context());
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

/// The configuration built in, with plain http allowed to a loopback update address
/// (`updates::allow_loopback_http`).
fn context() -> tauri::Context<tauri::Wry> {
    let mut context = tauri::generate_context!("../tauri.conf.json");
    updates::allow_loopback_http(&mut context, &updates::startup_policy());
    context
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
