//! Where rate-limit waits are remembered beyond this process, as the client needs it. The client
//! asks before every attempt and tells it each wait it learns; where the waits live (a file
//! shared by the processes on this computer, in `petstore-local`) is the store's business.

use std::fmt;
use std::io;

use chrono::{DateTime, Utc};

use crate::secret::ApiKey;

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

    /// Forgets the wait remembered for `key` at `base_url`; `true` when there was one.
    fn forget(&self, base_url: &str, key: &ApiKey) -> io::Result<bool>;

    /// Where the waits are kept (a file's path), for a person reading an error.
    fn location(&self) -> String;
}
