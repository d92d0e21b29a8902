//! The pacing rules as a plain state machine: no clock, no waiting, no locking. The async
//! `Governor` around it only sleeps, waits for changes and reports.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::events::WaitReason;
use crate::ratelimit::RateLimitSnapshot;
use crate::retry::{self, RetryPolicy};

#[derive(Debug)]
pub(super) struct State {
    quota: Option<Quota>,
    gate: Gate,
    /// Nobody sends before this (a 429's Retry-After, clamped).
    blocked_until: Option<DateTime<Utc>>,
    /// 429 episodes in a row; lengthens the backoff when a 429 names no Retry-After.
    consecutive_429: u32,
    /// Bumped at each 429 episode, so the stragglers of one episode count once.
    epoch: u64,
    next_probe: u64,
    in_flight: u64,
    /// The wait last reported as `Waiting`, so eight waiters make one event.
    announced: Option<(DateTime<Utc>, WaitReason)>,
    pub(super) latest: Option<RateLimitSnapshot>,
}

/// Whether requests may flow, or one must go first and the rest wait for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gate {
    Open,
    /// The next request to ask is the probe (no answer seen yet, or a 429).
    NeedProbe,
    ProbeInFlight(u64),
}

/// The budget of one quota window, as the headers described it and as we spent it since.
#[derive(Debug)]
struct Quota {
    limit: u64,
    budget: u64,
    /// `None` after we waited out a reset and assumed a fresh window the server has not yet
    /// described.
    reset_at: Option<DateTime<Utc>>,
    /// Answers with a reset at or before this belong to windows already over.
    floor: Option<DateTime<Utc>>,
}

/// What one permit was handed out under.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ticket {
    probe: Option<u64>,
    epoch: u64,
}

#[derive(Debug)]
pub(super) enum Step {
    Grant(Ticket),
    Sleep {
        until: DateTime<Utc>,
        reason: WaitReason,
    },
    /// Wait for an answer to a request in flight.
    AwaitChange,
}

impl Default for State {
    fn default() -> Self {
        Self {
            quota: None,
            gate: Gate::NeedProbe,
            blocked_until: None,
            consecutive_429: 0,
            epoch: 0,
            next_probe: 0,
            in_flight: 0,
            announced: None,
            latest: None,
        }
    }
}

impl State {
    /// Decides for one request that asks to be sent now.
    pub(super) fn step(&mut self, now: DateTime<Utc>, policy: &RetryPolicy) -> Step {
        if self.blocked_until.is_some_and(|until| until > now) {
            // Straight to the later of Retry-After and a spent quota's reset, so a wait too long
            // for the caller is refused before any of it is slept.
            return Step::Sleep {
                until: self.resume_at(policy),
                reason: WaitReason::RateLimited,
            };
        }
        if let Some(step) = self.exhausted(now, policy) {
            return step;
        }
        let probe = match self.gate {
            Gate::ProbeInFlight(_) => return Step::AwaitChange,
            Gate::Open => None,
            Gate::NeedProbe => {
                self.next_probe += 1;
                self.gate = Gate::ProbeInFlight(self.next_probe);
                Some(self.next_probe)
            }
        };
        self.in_flight += 1;
        if let Some(quota) = &mut self.quota {
            quota.budget -= 1;
        }
        Step::Grant(Ticket {
            probe,
            epoch: self.epoch,
        })
    }

    /// `Some` when the local budget is spent; rolls over to a fresh window once its reset passed.
    fn exhausted(&mut self, now: DateTime<Utc>, policy: &RetryPolicy) -> Option<Step> {
        let quota = self.quota.as_mut().filter(|quota| quota.budget == 0)?;
        match quota.reset_at {
            Some(reset) => {
                let resume = after(reset, policy.reset_margin);
                if resume > now {
                    return Some(Step::Sleep {
                        until: resume,
                        reason: WaitReason::QuotaExhausted,
                    });
                }
                // A whole new window: everyone may go, no probe (the pacing must use all of it).
                quota.floor = Some(reset);
                quota.reset_at = None;
                quota.budget = quota.limit;
                if quota.budget > 0 {
                    return None;
                }
            }
            None if self.in_flight > 0 => return Some(Step::AwaitChange),
            None => {}
        }
        // A window spent with no answer to tell its reset: start over from knowing nothing.
        self.quota = None;
        if self.gate == Gate::Open {
            self.gate = Gate::NeedProbe;
        }
        None
    }

