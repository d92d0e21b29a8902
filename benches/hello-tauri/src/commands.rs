//! Kept out of `main.rs`, where the command macro's generated names would clash (E0255).

/// Called once by the page after its first paint; the benchmark reads this line.
#[tauri::command]
pub fn first_paint() {
    println!("hello-tauri: first paint");
}
