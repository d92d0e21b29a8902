fn main() {
    println!("cargo:rerun-if-changed=dist");
    // Like the app: its one command is granted through the app manifest, nothing else.
    let attributes = tauri_build::Attributes::new()
        .app_manifest(tauri_build::AppManifest::new().commands(&["first_paint"]));
    if let Err(error) = tauri_build::try_build(attributes) {
        panic!("tauri-build failed: {error:#}");
    }
}
