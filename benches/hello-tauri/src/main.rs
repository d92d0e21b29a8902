//! The baseline of `cargo xtask bench-startup`: one window with a heading, built with the same
//! tauri features, CSP style and release profile as Petstore Admin. Its page reports its first
//! paint through one command, which prints the marker line the benchmark waits for.

// No console window on Windows release builds, like the app.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod commands;

fn main() {
    let app = tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![commands::first_paint])
        .run(tauri::generate_context!());
    if let Err(error) = app {
        eprintln!("hello-tauri could not start: {error}");
        std::process::exit(1);
    }
}
