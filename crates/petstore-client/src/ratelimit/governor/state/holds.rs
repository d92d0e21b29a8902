//! Waits from outside this process's answers (another run's remembered wait, a person clearing
//! a stale one), and the wait in force as the governor reports it.

use chrono::{DateTime, Utc};

use super::{Gate, State, after};
use crate::events::WaitReason;
use crate::retry::RetryPolicy;

impl State {
    /// A wait imposed from outside this process's answers (a 429 another run of the app saw):
    /// honoured like a 429's Retry-After, then one request goes first. Idempotent: a hold that
    /// ends no later than the current wait (or is already over) changes nothing, so it can be
    /// asked before every request. Returns whether it changed anything.
    pub(crate) fn hold_until(
        &mut self,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
        policy: &RetryPolicy,
    ) -> bool {
        if until <= now || until <= self.resume_at(policy) {
            return false;
        }
        self.block(until, WaitReason::RateLimited);
        if self.gate == Gate::Open {
            self.gate = Gate::NeedProbe;
        }
        true
    }

    /// Forgets every wait (an admin cleared a stale one): the next request goes first, alone,
    /// and its answer tells the truth. Returns whether a wait was in force. A wait the service
    /// gave this process ([`State::received_hold`]) is never lifted: nothing changes then.
    pub(crate) fn release(&mut self, now: DateTime<Utc>, policy: &RetryPolicy) -> bool {
        if self.received_hold(now, policy).is_some() {
            return false;
        }
        let held = self.held_until(now, policy).is_some();
        self.blocked_until = None;
        self.blocked_reason = WaitReason::RateLimited;
        self.received = None;
        self.consecutive_429 = 0;
        if self.quota.as_ref().is_some_and(|quota| quota.budget == 0) {
            self.quota = None;
        }
        if held && self.gate == Gate::Open {
            self.gate = Gate::NeedProbe;
        }
        held
    }

    /// When the wait in force ends, if one is.
    pub(crate) fn held_until(
        &self,
        now: DateTime<Utc>,
        policy: &RetryPolicy,
    ) -> Option<DateTime<Utc>> {
        Some(self.resume_at(policy)).filter(|until| *until > now)
    }

    /// The wait the service itself gave this process, while it lasts: its 429's or a busy
    /// server's Retry-After, or the reset of a quota its answers showed used up; and why.
    pub(crate) fn received_hold(
        &self,
        now: DateTime<Utc>,
        policy: &RetryPolicy,
    ) -> Option<(DateTime<Utc>, WaitReason)> {
        let quota_reset = self
            .quota
            .as_ref()
            .filter(|quota| quota.budget == 0)
            .and_then(|quota| quota.reset_at)
            .map(|reset| {
                (
                    after(reset, policy.reset_margin),
                    WaitReason::QuotaExhausted,
                )
            });
        let latest = match (self.received, quota_reset) {
            // A 429 answered for a spent quota: the window's reset (and its margin) may end a
            // moment after the Retry-After's whole seconds; it is still the 429's wait.
            (Some((given, WaitReason::RateLimited)), Some((reset, _))) if given > now => {
                Some((given.max(reset), WaitReason::RateLimited))
            }
            (Some(given), Some(reset)) => Some(if reset.0 > given.0 { reset } else { given }),
            (given, reset) => given.or(reset),
        };
        latest.filter(|(until, _)| *until > now)
    }
}
