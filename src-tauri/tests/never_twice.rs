//! The first promise through the backend: the same file picked again after a fix in the
//! preview, a pet added with the form then imported, Check now and export against a server that
//! offers no paging, and Add again asked twice at once. Against a real sandbox over HTTP, real
//! files and a real SQLite history.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use common::{Collected, STAFF_KEY, quick, sandbox, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{
    ClientErrorKind, CommandError, CreateSource, EarlierCreate, Environment, ExportFormat,
    ImportResult, NewPetInput, Repeat, RowCells,
};
use petstore_sandbox::{Faults, SandboxConfig};

fn backend(dir: &Path) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        events: Arc::new(Collected::default()),
        tuning: Arc::new(quick),
        data_dir: Some(dir.join("data")),
        activity_path: Some(dir.join("data").join(petstore_activity::ACTIVITY_FILE)),
        ..BackendConfig::isolated()
    })
}

fn empty(page_links: bool) -> SandboxConfig {
    SandboxConfig {
        seed_demo_data: false,
        page_size_links: page_links,
        ..SandboxConfig::default()
    }
}

async fn ended(backend: &Backend) -> ImportResult {
    for _ in 0..600 {
        if let Some(status) = backend.import_status()
            && !status.running
        {
            return status.result.expect("an ended import has a result");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the import did not end in 30 s");
}

/// The first unconfirmed create, once the history has it.
async fn unconfirmed(backend: &Backend) -> String {
    loop {
        let list = backend.unconfirmed_creates().await.unwrap();
        if let Some(entry) = list.first() {
            return entry.id.clone();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

const FILE: &str =
    "name,categoryId,status\nRex,3,available\nMia,,\nBo,4,sold\nIvy,5,pending\nKai,6,\n";

#[tokio::test]
async fn the_same_file_picked_again_after_a_fix_in_the_preview_adds_nothing_twice() {
    let server = sandbox(empty(true)).await;
    let dir = tempfile::tempdir().unwrap();
    let backend = backend(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    let file = dir.path().join("branch.csv");
    std::fs::write(&file, FILE).unwrap();
    backend.allow_import_file(&file);
    let preview = backend.preview_import(&file).await.unwrap();
    assert_eq!(preview.repeats, 0);
    let mia = preview.rows[0].index;
    let fix = RowCells {
        name: "Mia".into(),
        category_id: "7".into(),
        status: String::new(),
    };
    backend.fix_import_row(mia, fix.clone()).await.unwrap();
    backend
        .start_import(Environment::Staging, false, false)
        .await
        .unwrap();
    let first = ended(&backend).await;
    assert_eq!(first.counts.created, 5);
    assert_eq!(server.create_count(), 5);

    // The unchanged file again: every valid row was added, from the fixed copy of this file.
    let again = backend.preview_import(&file).await.unwrap();
    assert_eq!((again.valid_rows, again.repeats), (4, 4));
    assert_eq!(again.estimate.requests, 0, "nothing to send");
    assert_eq!(
        again.estimate_with_repeats.requests, 4,
        "the repeats, when the person adds them too"
    );
    let rex = again.rows.iter().find(|r| r.name == "Rex").unwrap();
    match rex.repeat.as_ref().expect("Rex repeats") {
        Repeat::Earlier(EarlierCreate { source, pet_id, .. }) => {
            assert_eq!(
                source,
                &CreateSource::Import {
                    file_name: "branch.csv".into(),
                    line: 2
                }
            );
            assert!(pet_id.is_some());
        }
        other => panic!("{other:?}"),
    }
    backend
        .start_import(Environment::Staging, false, false)
        .await
        .unwrap();
    let second = ended(&backend).await;
    assert_eq!((second.counts.created, second.counts.repeated), (0, 4));
    assert_eq!(second.repeated_rows.len(), 4);
    assert_eq!(server.create_count(), 5, "nothing sent twice");

    // The same fix once more is the first run's content: every row is marked as added, none
    // is offered to be added again (that import's journal skips them), nothing to send.
    backend.allow_import_file(&file);
    backend.preview_import(&file).await.unwrap();
    let fixed = backend.fix_import_row(mia, fix).await.unwrap();
    assert!(
        fixed.rows.iter().all(|row| row.repeat.is_some()),
        "{fixed:?}"
    );
    assert_eq!((fixed.repeats, fixed.estimate.requests), (0, 0));
    backend
        .start_import(Environment::Staging, true, false)
        .await
        .unwrap();
    let third = ended(&backend).await;
    assert_eq!((third.counts.created, third.counts.skipped), (0, 5));
    assert_eq!(server.create_count(), 5, "nothing sent twice");
}

#[tokio::test]
async fn a_pet_added_with_the_form_is_a_repeat_in_an_import() {
    let server = sandbox(empty(true)).await;
    let dir = tempfile::tempdir().unwrap();
    let backend = backend(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    let input = NewPetInput {
        name: "Kai".into(),
        category_id: "6".into(),
        status: None,
    };
    let created = backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .unwrap();
    let file = dir.path().join("branch.csv");
    std::fs::write(&file, FILE).unwrap();
    backend.allow_import_file(&file);
    let preview = backend.preview_import(&file).await.unwrap();
    assert_eq!(preview.repeats, 1);
    let kai = preview.rows.iter().find(|r| r.name == "Kai").unwrap();
    match kai.repeat.as_ref().expect("Kai repeats") {
        Repeat::Earlier(EarlierCreate { source, pet_id, .. }) => {
            assert_eq!(source, &CreateSource::Form);
            assert_eq!(pet_id.as_deref(), Some(created.pet.id.as_str()));
        }
        other => panic!("{other:?}"),
    }
    // The explicit choice sends it.
    backend
        .start_import(Environment::Staging, true, false)
        .await
        .unwrap();
    let result = ended(&backend).await;
    assert_eq!((result.counts.created, result.counts.repeated), (4, 0));
}

#[tokio::test]
async fn check_now_beyond_what_a_server_without_paging_lists_could_not_be_checked() {
    let server = sandbox(empty(false)).await;
    for i in 0..120 {
        server.insert_pet(&format!("old-{i}"), 1, "available", None);
    }
    let dir = tempfile::tempdir().unwrap();
    let backend = backend(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    // Stored, then the connection dropped before the answer: pet 121, beyond every list.
    server.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let input = NewPetInput {
        name: "Pudding".into(),
        category_id: "3".into(),
        status: None,
    };
    assert!(
        backend
            .create_pet(Environment::Staging, &input, false)
            .await
            .is_err()
    );
    server.set_faults(Faults::default());
    let id = unconfirmed(&backend).await;
    let checked = backend.check_unconfirmed(&id).await.unwrap();
    assert!(checked.found.is_none());
    assert!(
        !checked.covered,
        "not found where the list did not end: unchecked"
    );
    assert!(checked.entry.resolution.is_none(), "still unconfirmed");

    // The export of the same store says it may be incomplete, with what it could read.
    let path = dir.path().join("all.csv");
    let saved = backend
        .export_pets(&path, None, ExportFormat::Csv, false, |_| {})
        .await
        .unwrap();
    assert!(saved.incomplete);
    assert_eq!(saved.pets, Some(100));
}

#[tokio::test]
async fn add_again_asked_twice_at_once_adds_once() {
    let server = sandbox(empty(true)).await;
    let dir = tempfile::tempdir().unwrap();
    let backend = backend(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    // 503 before the pet is stored: an unconfirmed create, not there.
    server.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let input = NewPetInput {
        name: "Tofu".into(),
        category_id: "2".into(),
        status: None,
    };
    assert!(
        backend
            .create_pet(Environment::Staging, &input, false)
            .await
            .is_err()
    );
    server.set_faults(Faults {
        latency: Duration::from_millis(200),
        ..Faults::default()
    });
    let id = unconfirmed(&backend).await;
    let creates = server.create_count();
    let (one, two) = tokio::join!(
        backend.retry_unconfirmed(&id),
        backend.retry_unconfirmed(&id)
    );
    assert!(one.is_ok() != two.is_ok(), "{one:?} {two:?}");
    assert_eq!(server.create_count(), creates + 1);
    assert!(backend.retry_unconfirmed(&id).await.is_err(), "settled");
    assert_eq!(server.create_count(), creates + 1);
}

/// Issue 38 §1: the form's create is asked of the created record the imports use. On a server
/// that cannot page, with its answer lost, the same pet from the form again is named ("may have
/// been added") and not sent; the person's second choice sends it once; the form's add is then
/// known to an import of the same pet, and the CLI's `--allow-repeat` is the same choice.
#[tokio::test]
async fn the_form_asks_the_created_record_before_sending_the_same_pet_again() {
    let server = sandbox(empty(false)).await;
    let dir = tempfile::tempdir().unwrap();
    let backend = backend(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    server.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let input = NewPetInput {
        name: "Lost Answer".into(),
        category_id: "3".into(),
        status: None,
    };
    let lost = backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .expect_err("the answer was lost");
    assert_eq!(lost.kind(), ClientErrorKind::OutcomeUnknown);
    server.set_faults(Faults::default());
    assert_eq!(server.create_count(), 1);

    // Typed again (another case, other spaces): named, nothing sent.
    let again = NewPetInput {
        name: "lost  answer".into(),
        ..input.clone()
    };
    let refused = backend
        .create_pet(Environment::Staging, &again, false)
        .await
        .expect_err("a pet that may have been added");
    let CommandError::AlreadyAdded(added) = &refused else {
        panic!("alreadyAdded, got {refused:?}");
    };
    assert_eq!(added.environment, Environment::Staging);
    assert_eq!(added.name, "lost  answer");
    assert_eq!(added.earlier.pet_id, None, "may have been added");
    assert_eq!(added.earlier.source, CreateSource::Form);
    assert_eq!(server.create_count(), 1, "nothing sent");
    let wire = serde_json::to_value(&refused).unwrap();
    assert_eq!(wire["kind"], "alreadyAdded");
    assert_eq!(wire["earlier"]["petId"], serde_json::Value::Null);

    // The person's second, deliberate choice: sent once, and known from then on with its id.
    let created = backend
        .create_pet(Environment::Staging, &input, true)
        .await
        .expect("added again");
    assert_eq!(server.create_count(), 2);
    let CommandError::AlreadyAdded(added) = backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .expect_err("named again")
    else {
        panic!("alreadyAdded");
    };
    assert_eq!(added.earlier.pet_id, Some(created.pet.id.clone()));
    assert_eq!(server.create_count(), 2);

    // A refused create is not remembered: after a 400-free refusal (a 401), the same pet goes.
    let fresh = NewPetInput {
        name: "Refused Once".into(),
        category_id: "4".into(),
        status: None,
    };
    backend
        .set_api_key(Environment::Staging, "wrong-key".into(), true)
        .await
        .unwrap();
    let unauthorized = backend
        .create_pet(Environment::Staging, &fresh, false)
        .await
        .expect_err("401");
    assert_eq!(unauthorized.kind(), ClientErrorKind::Unauthorized);
    backend
        .set_api_key(Environment::Staging, STAFF_KEY.into(), true)
        .await
        .unwrap();
    let before = server.create_count();
    backend
        .create_pet(Environment::Staging, &fresh, false)
        .await
        .expect("provably not added before: sent");
    assert_eq!(server.create_count(), before + 1);
}
