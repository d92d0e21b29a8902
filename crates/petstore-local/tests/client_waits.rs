//! A client over the file of remembered waits, against a real sandbox on 127.0.0.1: what the
//! client learns lands in the file, and what it forgets leaves it.

use std::sync::Arc;

use chrono::{TimeDelta, Utc};
use petstore_client::{
    ApiKey, BaseUrl, ClientConfig, Environment, Error, ListQuery, PetstoreClient,
};
use petstore_local::WaitMemory;
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

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

fn process(sandbox: &Sandbox, memory: &WaitMemory) -> PetstoreClient {
    let config = ClientConfig::new(
        Environment::Sandbox,
        BaseUrl::parse(&sandbox.base_url()).expect("loopback"),
    )
    .with_api_key(ApiKey::new(KEY.to_owned()).expect("key"))
    .with_wait_store(Arc::new(memory.clone()));
    PetstoreClient::new(config).expect("client builds")
}

fn soon(client: &PetstoreClient) -> PetstoreClient {
    client.with_deadline(Utc::now() + TimeDelta::milliseconds(500))
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
