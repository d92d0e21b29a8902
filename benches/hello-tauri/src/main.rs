//! The baseline of `cargo xtask bench-startup`: one window with a heading, built with the same
//! tauri features, CSP style, release profile and window settings as Petstore Admin. Its page
//! reports its first paint through one command, which prints the marker line the benchmark waits
//! for.

// No console window on Windows release builds, like the app.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod commands;

use tauri::Manager;
use tauri::webview::PageLoadEvent;

fn main() {
    let app = tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![commands::first_paint])
        // Like the app (src-tauri lib.rs): the window is created hidden and shown once its page
        // has loaded. A window shown at creation made this baseline's start bimodal
        // (BENCHMARKS.md).
        .on_page_load(|webview, payload| {
            if payload.event() == PageLoadEvent::Finished
                && let Some(window) = webview.app_handle().get_webview_window("main")
                && let Err(error) = window.show()
            {
                eprintln!("hello-tauri could not show its window: {error}");
            }
        })
        .run(tauri::generate_context!());
    if let Err(error) = app {
        eprintln!("hello-tauri could not start: {error}");
        std::process::exit(1);
    }
}
