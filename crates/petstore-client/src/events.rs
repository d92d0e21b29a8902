//! What the client tells its UI while it works: quota after every response, waits, deprecation.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::quota_snapshot::RateLimitSnapshot;

/// Broadcast to every subscriber of a client (and of its clones).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ClientEvent {
    /// Rate-limit headers read from a response (errors included).
    RateLimit(RateLimitSnapshot),
    /// The client is holding requests back until `until` and will then send again.
    Waiting {
        until: DateTime<Utc>,
        reason: WaitReason,
    },
    /// A waiting period ended; requests flow again.
    Resumed,
    /// The deprecated get-by-id was used.
    Deprecation(DeprecationNotice),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum WaitReason {
    /// The server answered 429; honouring its Retry-After (or backoff when it gave none).
    RateLimited,
    /// The quota says 0 remaining; waiting for its reset rather than provoking a 429.
    QuotaExhausted,
    /// A transient failure (5xx, timeout, connection) of a request that is safe to repeat.
    Backoff,
    /// Bulk work's own turn, not a wait of the key: it keeps an even pace over the quota window
    /// and leaves the window's last requests to people, so its next request comes later than it
    /// may wait (its deadline). A person's request may go at once.
    Paced,
}

/// What is known of the deprecation of `GET /pets/{petId}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeprecationNotice {
    /// The operation, e.g. `GET /pets/{petId}`.
    pub operation: String,
    /// `Deprecation` response header (RFC 9745), when the server sent one.
    pub deprecated_since: Option<DateTime<Utc>>,
    /// `Sunset` response header (RFC 8594), or the spec's removal date when absent.
    pub sunset: DateTime<Utc>,
    /// What to use instead.
    pub replacement: String,
}
