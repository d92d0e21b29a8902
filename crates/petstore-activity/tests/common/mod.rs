//! Records as the client makes them, and a store in a temporary folder.
#![allow(dead_code)]

use std::path::Path;
use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_activity::{ActivityStore, Retention, Source};
use petstore_client::{
    Environment, ErrorKind, Operation, Outcome, PetNote, Plan, QuotaWindow, RateLimitSnapshot,
    RequestRecord,
};

pub const BASE_URL: &str = "https://api.petstore.example/v1";
pub const STAGING_URL: &str = "https://staging.petstore.example/v1";

/// An instant `seconds` after a fixed moment (2030-03-17T17:46:40Z), to the millisecond
/// as the store keeps it.
pub fn at(seconds: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(1_900_000_000 + seconds, 0).unwrap()
}

pub fn open(dir: &Path) -> ActivityStore {
    ActivityStore::open(
        &dir.join(petstore_activity::ACTIVITY_FILE),
        Retention::default(),
    )
    .expect("the store opens")
    .store
}

/// Records every record through a sink and waits until they are written.
pub fn record_all(
    store: &ActivityStore,
    source: Source,
    records: impl IntoIterator<Item = RequestRecord>,
) {
    let sink = store.sink(source);
    for record in records {
        sink.record(record);
    }
    assert!(store.flush(Duration::from_secs(30)), "the writer keeps up");
}

/// A first page of a list, answered 200 with a minute-window reading.
pub fn list(started_at: DateTime<Utc>, remaining: u64) -> RequestRecord {
    RequestRecord {
        started_at,
        environment: Environment::Production,
        base_url: BASE_URL.to_owned(),
        operation: Operation::ListPets,
        method: "GET",
        path: "/pets?limit=100".to_owned(),
        status: Some(200),
        duration: Duration::from_millis(84),
        attempts: 1,
        waited: Duration::ZERO,
        rate_limited: 0,
        outcome: Outcome::Ok,
        error_kind: None,
        server_code: None,
        server_message: None,
        rate_limit: Some(RateLimitSnapshot {
            limit: Some(60),
            remaining: Some(remaining),
            reset_at: Some(started_at + chrono::TimeDelta::seconds(30)),
            window: QuotaWindow::Minute,
            plan: Some(Plan::Free),
            observed_at: started_at + chrono::TimeDelta::milliseconds(84),
        }),
        pet: None,
        pets_returned: Some(100),
    }
}

/// A create of `name` that ended with `outcome` (an id only when it is `Ok`).
pub fn create(started_at: DateTime<Utc>, name: &str, outcome: Outcome) -> RequestRecord {
    let (status, error_kind, id) = match outcome {
        Outcome::Ok => (
            Some(201),
            None,
            Some(1_000 + started_at.timestamp() % 1_000),
        ),
        Outcome::Error => (Some(400), Some(ErrorKind::BadRequest), None),
        Outcome::Unknown => (None, Some(ErrorKind::OutcomeUnknown), None),
        Outcome::NotFound => panic!("a create is never \"not found\": that is a lookup's answer"),
    };
    RequestRecord {
        operation: Operation::CreatePet,
        method: "POST",
        path: "/pets".to_owned(),
        status,
        outcome,
        error_kind,
        server_code: (outcome == Outcome::Error).then(|| "invalid_name".to_owned()),
        server_message: (outcome == Outcome::Error).then(|| "name is too long".to_owned()),
        pet: Some(PetNote {
            name: Some(name.to_owned()),
            category_id: Some(3),
            id,
        }),
        pets_returned: None,
        ..list(started_at, 40)
    }
}
