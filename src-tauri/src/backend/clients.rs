//! One `PetstoreClient` per environment, rebuilt when its address or key changes, each with a task
//! forwarding its events.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use petstore_client::{
    ActivitySink, ApiKey, BaseUrl, ClientConfig, Environment, NetworkConfig, PetstoreClient,
};
use petstore_local::WaitMemory;
use tokio::task::JoinHandle;

use super::Alerts;
use crate::dto::CommandError;
use crate::events::{EventSink, forward};

/// Adjusts every client's configuration (tests shorten timeouts and retries).
pub type Tuning = Arc<dyn Fn(ClientConfig) -> ClientConfig + Send + Sync>;

struct Slot {
    /// The network settings' generation the client was built with.
    network: u64,
    base_url: String,
    key_fingerprint: Option<u64>,
    client: PetstoreClient,
    forwarder: JoinHandle<()>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.forwarder.abort();
    }
}

pub struct Clients {
    slots: Mutex<HashMap<Environment, Slot>>,
    events: Arc<dyn EventSink>,
    tuning: Tuning,
    wait_memory: Option<WaitMemory>,
    /// Every client records into the activity history (when there is one).
    activity: Option<Arc<dyn ActivitySink>>,
    alerts: Arc<Alerts>,
    /// The proxy and company certificates, with a generation bumped on every change: a client
    /// built with an older one is rebuilt on its next request (pacing is kept: it belongs to the
    /// address and key, not to the client).
    network: Mutex<(u64, NetworkConfig)>,
}

impl std::fmt::Debug for Clients {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clients").finish_non_exhaustive()
    }
}

impl Clients {
    pub fn new(
        events: Arc<dyn EventSink>,
        tuning: Tuning,
        wait_memory: Option<WaitMemory>,
        activity: Option<Arc<dyn ActivitySink>>,
        alerts: Arc<Alerts>,
    ) -> Clients {
        Clients {
            slots: Mutex::new(HashMap::new()),
            events,
            tuning,
            wait_memory,
            activity,
            alerts,
            network: Mutex::new((0, NetworkConfig::default())),
        }
    }

    /// Uses `network` from the next request on.
    pub fn set_network(&self, network: NetworkConfig) {
        let mut slot = self.network.lock().unwrap_or_else(PoisonError::into_inner);
        slot.0 += 1;
        slot.1 = network;
    }

    pub(super) fn network(&self) -> (u64, NetworkConfig) {
        self.network
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The client for `env` with this address and key: the existing one when nothing changed.
    pub async fn get(
        &self,
        env: Environment,
        base_url: BaseUrl,
        key: Option<ApiKey>,
    ) -> Result<PetstoreClient, CommandError> {
        let fingerprint = key.as_ref().map(ApiKey::fingerprint);
        let generation = self.network().0;
        let mut slots = self.slots();
        if let Some(slot) = slots.get(&env)
            && slot.network == generation
            && slot.base_url == base_url.as_str()
            && slot.key_fingerprint == fingerprint
        {
            return Ok(slot.client.clone());
        }
        let url = base_url.as_str().to_owned();
        let client = self.build(env, base_url, key)?;
        let forwarder = forward(
            client.subscribe(),
            env,
            self.events.clone(),
            self.alerts.clone(),
        );
        slots.insert(
            env,
            Slot {
                network: generation,
                base_url: url,
                key_fingerprint: fingerprint,
                client: client.clone(),
                forwarder,
            },
        );
        Ok(client)
    }

    /// A std mutex: never held across an await (building a client is not async).
    fn slots(&self) -> MutexGuard<'_, HashMap<Environment, Slot>> {
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A client for one try of an address not saved for `env` (Test connection in Settings): kept
    /// by nobody, so the environment's own client, its events and its address stay as they are.
    /// Its pacing is still the one of this address and key (shared in the process, and the waits
    /// remembered on disk), so a test never jumps a wait the service asked for.
    pub fn detached(
        &self,
        env: Environment,
        base_url: BaseUrl,
        key: Option<ApiKey>,
    ) -> Result<PetstoreClient, CommandError> {
        self.build(env, base_url, key)
    }

    fn build(
        &self,
        env: Environment,
        base_url: BaseUrl,
        key: Option<ApiKey>,
    ) -> Result<PetstoreClient, CommandError> {
        let mut config = ClientConfig::new(env, base_url).with_network(self.network().1);
        if let Some(key) = key {
            config = config.with_api_key(key);
        }
        // Waits a 429 imposed, remembered on disk: honoured whether this app, another app
        // process or the CLI was answered it, and remembered for them in turn.
        if let Some(memory) = &self.wait_memory {
            config = config.with_wait_store(Arc::new(memory.clone()));
        }
        if let Some(sink) = &self.activity {
            config = config.with_activity_sink(sink.clone());
        }
        Ok(PetstoreClient::new((self.tuning)(config))?)
    }

    /// The client already built for `env`, if any (nothing is started for it).
    pub async fn existing(&self, env: Environment) -> Option<PetstoreClient> {
        self.slots().get(&env).map(|s| s.client.clone())
    }

    /// Drops `env`'s client (its address or key changed): its quota and events are the old
    /// server's. A create still on its way keeps its own handle and finishes.
    pub fn forget(&self, env: Environment) {
        self.slots().remove(&env);
    }

    pub async fn clear(&self) {
        self.slots().clear();
    }
}
