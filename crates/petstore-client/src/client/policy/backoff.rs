//! Whether and when a failure is tried again: the attempts left, the deadline, and a
//! full-jitter backoff.

use std::time::Duration;

use chrono::{DateTime, Utc};

use super::{Attempt, Next, Retry, Wait};
use crate::error::{ApiError, Error};
use crate::retry::{self, RetryPolicy};

/// A failure worth another try, if attempts, the deadline and the budget allow.
pub(super) struct Transient {
    pub(super) reason: String,
    pub(super) error: Error,
    pub(super) server: Option<ApiError>,
    pub(super) cost: u32,
}

/// A retry after a full-jitter backoff (none when the server said when: `resume`), unless this
/// was the last attempt or the backoff would pass the deadline; then the error stands.
pub(super) fn back_off(
    transient: Transient,
    attempt: &Attempt,
    resume: Option<DateTime<Utc>>,
    policy: &RetryPolicy,
    jitter: impl FnOnce(Duration) -> Duration,
) -> Next {
    let Transient {
        reason,
        error,
        server,
        cost,
    } = transient;
    let give_up = |error, reason| Next::Fail {
        error,
        reason: Some(reason),
    };
    if !attempts_left(attempt, policy) {
        return give_up(error, reason);
    }
    let delay = match resume {
        Some(_) => Duration::ZERO,
        None => jitter(retry::backoff_cap(policy, attempt.number)),
    };
    let until = after(attempt.now, delay);
    if attempt.deadline.is_some_and(|deadline| until >= deadline) {
        return give_up(error, reason);
    }
    Next::Retry(Retry {
        wait: Wait::Backoff(delay),
        cost,
        reason,
        refused: error,
        server,
    })
}

/// Whether another attempt is allowed after this one (at least one is always made).
pub(super) fn attempts_left(attempt: &Attempt, policy: &RetryPolicy) -> bool {
    attempt.number < policy.max_attempts.max(1)
}

/// `now + delay`, saturating instead of overflowing.
pub(super) fn after(now: DateTime<Utc>, delay: Duration) -> DateTime<Utc> {
    chrono::TimeDelta::from_std(delay)
        .ok()
        .and_then(|delta| now.checked_add_signed(delta))
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}
