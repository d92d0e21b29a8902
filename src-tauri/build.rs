include!("src/command_names.rs");

fn main() {
    // generate_context! embeds the built UI; without this a rebuilt UI would not reach the binary.
    println!("cargo:rerun-if-changed=../ui/dist");
    // tauri.conf.json lives at the repository root, not beside this crate: name it.
    let attributes = tauri_build::Attributes::new()
        .config_path("../tauri.conf.json")
        .app_manifest(tauri_build::AppManifest::new().commands(COMMAND_NAMES));
    if let Err(error) = tauri_build::try_build(attributes) {
        panic!("tauri-build failed: {error:#}");
    }
}
