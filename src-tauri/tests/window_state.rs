//! The window-state plugin as the app sets it up, in Tauri's mock runtime with the app's real
//! configuration and capability: it reads and writes the file the app names (beside the settings,
//! not Tauri's own config folder), in the shape `window_state::remembered` reads, and the web
//! view cannot call it. (Restoring and clamping a real window: the e2e scenario `window`.)

use std::path::Path;

use petstore_admin::window_state::{self, Rect, Remembered, STATE_FLAGS};
use serde_json::{Value, json};
use tauri::Manager;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder};
use tauri::webview::InvokeRequest;
use tauri_plugin_window_state::AppHandleExt;

fn app(state_file: &Path) -> tauri::App<MockRuntime> {
    mock_builder()
        .plugin(window_state::plugin(Some(state_file)))
        .build(tauri::generate_context!("../tauri.conf.json"))
        .expect("app builds with the real configuration")
}

fn main_window(app: &tauri::App<MockRuntime>) -> tauri::WebviewWindow<MockRuntime> {
    match app.get_webview_window("main") {
        Some(window) => window,
        None => tauri::WebviewWindowBuilder::new(app, "main", Default::default())
            .build()
            .expect("window"),
    }
}

#[test]
fn the_plugin_keeps_its_file_where_the_app_says_in_the_shape_the_app_reads() {
    let config = tempfile::tempdir().expect("temp dir");
    let file = config.path().join(".window-state.json");
    std::fs::write(
        &file,
        json!({"main": {
            "width": 900, "height": 640, "x": 150, "y": 120, "prev_x": 0, "prev_y": 0,
            "maximized": false, "visible": true, "decorated": true, "fullscreen": false
        }})
        .to_string(),
    )
    .expect("state written");
    let app = app(&file);
    let _main = main_window(&app);

    app.handle().save_window_state(STATE_FLAGS).expect("saved");

    // The mock window is at 0,0 and reports no size, which the plugin does not save: the size
    // comes from the file it read at start, so it read ours and wrote ours.
    let text = std::fs::read_to_string(&file).expect("state file");
    assert_eq!(
        window_state::remembered(&text, "main"),
        Some(Remembered {
            rect: Rect {
                x: 0,
                y: 0,
                width: 900,
                height: 640
            },
            maximized: false,
        }),
        "{text}"
    );
    let tauri_default = app
        .path()
        .app_config_dir()
        .expect("config dir")
        .join(".window-state.json");
    assert!(
        !tauri_default.exists() || tauri_default == file,
        "nothing written to {}",
        tauri_default.display()
    );
}

#[test]
fn the_web_view_cannot_call_the_plugin() {
    let config = tempfile::tempdir().expect("temp dir");
    let app = app(&config.path().join(".window-state.json"));
    let main = main_window(&app);
    for command in ["save_window_state", "restore_state", "filename"] {
        let request = InvokeRequest {
            cmd: format!("plugin:window-state|{command}"),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().expect("url"),
            body: InvokeBody::Json(json!({"flags": STATE_FLAGS.bits(), "label": "main"})),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        let answer = get_ipc_response(&main, request)
            .map(|body| body.deserialize::<Value>().expect("json result"));
        let refusal = answer.expect_err(command);
        assert!(
            refusal.to_string().contains("not allowed"),
            "{command}: {refusal}"
        );
    }
}
