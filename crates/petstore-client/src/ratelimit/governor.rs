//! One shared pacing state per (base address, key): every clone of a client and every task that
//! uses the same key goes through the same `Governor`.
//!
//! The rules themselves live in `state` (a plain state machine); this module waits on them.

mod registry;
mod sharing;
mod state;
#[cfg(test)]
mod tests;

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::sync::{broadcast, watch};

use super::RateLimitSnapshot;
use crate::clock::Clock;
use crate::events::{ClientEvent, WaitReason};
use crate::retry::{RetryBudget, RetryPolicy};
pub use state::{Priority, reserve};
use state::{State, Step, Ticket};

/// Whose quota: the base address and a fingerprint of the key (never the key itself).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GovernorKey {
    pub base_url: String,
    pub key_fingerprint: u64,
}

/// The client may not send before `retry_at`, and waiting that long would pass the caller's
/// deadline or the policy's longest wait.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("rate limited until {retry_at}")]
pub struct RateLimited {
    pub retry_at: DateTime<Utc>,
    pub reason: WaitReason,
    /// `true`: the key is held (a 429, an exhausted quota, a ban), for every caller until
    /// `retry_at`. `false`: only this background request's turn comes then (bulk work keeps to
    /// an even pace and leaves the window's last slots to people); the key is not held, and a
    /// person's request may go at once, so the time is not one to remember.
    pub key_held: bool,
}

/// What one response said, fed back to the governor.
#[derive(Debug, Clone)]
pub struct Observation {
    pub status: u16,
    pub snapshot: Option<RateLimitSnapshot>,
    /// Parsed `Retry-After` (absolute, unclamped).
    pub retry_after: Option<DateTime<Utc>>,
}

/// Paces every request of one key. See [`Governor::acquire`] for the rules.
#[derive(Debug)]
pub struct Governor {
    core: Arc<Core>,
}

/// Permission to send one request. Finish it with what came back; dropping it unfinished means no
/// answer was read (a network failure), which lets the next waiting request go.
#[derive(Debug)]
pub struct Permit {
    core: Arc<Core>,
    ticket: Ticket,
    finished: bool,
}

/// Shared by the governor and its outstanding permits.
#[derive(Debug)]
struct Core {
    clock: Arc<dyn Clock>,
    policy: RetryPolicy,
    /// A std mutex: never held across an await, and `Permit`'s `finish`/`drop` are not async.
    state: Mutex<State>,
    /// Bumped whenever an answer (or a dropped permit) may let a waiter go.
    changed: watch::Sender<()>,
    events: broadcast::Sender<ClientEvent>,
    retries: RetryBudget,
    /// When a person last cleared this key's wait in this process (see `Governor::clearing`).
    cleared: Mutex<Option<DateTime<Utc>>>,
}

/// Events a slow UI may fall behind on before it starts missing the oldest.
const EVENT_BUFFER: usize = 256;

impl Governor {
    /// The one governor for `key` in this process, created on first use. The first caller's
    /// clock and policy stay in force while the governor lives; it goes away with its last user.
    pub fn shared(key: GovernorKey, clock: Arc<dyn Clock>, policy: &RetryPolicy) -> Arc<Governor> {
        registry::shared(key, || Governor::new(clock, policy.clone()))
    }

    /// A governor of its own, shared with nobody (tests, benches).
    pub fn new(clock: Arc<dyn Clock>, policy: RetryPolicy) -> Arc<Governor> {
        Arc::new(Governor {
            core: Arc::new(Core {
                clock,
                policy,
                state: Mutex::new(State::default()),
                changed: watch::Sender::new(()),
                events: broadcast::Sender::new(EVENT_BUFFER),
                retries: RetryBudget::default(),
                cleared: Mutex::new(None),
            }),
        })
    }

    /// Waits until a request may be sent. Returns `RateLimited` at once, without sleeping, when
    /// the wait would pass `deadline` or the policy's `max_wait`.
    ///
    /// - Before any answer, one request (the probe) goes first; the others wait for its answer.
    /// - Each permit spends one request of the known quota window; at zero, everyone waits for
    ///   the reset (plus `reset_margin`) and then the whole new window flows.
    /// - After a 429, nobody goes before its Retry-After (clamped); then one goes first, and the
    ///   rest wait for its answer.
    ///
    /// Waiting for a probe's answer is bounded by that request's own timeout, not by `deadline`.
    /// Cancel-safe: dropping the future mid-wait leaves nothing behind.
    pub async fn acquire(&self, deadline: Option<DateTime<Utc>>) -> Result<Permit, RateLimited> {
        self.acquire_as(deadline, Priority::Interactive).await
    }

