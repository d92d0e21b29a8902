//! Shared set-up: a real sandbox on a free port, a backend with a temporary config directory,
//! an in-memory keychain, and a sink that keeps every event.
#![allow(dead_code)]

pub mod company_net;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use keyring_core::mock;
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{AppEvent, Environment, Settings};
use petstore_admin::events::EventSink;
use petstore_client::{ClientConfig, RetryPolicy};
use petstore_local::WaitMemory;
use petstore_local::keychain::Keychain;
use petstore_sandbox::{Sandbox, SandboxConfig};

pub const STAFF_KEY: &str = "staff-key-0123456789";

#[derive(Debug, Default)]
pub struct Collected(Mutex<Vec<AppEvent>>);

impl EventSink for Collected {
    fn emit(&self, event: AppEvent) {
        self.0.lock().expect("events").push(event);
    }
}

impl Collected {
    pub fn all(&self) -> Vec<AppEvent> {
        self.0.lock().expect("events").clone()
    }

    /// Waits (briefly) until `found` matches an event: forwarding runs on its own task.
    pub async fn wait_for(&self, found: impl Fn(&AppEvent) -> bool) -> AppEvent {
        for _ in 0..200 {
            if let Some(event) = self.all().into_iter().find(&found) {
                return event;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("event never arrived; got {:?}", self.all());
    }
}

pub fn mock_keychain() -> (Keychain, Arc<mock::Store>) {
    let store = mock::Store::new().expect("mock store");
    (Keychain::with_store(store.clone()), store)
}

/// Short timeouts and no retries, so failure cases answer at once.
pub fn quick(config: ClientConfig) -> ClientConfig {
    config
        .with_timeouts(Duration::from_secs(2), Duration::from_secs(5))
        .with_retry(RetryPolicy {
            max_attempts: 1,
            ..RetryPolicy::default()
        })
}

pub fn backend(dir: &Path, keychain: Option<Keychain>, events: Arc<Collected>) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        keychain: keychain.into(),
        events,
        tuning: Arc::new(quick),
        ..BackendConfig::isolated()
    })
}

/// The file of remembered waits in `dir`, as every app process and the CLI share it.
pub fn waits_file(dir: &Path) -> WaitMemory {
    WaitMemory::at(dir.join("rate-limit-waits.json"))
}

/// A backend over the waits file in `dir` (see [`waits_file`]), as another process would be.
pub fn backend_sharing_waits(dir: &Path) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        wait_memory: Some(waits_file(dir)),
        events: Arc::new(Collected::default()),
        tuning: Arc::new(quick),
        ..BackendConfig::isolated()
    })
}

/// `config` with [`STAFF_KEY`] on the Pro plan.
pub async fn sandbox(config: SandboxConfig) -> Sandbox {
    petstore_test_support::sandbox_for(STAFF_KEY, config).await
}

/// Staging pointed at `sandbox`, with the staff key for this session, and selected.
pub async fn use_staging(backend: &Backend, sandbox: &Sandbox, key: &str) {
    backend
        .save_settings(
            Settings {
                production_url: None,
                staging_url: Some(sandbox.base_url()),
            },
            None,
        )
        .await
        .expect("loopback address accepted");
    backend
        .set_api_key(Environment::Staging, key.to_owned(), true)
        .await
        .expect("session key");
    backend
        .select_environment(Environment::Staging)
        .await
        .expect("select staging");
}

/// An error's facts as the UI receives them (JSON, camelCase; a fact it lacks is null), for
/// tests that read one fact of whichever kind arrived.
pub fn facts(error: &petstore_admin::dto::CommandError) -> serde_json::Value {
    serde_json::to_value(error).expect("an error serializes")
}
