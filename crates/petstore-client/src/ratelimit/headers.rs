//! `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.

use chrono::{DateTime, Utc};

/// The absolute time the server asked us to wait until, unclamped; `None` when missing or garbage.
/// Clamping (zero, negative, past, absurd) is the governor's job, so it is done in one place.
pub fn parse_retry_after(_headers: &http::HeaderMap, _now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    todo!("governor helper")
}
