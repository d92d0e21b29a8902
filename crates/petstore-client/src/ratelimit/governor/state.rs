//! The pacing rules as a plain state machine: no clock, no waiting, no locking. The async
//! `Governor` around it only sleeps, waits for changes and reports.

mod background;
mod holds;

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use super::sharing::Sharing;
use crate::events::WaitReason;
use crate::ratelimit::RateLimitSnapshot;
use crate::retry::{self, RetryPolicy};

pub use background::{Priority, reserve};

#[derive(Debug)]
pub(super) struct State {
    quota: Option<Quota>,
    gate: Gate,
    /// Nobody sends before this (a 429's Retry-After, or a 502/503/504's, clamped).
    blocked_until: Option<DateTime<Utc>>,
    /// Why `blocked_until` holds: a 429 (or a wait remembered from elsewhere), or a server
    /// that said when it will be back.
    blocked_reason: WaitReason,
    /// The latest wait the service itself gave this process's answers (a 429's, a busy
    /// server's Retry-After), apart from waits learnt elsewhere: a person may clear those, never
    /// this one.
    received: Option<(DateTime<Utc>, WaitReason)>,
    /// 429 episodes in a row; lengthens the backoff when a 429 names no Retry-After.
    consecutive_429: u32,
    /// Bumped at each 429 episode, so the stragglers of one episode count once.
    epoch: u64,
    next_probe: u64,
    in_flight: u64,
    /// Interactive requests asking for a permit right now: background ones wait for them.
    interactive_waiting: u64,
    /// The longest time from an answer to its window's reset seen: the window's length, as
    /// near as answers tell it (background requests spread themselves over it).
    window_len: Option<TimeDelta>,
    /// The wait last reported as `Waiting`, so eight waiters make one event.
    announced: Option<(DateTime<Utc>, WaitReason)>,
    pub(super) latest: Option<RateLimitSnapshot>,
    /// Other computers spending the same key, as the headers tell.
    sharing: Sharing,
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
    /// A background request steps aside until `until` (the window's last slots are kept for
    /// interactive calls). Not a wait of the key: nobody is told "waiting". `reason`: `Paced`
    /// (ahead of the even pace) or `QuotaExhausted` (only the reserved slots are left).
    Yield {
        until: DateTime<Utc>,
        reason: WaitReason,
    },
}

impl Default for State {
    fn default() -> Self {
        Self {
            quota: None,
            gate: Gate::NeedProbe,
            blocked_until: None,
            blocked_reason: WaitReason::RateLimited,
            received: None,
            consecutive_429: 0,
            epoch: 0,
            next_probe: 0,
            in_flight: 0,
            interactive_waiting: 0,
            window_len: None,
            announced: None,
            latest: None,
            sharing: Sharing::default(),
        }
    }
}

impl State {
    /// Decides for one request that asks to be sent now.
    pub(super) fn step(
        &mut self,
        now: DateTime<Utc>,
        policy: &RetryPolicy,
        priority: Priority,
    ) -> Step {
        if self.blocked_until.is_some_and(|until| until > now) {
            // Straight to the later of Retry-After and a spent quota's reset, so a wait too long
            // for the caller is refused before any of it is slept.
            return Step::Sleep {
                until: self.resume_at(policy),
                reason: self.blocked_reason,
            };
        }
        if let Some(step) = self.exhausted(now, policy) {
            return step;
        }
        if priority != Priority::Interactive
            && let Some(step) = self.background_yields(now, policy, priority)
        {
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

    pub(super) fn interactive_asks(&mut self) {
        self.interactive_waiting += 1;
    }

    pub(super) fn interactive_done(&mut self) {
        self.interactive_waiting = self.interactive_waiting.saturating_sub(1);
    }

    /// Records an answer. Returns when sending may resume if the answer imposed a wait: a 429,
    /// or a 502/503/504 with Retry-After.
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
            if let (Some(limit), Some(remaining), Some(reset)) =
                (snapshot.limit, snapshot.remaining, snapshot.reset_at)
            {
                self.sharing
                    .observe(limit, remaining, reset, self.in_flight, now);
            }
            self.latest = Some(snapshot.clone());
        }
        let current_episode = ticket.epoch == self.epoch;
        if status != 429 {
            if current_episode {
                self.consecutive_429 = 0;
            }
            if let (502..=504, Some(at)) = (status, retry_after) {
                // The server said when it will be back: everyone waits for that, as after a
                // 429 (within the same clamps), then one request goes first.
                let until = clamp_given(at, now, policy);
                self.block(until, WaitReason::Backoff);
                self.receive(until, WaitReason::Backoff);
                self.gate = Gate::NeedProbe;
                return Some(self.resume_at(policy).max(until));
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
        let until = match retry_after {
            Some(at) => clamp_given(at, now, policy),
            None => self.backoff_after_429(now, policy),
        };
        self.block(until, WaitReason::RateLimited);
        self.receive(until, WaitReason::RateLimited);
        Some(self.resume_at(policy).max(until))
    }

    fn receive(&mut self, until: DateTime<Utc>, reason: WaitReason) {
        if self.received.is_none_or(|(current, _)| until > current) {
            self.received = Some((until, reason));
        }
    }

    /// A 429 that named no time: at least `min_retry_after`, and the quota's reset when the
    /// latest figures say none is left; full jitter goes on top of that floor, never below it.
    fn backoff_after_429(&self, now: DateTime<Utc>, policy: &RetryPolicy) -> DateTime<Utc> {
        let spent_until = self
            .latest
            .as_ref()
            .filter(|snapshot| snapshot.remaining == Some(0))
            .and_then(|snapshot| snapshot.reset_at)
            .filter(|reset| *reset > now)
            .map(|reset| after(reset, policy.reset_margin));
        let floor = after(now, policy.min_retry_after).max(spent_until.unwrap_or(now));
        let jitter = retry::full_jitter(policy, self.consecutive_429);
        after(floor, jitter).min(after(now, policy.max_retry_after))
    }

    /// Nobody sends before `until`, unless a later wait already holds.
    fn block(&mut self, until: DateTime<Utc>, reason: WaitReason) {
        if self.blocked_until.is_none_or(|current| until > current) {
            self.blocked_until = Some(until);
            self.blocked_reason = reason;
        }
    }

    /// A permit dropped without an answer: the request may or may not have counted.
    pub(super) fn abandon(&mut self, ticket: Ticket) {
        self.in_flight = self.in_flight.saturating_sub(1);
        // The server may have counted it: it is ours, not another desk's.
        self.sharing.unanswered();
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
        let ahead = reset - snapshot.observed_at;
        if ahead > TimeDelta::zero() && ahead <= TimeDelta::hours(25) {
            self.window_len = Some(self.window_len.map_or(ahead, |known| known.max(ahead)));
        }
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

/// A Retry-After the server gave, as the governor honours it: now or past → the floor; absurd
/// → the cap. (A 429 without one: see `State::backoff_after_429`.)
fn clamp_given(at: DateTime<Utc>, now: DateTime<Utc>, policy: &RetryPolicy) -> DateTime<Utc> {
    if at <= now {
        after(now, policy.min_retry_after)
    } else {
        at.min(after(now, policy.max_retry_after))
    }
}

pub(super) fn after(time: DateTime<Utc>, by: Duration) -> DateTime<Utc> {
    TimeDelta::from_std(by)
        .ok()
        .and_then(|delta| time.checked_add_signed(delta))
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}
