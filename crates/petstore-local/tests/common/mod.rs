//! What the tests of a client over the real waits file share: a client as one process has it,
//! and a short deadline.
#![allow(dead_code)]

use std::sync::Arc;

use chrono::{TimeDelta, Utc};
use petstore_client::PetstoreClient;
use petstore_local::WaitMemory;
use petstore_sandbox::Sandbox;

/// A client with `key` as one process has it. Its governor is shared by the clients of the same
/// address and key alive in the test, and goes away with the last of them: a client made after
/// the others are dropped is a new process as far as pacing goes.
pub fn process(sandbox: &Sandbox, memory: &WaitMemory, key: &str) -> PetstoreClient {
    let config = petstore_test_support::client_config(&sandbox.base_url(), key)
        .with_wait_store(Arc::new(memory.clone()));
    PetstoreClient::new(config).expect("client builds")
}

/// `client` with a deadline half a second away: a call that would wait longer fails at once.
pub fn soon(client: &PetstoreClient) -> PetstoreClient {
    client.with_deadline(Utc::now() + TimeDelta::milliseconds(500))
}
