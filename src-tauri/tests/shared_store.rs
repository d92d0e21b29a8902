//! Settings → Shared store against a real PostgreSQL the test starts (Debian's `postgresql`, a
//! temporary cluster on loopback): a wrong password is named and keeps nothing; a test proves
//! and keeps nothing; a connect keeps the address and the password (in the keychain, here an
//! in-memory one); the header's state follows the server stopped and started again; a
//! disconnect takes both away.
#![cfg(unix)]

mod common;

use std::sync::Arc;

use common::{Collected, backend, mock_keychain};
use petstore_admin::dto::{
    CommandError, SharedStoreInput, SharedStoreProblem, SharingState, StoreSetBy,
};
use petstore_test_support::postgres::TestPostgres;

const USER: &str = "front_desk";
const PASSWORD: &str = "desk secret";

/// A cluster with a desk user that owns the database `petstore` (its first connect creates the
/// store).
fn cluster() -> TestPostgres {
    TestPostgres::with_store_owner(USER, PASSWORD, "petstore")
}

fn input(pg: &TestPostgres, desk: &str) -> SharedStoreInput {
    SharedStoreInput {
        host: pg.host().to_owned(),
        port: pg.port(),
        database: "petstore".into(),
        user: USER.into(),
        desk: Some(desk.into()),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn test_connect_state_and_disconnect_keep_only_what_was_proven() {
    let mut pg = cluster();
    let dir = tempfile::tempdir().expect("temp dir");
    let (keychain, _store) = mock_keychain();
    let backend = backend(dir.path(), Some(keychain), Arc::new(Collected::default()));
    assert_eq!(backend.sharing_state().await, SharingState::Off);

    // A wrong password: named, and nothing kept.
    let wrong = backend
        .connect_shared_store(input(&pg, "COUNTER"), Some("not it".into()))
        .await
        .expect_err("refused");
    assert_eq!(
        wrong,
        CommandError::SharedStore(SharedStoreProblem::StoreSignIn { user: USER.into() })
    );
    let view = backend.shared_store().await;
    assert_eq!(view.store, None);
    assert!(!view.password_stored);

    // A test proves and keeps nothing.
    let proof = backend
        .test_shared_store(input(&pg, "COUNTER"), Some(PASSWORD.into()))
        .await
        .expect("proven");
    assert!(!proof.encrypted, "loopback needs no TLS");
    assert_eq!(proof.desk, "COUNTER");
    assert_eq!(proof.schema_version, proof.known_version);
    assert_eq!(proof.joined_new, None);
    assert_eq!(backend.shared_store().await.store, None);
    let settings = std::fs::read_to_string(dir.path().join("settings.json")).unwrap_or_default();
    assert!(!settings.contains("sharedStore"), "{settings}");

    // Connect keeps the address in the settings file and the password only in the keychain.
    let proof = backend
        .connect_shared_store(input(&pg, "COUNTER"), Some(PASSWORD.into()))
        .await
        .expect("connected");
    assert_eq!(proof.joined_new, Some(0));
    let view = backend.shared_store().await;
    let store = view.store.expect("kept");
    assert_eq!(store.desk_name, "COUNTER");
    assert_eq!(store.set_by, StoreSetBy::Person);
    assert!(view.password_stored);
    let settings = std::fs::read_to_string(dir.path().join("settings.json")).expect("written");
    assert!(settings.contains("sharedStore"), "{settings}");
    assert!(
        !settings.contains(PASSWORD),
        "the password stays out of files"
    );

    // The kept password serves a test with none typed, and the header's state.
    backend
        .test_shared_store(input(&pg, "COUNTER"), None)
        .await
        .expect("the kept password");
    let sharing = backend.sharing_state().await;
    assert!(
        matches!(&sharing, SharingState::Sharing { desk, .. } if desk == "COUNTER"),
        "{sharing:?}"
    );

    // The server stopped: not sharing, named; started again: sharing again.
    pg.stop();
    let down = backend.sharing_state().await;
    assert!(
        matches!(
            &down,
            SharingState::NotSharing {
                problem: SharedStoreProblem::StoreUnreachable { .. },
                ..
            }
        ),
        "{down:?}"
    );
    pg.start_again();
    assert!(
        matches!(backend.sharing_state().await, SharingState::Sharing { .. }),
        "back"
    );

    // Disconnect: the address and the password go.
    let view = backend
        .disconnect_shared_store()
        .await
        .expect("disconnected");
    assert_eq!(view.store, None);
    assert!(!view.password_stored);
    assert_eq!(backend.sharing_state().await, SharingState::Off);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_second_desk_sees_the_first_and_an_empty_form_field_is_refused_before_connecting() {
    let pg = cluster();
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let desk_a = backend(
        dir_a.path(),
        Some(mock_keychain().0),
        Arc::new(Collected::default()),
    );
    let desk_b = backend(
        dir_b.path(),
        Some(mock_keychain().0),
        Arc::new(Collected::default()),
    );
    desk_a
        .connect_shared_store(input(&pg, "COUNTER"), Some(PASSWORD.into()))
        .await
        .expect("first desk");
    // The first desk is seen once it left a trace (a create it claimed); a connect alone
    // leaves none.
    pg.sql(
        "petstore",
        "INSERT INTO petstore_claims (environment, desk, account, claim_key, fingerprint, \
         pet_group, name, category_id, source_kind, state, pet_id, settled_at) \
         VALUES ('http://127.0.0.1:1/v1', 'COUNTER', 'clerk', 'single:1', 'f', 'g', 'Rex', 1, \
         'form', 'created', 7, now())",
    );

    let mut empty = input(&pg, "BACK-OFFICE");
    empty.database = "  ".into();
    let refused = desk_b
        .test_shared_store(empty, Some(PASSWORD.into()))
        .await
        .expect_err("refused");
    assert!(
        matches!(
            &refused,
            CommandError::SharedStore(SharedStoreProblem::StoreInvalidSetting { setting, .. })
                if setting == "database"
        ),
        "{refused:?}"
    );
    let proof = desk_b
        .connect_shared_store(input(&pg, "BACK-OFFICE"), Some(PASSWORD.into()))
        .await
        .expect("second desk");
    assert_eq!(proof.desk, "BACK-OFFICE");
    assert_eq!(proof.other_desks, 1, "COUNTER seen from the back office");
}

fn rex() -> petstore_admin::dto::NewPetInput {
    petstore_admin::dto::NewPetInput {
        name: "Shared Rex".into(),
        category_id: "1".into(),
        status: Some(petstore_admin::dto::PetStatusValue::Available),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_forms_create_is_claimed_for_every_desk_and_another_desk_is_told_who_added_it() {
    use petstore_admin::dto::Environment;

    let mut pg = cluster();
    let server = common::sandbox(petstore_sandbox::SandboxConfig::default()).await;
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let counter = backend(
        dir_a.path(),
        Some(mock_keychain().0),
        Arc::new(Collected::default()),
    );
    let back_office = backend(
        dir_b.path(),
        Some(mock_keychain().0),
        Arc::new(Collected::default()),
    );
    for (desk, name) in [(&counter, "COUNTER"), (&back_office, "BACK-OFFICE")] {
        common::use_staging(desk, &server, common::STAFF_KEY).await;
        desk.connect_shared_store(input(&pg, name), Some(PASSWORD.into()))
            .await
            .expect("connected");
    }

    let created = counter
        .create_pet(Environment::Staging, &rex(), false)
        .await
        .expect("added at the counter");
    let row = pg.sql(
        "petstore",
        "SELECT desk, state, pet_id FROM petstore_claims WHERE name = 'Shared Rex'",
    );
    assert_eq!(
        row,
        format!("COUNTER|created|{}", created.pet.id),
        "settled"
    );

    // The back office has never added it itself: the shared record says who did.
    let creates = server.create_count();
    let refused = back_office
        .create_pet(Environment::Staging, &rex(), false)
        .await
        .expect_err("already added");
    let CommandError::AlreadyAdded(added) = refused else {
        panic!("{refused:?}");
    };
    assert_eq!(added.earlier.desk.as_deref(), Some("COUNTER"));
    assert_eq!(added.earlier.pet_id, Some(created.pet.id.clone()));
    assert_eq!(server.create_count(), creates, "nothing sent");

    // The person's deliberate second one goes, and is recorded as such.
    back_office
        .create_pet(Environment::Staging, &rex(), true)
        .await
        .expect("added again");
    assert_eq!(server.create_count(), creates + 1);
    let again = pg.sql(
        "petstore",
        "SELECT count(*) FROM petstore_claims WHERE name = 'Shared Rex' AND again",
    );
    assert_eq!(again, "1");

    // The store down: the form still adds, on this computer's record alone.
    pg.stop();
    let mut luna = rex();
    luna.name = "Shared Luna".into();
    back_office
        .create_pet(Environment::Staging, &luna, false)
        .await
        .expect("added without the store");
    assert_eq!(server.create_count(), creates + 2);
}

/// A desk of the app with its own data folder (import journals, this computer's record).
fn desk_with_data(dir: &std::path::Path) -> petstore_admin::backend::Backend {
    petstore_admin::backend::Backend::new(petstore_admin::backend::BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        keychain: Some(mock_keychain().0).into(),
        events: Arc::new(Collected::default()),
        tuning: Arc::new(common::quick),
        data_dir: Some(dir.join("data")),
        ..petstore_admin::backend::BackendConfig::isolated()
    })
}

async fn import_ended(
    desk: &petstore_admin::backend::Backend,
) -> petstore_admin::dto::ImportResult {
    for _ in 0..1200 {
        if let Some(status) = desk.import_status()
            && !status.running
        {
            return status.result.expect("an ended import has a result");
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the import did not end in 60 s");
}

#[tokio::test(flavor = "multi_thread")]
async fn two_desks_importing_one_file_at_once_in_the_app_create_each_pet_once() {
    use petstore_admin::dto::Environment;
    use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

    let pg = cluster();
    // A plan bulk work never waits on: the test is the claims', not the pace's.
    let server = Sandbox::start(
        SandboxConfig {
            seed_demo_data: false,
            ..SandboxConfig::default()
        }
        .with_key(
            common::STAFF_KEY,
            Plan::Enterprise {
                per_minute: 100_000,
                per_day: 10_000_000,
            },
        ),
    )
    .await
    .expect("sandbox");
    let files = tempfile::tempdir().unwrap();
    let file = files.path().join("shelter.csv");
    let rows: String = (0..40)
        .map(|i| format!("Shared pet {i},1,available\n"))
        .collect();
    std::fs::write(&file, format!("name,categoryId,status\n{rows}")).unwrap();

    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (counter, back_office) = (desk_with_data(dir_a.path()), desk_with_data(dir_b.path()));
    for (desk, name) in [(&counter, "COUNTER"), (&back_office, "BACK-OFFICE")] {
        common::use_staging(desk, &server, common::STAFF_KEY).await;
        desk.connect_shared_store(input(&pg, name), Some(PASSWORD.into()))
            .await
            .expect("connected");
        desk.allow_import_file(&file);
        desk.preview_import(&file).await.expect("preview");
    }
    let (a, b) = tokio::join!(
        counter.start_import(Environment::Staging, false, false),
        back_office.start_import(Environment::Staging, false, false)
    );
    a.expect("started at the counter");
    b.expect("started in the back office");
    let (a, b) = tokio::join!(import_ended(&counter), import_ended(&back_office));
    assert_eq!(a.counts.created + b.counts.created, 40, "{a:?} {b:?}");
    assert_eq!(server.create_count(), 40, "every pet once");
    let settled = pg.sql(
        "petstore",
        "SELECT count(*) FROM petstore_claims WHERE state = 'created'",
    );
    assert_eq!(settled, "40");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_import_while_the_store_is_down_asks_first_and_sends_nothing_until_the_yes() {
    use petstore_admin::dto::Environment;

    let mut pg = cluster();
    let server = common::sandbox(petstore_sandbox::SandboxConfig::default()).await;
    let files = tempfile::tempdir().unwrap();
    let file = files.path().join("branch.csv");
    std::fs::write(&file, "name,categoryId\nDown Rex,1\nDown Mia,2\n").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let desk = desk_with_data(dir.path());
    common::use_staging(&desk, &server, common::STAFF_KEY).await;
    desk.connect_shared_store(input(&pg, "COUNTER"), Some(PASSWORD.into()))
        .await
        .expect("connected");
    pg.stop();
    desk.allow_import_file(&file);
    desk.preview_import(&file).await.expect("preview");

    let creates = server.create_count();
    let asked = desk
        .start_import(Environment::Staging, false, false)
        .await
        .expect_err("asks first");
    assert!(
        matches!(
            &asked,
            CommandError::SharedStore(SharedStoreProblem::StoreUnchecked { address })
                if address.contains("/petstore")
        ),
        "{asked:?}"
    );
    assert!(desk.import_status().is_none_or(|s| !s.running));
    // The person's yes: imported on this computer's record alone.
    desk.start_import(Environment::Staging, false, true)
        .await
        .expect("imported without checking");
    let ended = import_ended(&desk).await;
    assert_eq!(ended.counts.created, 2);
    assert_eq!(server.create_count(), creates + 2);
}
