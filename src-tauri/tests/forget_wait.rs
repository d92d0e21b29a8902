//! Clear (the gauge's "forget" of a remembered wait) cannot be used to hammer the service: it is
//! refused while the wait the service gave this app runs, and allowed at most once a minute per
//! address and key, also across processes sharing the waits file (the CLI, another app window).
//! Against a real sandbox that answers a real 429, and a real waits file.

mod common;

use std::sync::Arc;

use chrono::{TimeDelta, Utc};
use common::{STAFF_KEY, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{AppErrorKind, ClientErrorKind, CommandError, Problem, WaitReason};
use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, ListQuery, PetstoreClient};
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

use common::{backend_sharing_waits, waits_file};

/// The staff key allowed 2 requests a minute.
async fn tiny_quota() -> Sandbox {
    let config = SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
    .with_key(
        STAFF_KEY,
        Plan::Enterprise {
            per_minute: 2,
            per_day: 1_000,
        },
    );
    Sandbox::start(config).await.expect("sandbox starts")
}

/// Spends the key's quota from another program, which then ends: the app does not know, sends,
/// and the service answers 429.
async fn spent_elsewhere(sandbox: &Sandbox) {
    let config = ClientConfig::new(
        Environment::Staging,
        BaseUrl::parse(&sandbox.base_url()).expect("loopback"),
    )
    .with_api_key(ApiKey::new(STAFF_KEY.to_owned()).expect("key"));
    let other = PetstoreClient::new(config).expect("client builds");
    for _ in 0..2 {
        other
            .list_pets(&ListQuery::default())
            .await
            .expect("allowed");
    }
}

fn refusal(result: Result<bool, CommandError>, why: Problem) -> CommandError {
    let refused = result.expect_err("the wait is kept");
    assert_eq!(refused.kind, AppErrorKind::WaitKept, "{refused:?}");
    assert_eq!(refused.problem, Some(why), "{refused:?}");
    refused
}

fn instant(text: &Option<String>) -> chrono::DateTime<Utc> {
    let text = text.as_deref().expect("says when");
    chrono::DateTime::parse_from_rfc3339(text)
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

#[tokio::test]
async fn the_wait_the_service_gave_the_app_is_not_cleared() {
    let server = tiny_quota().await;
    spent_elsewhere(&server).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend_sharing_waits(dir.path());
    use_staging(&backend, &server, STAFF_KEY).await;

    let limited = backend
        .list_pets(None, Some(5))
        .await
        .expect_err("the service answers 429");
    assert_eq!(limited.kind, ClientErrorKind::RateLimited, "{limited:?}");
    assert_eq!(server.limit_counts().limited, 1, "a real 429");
    let sent = server.request_count();

    let refused = refusal(backend.forget_wait().await, Problem::ServiceWait);
    assert_eq!(
        refused.retry_at, limited.retry_at,
        "until the 429's Retry-After"
    );
    assert_eq!(refused.wait_reason, Some(WaitReason::RateLimited));
    let kept = backend.remembered_wait().await.expect("the wait stays");
    assert_eq!(Some(kept.until), limited.retry_at);
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
    let server = tiny_quota().await;
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
    let refused = refusal(backend.forget_wait().await, Problem::WaitClearedRecently);
    let again_at = instant(&refused.retry_at);
    // To the millisecond, as the app's times travel.
    let not_before = cleared_at + TimeDelta::minutes(1) - TimeDelta::milliseconds(1);
    assert!(again_at >= not_before, "{again_at}");
    assert!(again_at <= Utc::now() + TimeDelta::minutes(1), "{again_at}");
    assert_eq!(refused.wait_reason, None);
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
    let refused = refusal(other.forget_wait().await, Problem::WaitClearedRecently);
    assert_eq!(instant(&refused.retry_at), again_at, "the file's clearing");
    assert!(other.remembered_wait().await.is_some(), "the wait stays");
    assert_eq!(server.request_count(), 0, "nothing was sent");
}
