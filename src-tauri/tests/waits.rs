//! Rate-limit waits shared with the CLI through the waits file: a wait remembered there (by the
//! CLI, another app process, or this app's last run) holds the app's requests back, the gauge can
//! show it, and the person can clear it. A real sandbox counts what reaches it.

mod common;

use chrono::{TimeDelta, Utc};
use common::{STAFF_KEY, sandbox, use_staging};
use petstore_admin::backend::BackendConfig;
use petstore_admin::dto::{AppErrorKind, ClientErrorKind, Environment};
use petstore_client::{ApiKey, WaitStore};
use petstore_sandbox::SandboxConfig;

use common::{backend_sharing_waits, waits_file};

#[tokio::test]
async fn a_wait_the_cli_remembered_holds_the_app_back_without_sending_until_cleared() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    // What the CLI leaves after a 429: a wait for this address and key, ten minutes ahead
    // (longer than a call may wait, so the app must say when to retry rather than sleep).
    let now = Utc::now();
    let until = now + TimeDelta::minutes(10);
    let key = ApiKey::new(STAFF_KEY.to_owned()).expect("key");
    waits_file(dir.path()).remember(&server.base_url(), &key, until, now);

    let backend = backend_sharing_waits(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    let error = backend
        .list_pets(None, Some(5))
        .await
        .expect_err("held back by the remembered wait");
    assert_eq!(error.kind(), ClientErrorKind::RateLimited, "{error:?}");
    let retry_at = error.retry_at().expect("says when").0.to_owned();
    let retry_at = chrono::DateTime::parse_from_rfc3339(&retry_at).expect("RFC 3339");
    assert!(
        (retry_at.with_timezone(&Utc) - until).abs() < TimeDelta::seconds(1),
        "{retry_at} vs {until}"
    );
    assert_eq!(server.request_count(), 0, "nothing was sent");

    let shown = backend
        .remembered_wait()
        .await
        .expect("the gauge can show it");
    assert_eq!(shown.environment, Environment::Staging);
    let shown_at = chrono::DateTime::parse_from_rfc3339(&shown.until).expect("RFC 3339");
    assert!((shown_at.with_timezone(&Utc) - until).abs() < TimeDelta::seconds(1));

    assert!(
        backend.forget_wait().await.expect("cleared"),
        "there was one"
    );
    assert_eq!(backend.remembered_wait().await, None);
    assert_eq!(
        waits_file(dir.path()).not_before(&server.base_url(), &key, Utc::now()),
        None,
        "cleared for the CLI too"
    );
    backend
        .list_pets(None, Some(5))
        .await
        .expect("sent once cleared");
    assert_eq!(server.request_count(), 1);
    // Cleared a moment ago: the next Clear waits a minute (tests/forget_wait.rs).
    let again = backend
        .forget_wait()
        .await
        .expect_err("at most once a minute");
    assert_eq!(again.kind(), AppErrorKind::WaitKept, "{again:?}");
}

#[tokio::test]
async fn a_wait_for_another_key_or_address_changes_nothing() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let now = Utc::now();
    let until = now + TimeDelta::minutes(10);
    let memory = waits_file(dir.path());
    let other_key = ApiKey::new("someone-elses-key-42".to_owned()).expect("key");
    memory.remember(&server.base_url(), &other_key, until, now);
    let key = ApiKey::new(STAFF_KEY.to_owned()).expect("key");
    memory.remember("http://127.0.0.1:9/v1", &key, until, now);

    let backend = backend_sharing_waits(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    assert_eq!(backend.remembered_wait().await, None);
    backend.list_pets(None, Some(5)).await.expect("not held");
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn an_isolated_backend_remembers_no_waits_on_disk() {
    assert!(BackendConfig::isolated().wait_memory.is_none());
}
