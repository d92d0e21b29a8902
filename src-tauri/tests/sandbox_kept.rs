//! The embedded sandbox keeps its pets across the app's restarts, so an id is
//! never given to two pets and an Activity search for an id finds one pet, whichever run of the
//! sandbox the entries come from. Through `Backend`, with the real sandbox, its real pets file and
//! a real SQLite history.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{ActivityFilter, ActivityPage, Environment, NewPetInput, Operation};

const SANDBOX: Environment = Environment::Sandbox;

/// The app as the desktop sets it up, in `dir`: its settings, its history, its sandbox's pets.
fn app(dir: &Path) -> Backend {
    let data = dir.join("data");
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        tuning: Arc::new(common::quick),
        activity_path: Some(data.join(petstore_activity::ACTIVITY_FILE)),
        sandbox_pets: Some(data.join("sandbox-pets.jsonl")),
        ..BackendConfig::isolated()
    })
}

async fn add(backend: &Backend, name: &str) -> String {
    let input = NewPetInput {
        name: name.into(),
        category_id: "2".into(),
        status: None,
    };
    backend
        .create_pet(SANDBOX, &input, false)
        .await
        .unwrap()
        .pet
        .id
}

/// The entries an Activity search for `search` finds, once `count` of them are written (the
/// history's writer commits on its own thread).
async fn search(backend: &Backend, search: &str, count: u32) -> ActivityPage {
    let filter = ActivityFilter {
        search: Some(search.into()),
        ..ActivityFilter::default()
    };
    for _ in 0..200 {
        let page = backend.list_activity(filter.clone(), 0, 50).await.unwrap();
        if page.total >= count {
            return page;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("fewer than {count} entries for {search:?}");
}

#[tokio::test]
async fn a_pet_added_in_the_sandbox_is_there_after_a_restart_and_its_id_is_never_given_again() {
    let dir = tempfile::tempdir().unwrap();

    let first = app(dir.path());
    assert_eq!(
        first.selected(),
        SANDBOX,
        "the sandbox is the first run's environment"
    );
    let rex = add(&first, "Rex the Second").await;
    assert_eq!(rex, "41", "after the 40 demo pets");
    first.shutdown().await;
    drop(first);

    let second = app(dir.path());
    #[allow(deprecated)]
    let found = second
        .get_pet(&rex)
        .await
        .unwrap()
        .pet
        .expect("Rex is still there");
    assert_eq!(found.name, "Rex the Second");
    let next = add(&second, "Server Says No").await;
    assert_eq!(next, "42", "a new id, not Rex's again");

    // Activity: the add in the first run and the lookup in the second are about the same pet,
    // and the pet added in the second run is not among them.
    let page = search(&second, &rex, 2).await;
    assert_eq!(page.total, 2, "{page:#?}");
    for entry in &page.entries {
        let pet = entry.pet.as_ref().expect("each is about a pet");
        assert_eq!(pet.id.as_deref(), Some(rex.as_str()), "{entry:#?}");
        assert!(
            pet.name.is_none() || pet.name.as_deref() == Some("Rex the Second"),
            "{entry:#?}"
        );
    }
    let operations: Vec<Operation> = page.entries.iter().map(|e| e.operation).collect();
    assert_eq!(operations, [Operation::GetPet, Operation::CreatePet]);
    second.shutdown().await;
}
