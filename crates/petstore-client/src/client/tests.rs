//! Two "processes" in one test: clients with governors of their own that share only the file
//! of remembered waits, against a real sandbox on 127.0.0.1.

use std::sync::Arc;

use chrono::TimeDelta;
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

use super::*;
use crate::clock::SystemClock;
use crate::model::ListQuery;

const KEY: &str = "two-process-key-7";

/// A key allowed 2 requests per (real) minute.
async fn tiny_quota() -> Sandbox {
    let config = SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
    .with_key(
        KEY,
        Plan::Enterprise {
            per_minute: 2,
            per_day: 1_000,
        },
    );
    Sandbox::start(config).await.expect("sandbox starts")
}

/// What another process would have: its own governor, the same file.
fn process(sandbox: &Sandbox, memory: &WaitMemory) -> PetstoreClient {
    let config = ClientConfig::new(
        Environment::Sandbox,
        BaseUrl::parse(&sandbox.base_url()).expect("loopback"),
    )
    .with_api_key(ApiKey::new(KEY.to_owned()).expect("key"))
    .with_wait_memory(memory.clone());
    let http = http_client(&config).expect("client builds");
    let governor = Governor::new(Arc::new(SystemClock), config.retry.clone());
    PetstoreClient::with_governor(config, http, governor)
}

fn soon(client: &PetstoreClient) -> PetstoreClient {
    client.with_deadline(Utc::now() + TimeDelta::milliseconds(500))
}

#[tokio::test]
async fn a_429_seen_by_one_process_holds_the_other_without_sending() {
    let sandbox = tiny_quota().await;
    let dir = tempfile::tempdir().unwrap();
    let memory = WaitMemory::at(dir.path().join("waits.json"));
    let other = process(&sandbox, &memory);
    let first = process(&sandbox, &memory);
    assert!(!Arc::ptr_eq(&other.shared.governor, &first.shared.governor));

    // The other process is already under way: one answer seen, one request left by its count.
    other.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(other.rate_limit().and_then(|s| s.remaining), Some(1));
    // The first spends the last one, then meets a 429 it cannot wait out: it remembers it.
    first.list_pets(&ListQuery::default()).await.unwrap();
    let err = soon(&first)
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::RateLimited { .. }), "{err:?}");
    let remembered = memory
        .not_before(
            &sandbox.base_url(),
            &ApiKey::new(KEY.to_owned()).unwrap(),
            Utc::now(),
        )
        .expect("the 429's wait is remembered");

    let sent = sandbox.request_count();
    let err = soon(&other)
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    match err {
        Error::RateLimited { retry_at, .. } => assert!(retry_at >= remembered),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        sandbox.request_count(),
        sent,
        "the other process sent nothing during the wait the first one remembered"
    );
    assert!(other.remembered_wait().is_some_and(|w| w >= remembered));
}

#[tokio::test]
async fn forget_wait_clears_the_file_and_the_hold() {
    let sandbox = tiny_quota().await;
    let dir = tempfile::tempdir().unwrap();
    let memory = WaitMemory::at(dir.path().join("waits.json"));
    let client = process(&sandbox, &memory);
    let key = ApiKey::new(KEY.to_owned()).unwrap();
    assert_eq!(client.remembered_wait(), None);
    assert!(!client.forget_wait().unwrap(), "nothing to forget");

    let until = Utc::now() + TimeDelta::minutes(10);
    memory.remember(&sandbox.base_url(), &key, until, Utc::now());
    assert_eq!(client.remembered_wait(), Some(until), "read from the file");
    let err = soon(&client)
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
