//! Transport failures, server errors, timeouts and rate limits, against the sandbox's fault
//! switches over real HTTP. A create is never sent twice unless it provably never left.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{client_for, config_for, manual_clock, sandbox_on, sandbox_with};
use petstore_client::{ClientEvent, Error, ListQuery, NewPet, PetstoreClient, WaitReason};
use petstore_sandbox::{Faults, Sandbox, SandboxConfig};
use petstore_test_support::{spend_elsewhere, tiny_quota_config};

fn empty() -> SandboxConfig {
    SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
}

fn rex() -> NewPet {
    NewPet::new("Rex", 1, None).unwrap()
}

#[tokio::test]
async fn a_create_whose_connection_drops_is_not_sent_again() {
    let sandbox = sandbox_with(empty()).await;
    let (client, clock) = client_for(&sandbox.base_url());
    sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let err = client.create_pet(&rex()).await.unwrap_err();
    assert!(matches!(err, Error::OutcomeUnknown { .. }), "{err:?}");
    assert!(err.to_string().starts_with("outcome unknown: "), "{err}");
    assert_eq!(sandbox.request_count(), 1, "exactly one POST");
    assert!(clock.sleeps().is_empty(), "no backoff: nothing was retried");

    // And indeed it was stored: checking the list is the right advice.
    sandbox.set_faults(Faults::default());
    let pets = common::default_page(&client).await;
    assert_eq!(pets.len(), 1);
}

#[tokio::test]
async fn a_create_answered_503_is_not_sent_again() {
    let sandbox = sandbox_with(empty()).await;
    let (client, _) = client_for(&sandbox.base_url());
    sandbox.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let err = client.create_pet(&rex()).await.unwrap_err();
    assert!(
        matches!(err, Error::OutcomeUnknown { ref reason, why: petstore_client::OutcomeCause::ServerError { status: 503 }, .. } if reason.contains("503")),
        "{err:?}"
    );
    assert_eq!(sandbox.request_count(), 1);
}

#[tokio::test]
async fn a_get_answered_503_is_retried_then_reported() {
    let sandbox = sandbox_with(empty()).await;
    let (client, clock) = client_for(&sandbox.base_url());
    sandbox.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let mut events = client.subscribe();
    let err = client.list_pets(&ListQuery::default()).await.unwrap_err();
    assert!(
        matches!(err, Error::Server(ref api) if api.status == 503),
        "{err:?}"
    );
    assert_eq!(sandbox.request_count(), 3, "max_attempts of the policy");
    assert_eq!(clock.sleeps().len(), 2, "a backoff before each retry");
    let mut backoffs = 0;
    while let Ok(event) = events.try_recv() {
        backoffs += usize::from(matches!(
            event,
            ClientEvent::Waiting {
                reason: WaitReason::Backoff,
                ..
            }
        ));
    }
    assert_eq!(backoffs, 2);
}

#[tokio::test]
async fn a_refused_connection_is_retried_even_for_a_create_then_reported() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let (client, clock) = client_for(&format!("http://127.0.0.1:{port}/v1"));
    let err = client.create_pet(&rex()).await.unwrap_err();
    assert!(matches!(err, Error::Network { .. }), "{err:?}");
    assert!(
        matches!(
            err,
            Error::Network {
                cause: petstore_client::NetworkCause::Refused,
                ..
            }
        ),
        "a category, not the OS's words: {err:?}"
    );
    assert!(!err.to_string().contains("os error"), "{err}");
    assert_eq!(
        clock.sleeps().len(),
        2,
        "it provably never left, so it was tried 3 times"
    );
    assert_eq!(err.to_string(), "network (Refused)");
}

async fn slow_sandbox() -> (Sandbox, PetstoreClient) {
    let sandbox = sandbox_with(empty()).await;
    let config = config_for(&sandbox.base_url(), manual_clock())
        .with_timeouts(Duration::from_secs(5), Duration::from_millis(200));
    let client = PetstoreClient::new(config).unwrap();
    // Answer once (fast) so the probe is done and the quota known.
    client.list_pets(&ListQuery::default()).await.unwrap();
    sandbox.set_faults(Faults {
        latency: Duration::from_secs(3),
        ..Faults::default()
    });
    (sandbox, client)
}

#[tokio::test]
async fn a_slow_get_times_out_after_its_retries() {
    let (sandbox, client) = slow_sandbox().await;
    let before = sandbox.request_count();
    let err = client.list_pets(&ListQuery::default()).await.unwrap_err();
    assert!(matches!(err, Error::Timeout), "{err:?}");
    assert_eq!(sandbox.request_count() - before, 3);
}

#[tokio::test]
async fn a_slow_create_is_outcome_unknown_and_sent_once() {
    let (sandbox, client) = slow_sandbox().await;
    let before = sandbox.request_count();
    let err = client.create_pet(&rex()).await.unwrap_err();
    assert!(
        matches!(err, Error::OutcomeUnknown { ref reason, why: petstore_client::OutcomeCause::Timeout, .. } if reason.contains("in time")),
        "{err:?}"
    );
    assert_eq!(sandbox.request_count() - before, 1);
}

