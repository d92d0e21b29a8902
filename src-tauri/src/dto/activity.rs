//! The activity history, the quota's history and its alerts, as the UI gets them. The
//! client's `Operation` and `Outcome` (`ActivityOutcome` in TypeScript) travel as they are; the
//! store's entries are reshaped here: ids as strings, instants as RFC 3339, counts as u32.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{ClientErrorKind, Environment, Pet, Plan, QuotaWindow};
pub use petstore_client::{Operation, Outcome as ActivityOutcome};

/// Which program recorded an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ActivitySource {
    App,
    Cli,
}

/// How an unconfirmed create was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ResolutionKind {
    /// Found in the list: it was stored.
    Found,
    /// Not found, and the person created it again (explicitly).
    Retried,
    /// The person set it aside.
    Dismissed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityResolution {
    pub kind: ResolutionKind,
    /// The pet found, or created by the retry.
    pub pet_id: Option<String>,
    /// RFC 3339.
    pub at: String,
}

/// The rate-limit headers of an entry's last answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityQuota {
    pub limit: Option<u32>,
    pub remaining: Option<u32>,
    /// RFC 3339.
    pub reset_at: Option<String>,
    pub window: QuotaWindow,
}

/// The pet a create sent (and the id it got), or the id a lookup asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityPet {
    pub name: Option<String>,
    pub category_id: Option<String>,
    pub id: Option<String>,
}

/// One request (however many attempts it took) as the history shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityEntry {
    pub id: String,
    /// RFC 3339: when it started.
    pub at: String,
    pub environment: Environment,
    pub base_url: String,
    pub source: ActivitySource,
    pub operation: Operation,
    pub method: String,
    pub path: String,
    pub status: Option<u16>,
    pub duration_ms: u32,
    pub attempts: u32,
    pub waited_ms: u32,
    /// Attempts answered 429.
    pub rate_limited: u32,
    pub outcome: ActivityOutcome,
    pub error_kind: Option<ClientErrorKind>,
    pub server_code: Option<String>,
    /// The server's words as a person is shown them ([`petstore_client::server_words`]): none
    /// when they only restate `server_code`.
    pub server_message: Option<String>,
    /// `status` is a gateway's or proxy's ([`petstore_client::is_gateway_status`]).
    pub gateway: bool,
    pub quota: Option<ActivityQuota>,
    pub pet: Option<ActivityPet>,
    pub pets_returned: Option<u32>,
    pub resolution: Option<ActivityResolution>,
}

/// Which entries to show; `null` fields do not filter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityFilter {
    pub environment: Option<Environment>,
    pub operation: Option<Operation>,
    pub outcome: Option<ActivityOutcome>,
    /// RFC 3339.
    pub since: Option<String>,
    /// RFC 3339.
    pub until: Option<String>,
    /// A pet's name (any part, any case) or its exact id.
    pub search: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityPage {
    pub entries: Vec<ActivityEntry>,
    /// How many entries the filter matches in all.
    pub total: u32,
}

/// What "Check now" found for an unconfirmed create.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CheckResult {
    /// The entry as it is now (resolved "found" when the pet was).
    pub entry: ActivityEntry,
    /// The pet with that name and category, when the list has one.
    pub found: Option<Pet>,
    /// False when nothing was found and the service's list could not be read to its end (a
    /// full page with no way on, also by status): "could not be checked", never "not found".
    pub covered: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum QuotaRange {
    Hour,
    Day,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuotaPoint {
    /// RFC 3339.
    pub at: String,
    pub remaining: u32,
    pub limit: u32,
    pub window: QuotaWindow,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OperationCount {
    pub operation: Operation,
    pub requests: u32,
}

/// Today's requests against the plan's day limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DayUse {
    /// RFC 3339: the start of the day counted (00:00 UTC).
    pub since: String,
    pub used: u32,
    pub day_limit: Option<u32>,
    /// Only when the service reported its day window.
    pub remaining: Option<u32>,
    pub plan: Option<Plan>,
}

/// The Quota panel's data for one environment over the last hour or day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuotaHistory {
    pub environment: Environment,
    pub range: QuotaRange,
    /// RFC 3339.
    pub from: String,
    /// RFC 3339.
    pub to: String,
    pub points: Vec<QuotaPoint>,
    /// RFC 3339 each: when a window renewed.
    pub resets: Vec<String>,
    /// RFC 3339 each: when a request was answered 429.
    pub rate_limited: Vec<String>,
    pub by_operation: Vec<OperationCount>,
    pub today: DayUse,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivitySettings {
    pub retention_days: u32,
    pub max_entries: u32,
    pub alerts: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ActivityProblem {
    /// The history was written by a newer version of the app; this one leaves it untouched.
    NewerSchema,
    /// The history's file cannot be opened or created.
    Unavailable,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityStatus {
    pub available: bool,
    pub problem: Option<ActivityProblem>,
    /// Where a damaged history was kept when a new one was started.
    pub moved_aside: Option<String>,
    /// Creates whose outcome is unknown and not yet settled.
    pub unconfirmed: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AlertLevel {
    /// Below a fifth of the window's requests.
    Low,
    /// None left in the window.
    Exhausted,
    /// The service answered 429.
    RateLimited,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuotaAlert {
    pub environment: Environment,
    pub level: AlertLevel,
    /// The window the quota describes (minute or day), as the headers told it.
    pub window: QuotaWindow,
    pub remaining: Option<u32>,
    pub limit: Option<u32>,
    /// When the quota renews; after a 429, when requests go again (RFC 3339).
    pub reset_at: Option<String>,
    /// RFC 3339.
    pub at: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityRecorded {
    pub unconfirmed: u32,
}
