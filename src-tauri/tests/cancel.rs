//! Reads can be called off: by the person ("Cancel" beside a long wait), and by a change of an
//! environment's address or key, which cancels what was on its way to the old server. Never a
//! create. Real sandboxes: one that answers 429 with a long Retry-After, slow ones (latency fault).

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{Collected, STAFF_KEY, facts, sandbox, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{
    AppErrorKind, AppEvent, Environment, KeyMove, NewPetInput, PetStatusValue, Settings,
};
use petstore_client::{ClientConfig, RetryPolicy};
use petstore_sandbox::{Faults, Plan, SandboxConfig};
use petstore_test_support::raw_list;

const TINY_KEY: &str = "tiny-plan-key-0017";

/// The client's own waiting rules (it waits out a 429 and retries), allowed to wait minutes.
fn patient(config: ClientConfig) -> ClientConfig {
    config.with_retry(RetryPolicy {
        max_wait: Duration::from_secs(600),
        ..RetryPolicy::default()
    })
}

fn backend_with(
    dir: &std::path::Path,
    events: Arc<Collected>,
    tuning: fn(ClientConfig) -> ClientConfig,
) -> Arc<Backend> {
    Arc::new(Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        events,
        tuning: Arc::new(tuning),
        ..BackendConfig::isolated()
    }))
}

async fn ended_within<T>(limit: Duration, task: tokio::task::JoinHandle<T>) -> (T, Duration) {
    let started = Instant::now();
    let out = tokio::time::timeout(limit, task)
        .await
        .unwrap_or_else(|_| panic!("still running after {limit:?}"))
        .expect("joined");
    (out, started.elapsed())
}

#[tokio::test]
async fn a_cancel_ends_a_list_waiting_out_a_429_at_once_and_sends_no_retry() {
    // One request a window of two minutes: another program spends it, so the app is told to wait
    // (Retry-After up to two minutes), which it honours and would then retry.
    let server = sandbox(SandboxConfig {
        minute_window: Duration::from_secs(120),
        ban_after: 1_000,
        ..SandboxConfig::default().with_key(
            TINY_KEY,
            Plan::Enterprise {
                per_minute: 1,
                per_day: 1_000,
            },
        )
    })
    .await;
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend_with(dir.path(), events.clone(), patient);
    use_staging(&backend, &server, TINY_KEY).await;
    // The sandbox's windows are aligned to the clock: start early in one, so the wait the 429
    // imposes is long whatever the time of day.
    let into_window = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs()
        % 120;
    if into_window > 90 {
        tokio::time::sleep(Duration::from_secs(121 - into_window)).await;
    }
    assert_eq!(raw_list(&server, TINY_KEY).await, 200);
    assert_eq!(raw_list(&server, TINY_KEY).await, 429, "the quota is spent");

    let list = tokio::spawn({
        let backend = backend.clone();
        async move { backend.list_pets(None, Some(5)).await }
    });
    let waiting = events
        .wait_for(|e| matches!(e, AppEvent::Waiting(w) if w.environment == Environment::Staging))
        .await;
    let AppEvent::Waiting(waiting) = waiting else {
        unreachable!()
    };
    let until = chrono::DateTime::parse_from_rfc3339(&waiting.until).expect("RFC 3339");
    assert!(
        until.with_timezone(&chrono::Utc) > chrono::Utc::now() + chrono::TimeDelta::seconds(20),
        "a long wait: {until}"
    );
    let sent = server.request_count();

    backend.cancel_requests(Environment::Staging);
    let (outcome, took) = ended_within(Duration::from_secs(5), list).await;
    let error = outcome.expect_err("cancelled");
    assert_eq!(error.kind(), AppErrorKind::Cancelled, "{error:?}");
    assert_eq!(
        serde_json::to_value(error.kind()).expect("json"),
        "cancelled"
    );
    assert_eq!(facts(&error)["environment"], "staging", "{error:?}");
    assert!(took < Duration::from_secs(1), "ended in {took:?}");
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(server.request_count(), sent, "no retry after the cancel");
}

