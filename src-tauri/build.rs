// The command list (macros only): build.rs cannot use the crate it builds.
include!("src/command_list.rs");

/// Every command's IPC name, from the one list.
const COMMAND_NAMES: &[&str] = with_commands!(command_names);

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
