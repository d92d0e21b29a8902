//! Clear (the gauge's "forget" of a remembered wait) cannot be used to hammer the service: it is
//! refused while the wait the service gave this app runs, and allowed at most once a minute per
//! address and key, also across processes sharing the waits file (the CLI, another app window).
//! Against a real sandbox that answers a real 429, and a real waits file.

mod common;

use std::sync::Arc;

use chrono::{TimeDelta, Utc};
use common::{STAFF_KEY, facts, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{AppErrorKind, ClientErrorKind, CommandError, WaitReason};
use petstore_client::{ApiKey, WaitStore};
use petstore_test_support::{spend_elsewhere, tiny_quota};

use common::{backend_sharing_waits, waits_file};

fn refusal(result: Result<bool, CommandError>, why: &str) -> CommandError {
    let refused = result.expect_err("the wait is kept");
    assert_eq!(refused.kind(), AppErrorKind::WaitKept, "{refused:?}");
    assert_eq!(facts(&refused)["problem"], why, "{refused:?}");
    refused
}

fn at(error: &CommandError) -> Option<String> {
    error.retry_at().map(|(at, _)| at.to_owned())
}

fn instant(text: &Option<String>) -> chrono::DateTime<Utc> {
    let text = text.as_deref().expect("says when");
    chrono::DateTime::parse_from_rfc3339(text)
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

#[tokio::test]
async fn the_wait_the_service_gave_the_app_is_not_cleared() {
    let server = tiny_quota(STAFF_KEY).await;
    // Another program spends the key's quota and ends: the app does not know, sends, and the
    // service answers 429.
    spend_elsewhere(&server, STAFF_KEY, 2).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend_sharing_waits(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;

    let limited = backend
        .list_pets(None, Some(5))
        .await
        .expect_err("the service answers 429");
    assert_eq!(limited.kind(), ClientErrorKind::RateLimited, "{limited:?}");
    assert_eq!(server.limit_counts().limited, 1, "a real 429");
    let sent = server.request_count();

    let refused = refusal(backend.forget_wait().await, "serviceWait");
    assert_eq!(at(&refused), at(&limited), "until the 429's Retry-After");
    assert_eq!(
        refused.retry_at().and_then(|(_, why)| why),
        Some(WaitReason::RateLimited)
    );
    let kept = backend.remembered_wait().await.expect("the wait stays");
    assert_eq!(Some(kept.until), at(&limited));
    let key = ApiKey::new(STAFF_KEY.to_owned()).expect("key");
    assert!(
        waits_file(dir.path())
            .not_before(&server.base_url(), &key, Utc::now())
            .is_some(),
        "and in the file, for the CLI"
    );
    assert_eq!(server.request_count(), sent, "clearing sends nothing");
}

#[tokio::test]
async fn a_remembered_wait_is_cleared_once_a_minute_here_and_in_other_processes() {
    let server = tiny_quota(STAFF_KEY).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let key = ApiKey::new(STAFF_KEY.to_owned()).expect("key");
    let until = Utc::now() + TimeDelta::minutes(10);
    waits_file(dir.path()).remember(&server.base_url(), &key, until, Utc::now());

    let backend = backend_sharing_waits(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;
    let cleared_at = Utc::now();
    assert!(
        backend.forget_wait().await.expect("cleared"),
        "there was one"
    );

    // The CLI remembers a wait again; a second Clear, here or in another app process, is refused.
    waits_file(dir.path()).remember(&server.base_url(), &key, until, Utc::now());
    let refused = refusal(backend.forget_wait().await, "waitClearedRecently");
    let again_at = instant(&at(&refused));
    // To the millisecond, as the app's times travel.
    let not_before = cleared_at + TimeDelta::minutes(1) - TimeDelta::milliseconds(1);
    assert!(again_at >= not_before, "{again_at}");
    assert!(again_at <= Utc::now() + TimeDelta::minutes(1), "{again_at}");
    assert_eq!(refused.retry_at().and_then(|(_, why)| why), None);
    // Gone, with its pacing state: only the waits file knows of the clearing now.
    drop(backend);
    let other_dir = tempfile::tempdir().expect("temp dir");
    let other = Backend::new(BackendConfig {
        settings_path: Some(other_dir.path().join("settings.json")),
        wait_memory: Some(waits_file(dir.path())),
        tuning: Arc::new(common::quick),
        ..BackendConfig::isolated()
    });
    use_staging(&other, &server, STAFF_KEY).await;
    let refused = refusal(other.forget_wait().await, "waitClearedRecently");
    assert_eq!(instant(&at(&refused)), again_at, "the file's clearing");
    assert!(other.remembered_wait().await.is_some(), "the wait stays");
    assert_eq!(server.request_count(), 0, "nothing was sent");
}
