//! The activity history shared by every desk: one row per request any desk made, with the
//! desk's name and OS account, mirroring the fields of the local history's entry that the
//! Activity view and the quota panel use (`petstore_activity::Entry`).
//!
//! - desks write in batches ([`Shared::record_many`]: one statement per batch); a batch repeated
//!   after a lost answer adds nothing, since a row is known by its desk and its local id;
//! - the view reads pages newest first with keyset paging ([`Shared::page`], `page.rs`): a page
//!   continues after the last row of the one before, so rows written meanwhile never shift or
//!   repeat the rows already read;
//! - the quota panel's day figure counts every desk's requests ([`Shared::day_figure`]).
//!
//! Values are the local history's own names as text (`createPet`, `ok`, `minute`, …): this
//! crate depends on no HTTP client, and the caller maps its enums with their `as_str`.

mod page;
mod write;

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;

pub use page::{Cursor, HistoryPage, HistoryQuery, MAX_PAGE};
pub use write::MAX_HISTORY_BATCH;

/// The rate-limit headers an answer carried (the local `RateLimitSnapshot`'s figures).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitRead {
    pub limit: u64,
    pub remaining: u64,
    pub reset_at: Option<DateTime<Utc>>,
    /// `minute` or `day`, as the local history names it.
    pub window: String,
}

/// One request as a desk recorded it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    /// The desk (computer) and the OS account its program ran under.
    pub desk: String,
    pub account: String,
    /// The entry's id in the desk's own history: with the desk, what makes it one row.
    pub local_id: i64,
    /// When the operation started, by the desk's clock (as locally).
    pub started_at: DateTime<Utc>,
    /// The base address (the store's environment, as in the claims and the outbox).
    pub environment: String,
    /// The environment's name on the desk then (`production`, `staging`, …).
    pub environment_name: String,
    /// `listPets`, `nextPage`, `createPet`, `getPet`.
    pub operation: String,
    pub method: String,
    /// The path and query of the first attempt's URL (never a header or the key).
    pub path: String,
    /// The last HTTP status read; `None` when no answer arrived.
    pub status: Option<u16>,
    /// From start to end, waits included (kept to the millisecond).
    pub duration: Duration,
    /// Requests put on the wire (retries included): what the quota counts.
    pub attempts: u32,
    /// Attempts answered 429.
    pub rate_limited: u32,
    /// `ok`, `error`, `unknown`, `notFound`.
    pub outcome: String,
    pub rate_limit: Option<RateLimitRead>,
    /// Creates: the pet sent and its id; lookups: the id asked for.
    pub pet_name: Option<String>,
    pub pet_id: Option<i64>,
}

/// An entry as read back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredEntry {
    /// The store's id: increasing in the order written, across desks.
    pub id: i64,
    pub entry: HistoryEntry,
    /// When the store received it (the database's clock).
    pub recorded_at: DateTime<Utc>,
}
