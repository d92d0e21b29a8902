//! What the client hands an activity sink: one record per operation, against the sandbox over
//! real HTTP (the sink is a list in memory; the SQLite store has its own tests).

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{config_for, manual_clock, sandbox_on, sandbox_with};
use petstore_client::{
    ActivitySink, ApiKey, ErrorKind, ListQuery, NewPet, Operation, Outcome, PetstoreClient,
    RequestRecord,
};
use petstore_sandbox::{Faults, Plan, Sandbox, SandboxConfig};
use petstore_test_support::spend_elsewhere;

#[derive(Debug, Default)]
struct Collected(Mutex<Vec<RequestRecord>>);

impl ActivitySink for Collected {
    fn record(&self, record: RequestRecord) {
        self.0.lock().unwrap().push(record);
    }
}

impl Collected {
    fn take(&self) -> Vec<RequestRecord> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

fn empty() -> SandboxConfig {
    SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
}

fn recording_client(sandbox: &Sandbox) -> (PetstoreClient, Arc<Collected>) {
    let sink = Arc::new(Collected::default());
    let config = config_for(&sandbox.base_url(), manual_clock()).with_activity_sink(sink.clone());
    (PetstoreClient::new(config).unwrap(), sink)
}

#[tokio::test]
async fn a_list_and_a_create_are_recorded_with_what_came_back() {
    let sandbox = sandbox_with(empty()).await;
    let (client, sink) = recording_client(&sandbox);

    let created = client
        .create_pet(&NewPet::new("Biscuit", 7, None).unwrap())
        .await
        .unwrap();
    let query = ListQuery {
        limit: petstore_client::Limit::new(5).unwrap(),
        ..ListQuery::default()
    };
    client.list_pets(&query).await.unwrap();

    let records = sink.take();
    assert_eq!(records.len(), 2, "{records:#?}");
    let create = &records[0];
    assert_eq!(create.operation, Operation::CreatePet);
    assert_eq!(create.method, "POST");
    assert_eq!(create.path, "/v1/pets");
    assert_eq!(create.status, Some(201));
    assert_eq!(create.outcome, Outcome::Ok);
    assert_eq!(create.attempts, 1);
    assert_eq!(create.base_url, sandbox.base_url());
    let pet = create.pet.as_ref().expect("a create notes its pet");
    assert_eq!(pet.name.as_deref(), Some("Biscuit"));
    assert_eq!(pet.category_id, Some(7));
    assert_eq!(pet.id, Some(created.value.id));
    let quota = create
        .rate_limit
        .as_ref()
        .expect("the sandbox sends quota headers");
    assert!(quota.remaining.is_some());

    let list = &records[1];
    assert_eq!(list.operation, Operation::ListPets);
    assert_eq!(list.path, "/v1/pets?limit=5");
    assert_eq!(list.pets_returned, Some(1));
    assert_eq!(list.error_kind, None);
}

#[tokio::test]
async fn a_create_whose_answer_is_lost_is_recorded_as_unknown_once() {
    let sandbox = sandbox_with(empty()).await;
    let (client, sink) = recording_client(&sandbox);
    sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let err = client
        .create_pet(&NewPet::new("Ghost", 2, None).unwrap())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutcomeUnknown);

    let records = sink.take();
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!(record.outcome, Outcome::Unknown);
    assert_eq!(record.error_kind, Some(ErrorKind::OutcomeUnknown));
    assert_eq!(record.attempts, 1, "sent once");
    assert_eq!(record.status, None, "no answer was read");
    let pet = record.pet.as_ref().unwrap();
    assert_eq!(
        (pet.name.as_deref(), pet.category_id, pet.id),
        (Some("Ghost"), Some(2), None)
    );
}

/// A sandbox on `clock` allowing `key` one request a minute, whose window another program has
/// just spent.
async fn one_a_minute_spent(
    key: &str,
    clock: &Arc<petstore_client::clock::ManualClock>,
) -> Sandbox {
    let config = empty().with_key(
        key,
        Plan::Enterprise {
            per_minute: 1,
            per_day: 1_000,
        },
    );
    let sandbox = sandbox_on(config, clock).await;
    spend_elsewhere(&sandbox, key, 1).await;
    sandbox
}

#[tokio::test]
async fn a_429_counts_its_attempts_and_the_wait() {
    let clock = manual_clock();
    let key = "tiny-activity-key";
    let sandbox = one_a_minute_spent(key, &clock).await;

    let sink = Arc::new(Collected::default());
    let mut policy = common::fast_policy();
    policy.max_wait = Duration::from_secs(120);
    let config = config_for(&sandbox.base_url(), clock.clone())
        .with_api_key(ApiKey::new(key.to_owned()).unwrap())
        .with_retry(policy)
        .with_activity_sink(sink.clone());
    let client = PetstoreClient::new(config).unwrap();
    client.list_pets(&ListQuery::default()).await.unwrap();

    let records = sink.take();
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!(record.outcome, Outcome::Ok);
    assert_eq!(record.attempts, 2, "the 429 and the retry");
    assert_eq!(record.rate_limited, 1);
    assert_eq!(record.status, Some(200), "the last answer");
    assert!(
        record.waited >= Duration::from_secs(1),
        "{:?}",
        record.waited
    );
    assert!(record.duration >= record.waited);
}

