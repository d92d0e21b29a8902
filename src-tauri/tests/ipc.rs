//! Commands through Tauri's mock runtime, with the app's real configuration and capability: no
//! display needed. Proves the IPC shape (camelCase arguments and results, `CommandError`
//! rejections) and that the web view can call the app's commands and nothing more.

use std::path::Path;

use petstore_admin::backend::{Backend, BackendConfig};
use serde_json::{Value, json};
use tauri::Manager;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder};
use tauri::webview::InvokeRequest;

fn app(dir: &Path) -> tauri::App<MockRuntime> {
    let backend = Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        // The record of created pets lives there: the form's creates are checked against it.
        data_dir: Some(dir.join("data")),
        ..BackendConfig::isolated()
    });
    petstore_admin::ipc::with_commands(mock_builder())
        .manage(backend)
        .build(tauri::generate_context!("../tauri.conf.json"))
        .expect("app builds with the real configuration")
}

fn webview(app: &tauri::App<MockRuntime>, label: &str) -> tauri::WebviewWindow<MockRuntime> {
    match app.get_webview_window(label) {
        Some(window) => window,
        None => tauri::WebviewWindowBuilder::new(app, label, Default::default())
            .build()
            .expect("window"),
    }
}

fn invoke(
    webview: &tauri::WebviewWindow<MockRuntime>,
    cmd: &str,
    args: Value,
) -> Result<Value, Value> {
    let request = InvokeRequest {
        cmd: cmd.into(),
        callback: CallbackFn(0),
        error: CallbackFn(1),
        url: "tauri://localhost".parse().expect("url"),
        body: InvokeBody::Json(args),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    };
    get_ipc_response(webview, request).map(|body| body.deserialize().expect("json result"))
}

#[test]
fn results_are_camel_case_and_errors_are_command_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let main = webview(&app, "main");

    let envs = invoke(&main, "list_environments", json!({})).expect("environments");
    assert_eq!(envs[2]["id"], "sandbox");
    assert_eq!(envs[2]["localDemo"], true);
    assert_eq!(envs[2]["selected"], true);

    let error = invoke(&main, "get_pet", json!({ "id": "12abc" })).expect_err("rejected");
    assert_eq!(error["kind"], "invalidInput");
    assert_eq!(error["field"], "id");
    // Facts, not a sentence: the UI words it (messages.ts), naming the value given.
    assert_eq!(error["given"], "12abc");
    assert!(
        error.get("message").is_none(),
        "no Rust-built sentence: {error}"
    );
    // Exactly the facts of its kind, none of another's.
    let mut keys: Vec<&str> = error
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["field", "given", "kind"], "{error}");

    let error = invoke(&main, "list_pets", json!({ "status": null, "limit": 500 }))
        .expect_err("limit out of range");
    assert_eq!(
        (error["kind"].as_str(), error["field"].as_str()),
        (Some("invalidInput"), Some("limit"))
    );
}

#[test]
fn a_key_goes_in_with_camel_case_arguments_and_never_comes_out() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let main = webview(&app, "main");
    let secret = "ipc-secret-key-87654321";
    let status = invoke(
        &main,
        "set_api_key",
        json!({ "environment": "staging", "key": secret, "sessionOnly": true }),
    )
    .expect("set");
    assert_eq!(status["sessionOnly"], true);
    assert_eq!(status["masked"], "••••4321");
    assert!(!status.to_string().contains(secret));

    let saved = invoke(
        &main,
        "save_settings",
        json!({ "settings": { "productionUrl": "ftp://x.example.com/v1", "stagingUrl": null } }),
    )
    .expect_err("refused");
    assert_eq!(
        (saved["kind"].as_str(), saved["field"].as_str()),
        (Some("configuration"), Some("productionUrl"))
    );

    let pets = invoke(
        &main,
        "list_pets",
        json!({ "status": "available", "limit": 3 }),
    )
    .expect("sandbox pets");
    assert!(
        pets["pets"]
            .as_array()
            .is_some_and(|p| !p.is_empty() && p.len() <= 3)
    );
    assert!(pets["pets"][0]["categoryId"].is_string());
    tauri::async_runtime::block_on(app.state::<Backend>().shutdown());
}

#[test]
fn rows_per_page_and_the_first_table_report_go_through_ipc() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let main = webview(&app, "main");
    assert_eq!(invoke(&main, "get_page_size", json!({})), Ok(json!(20)));
    assert_eq!(
        invoke(&main, "save_page_size", json!({ "pageSize": 100 })),
        Ok(json!(100))
    );
    assert_eq!(invoke(&main, "get_page_size", json!({})), Ok(json!(100)));
    let refused = invoke(&main, "save_page_size", json!({ "pageSize": 0 })).expect_err("0");
    assert_eq!(refused["field"], "limit");
    // The UI's first page at start-up leaves the limit out: the remembered size is used.
    invoke(&main, "save_page_size", json!({ "pageSize": 3 })).expect("3 saved");
    let first =
        invoke(&main, "list_pets", json!({ "status": null, "limit": null })).expect("first page");
    assert_eq!(first["pets"].as_array().map(Vec::len), Some(3), "{first}");
    assert!(
        first["next"].is_string(),
        "more pets than one page: {first}"
    );
    assert_eq!(
        invoke(&main, "report_first_table", json!({ "rows": 40 })),
        Ok(Value::Null)
    );
    tauri::async_runtime::block_on(app.state::<Backend>().shutdown());
}

