//! Everything the request handlers share: the catalogue, keys, rate limiter, faults, clock and counters.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::auth::KeyRing;
use crate::clock::Clock;
use crate::config::{SandboxConfig, whole_seconds};
use crate::control::ControlToken;
use crate::faults::FaultSwitch;
use crate::ratelimit::RateLimiter;
use crate::store::PetStore;

pub(crate) struct Shared {
    pub store: PetStore,
    pub keys: KeyRing,
    pub limiter: RateLimiter,
    pub faults: Arc<FaultSwitch>,
    pub clock: Arc<dyn Clock>,
    pub page_links: bool,
    pub newest_first: bool,
    /// Base URL (ending in /v1) used in absolute links such as `rel="next"`.
    pub base_url: String,
    /// The token the control routes need; `None` when they are off.
    pub control_token: Option<Arc<ControlToken>>,
    /// Names answered besides loopback's ([`crate::SandboxConfig::also_answers`]).
    pub also_answers: Arc<[String]>,
    requests: AtomicU64,
    creates: AtomicU64,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("base_url", &self.base_url)
            .field("keys", &self.keys.len())
            .finish_non_exhaustive()
    }
}

impl Shared {
    pub fn new(
        config: &SandboxConfig,
        clock: Arc<dyn Clock>,
        base_url: String,
        control_token: Option<ControlToken>,
    ) -> Self {
        let store = PetStore::default();
        if config.seed_demo_data {
            crate::demo::seed(&store);
        }
        Shared {
            store,
            keys: KeyRing::new(&config.keys),
            limiter: RateLimiter::new(
                whole_seconds(config.minute_window),
                whole_seconds(config.day_window),
                config.ban_after,
                config.ban_duration,
            ),
            faults: Arc::new(FaultSwitch::new(config.faults.clone())),
            clock,
            page_links: config.page_size_links,
            newest_first: config.newest_first,
            base_url,
            control_token: control_token.map(Arc::new),
            also_answers: config.also_answers.clone().into(),
            requests: AtomicU64::new(0),
            creates: AtomicU64::new(0),
        }
    }

    pub fn count_request(&self) {
        self.requests.fetch_add(1, Ordering::SeqCst);
    }

    pub fn request_count(&self) -> u64 {
        self.requests.load(Ordering::SeqCst)
    }

    pub fn count_create(&self) {
        self.creates.fetch_add(1, Ordering::SeqCst);
    }

    pub fn create_count(&self) -> u64 {
        self.creates.load(Ordering::SeqCst)
    }
}