#[tokio::test]
async fn a_refused_lookup_keeps_the_servers_code_and_input_refused_locally_is_not_a_request() {
    let sandbox = sandbox_with(empty()).await;
    let (client, sink) = recording_client(&sandbox);
    #[allow(deprecated)]
    let err = client.get_pet(424_242).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
    let bad = ListQuery {
        status: Some(petstore_client::PetStatus::Other("lost".into())),
        ..ListQuery::default()
    };
    assert!(client.list_pets(&bad).await.is_err());

    let records = sink.take();
    assert_eq!(
        records.len(),
        1,
        "the refused status sent nothing: {records:#?}"
    );
    let record = &records[0];
    assert_eq!(record.operation, Operation::GetPet);
    assert_eq!(record.outcome, Outcome::NotFound);
    assert_eq!(record.status, Some(404));
    assert_eq!(record.error_kind, Some(ErrorKind::NotFound));
    assert!(record.server_code.is_some());
    assert_eq!(record.pet.as_ref().and_then(|p| p.id), Some(424_242));
}

/// A create answered 503 has an unknown outcome (the pet may have been stored before
/// the failure), but the service did answer: the error and the record both keep its status and its
/// words, so the form and the history give the same account of the one request.
#[tokio::test]
async fn a_create_answered_503_is_unknown_and_keeps_the_status_and_the_servers_words() {
    let sandbox = sandbox_with(empty()).await;
    let (client, sink) = recording_client(&sandbox);
    sandbox.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let err = client
        .create_pet(&NewPet::new("Server Says No", 2, None).unwrap())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutcomeUnknown);
    let server = err
        .api_error()
        .expect("the error keeps what the service said");
    assert_eq!(
        (server.status, server.code.as_str()),
        (503, "service_unavailable")
    );

    let records = sink.take();
    assert_eq!(records.len(), 1, "{records:#?}");
    let record = &records[0];
    assert_eq!(
        record.outcome,
        Outcome::Unknown,
        "a 5xx on a create stays unknown"
    );
    assert_eq!(record.error_kind, Some(ErrorKind::OutcomeUnknown));
    assert_eq!(record.status, Some(503));
    assert_eq!(record.server_code.as_deref(), Some("service_unavailable"));
    assert_eq!(
        record.server_message.as_deref(),
        Some("The service is unavailable right now (simulated outage).")
    );
}

/// The record's status is the last attempt's: a create answered 429, sent again after the wait and
/// then left without an answer never had its outcome answered, so it carries no status (the 429 is
/// counted in `rate_limited`), and the history does not say the service answered it.
#[tokio::test]
async fn a_create_whose_retry_after_a_429_got_no_answer_records_no_status() {
    let clock = manual_clock();
    let key = "tiny-lost-key";
    let sandbox = one_a_minute_spent(key, &clock).await;
    // Every request that passes the limiter then loses its answer (the limiter answers before the
    // faults apply).
    sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });

    let sink = Arc::new(Collected::default());
    let mut policy = common::fast_policy();
    policy.max_wait = Duration::from_secs(120);
    let config = config_for(&sandbox.base_url(), clock.clone())
        .with_api_key(ApiKey::new(key.to_owned()).unwrap())
        .with_retry(policy)
        .with_activity_sink(sink.clone());
    let client = PetstoreClient::new(config).unwrap();
    let err = client
        .create_pet(&NewPet::new("Ghost", 2, None).unwrap())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutcomeUnknown);

    let records = sink.take();
    assert_eq!(records.len(), 1, "{records:#?}");
    let record = &records[0];
    assert_eq!(record.outcome, Outcome::Unknown);
    assert_eq!(
        (record.attempts, record.rate_limited),
        (2, 1),
        "the 429 and the retry"
    );
    assert_eq!(record.status, None, "the last attempt got no answer");
}

/// Looking up an id that does not exist is an answer (there is no such pet), not a
/// failure: recorded as not found, with its status and the id asked for. A lookup that fails
/// for another reason stays a failure.
#[tokio::test]
async fn a_lookup_of_an_id_that_does_not_exist_is_recorded_as_not_found_not_as_a_failure() {
    let sandbox = sandbox_with(empty()).await;
    let (client, sink) = recording_client(&sandbox);
    #[allow(deprecated)]
    let missing = client.get_pet(41).await.unwrap_err();
    assert_eq!(missing.kind(), ErrorKind::NotFound);
    sandbox.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    #[allow(deprecated)]
    let failed = client.get_pet(41).await.unwrap_err();
    assert_eq!(failed.kind(), ErrorKind::Server);

    let records = sink.take();
    assert_eq!(records.len(), 2, "{records:#?}");
    let (not_found, server) = (&records[0], &records[1]);
    assert_eq!(not_found.outcome, Outcome::NotFound);
    assert_eq!(not_found.status, Some(404));
    assert_eq!(not_found.error_kind, Some(ErrorKind::NotFound));
    assert_eq!(not_found.pet.as_ref().and_then(|p| p.id), Some(41));
    assert_eq!(server.outcome, Outcome::Error, "a 503 is still a failure");
    assert_eq!(server.status, Some(503));
}
