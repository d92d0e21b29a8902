//! The app's activity history through `Backend`: requests listed newest first, an unknown
//! create flagged and found by "Check now", the quota's history, the settings, a quota alert.
//! Against a sandbox on 127.0.0.1 and a real SQLite file.

mod common;

use std::sync::Arc;

use common::{Collected, STAFF_KEY, sandbox, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{
    ActivityFilter, ActivityOutcome, ActivitySettings, AlertLevel, AppEvent, ClientErrorKind,
    CommandError, Environment, ErrorKind, NewPetInput, Operation, QuotaRange, Reason,
    ResolutionKind,
};
use petstore_sandbox::{Faults, Plan, SandboxConfig};
use petstore_test_support::spend_elsewhere;

fn recording_backend(dir: &std::path::Path, events: Arc<Collected>) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        events,
        tuning: Arc::new(common::quick),
        activity_path: Some(dir.join("data").join(petstore_activity::ACTIVITY_FILE)),
        ..BackendConfig::isolated()
    })
}

/// A create in Staging while `faults` hold: it must fail (its outcome unknown).
async fn create_under(
    backend: &Backend,
    sandbox: &petstore_sandbox::Sandbox,
    faults: Faults,
    name: &str,
    category: &str,
) {
    sandbox.set_faults(faults);
    let input = NewPetInput {
        name: name.into(),
        category_id: category.into(),
        status: None,
    };
    let result = backend
        .create_pet(Environment::Staging, &input, false)
        .await;
    sandbox.set_faults(Faults::default());
    assert!(result.is_err(), "{result:?}");
}

fn empty() -> SandboxConfig {
    SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
}

#[tokio::test]
async fn requests_are_listed_and_an_unknown_create_is_found_by_check_now() {
    let dir = tempfile::tempdir().unwrap();
    let events = Arc::new(Collected::default());
    let backend = recording_backend(dir.path(), events.clone());
    let sandbox = sandbox(empty()).await;
    use_staging(&backend, &sandbox, STAFF_KEY).await;
    assert!(backend.activity_status().available);

    backend.list_pets(None, Some(10)).await.unwrap();
    // The sandbox stores the pet, then drops the connection before answering.
    let faults = Faults {
        drop_rate: 1.0,
        ..Faults::default()
    };
    create_under(&backend, &sandbox, faults, "Pudding", "3").await;
    events
        .wait_for(|e| matches!(e, AppEvent::ActivityRecorded(r) if r.unconfirmed == 1))
        .await;

    let page = backend
        .list_activity(ActivityFilter::default(), 0, 50)
        .await
        .unwrap();
    assert_eq!(page.total, 2, "{page:#?}");
    let create = &page.entries[0];
    assert_eq!(create.operation, Operation::CreatePet, "newest first");
    assert_eq!(create.outcome, ActivityOutcome::Unknown);
    assert_eq!(create.environment, Environment::Staging);
    assert_eq!(page.entries[1].operation, Operation::ListPets);
    assert_eq!(backend.activity_status().unconfirmed, 1);

    let searched = backend
        .list_activity(
            ActivityFilter {
                search: Some("pudd".into()),
                ..ActivityFilter::default()
            },
            0,
            50,
        )
        .await
        .unwrap();
    assert_eq!(searched.total, 1);

    // The drop happened after the sandbox stored the pet: Check now finds it.
    let checked = backend.check_unconfirmed(&create.id).await.unwrap();
    let found = checked.found.expect("the pet was stored");
    assert_eq!(found.name, "Pudding");
    let resolution = checked.entry.resolution.expect("settled");
    assert_eq!(resolution.kind, ResolutionKind::Found);
    assert_eq!(resolution.pet_id, Some(found.id.clone()));
    assert!(backend.unconfirmed_creates().await.unwrap().is_empty());
    assert_eq!(sandbox.create_count(), 1, "checking created nothing");
}

