//! The values the store takes and gives: who recorded an entry, how long entries are kept, what a
//! listing is filtered by, an entry as read back, and the quota history's shapes.

use chrono::{DateTime, Utc};
use petstore_client::{Environment, Operation, Outcome, Plan, QuotaWindow, RequestRecord};
use serde::{Deserialize, Serialize};

/// Which program recorded an entry (the app and the CLI share one history).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Source {
    App,
    Cli,
}

impl Source {
    /// The stored name (`app`, `cli`).
    pub fn as_str(self) -> &'static str {
        match self {
            Source::App => "app",
            Source::Cli => "cli",
        }
    }

    pub fn parse(text: &str) -> Option<Source> {
        [Source::App, Source::Cli]
            .into_iter()
            .find(|source| source.as_str() == text)
    }
}

/// How much history is kept: entries older than `max_age_days`, and the oldest beyond
/// `max_entries`, are pruned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Retention {
    pub max_age_days: u32,
    pub max_entries: u64,
}

impl Default for Retention {
    /// The defaults: 90 days or 200,000 entries, whichever is reached first.
    fn default() -> Self {
        Retention {
            max_age_days: 90,
            max_entries: 200_000,
        }
    }
}

/// What a listing, a count, an export or a window summary is narrowed to. Every field set must
/// match; `None` matches everything. Times are inclusive at both ends.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    pub environment: Option<Environment>,
    pub base_url: Option<String>,
    pub operation: Option<Operation>,
    pub outcome: Option<Outcome>,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// A pet name substring (case-insensitive), or, when it is a whole number, also an exact pet
    /// id (the created pet's, the one looked up, or the one an unconfirmed create was found as).
    pub search: Option<String>,
}

/// One stored entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The row id: stable while the entry is kept, increasing in insertion order.
    pub id: i64,
    pub source: Source,
    /// The record as the client gave it (durations and times to the millisecond).
    pub record: RequestRecord,
    /// For creates that ended "outcome unknown": how the user settled it.
    pub resolution: Option<Resolution>,
}

/// How an unconfirmed create was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ResolutionKind {
    /// The pet was found in the list: the create did land.
    Found,
    /// It was not found and the user created it again.
    Retried,
    /// The user said it needs nothing more.
    Dismissed,
}

impl ResolutionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ResolutionKind::Found => "found",
            ResolutionKind::Retried => "retried",
            ResolutionKind::Dismissed => "dismissed",
        }
    }

    pub fn parse(text: &str) -> Option<ResolutionKind> {
        [
            ResolutionKind::Found,
            ResolutionKind::Retried,
            ResolutionKind::Dismissed,
        ]
        .into_iter()
        .find(|kind| kind.as_str() == text)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resolution {
    pub kind: ResolutionKind,
    /// The pet found (`Found`) or newly created (`Retried`).
    pub pet_id: Option<i64>,
    pub at: DateTime<Utc>,
}

/// One reading of the quota: what an answer's rate-limit headers said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QuotaPoint {
    /// When the answer was read.
    pub at: DateTime<Utc>,
    pub remaining: u64,
    pub limit: u64,
    pub window: QuotaWindow,
}

/// The quota of one base address over a time range, for the chart and its text equivalent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QuotaHistory {
    /// At most [`MAX_POINTS`](crate::MAX_POINTS), oldest first; when there were more, the range
    /// is cut into equal buckets and each keeps its lowest remaining (the dips matter, not the
    /// peaks).
    pub points: Vec<QuotaPoint>,
    /// The distinct reset instants the server announced that fall within the range.
    pub resets: Vec<DateTime<Utc>>,
    /// One instant per 429 answer, at the start of the operation it answered (twice for an
    /// operation answered 429 twice), with the answers of operations still waiting them out
    /// (not yet recorded) among them: the one count of 429s.
    pub rate_limited: Vec<DateTime<Utc>>,
    /// Requests put on the wire (attempts, retries included) per operation, every operation
    /// listed in `Operation::ALL` order, zero included.
    pub requests_by_operation: Vec<(Operation, u64)>,
    pub day_window: DayUse,
}

/// Today's use (UTC day of the range's end) against the day's limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayUse {
    /// 00:00 UTC of the day.
    pub since: DateTime<Utc>,
    /// Requests put on the wire since then (attempts).
    pub used: u64,
    /// From the latest day-window reading's limit, else the latest known plan's day limit.
    pub day_limit: Option<u64>,
    /// Only from a day-window reading made today: the server's own count.
    pub remaining: Option<u64>,
    pub plan: Option<Plan>,
}

/// One rate-limit window as the history saw it (`petstore quota --history`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WindowSummary {
    pub base_url: String,
    pub environment: Environment,
    /// The window's announced end; `None` for requests that got no rate-limit headers.
    pub reset_at: Option<DateTime<Utc>>,
    pub window: QuotaWindow,
    /// The first operation seen in the window.
    pub first: DateTime<Utc>,
    /// Requests put on the wire (attempts).
    pub requests: u64,
    /// Attempts answered 429.
    pub rate_limited: u64,
    pub lowest_remaining: Option<u64>,
    pub limit: Option<u64>,
}

/// What the writer did so far (since this store was opened in this process).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WriterStats {
    pub written: u64,
    /// Records refused because the queue was full (the writer could not keep up).
    pub dropped: u64,
    /// Records lost because their transaction failed (logged with the cause).
    pub failed: u64,
    pub pruned: u64,
}
