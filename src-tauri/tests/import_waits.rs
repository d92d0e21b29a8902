//! An import started while the key must wait (a wait the CLI remembered, a spent quota): the
//! preview names the wait's end and counts it in the time, the progress says "waiting until"
//! while nothing is sent, and the import then runs instead of stopping at once; a wait too long
//! to sit out stops it at once, naming the wait's end, with nothing sent. Against a real sandbox
//! on 127.0.0.1, a real waits file and real journals.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use common::{Collected, STAFF_KEY, facts, quick, sandbox, use_staging, waits_file};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{AppEvent, Environment, ImportPhase, ImportProgress, ImportResult};
use petstore_client::{ApiKey, WaitStore};
use petstore_sandbox::{Plan, SandboxConfig};
use petstore_test_support::spend_elsewhere;

const FILE: &str = "name,categoryId\nRex,3\nMia,4\nBo,5\n";

/// A backend over the waits file in `dir` (the CLI's too), with a data folder for journals.
fn backend(dir: &Path, events: Arc<Collected>) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        wait_memory: Some(waits_file(dir)),
        events,
        tuning: Arc::new(quick),
        data_dir: Some(dir.join("data")),
        ..BackendConfig::isolated()
    })
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

fn close(a: DateTime<Utc>, b: DateTime<Utc>) -> bool {
    (a - b).abs() < TimeDelta::seconds(1)
}

/// Polls until the import ends; its end screen.
async fn ended(backend: &Backend) -> ImportResult {
    for _ in 0..600 {
        if let Some(status) = backend.import_status()
            && !status.running
        {
            return status.result.expect("an ended import has a result");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the import did not end in 30 s");
}

fn progress(events: &Collected) -> Vec<ImportProgress> {
    events
        .all()
        .into_iter()
        .filter_map(|event| match event {
            AppEvent::ImportProgress(progress) => Some(progress),
            _ => None,
        })
        .collect()
}

/// The file, chosen and previewed.
async fn previewed(backend: &Backend, dir: &Path) -> petstore_admin::dto::ImportPreview {
    let file = dir.join("shelter.csv");
    std::fs::write(&file, FILE).expect("file written");
    backend.allow_import_file(&file);
    backend.preview_import(&file).await.expect("preview")
}

#[tokio::test]
async fn an_import_started_during_a_remembered_wait_names_it_waits_it_out_then_runs() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), events.clone());
    use_staging(&backend, &server, STAFF_KEY).await;
    // The CLI met a 429 a moment ago: the key waits a few seconds more, longer than nothing.
    let now = Utc::now();
    let until = now + TimeDelta::seconds(4);
    let key = ApiKey::new(STAFF_KEY.to_owned()).expect("key");
    waits_file(dir.path()).remember(&server.base_url(), &key, until, now);

    let preview = previewed(&backend, dir.path()).await;
    let wait = preview.estimate.wait.as_ref().expect("names the wait");
    assert!(close(at(&wait.until), until), "{wait:?} vs {until}");
    assert!(!wait.too_long);
    assert_eq!(preview.estimate.requests, 3);

    backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("starts");
    // While it waits: the progress says until when, and nothing reaches the service.
    let waiting = events
        .wait_for(|e| matches!(e, AppEvent::ImportProgress(p) if p.waiting_until.is_some()))
        .await;
    let AppEvent::ImportProgress(waiting) = waiting else {
        unreachable!()
    };
    assert_eq!(waiting.phase, ImportPhase::ListingBefore);
    let said = waiting.waiting_until.as_deref().unwrap_or_default();
    assert!(close(at(said), until), "{said} vs {until}");
    assert_eq!(server.request_count(), 0, "nothing is sent during the wait");

    let result = ended(&backend).await;
    assert!(Utc::now() >= until, "it ran only once the wait was over");
    assert_eq!(result.stopped, None, "{result:?}");
    assert_eq!(result.counts.created, 3, "{result:?}");
    assert_eq!(server.create_count(), 3);
    let last = progress(&events).pop().expect("progress");
    assert_eq!(last.waiting_until, None, "no longer waiting: {last:?}");
}