#[tokio::test]
async fn a_create_not_found_is_created_again_only_by_try_again() {
    let dir = tempfile::tempdir().unwrap();
    let events = Arc::new(Collected::default());
    let backend = recording_backend(dir.path(), events);
    // 503 on every request: the create is refused before it is stored, outcome unknown.
    let sandbox = sandbox(empty()).await;
    use_staging(&backend, &sandbox, STAFF_KEY).await;
    let faults = Faults {
        error_rate: 1.0,
        ..Faults::default()
    };
    create_under(&backend, &sandbox, faults, "Tofu", "2").await;
    let unconfirmed = loop {
        let list = backend.unconfirmed_creates().await.unwrap();
        if !list.is_empty() {
            break list;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    let id = unconfirmed[0].id.clone();
    let checked = backend.check_unconfirmed(&id).await.unwrap();
    assert!(checked.found.is_none());
    assert!(checked.entry.resolution.is_none(), "still unconfirmed");
    assert_eq!(sandbox.create_count(), 1, "the refused POST only");

    let created = backend.retry_unconfirmed(&id).await.unwrap();
    assert_eq!(created.pet.name, "Tofu");
    assert_eq!(sandbox.create_count(), 2);
    assert!(backend.unconfirmed_creates().await.unwrap().is_empty());
    // A second "Try again" on the settled entry sends nothing.
    assert!(backend.retry_unconfirmed(&id).await.is_err());
    assert_eq!(sandbox.create_count(), 2);
}

/// One account of one request. A create answered 503 rejects with the status, the
/// server's words and why its outcome is unknown, and its activity entry keeps the same status and
/// words (never an entry of an add "never answered").
#[tokio::test]
async fn a_create_answered_503_is_told_alike_by_its_error_and_its_activity_entry() {
    let dir = tempfile::tempdir().unwrap();
    let events = Arc::new(Collected::default());
    let backend = recording_backend(dir.path(), events.clone());
    let sandbox = sandbox(empty()).await;
    use_staging(&backend, &sandbox, STAFF_KEY).await;
    sandbox.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let input = NewPetInput {
        name: "Server Says No".into(),
        category_id: "2".into(),
        status: None,
    };
    let error = backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .unwrap_err();
    assert_eq!(
        error.kind(),
        ErrorKind::Client(ClientErrorKind::OutcomeUnknown)
    );
    let answer = error.answer().expect("the service answered");
    assert_eq!(answer.status, Some(503));
    assert_eq!(answer.code.as_deref(), Some("service_unavailable"));
    let said = answer.server_message.as_deref().unwrap_or_default();
    assert!(
        said.starts_with("The service is unavailable right now"),
        "{error:?}"
    );
    assert!(
        matches!(
            &error,
            CommandError::OutcomeUnknown(unknown)
                if unknown.reason == Some(Reason::ServerError { status: 503 })
        ),
        "{error:?}"
    );

    events
        .wait_for(|e| matches!(e, AppEvent::ActivityRecorded(r) if r.unconfirmed == 1))
        .await;
    let page = backend
        .list_activity(ActivityFilter::default(), 0, 10)
        .await
        .unwrap();
    let entry = &page.entries[0];
    assert_eq!(entry.operation, Operation::CreatePet);
    assert_eq!(entry.outcome, ActivityOutcome::Unknown, "the pet may exist");
    assert_eq!(entry.status, Some(503));
    assert_eq!(entry.server_code.as_deref(), Some("service_unavailable"));
    assert_eq!(
        entry.server_message.as_deref(),
        Some("The service is unavailable right now (simulated outage).")
    );
}

#[tokio::test]
async fn the_quota_history_marks_a_429_and_an_alert_is_raised_once() {
    let dir = tempfile::tempdir().unwrap();
    let events = Arc::new(Collected::default());
    let backend = recording_backend(dir.path(), events.clone());
    let key = "tiny-alert-key";
    let config = empty().with_key(
        key,
        Plan::Enterprise {
            per_minute: 3,
            per_day: 1_000,
        },
    );
    let sandbox = petstore_sandbox::Sandbox::start(config).await.unwrap();
    use_staging(&backend, &sandbox, key).await;
    backend.list_pets(None, Some(1)).await.unwrap();
    // Another program spends the rest of the window: the app's next list meets a 429 (the
    // quick tuning does not wait it out).
    spend_elsewhere(&sandbox, key, 2).await;
    assert!(backend.list_pets(None, Some(1)).await.is_err());
    let alert = events
        .wait_for(|e| matches!(e, AppEvent::QuotaAlert(a) if a.level == AlertLevel::Exhausted))
        .await;
    let AppEvent::QuotaAlert(alert) = alert else {
        unreachable!()
    };
    assert_eq!(alert.environment, Environment::Staging);
    assert_eq!((alert.remaining, alert.limit), (Some(0), Some(3)));
    let exhausted = events
        .all()
        .into_iter()
        .filter(|e| matches!(e, AppEvent::QuotaAlert(a) if a.level == AlertLevel::Exhausted))
        .count();
    assert_eq!(exhausted, 1, "once per window");

    // Settled on disk before the panel reads it.
    events
        .wait_for(|e| matches!(e, AppEvent::ActivityRecorded(_)))
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let history = backend
        .quota_history(Environment::Staging, QuotaRange::Hour)
        .await
        .unwrap();
    assert!(!history.points.is_empty());
    assert!(
        history.points.iter().any(|p| p.remaining == 0),
        "{history:#?}"
    );
    assert!(
        !history.rate_limited.is_empty(),
        "the 429 is marked: {history:#?}"
    );
    assert!(history.today.used >= 2);

    // Alerts off: saved, and refused out of range.
    let saved = backend
        .save_activity_settings(ActivitySettings {
            retention_days: 30,
            max_entries: 50_000,
            alerts: false,
        })
        .unwrap();
    assert_eq!((saved.retention_days, saved.alerts), (30, false));
    assert!(
        backend
            .save_activity_settings(ActivitySettings {
                retention_days: 0,
                ..saved
            })
            .is_err()
    );
    let file = std::fs::read_to_string(dir.path().join("settings.json")).unwrap();
    assert!(file.contains("\"retentionDays\": 30"), "{file}");
}
