//! Where rate-limit waits are remembered beyond this process, as the client needs it. The client
//! asks before every attempt and tells it each wait it learns; where the waits live (a file
//! shared by the processes on this computer, in `petstore-local`) is the store's business.

use std::fmt;
use std::io;

use chrono::{DateTime, Utc};

use crate::secret::ApiKey;

/// What a store did when asked to forget a wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forgetting {
    /// Whether a wait was removed. A removal is remembered as a clearing at `now`.
    Done(bool),
    /// A wait for this address and key was cleared (by any process) less than
    /// [`CLEAR_SPACING`](crate::CLEAR_SPACING) ago: nothing changed, and it may be asked again at
    /// `again_at`.
    TooSoon { again_at: DateTime<Utc> },
}

/// Waits that outlive the process that learnt them, per (base address, key).
pub trait WaitStore: Send + Sync + fmt::Debug {
    /// The remembered time before which `key` must not send to `base_url`, if still ahead of
    /// `now`. Asked before every attempt, so it must be cheap; a store it cannot read is
    /// "nothing remembered".
    fn not_before(&self, base_url: &str, key: &ApiKey, now: DateTime<Utc>)
    -> Option<DateTime<Utc>>;

    /// Remembers that `key` must not send to `base_url` before `until`. Best effort: a store
    /// that cannot be written loses the wait, never the request's answer.
    fn remember(&self, base_url: &str, key: &ApiKey, until: DateTime<Utc>, now: DateTime<Utc>);

    /// Forgets the wait remembered for `key` at `base_url`, unless one was cleared less than
    /// [`CLEAR_SPACING`](crate::CLEAR_SPACING) before `now`; a removal is remembered (its time,
    /// never the key) so that every process sharing the store sees it. The check and the change
    /// are one step: two processes asking at once clear once.
    fn forget(&self, base_url: &str, key: &ApiKey, now: DateTime<Utc>) -> io::Result<Forgetting>;

    /// Where the waits are kept (a file's path), for a person reading an error.
    fn location(&self) -> String;
}