#[tokio::test]
async fn a_wait_too_long_to_sit_out_is_said_before_and_stops_at_once_naming_its_end() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    let now = Utc::now();
    // Longer than any wait the service can impose (a waits file edited by hand).
    let until = now + TimeDelta::hours(30);
    let key = ApiKey::new(STAFF_KEY.to_owned()).expect("key");
    waits_file(dir.path()).remember(&server.base_url(), &key, until, now);

    let preview = previewed(&backend, dir.path()).await;
    let wait = preview.estimate.wait.as_ref().expect("names the wait");
    assert!(close(at(&wait.until), until), "{wait:?} vs {until}");
    assert!(wait.too_long, "{wait:?}");

    backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("starts");
    let result = ended(&backend).await;
    let stopped = result.stopped.as_ref().expect("stopped by the wait");
    let facts = facts(stopped);
    assert_eq!(facts["kind"], "rateLimited", "{facts}");
    let retry_at = facts["retryAt"].as_str().expect("names the wait's end");
    assert!(close(at(retry_at), until), "{retry_at} vs {until}");
    assert_eq!(result.counts.created, 0);
    assert_eq!(server.request_count(), 0, "nothing was sent");
}

#[tokio::test]
async fn a_429_met_while_listing_is_waited_out_with_its_end_in_the_progress() {
    const KEY: &str = "tiny-import-key";
    let config = SandboxConfig {
        seed_demo_data: false,
        minute_window: Duration::from_secs(3),
        ..SandboxConfig::default()
    }
    .with_key(
        KEY,
        Plan::Enterprise {
            per_minute: 3,
            per_day: 10_000,
        },
    );
    let server = petstore_sandbox::Sandbox::start(config).await.unwrap();
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), events.clone());
    use_staging(&backend, &server, KEY).await;
    previewed(&backend, dir.path()).await;

    // Another desk spends the window just before: the import's first listing is answered 429.
    spend_elsewhere(&server, KEY, 3).await;
    let started = Utc::now();
    backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("starts");
    let result = ended(&backend).await;
    assert_eq!(
        result.stopped, None,
        "it waited instead of stopping: {result:?}"
    );
    assert_eq!(result.counts.created, 3, "{result:?}");
    assert!(server.limit_counts().limited >= 1, "the listing met a 429");
    let waited: Vec<ImportProgress> = progress(&events)
        .into_iter()
        .filter(|p| p.waiting_until.is_some())
        .collect();
    let first = waited
        .first()
        .unwrap_or_else(|| panic!("the progress said it waited: {:?}", progress(&events)));
    assert_eq!(first.phase, ImportPhase::ListingBefore);
    let until = at(first.waiting_until.as_deref().unwrap_or_default());
    assert!(
        until > started && until <= started + TimeDelta::seconds(4),
        "until the window's reset: {until} (started {started})"
    );
}

#[tokio::test]
async fn cancel_ends_a_wait_at_once_with_nothing_sent() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), events.clone());
    use_staging(&backend, &server, STAFF_KEY).await;
    let now = Utc::now();
    let key = ApiKey::new(STAFF_KEY.to_owned()).expect("key");
    waits_file(dir.path()).remember(&server.base_url(), &key, now + TimeDelta::minutes(10), now);
    previewed(&backend, dir.path()).await;

    backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("starts");
    events
        .wait_for(|e| matches!(e, AppEvent::ImportProgress(p) if p.waiting_until.is_some()))
        .await;
    let asked = std::time::Instant::now();
    backend.cancel_import().expect("status");
    let result = ended(&backend).await;
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "the wait did not hold the cancel"
    );
    assert!(result.cancelled, "{result:?}");
    assert_eq!(result.counts.created, 0);
    assert_eq!(server.request_count(), 0, "nothing was sent");
}
