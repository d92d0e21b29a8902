//! Check now never hammers the service: a second Check now of the same entry while one runs joins
//! it (one series of requests), and a check reads a bounded number of pages, saying "could not be
//! checked" (`covered: false`) when it stopped before the end. Against a real sandbox that counts
//! every request it answers, and a real SQLite history.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use common::{Collected, STAFF_KEY, quick, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{Environment, NewPetInput};
use petstore_sandbox::{Faults, Plan, Sandbox, SandboxConfig};

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

/// `Link` paging, no demo pets, and a quota that never paces these tests.
async fn paged(config: SandboxConfig) -> Sandbox {
    let config = SandboxConfig {
        seed_demo_data: false,
        page_size_links: true,
        ..config
    }
    .with_key(
        STAFF_KEY,
        Plan::Enterprise {
            per_minute: 1_000_000,
            per_day: 1_000_000,
        },
    );
    Sandbox::start(config).await.expect("sandbox starts")
}

fn fill(server: &Sandbox, pets: usize) {
    for i in 0..pets {
        server.insert_pet(&format!("old-{i}"), 1, "available", None);
    }
}

/// A create refused with 503 before the pet is stored: unconfirmed, and not there. Its entry id.
async fn unconfirmed_create(backend: &Backend, server: &Sandbox, name: &str) -> String {
    let refused = Faults {
        error_rate: 1.0,
        ..Faults::default()
    };
    unconfirmed_under(backend, server, name, refused).await
}

/// A create whose answer is lost under `faults`: its entry id once the history has it.
async fn unconfirmed_under(
    backend: &Backend,
    server: &Sandbox,
    name: &str,
    faults: Faults,
) -> String {
    server.set_faults(faults);
    let input = NewPetInput {
        name: name.into(),
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
    loop {
        let list = backend.unconfirmed_creates().await.unwrap();
        if let Some(entry) = list.first() {
            return entry.id.clone();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn two_checks_of_one_entry_at_once_send_one_series_of_requests() {
    let server = paged(SandboxConfig::default()).await;
    fill(&server, 250);
    let dir = tempfile::tempdir().unwrap();
    let backend = backend(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    let id = unconfirmed_create(&backend, &server, "Tofu").await;

    // Slow answers, so the second click lands while the first check is reading.
    server.set_faults(Faults {
        latency: Duration::from_millis(100),
        ..Faults::default()
    });
    let before = server.request_count();
    let (first, second) = tokio::join!(
        backend.check_unconfirmed(&id),
        backend.check_unconfirmed(&id)
    );
    let (first, second) = (first.unwrap(), second.unwrap());
    assert_eq!(
        server.request_count() - before,
        3,
        "one series: three pages of 100"
    );
    assert_eq!(first, second, "the second joined the first");
    assert!(first.found.is_none() && first.covered, "{first:?}");

    // Once it has ended, Check now reads again (the list may have changed).
    server.set_faults(Faults::default());
    backend.check_unconfirmed(&id).await.unwrap();
    assert_eq!(server.request_count() - before, 6);
}

#[tokio::test]
async fn a_check_reads_at_most_the_documented_number_of_pages() {
    let server = paged(SandboxConfig::default()).await;
    // Two pages more than a check reads: the pet in doubt could be beyond them.
    fill(&server, (petstore_bulk::CHECK_MAX_PAGES + 2) * 100);
    let dir = tempfile::tempdir().unwrap();
    let backend = backend(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    let id = unconfirmed_create(&backend, &server, "Pudding").await;

    let before = server.request_count();
    let checked = backend.check_unconfirmed(&id).await.unwrap();
    assert_eq!(
        server.request_count() - before,
        petstore_bulk::CHECK_MAX_PAGES as u64
    );
    assert!(checked.found.is_none());
    assert!(
        !checked.covered,
        "stopped before the end: could not be checked"
    );
    assert!(checked.entry.resolution.is_none(), "still unconfirmed");
}

/// Lists newest first, `older` pets, then one the app created (its id in the history: known
/// to exist before the create in doubt).
async fn newest_first_with_a_known_pet(older: usize) -> (Sandbox, tempfile::TempDir, Backend) {
    let server = paged(SandboxConfig {
        newest_first: true,
        ..SandboxConfig::default()
    })
    .await;
    fill(&server, older);
    let dir = tempfile::tempdir().unwrap();
    let backend = backend(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    let input = NewPetInput {
        name: "Kai".into(),
        category_id: "6".into(),
        status: None,
    };
    backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .expect("created");
    // The history keeps instants to the millisecond: a create sent within the same millisecond
    // as this one's answer cannot be told to come after it, and the check then (rightly) does
    // not count this pet as known before. A person's next create is never that close.
    tokio::time::sleep(Duration::from_millis(20)).await;
    (server, dir, backend)
}

#[tokio::test]
async fn a_newest_first_list_is_read_only_down_to_a_pet_known_before_the_entry() {
    let (server, _dir, backend) = newest_first_with_a_known_pet(3_000).await;
    // Pets added since by others, then the create in doubt (refused, not stored).
    fill(&server, 150);
    let id = unconfirmed_create(&backend, &server, "Tofu").await;

    let before = server.request_count();
    let checked = backend.check_unconfirmed(&id).await.unwrap();
    assert_eq!(
        server.request_count() - before,
        2,
        "the 150 newer pets and the known one: two pages of 100, not all 32"
    );
    assert!(checked.found.is_none());
    assert!(
        checked.covered,
        "everything created since the entry was read"
    );
}

#[tokio::test]
async fn in_a_newest_first_list_the_newest_match_ends_the_check() {
    let (server, _dir, backend) = newest_first_with_a_known_pet(3_000).await;
    // Stored, then the connection dropped before the answer.
    let dropped = Faults {
        drop_rate: 1.0,
        ..Faults::default()
    };
    let id = unconfirmed_under(&backend, &server, "Pudding", dropped).await;
    fill(&server, 150);

    let before = server.request_count();
    let checked = backend.check_unconfirmed(&id).await.unwrap();
    assert_eq!(server.request_count() - before, 2, "down to the match");
    let found = checked.found.expect("the pet was stored");
    assert_eq!(found.name, "Pudding");
    assert_eq!(found.id, "3002", "after Kai, 3001");
    assert!(checked.covered);

    // Found: the form now names it with its id, where it said "may have been added".
    let input = NewPetInput {
        name: "Pudding".into(),
        category_id: "3".into(),
        status: None,
    };
    let again = backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .expect_err("already added");
    let petstore_admin::dto::CommandError::AlreadyAdded(added) = again else {
        panic!("alreadyAdded: {again:?}");
    };
    assert_eq!(added.earlier.pet_id.as_deref(), Some("3002"));
}
