//! The CLI's entries in the app: a spool a CLI run left behind (its helper never moved it in) is
//! moved into the history by the app on its own, listed in Activity and announced to the UI.
//! A real SQLite file and a real spool file in a temporary folder.

mod common;

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use common::Collected;
use petstore_activity::{Source, Spool};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{ActivityFilter, ActivitySource, AppEvent};
use petstore_client::{Environment, Operation, Outcome, RequestRecord};

fn cli_list(path: &str) -> RequestRecord {
    RequestRecord {
        started_at: Utc::now(),
        environment: Environment::Sandbox,
        base_url: "http://127.0.0.1:4780/v1".to_owned(),
        operation: Operation::ListPets,
        method: "GET",
        path: path.to_owned(),
        status: Some(200),
        duration: Duration::from_millis(3),
        attempts: 1,
        waited: Duration::ZERO,
        rate_limited: 0,
        outcome: Outcome::Ok,
        error_kind: None,
        server_code: None,
        server_message: None,
        rate_limit: None,
        pet: None,
        pets_returned: Some(1),
    }
}

#[tokio::test]
async fn a_spool_a_cli_run_left_is_moved_in_listed_and_announced() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let spool_dir = data.join(petstore_activity::SPOOL_DIR);
    let spool = Spool::create(&spool_dir, Source::Cli).unwrap();
    spool.sink().record(cli_list("/v1/pets?limit=1"));
    spool.sink().record(cli_list("/v1/pets?limit=2"));
    drop(spool);

    let events = Arc::new(Collected::default());
    let backend = Backend::new(BackendConfig {
        settings_path: Some(dir.path().join("settings.json")),
        events: events.clone(),
        tuning: Arc::new(common::quick),
        activity_path: Some(data.join(petstore_activity::ACTIVITY_FILE)),
        ..BackendConfig::isolated()
    });
    events
        .wait_for(|e| matches!(e, AppEvent::ActivityRecorded(_)))
        .await;

    let page = backend
        .list_activity(ActivityFilter::default(), 0, 50)
        .await
        .unwrap();
    assert_eq!(page.total, 2, "{page:#?}");
    assert!(page.entries.iter().all(|e| e.source == ActivitySource::Cli));
    assert_eq!(page.entries[0].path, "/v1/pets?limit=2", "newest first");
    assert_eq!(std::fs::read_dir(&spool_dir).unwrap().count(), 0, "deleted");
}
