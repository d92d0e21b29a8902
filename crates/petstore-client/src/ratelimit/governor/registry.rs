//! The process-wide map from key to governor. Weak references, so a governor nobody uses any
//! more is dropped (and its entry swept on the next creation).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

use super::{Governor, GovernorKey};

type Registry = Mutex<HashMap<GovernorKey, Weak<Governor>>>;

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::default)
}

pub(super) fn shared(key: GovernorKey, create: impl FnOnce() -> Arc<Governor>) -> Arc<Governor> {
    let mut map = registry().lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(governor) = map.get(&key).and_then(Weak::upgrade) {
        return governor;
    }
    map.retain(|_, governor| governor.strong_count() > 0);
    let governor = create();
    map.insert(key, Arc::downgrade(&governor));
    governor
}

/// Whether `key` has a live governor (tests).
#[cfg(test)]
pub(super) fn is_live(key: &GovernorKey) -> bool {
    let map = registry().lock().unwrap_or_else(PoisonError::into_inner);
    map.get(key)
        .is_some_and(|governor| governor.strong_count() > 0)
}