    /// Records an answer. Returns when sending may resume if the answer was a 429.
    pub(super) fn observe(
        &mut self,
        ticket: Ticket,
        status: u16,
        snapshot: Option<&RateLimitSnapshot>,
        retry_after: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
        policy: &RetryPolicy,
    ) -> Option<DateTime<Utc>> {
        self.in_flight = self.in_flight.saturating_sub(1);
        if let Some(snapshot) = snapshot {
            self.track_quota(snapshot);
            self.latest = Some(snapshot.clone());
        }
        let current_episode = ticket.epoch == self.epoch;
        if status != 429 {
            if current_episode {
                self.consecutive_429 = 0;
            }
            if self.is_probe(ticket) {
                self.gate = Gate::Open;
            }
            return None;
        }
        if current_episode {
            // Requests sent before this 429 may answer 429 too: one episode, counted once.
            self.epoch += 1;
            self.consecutive_429 = self.consecutive_429.saturating_add(1);
            self.gate = Gate::NeedProbe;
        }
        let until = clamp_retry_after(retry_after, now, policy, self.consecutive_429);
        self.blocked_until = self.blocked_until.max(Some(until));
        Some(self.resume_at(policy).max(until))
    }

    /// A wait imposed from outside this process's answers (a 429 another run of the app saw):
    /// honoured like a 429's Retry-After, then one request goes first.
    pub(super) fn hold_until(&mut self, until: DateTime<Utc>) {
        self.blocked_until = self.blocked_until.max(Some(until));
        self.gate = Gate::NeedProbe;
    }

    /// A permit dropped without an answer: the request may or may not have counted.
    pub(super) fn abandon(&mut self, ticket: Ticket) {
        self.in_flight = self.in_flight.saturating_sub(1);
        if self.is_probe(ticket) {
            // Let the next waiter be the probe instead of waiting for an answer that never comes.
            self.gate = Gate::NeedProbe;
        }
    }

    fn is_probe(&self, ticket: Ticket) -> bool {
        ticket
            .probe
            .is_some_and(|id| self.gate == Gate::ProbeInFlight(id))
    }

    /// The earliest time anyone may send, as far as waits go.
    fn resume_at(&self, policy: &RetryPolicy) -> DateTime<Utc> {
        let quota_reset = self
            .quota
            .as_ref()
            .filter(|quota| quota.budget == 0)
            .and_then(|quota| quota.reset_at)
            .map(|reset| after(reset, policy.reset_margin));
        self.blocked_until
            .max(quota_reset)
            .unwrap_or(DateTime::<Utc>::MIN_UTC)
    }

    fn track_quota(&mut self, snapshot: &RateLimitSnapshot) {
        let (Some(limit), Some(remaining), Some(reset)) =
            (snapshot.limit, snapshot.remaining, snapshot.reset_at)
        else {
            return;
        };
        // Requests still out may be counted against the new window: assume they are.
        let fresh = |floor| Quota {
            limit,
            budget: remaining.saturating_sub(self.in_flight),
            reset_at: Some(reset),
            floor,
        };
        let Some(quota) = self.quota.as_mut().filter(|quota| quota.limit == limit) else {
            self.quota = Some(fresh(None));
            return;
        };
        match quota.reset_at {
            Some(current) if reset == current => quota.budget = quota.budget.min(remaining),
            Some(current) if reset < current => {}
            Some(current) => *quota = fresh(Some(current)),
            None if quota.floor.is_some_and(|floor| reset <= floor) => {}
            // The window we assumed after a reset, now described by the server.
            None => {
                quota.budget = quota.budget.min(remaining);
                quota.reset_at = Some(reset);
            }
        }
    }

    #[cfg(test)]
    pub(super) fn in_flight(&self) -> u64 {
        self.in_flight
    }

    #[cfg(test)]
    pub(super) fn consecutive_429(&self) -> u32 {
        self.consecutive_429
    }

    /// Whether `Waiting` should be announced for this wait (not yet announced).
    pub(super) fn announce(&mut self, until: DateTime<Utc>, reason: WaitReason) -> bool {
        let new = self.announced != Some((until, reason));
        self.announced = Some((until, reason));
        new
    }

    /// Whether a wait was announced and is now over (`Resumed` is due).
    pub(super) fn take_announcement(&mut self) -> bool {
        self.announced.take().is_some()
    }
}

/// Retry-After as the governor honours it: missing → backoff; now or past → the floor; absurd
/// → the cap.
fn clamp_retry_after(
    retry_after: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    policy: &RetryPolicy,
    consecutive_429: u32,
) -> DateTime<Utc> {
    match retry_after {
        None => after(now, retry::full_jitter(policy, consecutive_429)),
        Some(at) if at <= now => after(now, policy.min_retry_after),
        Some(at) => at.min(after(now, policy.max_retry_after)),
    }
}

pub(super) fn after(time: DateTime<Utc>, by: Duration) -> DateTime<Utc> {
    TimeDelta::from_std(by)
        .ok()
        .and_then(|delta| time.checked_add_signed(delta))
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}
