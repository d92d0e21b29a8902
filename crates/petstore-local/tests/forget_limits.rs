//! Clearing a remembered wait is limited, for both shells, in the client: never while the wait the
//! service gave this process runs, and at most once a minute per address and key across processes
//! (kept in the real waits file). Against a real sandbox on 127.0.0.1 that answers a real 429.

mod common;

use chrono::{TimeDelta, Utc};
use petstore_client::{
    ApiKey, CLEAR_SPACING, Error, ForgetError, ListQuery, WaitKept, WaitReason, WaitStore,
};
use petstore_local::WaitMemory;
use petstore_sandbox::Sandbox;
use petstore_test_support::tiny_quota;

const KEY: &str = "forget-limit-key-3";

/// Spends the key's two requests in a process of its own, which then ends: the next process
/// knows nothing of it, sends, and gets the service's 429.
async fn spend_the_quota(sandbox: &Sandbox, memory: &WaitMemory) {
    let other = common::process(sandbox, memory, KEY);
    for _ in 0..2 {
        other
            .list_pets(&ListQuery::default())
            .await
            .expect("allowed");
    }
}

#[tokio::test]
async fn the_wait_a_429_gave_this_process_is_not_cleared() {
    let sandbox = tiny_quota(KEY).await;
    let dir = tempfile::tempdir().unwrap();
    let memory = WaitMemory::at(dir.path().join("waits.json"));
    spend_the_quota(&sandbox, &memory).await;

    let client = common::process(&sandbox, &memory, KEY);
    let err = common::soon(&client)
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::RateLimited { .. }), "{err:?}");
    assert_eq!(sandbox.limit_counts().limited, 1, "a real 429");
    let until = client.remembered_wait().expect("the service's wait");

    match client.forget_wait() {
        Err(ForgetError::Kept(WaitKept::ServiceWait {
            until: kept,
            reason: WaitReason::RateLimited,
        })) => assert_eq!(kept, until, "until the service's Retry-After"),
        other => panic!("refused as the service's own wait: {other:?}"),
    }
    assert_eq!(client.remembered_wait(), Some(until), "the wait stays");
    let key = ApiKey::new(KEY.to_owned()).unwrap();
    assert!(
        memory
            .not_before(&sandbox.base_url(), &key, Utc::now())
            .is_some(),
        "and stays in the file for the other processes"
    );
    let sent = sandbox.request_count();
    assert!(
        common::soon(&client)
            .list_pets(&ListQuery::default())
            .await
            .is_err()
    );
    assert_eq!(sandbox.request_count(), sent, "nothing sent into the wait");
}

#[tokio::test]
async fn a_remembered_wait_is_cleared_at_most_once_a_minute_across_processes() {
    let sandbox = tiny_quota(KEY).await;
    let dir = tempfile::tempdir().unwrap();
    let memory = WaitMemory::at(dir.path().join("waits.json"));
    let key = ApiKey::new(KEY.to_owned()).unwrap();
    let until = Utc::now() + TimeDelta::minutes(10);
    memory.remember(&sandbox.base_url(), &key, until, Utc::now());

    let first = common::process(&sandbox, &memory, KEY);
    assert_eq!(first.remembered_wait(), Some(until));
    let before = Utc::now();
    assert!(
        first
            .forget_wait()
            .expect("a wait learnt elsewhere is cleared")
    );
    drop(first);

    // Another process, a moment later, remembers the wait again (its own 429, say) and clears.
    memory.remember(&sandbox.base_url(), &key, until, Utc::now());
    let second = common::process(&sandbox, &memory, KEY);
    match second.forget_wait() {
        Err(ForgetError::Kept(WaitKept::ClearedRecently { again_at })) => {
            assert!(again_at >= before + CLEAR_SPACING, "{again_at}");
            assert!(again_at <= Utc::now() + CLEAR_SPACING, "{again_at}");
        }
        other => panic!("refused as cleared a moment ago: {other:?}"),
    }
    assert_eq!(second.remembered_wait(), Some(until), "the wait stays");
    assert_eq!(sandbox.request_count(), 0, "clearing sends nothing");
}