#[tokio::test]
async fn a_passed_deadline_sends_nothing() {
    let sandbox = sandbox_with(empty()).await;
    let (client, clock) = client_for(&sandbox.base_url());
    let bounded = client.with_deadline(petstore_client::Clock::now(&*clock));
    let err = bounded.create_pet(&rex()).await.unwrap_err();
    assert!(matches!(err, Error::Timeout), "{err:?}");
    assert_eq!(sandbox.request_count(), 0);
    assert_eq!(
        bounded.deadline(),
        Some(petstore_client::Clock::now(&*clock))
    );
}

/// A key allowed 2 requests per window, on a sandbox whose clock is the client's: the client's
/// "sleep" through Retry-After moves the sandbox into the next window at once.
async fn linked_tiny_quota() -> (Sandbox, String, Arc<petstore_client::clock::ManualClock>) {
    let clock = manual_clock();
    let key = "tiny-quota-key-1";
    let sandbox = sandbox_on(tiny_quota_config(key), &clock).await;
    (sandbox, key.to_owned(), clock)
}

#[tokio::test]
async fn a_429_is_honoured_then_the_call_recovers() {
    let (sandbox, key, clock) = linked_tiny_quota().await;
    // Someone else (another program with the same key) used the window up.
    spend_elsewhere(&sandbox, &key, 2).await;
    let mut policy = common::fast_policy();
    policy.max_wait = Duration::from_secs(120);
    let config = config_for(&sandbox.base_url(), clock.clone())
        .with_api_key(petstore_client::ApiKey::new(key).unwrap())
        .with_retry(policy);
    let client = PetstoreClient::new(config).unwrap();
    let mut events = client.subscribe();

    let page = client.list_pets(&ListQuery::default()).await.unwrap();
    assert!(page.value.pets.is_empty());
    assert_eq!(sandbox.request_count(), 4, "two raw, one 429, one retry");
    assert!(
        clock.total_slept() >= Duration::from_secs(1),
        "{:?}",
        clock.sleeps()
    );
    let mut waited = false;
    while let Ok(event) = events.try_recv() {
        waited |= matches!(
            event,
            ClientEvent::Waiting {
                reason: WaitReason::RateLimited,
                ..
            }
        );
    }
    assert!(waited, "the wait was announced");
}

#[tokio::test]
async fn a_429_past_the_deadline_says_when_to_retry() {
    let (sandbox, key, clock) = linked_tiny_quota().await;
    let config = config_for(&sandbox.base_url(), clock.clone())
        .with_api_key(petstore_client::ApiKey::new(key).unwrap());
    let client = PetstoreClient::new(config).unwrap();
    client.list_pets(&ListQuery::default()).await.unwrap();
    client.list_pets(&ListQuery::default()).await.unwrap();
    let now = petstore_client::Clock::now(&*clock);
    let bounded = client.with_deadline(now + chrono::Duration::milliseconds(500));
    let err = bounded.list_pets(&ListQuery::default()).await.unwrap_err();
    match err {
        Error::RateLimited { retry_at, .. } => assert!(retry_at > now, "{retry_at} after {now}"),
        other => panic!("{other:?}"),
    }
    assert!(
        sandbox.request_count() <= 3,
        "at most one request beyond the quota"
    );
    assert!(
        clock
            .sleeps()
            .iter()
            .all(|d| *d < Duration::from_millis(500))
    );
}

#[tokio::test]
async fn a_429_learnt_by_an_earlier_run_holds_the_next_run_without_sending() {
    let (sandbox, key, clock) = linked_tiny_quota().await;
    let dir = tempfile::tempdir().unwrap();
    let memory = petstore_local::WaitMemory::at(dir.path().join("waits.json"));
    let run = || {
        let config = config_for(&sandbox.base_url(), clock.clone())
            .with_api_key(petstore_client::ApiKey::new(key.clone()).unwrap())
            .with_wait_store(std::sync::Arc::new(memory.clone()));
        PetstoreClient::new(config).unwrap()
    };
    let half_a_second = chrono::Duration::milliseconds(500);
    {
        // The first run spends the quota and meets a 429 it cannot wait out.
        let first = run();
        first.list_pets(&ListQuery::default()).await.unwrap();
        first.list_pets(&ListQuery::default()).await.unwrap();
        let now = petstore_client::Clock::now(&*clock);
        let err = first
            .with_deadline(now + half_a_second)
            .list_pets(&ListQuery::default())
            .await
            .unwrap_err();
        assert!(matches!(err, Error::RateLimited { .. }), "{err:?}");
    }
    // The run is over, and its governor with it; the next run starts afresh but for the file.
    let sent = sandbox.request_count();
    let second = run();
    let now = petstore_client::Clock::now(&*clock);
    let err = second
        .with_deadline(now + half_a_second)
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    match err {
        Error::RateLimited { retry_at, .. } => assert!(retry_at > now, "{retry_at} after {now}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        sandbox.request_count(),
        sent,
        "the second run sent nothing during the remembered wait"
    );
}
