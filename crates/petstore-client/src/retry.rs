//! The bounds of retrying: the policy's numbers, full-jitter exponential backoff and the retry
//! budget shared by a key. Which outcome is retried is decided in one place, `client::policy`.

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

impl TransportFailure {
    /// The failure as the log and `OutcomeUnknown` say it.
    pub(crate) fn text(self) -> &'static str {
        match self {
            TransportFailure::Timeout => "the service did not answer in time",
            TransportFailure::ConnectionLost => "the connection was lost before the answer arrived",
            TransportFailure::NeverSent => "the request could not be sent",
        }
    }
}

/// Full-jitter backoff for `attempt` (1-based): uniform in `0..=min(max_delay, base * 2^(attempt-1))`.
pub fn full_jitter(policy: &RetryPolicy, attempt: u32) -> Duration {
    jitter(backoff_cap(policy, attempt))
}

/// A delay drawn uniformly from `0..=cap`.
pub fn jitter(cap: Duration) -> Duration {
    // u64 nanoseconds span 584 years: far past any sane `max_delay`.
    let cap_nanos = u64::try_from(cap.as_nanos()).unwrap_or(u64::MAX);
    Duration::from_nanos(fastrand::u64(0..=cap_nanos))
}

/// The upper bound of [`full_jitter`] for `attempt`: `min(max_delay, base * 2^(attempt-1))`.
pub fn backoff_cap(policy: &RetryPolicy, attempt: u32) -> Duration {
    let doublings = attempt.saturating_sub(1).min(63);
    policy
        .base_delay
        .checked_mul(1u32.checked_shl(doublings).unwrap_or(u32::MAX))
        .unwrap_or(Duration::MAX)
        .min(policy.max_delay)
}

/// What one retry costs from the shared [`RetryBudget`] (a 429 or a transient failure).
pub const RETRY_COST: u32 = 5;
/// What one retry after a timeout costs: timeouts hint at an overloaded server, so they drain
/// the budget faster.
pub const TIMEOUT_RETRY_COST: u32 = 10;
/// Tokens in a full [`RetryBudget`].
pub const RETRY_BUDGET_CAPACITY: u32 = 500;

/// A token bucket shared by every request of one key (as in the AWS SDKs): each retry takes
/// tokens, each success gives one back, so a storm of failures stops retrying instead of
/// multiplying the load (and a key ban).
#[derive(Debug)]
pub struct RetryBudget {
    tokens: std::sync::atomic::AtomicU32,
    capacity: u32,
}

impl Default for RetryBudget {
    fn default() -> Self {
        Self::new(RETRY_BUDGET_CAPACITY)
    }
}

impl RetryBudget {
    pub fn new(capacity: u32) -> Self {
        Self {
            tokens: std::sync::atomic::AtomicU32::new(capacity),
            capacity,
        }
    }

    /// Takes `cost` tokens; `false` (and nothing taken) when fewer are left.
    pub fn withdraw(&self, cost: u32) -> bool {
        use std::sync::atomic::Ordering;
        self.tokens
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |t| t.checked_sub(cost))
            .is_ok()
    }

    /// Gives one token back after a success, up to the capacity.
    pub fn refund(&self) {
        use std::sync::atomic::Ordering;
        let _ = self
            .tokens
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |t| {
                (t < self.capacity).then_some(t + 1)
            });
    }

    pub fn available(&self) -> u32 {
        self.tokens.load(std::sync::atomic::Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> RetryPolicy {
        RetryPolicy {
            max_attempts: 3,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_secs(1),
            ..RetryPolicy::default()
        }
    }

    #[test]
    fn backoff_cap_doubles_then_stops_at_max_delay() {
        let p = policy();
        let caps: Vec<u64> = (0..=6)
            .map(|a| backoff_cap(&p, a).as_millis() as u64)
            .collect();
        assert_eq!(caps, vec![100, 100, 200, 400, 800, 1000, 1000]);
        assert_eq!(backoff_cap(&p, u32::MAX), Duration::from_secs(1));
        let huge = RetryPolicy {
            base_delay: Duration::MAX,
            max_delay: Duration::MAX,
            ..p
        };
        assert_eq!(backoff_cap(&huge, 40), Duration::MAX);
        // Must not panic on a cap beyond u64 nanoseconds.
        let _ = full_jitter(&huge, 40);
    }

    #[test]
    fn full_jitter_stays_within_bounds_and_spreads() {
        let p = policy();
        for attempt in 1..=6 {
            let cap = backoff_cap(&p, attempt);
            let draws: Vec<Duration> = (0..200).map(|_| full_jitter(&p, attempt)).collect();
            assert!(draws.iter().all(|d| *d <= cap), "attempt {attempt}");
            assert!(draws.iter().any(|d| *d < cap / 2), "never low: {attempt}");
            assert!(draws.iter().any(|d| *d > cap / 2), "never high: {attempt}");
        }
        let zero = RetryPolicy {
            base_delay: Duration::ZERO,
            ..p
        };
        assert_eq!(full_jitter(&zero, 3), Duration::ZERO);
    }

    #[test]
    fn retry_budget_drains_and_refills() {
        let budget = RetryBudget::default();
        let granted = (0..200).filter(|_| budget.withdraw(RETRY_COST)).count();
        assert_eq!(granted, (RETRY_BUDGET_CAPACITY / RETRY_COST) as usize);
        assert!(!budget.withdraw(RETRY_COST));
        for _ in 0..RETRY_COST {
            budget.refund();
        }
        assert!(budget.withdraw(RETRY_COST));
        assert!(!budget.withdraw(1));
        for _ in 0..(RETRY_BUDGET_CAPACITY + 10) {
            budget.refund();
        }
        assert_eq!(budget.available(), RETRY_BUDGET_CAPACITY);
        assert!(!budget.withdraw(RETRY_BUDGET_CAPACITY + 1));
        assert!(budget.withdraw(TIMEOUT_RETRY_COST));
    }
}
