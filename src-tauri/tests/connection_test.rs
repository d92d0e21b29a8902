//! Test connection with an address typed in Settings and not saved yet: it tries
//! that address with the key the environment would send, says it is not saved, and leaves the
//! environment's own client (its address, quota and events) as it was.

mod common;

use std::sync::Arc;

use chrono::{TimeDelta, Utc};
use common::{Collected, STAFF_KEY, backend, facts, sandbox, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{AppEvent, ClientErrorKind, Environment, Field};
use petstore_client::{ApiKey, WaitStore};
use petstore_local::WaitMemory;
use petstore_sandbox::{Plan, SandboxConfig};

/// A plan whose limit tells its quota apart from the saved server's (Pro: 300 a minute).
const OTHER_PLAN: Plan = Plan::Enterprise {
    per_minute: 77,
    per_day: 7_000,
};

fn quota_limits(events: &Collected) -> Vec<Option<u32>> {
    events
        .all()
        .into_iter()
        .filter_map(|e| match e {
            AppEvent::Quota(q) => Some(q.limit),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn an_unsaved_address_is_tested_and_the_saved_client_is_left_alone() {
    let saved_server = sandbox(SandboxConfig::default()).await;
    let typed_server = petstore_sandbox::Sandbox::start(
        SandboxConfig {
            seed_demo_data: false,
            ..SandboxConfig::default()
        }
        .with_key(STAFF_KEY, OTHER_PLAN),
    )
    .await
    .expect("second sandbox starts");
    typed_server.insert_pet("Typed Tilly", 3, "available", Some(4_242));
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), None, events.clone());
    use_staging(&backend, &saved_server, STAFF_KEY).await;
    backend
        .list_pets(None, Some(5))
        .await
        .expect("the saved server answers");
    let before = backend
        .current_quota()
        .await
        .expect("a quota from the saved server");
    assert_eq!(before.limit, Some(300));
    let saved_requests = saved_server.request_count();

    // Another server than the saved one: the stored key goes there only once the person said so.
    let asked = backend
        .test_connection(Environment::Staging, Some(&typed_server.base_url()), false)
        .await
        .expect_err("the stored key is not sent to another server unasked");
    assert_eq!(facts(&asked)["problem"], "keyWouldMove", "{asked:?}");
    assert_eq!(facts(&asked)["environment"], "staging");
    assert_eq!(facts(&asked)["address"], typed_server.base_url().as_str());
    assert_eq!(
        typed_server.request_count(),
        0,
        "nothing was sent before the answer"
    );

    let test = backend
        .test_connection(Environment::Staging, Some(&typed_server.base_url()), true)
        .await
        .expect("the typed address answers");

    assert!(!test.saved, "the typed address is not saved yet");
    assert_eq!(test.base_url, typed_server.base_url());
    assert_eq!(test.pets_seen, 1);
    assert_eq!(test.quota.expect("quota headers").limit, Some(77));
    assert_eq!(
        typed_server.request_count(),
        1,
        "one request to the typed address"
    );
    assert_eq!(
        saved_server.request_count(),
        saved_requests,
        "nothing sent to the saved address"
    );
    // The environment still works with its saved address, and the gauge still shows its quota:
    // the test's quota reached neither.
    let after = backend
        .current_quota()
        .await
        .expect("still the saved quota");
    assert_eq!(after.limit, Some(300));
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert!(
        !quota_limits(&events).contains(&Some(77)),
        "the test's quota was not sent to the gauge: {:?}",
        quota_limits(&events)
    );
    let page = backend
        .list_pets(None, Some(5))
        .await
        .expect("saved server");
    assert!(page.pets.iter().all(|p| p.name != "Typed Tilly"));
    assert_eq!(saved_server.request_count(), saved_requests + 1);
    assert_eq!(
        backend.get_settings().staging_url.as_deref(),
        Some(saved_server.base_url().as_str()),
        "the saved address is unchanged"
    );
    backend.shutdown().await;
}

#[tokio::test]
async fn the_saved_address_typed_again_is_tested_as_saved() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    // With a trailing slash: the same address once checked.
    let typed = format!("  {}/ ", server.base_url());
    let test = backend
        .test_connection(Environment::Staging, Some(&typed), false)
        .await
        .expect("connected");
    assert!(test.saved);
    assert_eq!(test.base_url, server.base_url());
    backend.shutdown().await;
}

#[tokio::test]
async fn an_unusable_typed_address_is_refused_like_one_being_saved_and_nothing_is_sent() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    for typed in [
        "http://pets.example.com/v1",
        "https://pets.example.com/api",
        "not an address",
    ] {
        let error = backend
            .test_connection(Environment::Staging, Some(typed), false)
            .await
            .expect_err("refused before sending");
        assert_eq!(
            error.kind(),
            ClientErrorKind::Configuration,
            "{typed}: {error:?}"
        );
        assert_eq!(error.field(), Some(Field::StagingUrl), "{typed}");
    }
    assert_eq!(server.request_count(), 0);
    backend.shutdown().await;
}

#[tokio::test]
async fn a_typed_address_without_a_stored_key_sends_nothing() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    let error = backend
        .test_connection(Environment::Production, Some(&server.base_url()), false)
        .await
        .expect_err("no key for Production");
    assert_eq!(error.kind(), ClientErrorKind::Configuration, "{error:?}");
    assert_eq!(server.request_count(), 0);
    backend.shutdown().await;
}

#[tokio::test]
async fn a_wait_remembered_for_the_typed_address_and_key_holds_the_test_back() {
    let saved_server = sandbox(SandboxConfig::default()).await;
    let typed_server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let waits = WaitMemory::at(dir.path().join("rate-limit-waits.json"));
    let now = Utc::now();
    let until = now + TimeDelta::minutes(10);
    let key = ApiKey::new(STAFF_KEY.to_owned()).expect("key");
    waits.remember(&typed_server.base_url(), &key, until, now);
    let backend = Backend::new(BackendConfig {
        settings_path: Some(dir.path().join("settings.json")),
        wait_memory: Some(waits),
        events: Arc::new(Collected::default()),
        tuning: Arc::new(common::quick),
        ..BackendConfig::isolated()
    });
    use_staging(&backend, &saved_server, STAFF_KEY).await;

    let error = backend
        .test_connection(Environment::Staging, Some(&typed_server.base_url()), true)
        .await
        .expect_err("held back by the wait the service asked for");
    assert_eq!(error.kind(), ClientErrorKind::RateLimited, "{error:?}");
    assert!(error.retry_at().is_some(), "says when to try again");
    assert_eq!(typed_server.request_count(), 0, "nothing was sent");
    // The saved address has no wait: the environment itself is not held back.
    backend
        .list_pets(None, Some(5))
        .await
        .expect("the saved address is not held back");
    backend.shutdown().await;
}
