//! A sandbox started with a pets file keeps what was added across restarts: the
//! app's sandbox is a store the clerk practises on, and everything the app remembers of it (the
//! activity history, import journals, the pets created from this computer) assumes a service that
//! keeps its pets and never gives an id twice.

mod common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use common::{Api, KEY, big_plan, start};
use petstore_sandbox::{DEMO_PETS, SandboxConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A folder of its own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "petstore-sandbox-kept-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        );
        let path = std::env::temp_dir().join(name);
        std::fs::create_dir_all(&path).unwrap();
        Scratch(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn kept_in(path: &Path) -> SandboxConfig {
    SandboxConfig {
        pets_file: Some(path.to_owned()),
        ..SandboxConfig::default()
    }
    .with_key(KEY, big_plan())
}

async fn add(api: &Api, name: &str) -> Value {
    let response = api
        .send(api.post_json(&json!({"name": name, "categoryId": 2})))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn all(api: &Api) -> Vec<Value> {
    api.send(api.get("/pets?limit=100"))
        .await
        .json()
        .await
        .unwrap()
}

async fn look_up(api: &Api, id: i64) -> (StatusCode, Value) {
    let response = api.send(api.get(&format!("/pets/{id}"))).await;
    (response.status(), response.json().await.unwrap())
}

#[tokio::test]
async fn pets_added_are_there_after_a_restart_and_no_id_is_given_twice() {
    let dir = Scratch::new();
    let file = dir.path().join("data").join("sandbox-pets.jsonl");
    let first_id = DEMO_PETS.len() as i64 + 1;

    let sandbox = start(kept_in(&file)).await;
    let api = Api::new(&sandbox);
    assert_eq!(
        all(&api).await.len(),
        DEMO_PETS.len(),
        "the demo data first"
    );
    let rex = add(&api, "Rex the Second").await;
    assert_eq!(rex["id"], first_id);
    sandbox.shutdown().await;

    let sandbox = start(kept_in(&file)).await;
    let api = Api::new(&sandbox);
    let pets = all(&api).await;
    assert_eq!(
        pets.len(),
        DEMO_PETS.len() + 1,
        "the demo data once, and Rex"
    );
    assert_eq!(
        look_up(&api, first_id).await,
        (
            StatusCode::OK,
            json!({"id": first_id, "name": "Rex the Second", "categoryId": 2, "status": "available"})
        )
    );
    let next = add(&api, "Server Says No").await;
    assert_eq!(next["id"], first_id + 1, "the next id, not Rex's again");
    sandbox.shutdown().await;

    let sandbox = start(kept_in(&file)).await;
    let api = Api::new(&sandbox);
    assert_eq!(all(&api).await.len(), DEMO_PETS.len() + 2);
    assert_eq!(
        look_up(&api, first_id + 1).await.1["name"],
        "Server Says No"
    );
}

#[tokio::test]
async fn a_line_torn_by_a_crash_is_passed_over_and_the_next_pet_is_kept_whole() {
    let dir = Scratch::new();
    let file = dir.path().join("sandbox-pets.jsonl");
    let sandbox = start(kept_in(&file)).await;
    let api = Api::new(&sandbox);
    let kept = add(&api, "Kept").await;
    sandbox.shutdown().await;
    // The app stopped in the middle of writing the next pet.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes.extend_from_slice(br#"{"id": 42, "name": "Half"#);
    std::fs::write(&file, bytes).unwrap();

    let sandbox = start(kept_in(&file)).await;
    assert_eq!(sandbox.pets_file_skipped_lines(), 1);
    let api = Api::new(&sandbox);
    assert_eq!(
        look_up(&api, kept["id"].as_i64().unwrap()).await.0,
        StatusCode::OK
    );
    let after = add(&api, "After").await;
    sandbox.shutdown().await;

    let sandbox = start(kept_in(&file)).await;
    let api = Api::new(&sandbox);
    let (status, pet) = look_up(&api, after["id"].as_i64().unwrap()).await;
    assert_eq!((status, &pet["name"]), (StatusCode::OK, &json!("After")));
    assert_eq!(sandbox.pets_file_skipped_lines(), 1, "only the torn line");
}

#[tokio::test]
async fn without_a_pets_file_every_start_is_the_demo_data_again() {
    let config = || SandboxConfig::default().with_key(KEY, big_plan());
    let sandbox = start(config()).await;
    let api = Api::new(&sandbox);
    add(&api, "Forgotten").await;
    sandbox.shutdown().await;

    let sandbox = start(config()).await;
    let api = Api::new(&sandbox);
    assert_eq!(all(&api).await.len(), DEMO_PETS.len());
}

#[tokio::test]
async fn a_pets_file_that_cannot_be_kept_stops_the_start_with_the_reason() {
    let dir = Scratch::new();
    let not_a_folder = dir.path().join("a-file");
    std::fs::write(&not_a_folder, b"").unwrap();
    let error = petstore_sandbox::Sandbox::start(kept_in(&not_a_folder.join("pets.jsonl")))
        .await
        .unwrap_err();
    assert!(error.to_string().contains("pets.jsonl"), "{error}");
}

#[tokio::test]
async fn a_pets_file_too_large_to_read_is_refused_by_name_not_read() {
    let dir = Scratch::new();
    let path = dir.path().join("pets.jsonl");
    // Sparse: 65 MiB of nothing, made without writing it.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(65 * 1024 * 1024).unwrap();
    let error = petstore_sandbox::Sandbox::start(kept_in(&path))
        .await
        .unwrap_err();
    let said = error.to_string();
    assert!(
        said.contains("pets.jsonl") && said.contains("larger than 64 MiB"),
        "{said}"
    );
}
