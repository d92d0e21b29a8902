//! What the tests of a client over the real waits file share: a sandbox whose key is allowed two
//! requests a minute, a client as one process has it, and a short deadline.
#![allow(dead_code)]

use std::sync::Arc;

use chrono::{TimeDelta, Utc};
use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, PetstoreClient};
use petstore_local::WaitMemory;
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

/// A sandbox where `key` is allowed 2 requests per (real) minute.
pub async fn tiny_quota(key: &str) -> Sandbox {
    let config = SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
    .with_key(
        key,
        Plan::Enterprise {
            per_minute: 2,
            per_day: 1_000,
        },
    );
    Sandbox::start(config).await.expect("sandbox starts")
}

/// A client with `key` as one process has it. Its governor is shared by the clients of the same
/// address and key alive in the test, and goes away with the last of them: a client made after
/// the others are dropped is a new process as far as pacing goes.
pub fn process(sandbox: &Sandbox, memory: &WaitMemory, key: &str) -> PetstoreClient {
    let config = ClientConfig::new(
        Environment::Sandbox,
        BaseUrl::parse(&sandbox.base_url()).expect("loopback"),
    )
    .with_api_key(ApiKey::new(key.to_owned()).expect("key"))
    .with_wait_store(Arc::new(memory.clone()));
    PetstoreClient::new(config).expect("client builds")
}

/// `client` with a deadline half a second away: a call that would wait longer fails at once.
pub fn soon(client: &PetstoreClient) -> PetstoreClient {
    client.with_deadline(Utc::now() + TimeDelta::milliseconds(500))
}
