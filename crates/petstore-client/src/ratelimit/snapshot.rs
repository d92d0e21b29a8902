//! The quota as one response described it.

use chrono::{DateTime, Utc};
use serde::Serialize;

/// `X-RateLimit-Limit`, `-Remaining`, `-Reset` of one response, with what can be inferred.
/// Missing, garbage or contradictory header values become `None`/clamped, never an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitSnapshot {
    pub limit: Option<u64>,
    pub remaining: Option<u64>,
    pub reset_at: Option<DateTime<Utc>>,
    /// Which window the headers describe, inferred from how far away the reset is.
    pub window: QuotaWindow,
    /// The plan, only where limit and window identify it unambiguously.
    pub plan: Option<Plan>,
    /// When the response was read (the client's clock).
    pub observed_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum QuotaWindow {
    Minute,
    Day,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Plan {
    Free,
    Pro,
    Business,
}

impl RateLimitSnapshot {
    /// `None` when the response carries none of the three headers.
    pub fn from_headers(_headers: &http::HeaderMap, _now: DateTime<Utc>) -> Option<Self> {
        todo!("governor helper")
    }
}
