//! A client over the file of remembered waits, against a real sandbox on 127.0.0.1: what the
//! client learns lands in the file, and what it forgets leaves it.

mod common;

use chrono::{TimeDelta, Utc};
use petstore_client::{ApiKey, Error, ListQuery, WaitStore};
use petstore_local::WaitMemory;
use petstore_test_support::tiny_quota;

const KEY: &str = "two-process-key-7";

#[tokio::test]
async fn forget_wait_clears_the_file_and_the_hold() {
    let sandbox = tiny_quota(KEY).await;
    let dir = tempfile::tempdir().unwrap();
    let memory = WaitMemory::at(dir.path().join("waits.json"));
    let client = common::process(&sandbox, &memory, KEY);
    let key = ApiKey::new(KEY.to_owned()).unwrap();
    assert_eq!(client.remembered_wait(), None);
    assert!(!client.forget_wait().unwrap(), "nothing to forget");

    let until = Utc::now() + TimeDelta::minutes(10);
    memory.remember(&sandbox.base_url(), &key, until, Utc::now());
    assert_eq!(client.remembered_wait(), Some(until), "read from the file");
    let err = common::soon(&client)
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::RateLimited { .. }), "{err:?}");
    assert_eq!(sandbox.request_count(), 0);

    assert!(client.forget_wait().unwrap());
    assert_eq!(client.remembered_wait(), None);
    assert_eq!(
        memory.not_before(&sandbox.base_url(), &key, Utc::now()),
        None
    );
    client.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(sandbox.request_count(), 1);
}