    /// [`Governor::acquire`] for a request of `priority`: a background one also waits while an
    /// interactive one is asking, and leaves the last slots of a window to interactive ones.
    pub async fn acquire_as(
        &self,
        deadline: Option<DateTime<Utc>>,
        priority: Priority,
    ) -> Result<Permit, RateLimited> {
        let _asking = (priority == Priority::Interactive).then(|| Asking::new(&self.core));
        let core = &self.core;
        let start = core.clock.now();
        let give_up_after = state::after(start, core.policy.max_wait)
            .min(deadline.unwrap_or(DateTime::<Utc>::MAX_UTC));
        loop {
            // Subscribed before looking, so an answer that lands in between is not missed.
            let mut changed = core.changed.subscribe();
            let sleep = {
                let mut state = core.lock();
                let now = core.clock.now();
                match state.step(now, &core.policy, priority) {
                    Step::Grant(ticket) => {
                        if state.take_announcement() {
                            core.emit(ClientEvent::Resumed);
                        }
                        return Ok(Permit {
                            core: Arc::clone(core),
                            ticket,
                            finished: false,
                        });
                    }
                    Step::AwaitChange => None,
                    Step::Yield { until, reason } => {
                        if until > give_up_after {
                            return Err(RateLimited {
                                retry_at: until,
                                reason,
                                key_held: false,
                            });
                        }
                        let duration = (until - now).to_std().unwrap_or_default();
                        Some(core.clock.sleep(duration))
                    }
                    Step::Sleep { until, reason } => {
                        if until > give_up_after {
                            return Err(RateLimited {
                                retry_at: until,
                                reason,
                                key_held: true,
                            });
                        }
                        if state.announce(until, reason) {
                            log::warn!(
                                target: crate::LOG_TARGET,
                                "holding requests until {until} ({})",
                                reason_text(reason)
                            );
                            core.emit(ClientEvent::Waiting { until, reason });
                        }
                        let duration = (until - now).to_std().unwrap_or_default();
                        // Made under the lock, so a test clock advances before anyone else looks.
                        Some(core.clock.sleep(duration))
                    }
                }
            };
            match sleep {
                // An answer may shorten the wait (a new window), so either one ends it.
                Some(sleep) => tokio::select! {
                    () = sleep => {}
                    _ = changed.changed() => {}
                },
                None => {
                    // The core holds the sender, so this cannot fail while we hold `self`.
                    let _ = changed.changed().await;
                }
            }
        }
    }

    /// Nobody sends before `until` (then one request goes first), as after a 429. For waits
    /// learnt elsewhere, such as a 429 that an earlier run of the program received.
    ///
    /// Idempotent: a hold ending no later than the wait already in force (or already over)
    /// changes nothing, so asking it before every request is harmless. Returns whether it
    /// changed anything.
    pub fn hold_until(&self, until: DateTime<Utc>) -> bool {
        let core = &self.core;
        let changed = core
            .lock()
            .hold_until(until, core.clock.now(), &core.policy);
        if changed {
            core.changed.send_replace(());
        }
        changed
    }

    /// Lifts the waits in force that were learnt elsewhere (remembered by another run or
    /// program): for an admin clearing a stale wait. The next request then goes first, alone,
    /// and its answer says what really holds. Returns whether a wait was lifted; while the
    /// service's own wait for this process runs ([`Governor::received_hold`]), nothing is.
    pub fn release_hold(&self) -> bool {
        let core = &self.core;
        let released = core.lock().release(core.clock.now(), &core.policy);
        core.changed.send_replace(());
        released
    }

    /// The wait the service itself gave this process, while it lasts (a 429's or a busy
    /// server's Retry-After, the reset of a quota its answers showed spent), and why. Never
    /// lifted by [`Governor::release_hold`]: only waits learnt elsewhere are a person's to clear.
    pub fn received_hold(&self) -> Option<(DateTime<Utc>, WaitReason)> {
        let core = &self.core;
        core.lock().received_hold(core.clock.now(), &core.policy)
    }

