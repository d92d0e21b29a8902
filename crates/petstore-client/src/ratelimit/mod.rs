//! Rate limits: reading the `X-RateLimit-*` and `Retry-After` headers, and pacing every request
//! that shares a key so that the client neither provokes 429s nor earns a key ban.

mod governor;
mod headers;
#[cfg(test)]
mod props;
mod store;

pub use governor::{Governor, GovernorKey, Observation, Permit, Priority, RateLimited, reserve};
pub use headers::parse_retry_after;
// The snapshot is a module of its own, so the events that carry it need nothing of the pacing.
pub use crate::quota_snapshot::{Plan, QuotaWindow, RateLimitSnapshot};
pub use store::{Forgetting, WaitStore};
