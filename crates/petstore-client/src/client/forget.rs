//! Clearing a remembered rate-limit wait (the app's Clear, `petstore quota --forget`), decided
//! here once for both shells. A person who knows better may clear a stale wait; nobody (nor a
//! compromised web view, nor a script in a loop) may use it to send into the service's wait again
//! and again, which is what earns a key a ban. So a clearing is refused:
//! - while the wait the service gave this process runs (its 429's or a busy server's Retry-After,
//!   a quota its answers showed spent until the reset): the service's word, not a stale memory;
//! - within [`CLEAR_SPACING`] of the last clearing for the same (base address, key), by this
//!   process or any other sharing the [`WaitStore`](crate::WaitStore) (the CLI runs as a new
//!   process each time, so the store keeps the time of the last clearing).

use chrono::{DateTime, TimeDelta, Utc};

use super::{LOG_TARGET, PetstoreClient};
use crate::error::ConfigError;
use crate::events::WaitReason;
use crate::ratelimit::Forgetting;

/// How often the wait of one (base address, key) may be cleared, by every process on this
/// computer together.
pub const CLEAR_SPACING: TimeDelta = TimeDelta::minutes(1);

/// Why a wait was not cleared. Nothing was changed or sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WaitKept {
    /// The service itself gave this process the wait, which lasts until `until`.
    #[error("The service asked this program to wait until {}; that wait is not cleared.", when(*until))]
    ServiceWait {
        until: DateTime<Utc>,
        reason: WaitReason,
    },
    /// A wait for this address and key was cleared less than [`CLEAR_SPACING`] ago, here or by
    /// another program on this computer; it may be cleared again from `again_at`.
    #[error("The wait for this address and key was cleared less than a minute ago; it can be cleared again after {}.", when(*again_at))]
    ClearedRecently { again_at: DateTime<Utc> },
}

impl WaitKept {
    /// When asking again may succeed.
    pub fn again_at(&self) -> DateTime<Utc> {
        match self {
            WaitKept::ServiceWait { until, .. } => *until,
            WaitKept::ClearedRecently { again_at } => *again_at,
        }
    }
}

/// Why [`PetstoreClient::forget_wait`] cleared nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ForgetError {
    /// Refused, to spare the key (see the module's rules).
    #[error(transparent)]
    Kept(#[from] WaitKept),
    /// The remembered waits could not be changed ([`ConfigError::WaitStore`]).
    #[error(transparent)]
    Configuration(#[from] ConfigError),
}

fn when(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M:%S UTC").to_string()
}

impl PetstoreClient {
    /// Clears this (base address, key)'s wait learnt elsewhere: forgets the one remembered in
    /// the store (if any) and lifts the in-process hold it caused, so an admin can clear a stale
    /// wait. The next request goes first, alone, and its answer says what really holds. Returns
    /// whether a wait was cleared. Refused ([`ForgetError::Kept`]) while the service's own wait
    /// for this process runs, and within [`CLEAR_SPACING`] of the last clearing.
    pub fn forget_wait(&self) -> Result<bool, ForgetError> {
        let shared = &self.shared;
        let governor = &shared.governor;
        // Held throughout: two clearings at once (two windows, a double click) are one.
        let mut last = governor.clearing();
        if let Some((until, reason)) = governor.received_hold() {
            return Err(WaitKept::ServiceWait { until, reason }.into());
        }
        let now = shared.clock.now();
        if let Some(again_at) = last
            .map(|at| at + CLEAR_SPACING)
            .filter(|again_at| *again_at > now)
        {
            return Err(WaitKept::ClearedRecently { again_at }.into());
        }
        let mut forgot = false;
        // The store first: otherwise the next request would take the wait back from it.
        if let (Some(memory), Some(key)) = (&shared.wait_store, &shared.api_key) {
            let forgetting = memory
                .forget(shared.base_url.as_str(), key, now)
                .map_err(|e| ConfigError::WaitStore {
                    location: memory.location(),
                    message: e.to_string(),
                })?;
            match forgetting {
                Forgetting::Done(removed) => forgot = removed,
                Forgetting::TooSoon { again_at } => {
                    return Err(WaitKept::ClearedRecently { again_at }.into());
                }
            }
        }
        let released = governor.release_hold();
        let cleared = forgot || released;
        if cleared {
            *last = Some(now);
            log::info!(target: LOG_TARGET, "the rate-limit wait for this address and key was cleared");
        }
        Ok(cleared)
    }
}