#[test]
fn create_pet_takes_the_environment_and_answers_where_it_created() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let main = webview(&app, "main");
    let created = invoke(
        &main,
        "create_pet",
        json!({ "environment": "sandbox", "allowRepeat": false,
                "input": { "name": "Slowpoke", "categoryId": "3", "status": null } }),
    )
    .expect("created in the embedded sandbox");
    assert_eq!(created["pet"]["name"], "Slowpoke");
    assert!(created["pet"]["id"].is_string(), "{created}");
    assert_eq!(created["environment"], "sandbox");
    let sandbox_url = tauri::async_runtime::block_on(app.state::<Backend>().sandbox_url());
    assert_eq!(created["baseUrl"].as_str(), sandbox_url.as_deref());

    // The same pet again is named, not sent, until the person chooses to repeat it.
    let again = json!({ "environment": "sandbox", "allowRepeat": false,
                        "input": { "name": "Slowpoke", "categoryId": "3", "status": null } });
    let error = invoke(&main, "create_pet", again).expect_err("already added");
    assert_eq!(error["kind"], "alreadyAdded", "{error}");
    assert_eq!(error["earlier"]["source"]["kind"], "form", "{error}");
    let repeat = json!({ "environment": "sandbox", "allowRepeat": true,
                         "input": { "name": "Slowpoke", "categoryId": "3", "status": null } });
    let second = invoke(&main, "create_pet", repeat).expect("the person's choice");
    assert_ne!(second["pet"]["id"], created["pet"]["id"]);

    let error = invoke(
        &main,
        "create_pet",
        json!({ "allowRepeat": false,
                "input": { "name": "Slowpoke", "categoryId": "3", "status": null } }),
    )
    .expect_err("no environment: refused, nothing sent");
    assert!(error.to_string().contains("environment"), "{error}");
    tauri::async_runtime::block_on(app.state::<Backend>().shutdown());
}

#[test]
fn test_connection_takes_the_typed_address_as_base_url() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let main = webview(&app, "main");
    let saved = invoke(
        &main,
        "test_connection",
        json!({ "environment": "sandbox", "baseUrl": null, "keyToNewServer": false }),
    )
    .expect("the embedded sandbox answers");
    assert_eq!(saved["saved"], true, "{saved}");
    assert_eq!(saved["petsSeen"], 1, "{saved}");
    // The typed address reaches the backend under the name backend.ts sends: checked there.
    let refused = invoke(
        &main,
        "test_connection",
        json!({
            "environment": "staging",
            "baseUrl": "http://pets.example.com/v1",
            "keyToNewServer": false
        }),
    )
    .expect_err("plain http to another host is refused before sending");
    assert_eq!(refused["kind"], "configuration", "{refused}");
    assert_eq!(refused["field"], "stagingUrl", "{refused}");
    // The person's answer about a stored key reaches save_settings under backend.ts's name.
    let saved = invoke(
        &main,
        "save_settings",
        json!({
            "settings": { "productionUrl": null, "stagingUrl": "https://pets.example.com/v1" },
            "keyMove": "keep"
        }),
    )
    .expect("saved");
    assert_eq!(
        saved["stagingUrl"], "https://pets.example.com/v1",
        "{saved}"
    );
    tauri::async_runtime::block_on(app.state::<Backend>().shutdown());
}

#[test]
fn every_command_is_registered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let main = webview(&app, "main");
    for name in petstore_admin::ipc::COMMAND_NAMES {
        // Missing arguments are fine here: only "not found" would be wrong.
        let answer = invoke(&main, name, json!({ "next": "x", "id": "x" }));
        let text = format!("{answer:?}");
        assert!(!text.to_lowercase().contains("not found"), "{name}: {text}");
    }
}

#[test]
fn another_window_gets_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let intruder = webview(&app, "intruder");
    let error = invoke(&intruder, "get_settings", json!({})).expect_err("not granted");
    assert!(error.to_string().contains("not allowed"), "{error}");
}

#[test]
fn the_capability_grants_exactly_the_app_commands_and_events() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("capabilities/main.json"),
    )
    .expect("capability");
    let capability: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(capability["windows"], json!(["main"]));
    let mut granted: Vec<String> = capability["permissions"]
        .as_array()
        .expect("permissions")
        .iter()
        .filter_map(|p| p.as_str().map(str::to_owned))
        .collect();
    granted.sort();
    let mut wanted: Vec<String> = petstore_admin::ipc::COMMAND_NAMES
        .iter()
        .map(|c| format!("allow-{}", c.replace('_', "-")))
        .chain([
            "core:event:allow-listen".into(),
            "core:event:allow-unlisten".into(),
        ])
        .collect();
    wanted.sort();
    assert_eq!(
        granted, wanted,
        "capabilities/main.json must grant allow-<command> for exactly the commands of \
         src/command_list.rs, plus listening to events"
    );
}

#[test]
fn every_command_is_made_from_the_list() {
    // The commands are generated from the list (`src/ipc.rs`); a `#[tauri::command]` written
    // anywhere else would be a command outside the contract (no TypeScript function, no
    // permission of the list).
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src];
    let mut outside = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("source folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs")
                && !path.ends_with("ipc.rs")
                && std::fs::read_to_string(&path)
                    .expect("source")
                    .lines()
                    .any(|line| line.trim_start().starts_with("#[tauri::command"))
            {
                outside.push(path);
            }
        }
    }
    assert_eq!(outside, Vec::<std::path::PathBuf>::new());
    assert!(petstore_admin::ipc::COMMAND_NAMES.contains(&"list_pets"));
}
