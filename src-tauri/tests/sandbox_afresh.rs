//! Settings → Sandbox → Start afresh: the embedded sandbox stops, its pets file is set aside
//! (renamed with the time, kept whole) and it starts with only the demo pets; a pet added after
//! that gets an id no earlier run gave, also after a restart with nothing added, after a second
//! afresh, and when the small file that remembers the highest id is unreadable. Through
//! `Backend`, with the real sandbox and its real files.

mod common;

use std::path::Path;
use std::sync::Arc;

use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{Environment, NewPetInput};

const SANDBOX: Environment = Environment::Sandbox;

fn app(dir: &Path) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        tuning: Arc::new(common::quick),
        sandbox_pets: Some(dir.join("data").join("sandbox-pets.jsonl")),
        ..BackendConfig::isolated()
    })
}

async fn add(backend: &Backend, name: &str) -> i64 {
    let input = NewPetInput {
        name: name.into(),
        category_id: "2".into(),
        status: None,
    };
    let id = backend
        .create_pet(SANDBOX, &input, false)
        .await
        .unwrap()
        .pet
        .id;
    id.parse().unwrap()
}

/// Every pet the sandbox lists now: (id, name).
async fn pets(backend: &Backend) -> Vec<(i64, String)> {
    let page = backend.list_pets(None, Some(100)).await.unwrap();
    assert!(
        page.next.is_none() && !page.may_have_more,
        "one page holds them all"
    );
    page.pets
        .into_iter()
        .map(|pet| (pet.id.parse().unwrap(), pet.name))
        .collect()
}

#[tokio::test]
async fn starting_afresh_keeps_the_old_pets_aside_and_never_gives_an_id_again() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");

    let first = app(dir.path());
    assert_eq!(
        add(&first, "Rex the Second").await,
        41,
        "after the 40 demo pets"
    );
    assert_eq!(add(&first, "Clover").await, 42);

    let afresh = first.start_sandbox_afresh().await.expect("starts afresh");
    assert_eq!(afresh.ids_from, "43");
    // The earlier pets, kept whole under a name with the time.
    let kept_as = afresh.kept_as.expect("the old file was set aside");
    let kept = std::fs::read_to_string(&kept_as).unwrap();
    assert!(kept_as.starts_with(data.to_str().unwrap()), "{kept_as}");
    assert!(
        kept_as.contains("sandbox-pets.") && kept_as.ends_with(".jsonl"),
        "{kept_as}"
    );
    assert_eq!(kept.lines().count(), 42, "{kept}");
    assert!(kept.contains("Rex the Second") && kept.contains("Clover"));

    // Only the demo pets now; the next pet's id is one no run gave.
    let now = pets(&first).await;
    assert_eq!(now.len(), 40, "{now:?}");
    assert!(now.iter().all(|(id, _)| (1..=40).contains(id)), "{now:?}");
    assert!(!now.iter().any(|(_, name)| name == "Rex the Second"));
    assert_eq!(add(&first, "Pepper the Third").await, 43);
    first.shutdown().await;
    drop(first);

    // A restart keeps the new run's pets, and its ids go on.
    let second = app(dir.path());
    assert!(
        pets(&second)
            .await
            .iter()
            .any(|(id, name)| *id == 43 && name == "Pepper the Third")
    );
    // Afresh again with nothing more added, then a restart: still above every id given.
    let again = second
        .start_sandbox_afresh()
        .await
        .expect("starts afresh again");
    assert_eq!(again.ids_from, "44");
    assert_ne!(
        again.kept_as.as_deref(),
        Some(kept_as.as_str()),
        "the first set-aside file stays as it was"
    );
    assert_eq!(std::fs::read_to_string(&kept_as).unwrap(), kept);
    second.shutdown().await;
    drop(second);

    let third = app(dir.path());
    assert_eq!(pets(&third).await.len(), 40);
    assert_eq!(
        add(&third, "Basil").await,
        44,
        "not 41: the highest id given is remembered"
    );
    third.shutdown().await;
    drop(third);

    // The small file unreadable: the files set aside still say how high ids went.
    std::fs::write(data.join("sandbox-highest-id.txt"), "not a number").unwrap();
    let fourth = app(dir.path());
    let after = fourth.start_sandbox_afresh().await.expect("starts afresh");
    assert_eq!(after.ids_from, "45");
    assert_eq!(add(&fourth, "Juniper").await, 45);
    fourth.shutdown().await;
}

#[tokio::test]
async fn without_a_data_folder_there_is_nothing_to_start_afresh_from() {
    let dir = tempfile::tempdir().unwrap();
    let backend = Backend::new(BackendConfig {
        settings_path: Some(dir.path().join("settings.json")),
        tuning: Arc::new(common::quick),
        ..BackendConfig::isolated()
    });
    let refused = backend
        .start_sandbox_afresh()
        .await
        .expect_err("the pets are not kept");
    assert_eq!(
        common::facts(&refused)["problem"],
        "noDataFolder",
        "{refused:?}"
    );
}

#[tokio::test]
async fn not_while_an_import_runs_in_this_app() {
    let dir = tempfile::tempdir().unwrap();
    let backend = Backend::new(BackendConfig {
        settings_path: Some(dir.path().join("settings.json")),
        tuning: Arc::new(common::quick),
        data_dir: Some(dir.path().join("data")),
        sandbox_pets: Some(dir.path().join("data").join("sandbox-pets.jsonl")),
        ..BackendConfig::isolated()
    });
    let file = dir.path().join("many.csv");
    let rows: String = (1..=200)
        .map(|i| format!("Pet {i},{}\n", i % 6 + 1))
        .collect();
    std::fs::write(&file, format!("name,categoryId\n{rows}")).unwrap();
    backend.allow_import_file(&file);
    backend.preview_import(&file).await.expect("preview");
    backend
        .start_import(SANDBOX, false, false)
        .await
        .expect("the import starts");
    // Paused, it is still this app's running import.
    backend.pause_import().expect("paused");

    let refused = backend
        .start_sandbox_afresh()
        .await
        .expect_err("an import is on its way to the sandbox");
    assert_eq!(
        common::facts(&refused)["problem"],
        "importRunning",
        "{refused:?}"
    );
    assert!(
        std::fs::read_dir(dir.path().join("data"))
            .unwrap()
            .flatten()
            .all(|e| !e
                .file_name()
                .to_string_lossy()
                .starts_with("sandbox-pets.2")),
        "nothing was set aside"
    );
    backend.cancel_import().expect("cancelled");
}
