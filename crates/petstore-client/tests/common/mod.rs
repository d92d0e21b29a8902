//! Shared set-up: a sandbox on 127.0.0.1:0 and a client for it, on a clock that does not wait.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use chrono::{DurationRound, Utc};
use petstore_client::clock::ManualClock;
use petstore_client::retry::RetryPolicy;
use petstore_client::{ClientConfig, Clock, ListQuery, Pet, PetstoreClient};
use petstore_sandbox::{Sandbox, SandboxConfig};

pub const KEY: &str = "client-test-key-0042";

/// The client's manual clock, readable by the sandbox too, so a wait the client "sleeps" also
/// moves the sandbox's rate-limit windows.
#[derive(Debug, Clone)]
pub struct Linked(pub Arc<ManualClock>);

impl petstore_sandbox::Clock for Linked {
    fn now(&self) -> SystemTime {
        self.0.now().into()
    }
}

/// Starts a second into the next minute: the sandbox's minute windows are aligned to the clock,
/// so a test that spends a tiny quota has the whole window before it rolls over, whatever the
/// real time (a run that began at 11:34:59.9 saw its spent quota refreshed 0.1 s later).
pub fn manual_clock() -> Arc<ManualClock> {
    let now = Utc::now();
    let next_minute = now
        .duration_trunc(chrono::TimeDelta::minutes(1))
        .unwrap_or(now)
        + chrono::TimeDelta::seconds(61);
    Arc::new(ManualClock::new(next_minute))
}

pub fn fast_policy() -> RetryPolicy {
    RetryPolicy {
        max_attempts: 3,
        base_delay: Duration::from_millis(100),
        max_delay: Duration::from_secs(1),
        ..RetryPolicy::default()
    }
}

pub async fn sandbox() -> Sandbox {
    sandbox_with(SandboxConfig::default()).await
}

/// `config` with [`KEY`] on the Pro plan.
pub async fn sandbox_with(config: SandboxConfig) -> Sandbox {
    petstore_test_support::sandbox_for(KEY, config).await
}

/// A sandbox of `config` whose windows move with `clock`, the client's.
pub async fn sandbox_on(config: SandboxConfig, clock: &Arc<ManualClock>) -> Sandbox {
    Sandbox::start_with_clock(
        "127.0.0.1:0".parse().unwrap(),
        config,
        Arc::new(Linked(clock.clone())),
    )
    .await
    .unwrap()
}

pub fn config_for(base_url: &str, clock: Arc<ManualClock>) -> ClientConfig {
    petstore_test_support::client_config(base_url, KEY)
        .with_retry(fast_policy())
        .with_clock(clock)
}

pub fn client_for(base_url: &str) -> (PetstoreClient, Arc<ManualClock>) {
    let clock = manual_clock();
    let client = PetstoreClient::new(config_for(base_url, clock.clone())).expect("client builds");
    (client, clock)
}

/// The pets of the default page (status unfiltered, limit 20); fails the test on an error.
pub async fn default_page(client: &PetstoreClient) -> Vec<Pet> {
    client
        .list_pets(&ListQuery::default())
        .await
        .expect("the default page loads")
        .value
        .pets
}
