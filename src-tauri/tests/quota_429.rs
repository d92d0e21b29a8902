//! One count of 429 answers: the quota panel counts every attempt answered 429 (an operation
//! answered 429 twice counts two), while the operation still waits the answer out and after its
//! Activity entry is written, the same number as the entry's "answered 429 … twice". Against a
//! sandbox on 127.0.0.1 whose tiny quota another desk spends, and a real SQLite file.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use common::{Collected, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{ActivityFilter, Environment, QuotaRange};
use petstore_client::{ClientConfig, RetryPolicy};
use petstore_sandbox::{Plan, SandboxConfig};
use petstore_test_support::raw_list;

const KEY: &str = "two-429s-key";

/// Retries as the app does (a 429 is waited out, then sent again), with short timeouts.
fn patient(config: ClientConfig) -> ClientConfig {
    config
        .with_timeouts(Duration::from_secs(2), Duration::from_secs(5))
        .with_retry(RetryPolicy::default())
}

#[tokio::test]
async fn a_request_answered_429_twice_counts_two_answers_while_waiting_and_once_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let events = Arc::new(Collected::default());
    let backend = Backend::new(BackendConfig {
        settings_path: Some(dir.path().join("settings.json")),
        events: events.clone(),
        tuning: Arc::new(patient),
        activity_path: Some(
            dir.path()
                .join("data")
                .join(petstore_activity::ACTIVITY_FILE),
        ),
        ..BackendConfig::isolated()
    });
    // One request a two-second window; the other desk's polling never earns the key a ban.
    let config = SandboxConfig {
        seed_demo_data: false,
        minute_window: Duration::from_secs(2),
        ban_after: u32::MAX,
        ..SandboxConfig::default()
    }
    .with_key(
        KEY,
        Plan::Enterprise {
            per_minute: 1,
            per_day: 10_000,
        },
    );
    let sandbox = petstore_sandbox::Sandbox::start(config).await.unwrap();
    use_staging(&backend, &sandbox, KEY).await;

    // Another desk spends this window, so the app's list is answered 429; then it takes the
    // next window as soon as it opens, so the app's retry is answered 429 again.
    assert_eq!(raw_list(&sandbox, KEY).await, 200);
    let listed = AtomicBool::new(false);
    let desk_429s = AtomicU64::new(0);
    let desk = async {
        let mut grabbed = 0;
        for _ in 0..400 {
            if grabbed == 1 || listed.load(Ordering::SeqCst) {
                break;
            }
            match raw_list(&sandbox, KEY).await {
                200 => grabbed += 1,
                429 => {
                    desk_429s.fetch_add(1, Ordering::SeqCst);
                }
                other => panic!("the other desk was answered {other}"),
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    // While the app's list waits: the panel's count, as often as it is read.
    let live = async {
        let mut most = 0;
        while !listed.load(Ordering::SeqCst) {
            let history = backend
                .quota_history(Environment::Staging, QuotaRange::Hour)
                .await
                .unwrap();
            if !listed.load(Ordering::SeqCst) {
                most = most.max(history.rate_limited.len());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        most
    };
    let list = async {
        let result = backend.list_pets(None, Some(1)).await;
        listed.store(true, Ordering::SeqCst);
        result
    };
    let ((), counted_live, result) = tokio::join!(desk, live, list);
    result.expect("the list goes through once the waits end");

    let answered_429 = sandbox.limit_counts().limited - desk_429s.load(Ordering::SeqCst);
    assert!(
        answered_429 >= 2,
        "the sandbox answered the app 429 {answered_429} times: the other desk lost the race"
    );
    assert!(
        counted_live >= 1,
        "the panel counted the 429 while it was being waited out"
    );

    // The entry is written: the panel and Activity say the same number.
    events
        .wait_for(|e| matches!(e, petstore_admin::dto::AppEvent::ActivityRecorded(_)))
        .await;
    let mut history = None;
    for _ in 0..50 {
        let read = backend
            .quota_history(Environment::Staging, QuotaRange::Hour)
            .await
            .unwrap();
        let entries = backend
            .list_activity(ActivityFilter::default(), 0, 10)
            .await
            .unwrap();
        if entries.total > 0 {
            history = Some((read, entries));
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (history, entries) = history.expect("the list's entry is written");
    let entry = &entries.entries[0];
    assert_eq!(u64::from(entry.rate_limited), answered_429, "{entry:#?}");
    assert_eq!(
        history.rate_limited.len() as u64,
        answered_429,
        "one mark per 429 answer, each once: {history:#?}"
    );
    assert!(
        history.rate_limited.iter().all(|at| *at == entry.at),
        "each at the start of the list it answered: {history:#?}"
    );
}
