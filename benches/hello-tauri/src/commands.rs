//! Kept out of `main.rs`, where the command macro's generated names would clash (E0255).

/// Called once by the page after its first paint; the benchmark reads this line. The page's own
/// clock (ms since its navigation started) for its `load` event and its painted frame follow the
/// marker, so a slow start can be placed before or after the page's load.
#[tauri::command]
pub fn first_paint(load_ms: f64, paint_ms: f64) {
    println!("hello-tauri: first paint (page load {load_ms:.0} ms, painted {paint_ms:.0} ms)");
}
