//! When to try again: full-jitter exponential backoff, and which failures are safe to repeat.

use std::time::Duration;

/// Bounds on retrying and waiting for one call.
#[derive(Debug, Clone, PartialEq)]
pub struct RetryPolicy {
    /// Attempts per call, the first included.
    pub max_attempts: u32,
    /// First backoff step; doubles per attempt, with full jitter.
    pub base_delay: Duration,
    /// Cap of one backoff step.
    pub max_delay: Duration,
    /// Longest the client sleeps inside one call (rate-limit waits included); past it the call
    /// returns `RateLimited` with the time to retry instead of sleeping.
    pub max_wait: Duration,
    /// Floor for a `Retry-After` of zero, negative or in the past.
    pub min_retry_after: Duration,
    /// Cap for an absurd `Retry-After`.
    pub max_retry_after: Duration,
    /// Sent this long after a quota reset, against clock skew and rounding.
    pub reset_margin: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 4,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(30),
            max_wait: Duration::from_secs(60),
            min_retry_after: Duration::from_secs(1),
            max_retry_after: Duration::from_secs(24 * 60 * 60),
            reset_margin: Duration::from_millis(50),
        }
    }
}

/// How a request failed before a response was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransportFailure {
    /// Provably never left: connection refused, DNS failure, TLS handshake refused before sending.
    NeverSent,
    /// No answer in time; the request may have been processed.
    Timeout,
    /// The connection dropped after the request may have been sent.
    ConnectionLost,
}

/// What the caller should do about a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetryDecision {
    /// Wait this long and send again.
    RetryAfter(Duration),
    /// Stop and report the failure as it is.
    GiveUp,
    /// Stop: a non-idempotent request may have taken effect (report outcome unknown).
    OutcomeUnknown,
}

/// Full-jitter backoff for `attempt` (1-based): uniform in `0..=min(max_delay, base * 2^(attempt-1))`.
pub fn full_jitter(_policy: &RetryPolicy, _attempt: u32) -> Duration {
    todo!("governor helper")
}

/// After a transport failure or a 5xx status (`status`), whether to retry. `idempotent` is
/// true for GET. 429 is not decided here: the governor handles it for every method.
pub fn decide(
    _policy: &RetryPolicy,
    _idempotent: bool,
    _attempt: u32,
    _failure: Result<u16, TransportFailure>,
) -> RetryDecision {
    todo!("governor helper")
}
