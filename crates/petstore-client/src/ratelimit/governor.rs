//! One shared pacing state per (base address, key): every clone of a client and every task that
//! uses the same key goes through the same `Governor`.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use tokio::sync::broadcast;

use super::RateLimitSnapshot;
use crate::clock::Clock;
use crate::events::{ClientEvent, WaitReason};
use crate::retry::RetryPolicy;

/// Whose quota: the base address and a fingerprint of the key (never the key itself).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GovernorKey {
    pub base_url: String,
    pub key_fingerprint: u64,
}

/// The client may not send before `retry_at` (a 429, an exhausted quota, a ban), and waiting that
/// long would pass the caller's deadline or the policy's longest wait.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("rate limited until {retry_at}")]
pub struct RateLimited {
    pub retry_at: DateTime<Utc>,
    pub reason: WaitReason,
}

/// What one response said, fed back to the governor.
#[derive(Debug, Clone)]
pub struct Observation {
    pub status: u16,
    pub snapshot: Option<RateLimitSnapshot>,
    /// Parsed `Retry-After` (absolute, unclamped).
    pub retry_after: Option<DateTime<Utc>>,
}

#[derive(Debug)]
pub struct Governor {
    _private: (),
}

/// Permission to send one request. Finish it with what came back; dropping it unfinished means no
/// answer was read (a network failure), which lets the next waiting request go.
#[derive(Debug)]
pub struct Permit {
    _private: (),
}

impl Governor {
    /// The one governor for `key` in this process, created on first use.
    pub fn shared(_key: GovernorKey, _clock: Arc<dyn Clock>, _policy: &RetryPolicy) -> Arc<Governor> {
        todo!("governor helper")
    }

    /// A governor of its own, shared with nobody (tests, benches).
    pub fn new(_clock: Arc<dyn Clock>, _policy: RetryPolicy) -> Arc<Governor> {
        todo!("governor helper")
    }

    /// Waits until a request may be sent. Returns `RateLimited` at once, without sleeping, when
    /// the wait would pass `deadline` or the policy's `max_wait`.
    pub async fn acquire(&self, _deadline: Option<DateTime<Utc>>) -> Result<Permit, RateLimited> {
        todo!("governor helper")
    }

    /// The latest snapshot any request of this key saw.
    pub fn latest(&self) -> Option<RateLimitSnapshot> {
        todo!("governor helper")
    }

    pub fn subscribe(&self) -> broadcast::Receiver<ClientEvent> {
        todo!("governor helper")
    }

    /// For events that are not about pacing (deprecation notices).
    pub fn emit(&self, _event: ClientEvent) {
        todo!("governor helper")
    }

    /// Takes a retry token from the shared budget; `false` means too many retries lately.
    pub fn withdraw_retry(&self, _cost: u32) -> bool {
        todo!("governor helper")
    }
}

impl Permit {
    /// Records the response. Returns the time sending may resume when this response imposed a
    /// wait (a 429), so the caller can report it.
    pub fn finish(self, _observation: Observation) -> Option<DateTime<Utc>> {
        todo!("governor helper")
    }
}
