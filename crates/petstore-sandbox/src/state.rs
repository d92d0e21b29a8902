//! Everything the request handlers share: the catalogue, keys, rate limiter, faults, clock and counters.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::auth::KeyRing;
use crate::clock::Clock;
use crate::config::{SandboxConfig, whole_seconds};
use crate::control::ControlToken;
use crate::faults::FaultSwitch;
use crate::kept;
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
    /// Lines of the pets file passed over at start (not a pet).
    pub skipped_lines: usize,
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
    ) -> std::io::Result<Self> {
        let store = PetStore::default();
        let skipped_lines = stock(&store, config)?;
        Ok(Shared {
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
            skipped_lines,
            requests: AtomicU64::new(0),
            creates: AtomicU64::new(0),
        })
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

/// Fills the store: from the pets file when there is one with pets in it; else the demo data (if
/// asked for), written to the pets file as its first content. Returns the file's lines passed
/// over.
fn stock(store: &PetStore, config: &SandboxConfig) -> std::io::Result<usize> {
    let skipped = fill(store, config)?;
    store.give_ids_above(config.ids_above);
    Ok(skipped)
}

fn fill(store: &PetStore, config: &SandboxConfig) -> std::io::Result<usize> {
    let Some(path) = &config.pets_file else {
        if config.seed_demo_data {
            crate::demo::seed(store);
        }
        return Ok(0);
    };
    let skipped = match kept::read(path)? {
        Some(kept) => {
            for pet in kept.pets {
                store.insert(&pet.name, pet.category_id, &pet.status, Some(pet.id));
            }
            kept.skipped
        }
        None => {
            if config.seed_demo_data {
                crate::demo::seed(store);
            }
            kept::write_all(path, &store.all())?;
            0
        }
    };
    store.keep_in(kept::PetsFile::append_to(path)?);
    Ok(skipped)
}