    /// When a wait of this key was last cleared in this process. Held while clearing, so two
    /// clearings (two windows, a double click) never overlap and the second sees the first.
    pub fn clearing(&self) -> MutexGuard<'_, Option<DateTime<Utc>>> {
        self.core
            .cleared
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// When the wait in force ends (a 429's, a server's Retry-After, a spent quota's reset),
    /// if one is.
    pub fn held_until(&self) -> Option<DateTime<Utc>> {
        let core = &self.core;
        core.lock().held_until(core.clock.now(), &core.policy)
    }

    /// The latest snapshot any request of this key saw.
    pub fn latest(&self) -> Option<RateLimitSnapshot> {
        self.core.lock().latest.clone()
    }

    pub fn subscribe(&self) -> broadcast::Receiver<ClientEvent> {
        self.core.events.subscribe()
    }

    /// For events that are not about pacing (deprecation notices).
    pub fn emit(&self, event: ClientEvent) {
        self.core.emit(event);
    }

    /// Takes a retry token from the shared budget; `false` means too many retries lately.
    /// Costs: [`crate::retry::RETRY_COST`], [`crate::retry::TIMEOUT_RETRY_COST`].
    pub fn withdraw_retry(&self, cost: u32) -> bool {
        self.core.retries.withdraw(cost)
    }

    /// Sleeps a transient-failure backoff through the governor's clock, announcing it as
    /// `Waiting { reason: Backoff }` and then `Resumed`.
    pub async fn backoff(&self, delay: Duration) {
        let until = state::after(self.core.clock.now(), delay);
        self.emit(ClientEvent::Waiting {
            until,
            reason: WaitReason::Backoff,
        });
        self.core.clock.sleep(delay).await;
        self.emit(ClientEvent::Resumed);
    }

    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.core.clock
    }

    pub fn policy(&self) -> &RetryPolicy {
        &self.core.policy
    }
}

impl Permit {
    /// Records the response. Returns the time sending may resume when this response imposed a
    /// wait (a 429), so the caller can report it.
    pub fn finish(mut self, observation: Observation) -> Option<DateTime<Utc>> {
        self.finished = true;
        let core = &self.core;
        let resume = {
            let mut state = core.lock();
            let resume = state.observe(
                self.ticket,
                observation.status,
                observation.snapshot.as_ref(),
                observation.retry_after,
                core.clock.now(),
                &core.policy,
            );
            // Under the lock, so subscribers see snapshots in the order `latest` took them.
            if let Some(snapshot) = observation.snapshot {
                core.emit(ClientEvent::RateLimit(snapshot));
            }
            resume
        };
        if (200..400).contains(&observation.status) {
            core.retries.refund();
        }
        core.changed.send_replace(());
        resume
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if !self.finished {
            self.core.lock().abandon(self.ticket);
            self.core.changed.send_replace(());
        }
    }
}

/// An interactive request asking for a permit, counted while it asks (cancel-safe: dropping
/// the acquire counts it out), so background requests let it go first.
struct Asking<'a> {
    core: &'a Core,
}

impl<'a> Asking<'a> {
    fn new(core: &'a Core) -> Self {
        core.lock().interactive_asks();
        Asking { core }
    }
}

impl Drop for Asking<'_> {
    fn drop(&mut self) {
        self.core.lock().interactive_done();
        // Background requests waiting for it may go now.
        self.core.changed.send_replace(());
    }
}

/// For the log: why requests are held.
fn reason_text(reason: WaitReason) -> &'static str {
    match reason {
        WaitReason::RateLimited => "rate limited",
        WaitReason::QuotaExhausted => "quota used up until its reset",
        WaitReason::Paced => "bulk work keeping its pace",
        WaitReason::Backoff => "the service asked to wait",
    }
}

impl Core {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Every update of the state is a few assignments that cannot panic halfway; a poisoned
        // lock still holds a consistent state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn emit(&self, event: ClientEvent) {
        // No subscriber is fine: events are for whoever listens.
        let _ = self.events.send(event);
    }
}