#[tokio::test]
async fn a_new_address_cancels_reads_of_that_environment_only_and_never_a_create() {
    let latency = Duration::from_millis(1_500);
    let old_staging = sandbox(SandboxConfig::default()).await;
    let production = sandbox(SandboxConfig::default()).await;
    let new_staging = sandbox(SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    })
    .await;
    let only_new = new_staging.insert_pet("Only on the new server", 3, "available", Some(4_242));
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend_with(dir.path(), events.clone(), common::quick);
    use_staging(&backend, &old_staging, STAFF_KEY).await;
    backend
        .save_settings(
            Settings {
                production_url: Some(production.base_url()),
                staging_url: Some(old_staging.base_url()),
            },
            None,
        )
        .await
        .expect("saved");
    backend
        .set_api_key(Environment::Production, STAFF_KEY.to_owned(), true)
        .await
        .expect("key");
    // A first answer each, so no request waits behind another key's first one (the probe).
    backend
        .list_pets(None, Some(1))
        .await
        .expect("staging answers");
    backend
        .test_connection(Environment::Production, None, false)
        .await
        .expect("production answers");
    for server in [&old_staging, &production] {
        server.set_faults(Faults {
            latency,
            ..Faults::default()
        });
    }
    let (staging_sent, production_sent) = (old_staging.request_count(), production.request_count());

    let staging_list = tokio::spawn({
        let backend = backend.clone();
        async move { backend.list_pets(None, Some(5)).await }
    });
    let production_test = tokio::spawn({
        let backend = backend.clone();
        async move {
            backend
                .test_connection(Environment::Production, None, false)
                .await
        }
    });
    let create = tokio::spawn({
        let backend = backend.clone();
        async move {
            let input = NewPetInput {
                name: "Sent before the move".to_owned(),
                category_id: "5".to_owned(),
                status: Some(PetStatusValue::Pending),
            };
            backend
                .create_pet(Environment::Staging, &input, false)
                .await
        }
    });
    // All three have reached their servers and wait for the answers.
    for _ in 0..100 {
        if old_staging.request_count() >= staging_sent + 2
            && production.request_count() > production_sent
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(old_staging.create_count(), 1, "the create has left");
    let before = events.all().len();

    backend
        .save_settings(
            Settings {
                production_url: Some(production.base_url()),
                staging_url: Some(new_staging.base_url()),
            },
            // Another server while Staging's key is stored: the person said keep it.
            Some(KeyMove::Keep),
        )
        .await
        .expect("new staging address");

    let (listed, took) = ended_within(Duration::from_secs(5), staging_list).await;
    let error = listed.expect_err("aimed at the old address");
    assert_eq!(error.kind(), AppErrorKind::Cancelled, "{error:?}");
    assert!(took < latency / 2, "ended in {took:?}, not with the answer");
    let created = ended_within(Duration::from_secs(10), create)
        .await
        .0
        .expect("the create finished where it was sent");
    assert_eq!(created.base_url, old_staging.base_url());
    assert_eq!(created.pet.name, "Sent before the move");
    let tested = ended_within(Duration::from_secs(10), production_test)
        .await
        .0
        .expect("Production's read is not Staging's");
    assert_eq!(tested.pets_seen, 1);

    let updated: Vec<Environment> = events.all()[before..]
        .iter()
        .filter_map(|e| match e {
            AppEvent::EnvironmentUpdated(u) => Some(u.environment),
            _ => None,
        })
        .collect();
    assert_eq!(updated, vec![Environment::Staging], "the UI is told, once");
    assert_eq!(
        backend.current_quota().await,
        None,
        "the old server's quota is not the new one's"
    );
    let page = backend.list_pets(None, Some(5)).await.expect("new server");
    let ids: Vec<String> = page.pets.iter().map(|p| p.id.clone()).collect();
    assert_eq!(ids, vec![only_new.to_string()]);
}

#[tokio::test]
async fn a_new_key_cancels_that_environments_reads_and_saving_the_same_address_cancels_none() {
    let latency = Duration::from_millis(1_500);
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend_with(dir.path(), events.clone(), common::quick);
    use_staging(&backend, &server, STAFF_KEY).await;
    backend.list_pets(None, Some(1)).await.expect("answers");
    server.set_faults(Faults {
        latency,
        ..Faults::default()
    });

    // Saving the addresses as they are changes no connection.
    let unchanged = tokio::spawn({
        let backend = backend.clone();
        async move { backend.list_pets(None, Some(5)).await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = events.all().len();
    backend
        .save_settings(backend.get_settings(), None)
        .await
        .expect("saved as it was");
    ended_within(Duration::from_secs(10), unchanged)
        .await
        .0
        .expect("not cancelled");
    assert!(
        !events.all()[before..]
            .iter()
            .any(|e| matches!(e, AppEvent::EnvironmentUpdated(_))),
        "nothing changed"
    );

    let lookup = tokio::spawn({
        let backend = backend.clone();
        async move { backend.get_pet("1").await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    backend
        .set_api_key(
            Environment::Staging,
            "another-staff-key-99".to_owned(),
            true,
        )
        .await
        .expect("new key");
    let (looked_up, took) = ended_within(Duration::from_secs(5), lookup).await;
    assert_eq!(
        looked_up.expect_err("aimed with the old key").kind(),
        AppErrorKind::Cancelled
    );
    assert!(took < latency, "ended in {took:?}");
    events
        .wait_for(|e| {
            matches!(e, AppEvent::EnvironmentUpdated(u) if u.environment == Environment::Staging)
        })
        .await;
}
