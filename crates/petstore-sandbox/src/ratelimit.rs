//! Fixed-window rate limiting per key (minute and day windows, both enforced) and the temporary ban of a key
//! that keeps sending while it is told to wait.
//!
//! Windows are aligned to whole multiples of their length since the Unix epoch, so every reset is an exact
//! integer Unix timestamp. One mutex guards all buckets: the critical section is a few additions, and it
//! makes counts exact under any number of concurrent requests.
//!
//! A bucket whose windows have both rolled over and that has no wait or ban in force is the same as no
//! bucket at all, so it is evicted: memory follows the clients seen within one day window, not every
//! client address ever seen. Buckets are looked over at most once per minute window (amortised over the
//! requests of that window); windows are aligned, so a bucket goes quiet at a window boundary, and a sweep
//! in the first request of each minute window misses nothing a per-request sweep would find.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use crate::config::Plan;

/// Whose requests a bucket counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BucketId {
    Key(String),
    /// Requests without a valid key, counted per client address with Free limits.
    Anonymous(IpAddr),
}

/// What the `X-RateLimit-*` headers say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Quota {
    pub limit: u64,
    pub remaining: u64,
    /// Unix timestamp, seconds.
    pub reset: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    Allowed(Quota),
    /// Over a window's limit: wait `retry_after` seconds.
    Limited {
        quota: Quota,
        retry_after: u64,
    },
    /// Banned for ignoring Retry-After: `retry_after` is the time left on the ban.
    Banned {
        quota: Quota,
        retry_after: u64,
    },
}

impl Decision {
    pub fn quota(&self) -> Quota {
        match self {
            Decision::Allowed(quota)
            | Decision::Limited { quota, .. }
            | Decision::Banned { quota, .. } => *quota,
        }
    }
}

#[derive(Default, Debug)]
struct Window {
    index: u64,
    used: u64,
}

impl Window {
    /// Whether `now` is in a later window than the one counted, so the count no longer matters.
    fn has_rolled_over(&self, now_secs: u64, length: u64) -> bool {
        self.index < now_secs / length
    }

    /// Starts a new count when `now` has moved into a later window.
    fn roll(&mut self, now_secs: u64, length: u64) {
        let index = now_secs / length;
        if index != self.index {
            self.index = index;
            self.used = 0;
        }
    }

    fn reset(&self, length: u64) -> u64 {
        (self.index + 1).saturating_mul(length)
    }
}

#[derive(Default, Debug)]
struct Bucket {
    minute: Window,
    day: Window,
    /// Set by a 429: until then, every further request is a strike towards a ban.
    wait_until: Option<Duration>,
    strikes: u32,
    banned_until: Option<Duration>,
}

impl Bucket {
    /// Whether the bucket holds nothing a fresh one would not: both windows over, no wait, no ban.
    fn is_quiet(&self, now: Duration, minute_secs: u64, day_secs: u64) -> bool {
        let now_secs = now.as_secs();
        self.minute.has_rolled_over(now_secs, minute_secs)
            && self.day.has_rolled_over(now_secs, day_secs)
            && self.wait_until.is_none_or(|until| now >= until)
            && self.banned_until.is_none_or(|until| now >= until)
    }
}

#[derive(Debug, Default)]
struct Buckets {
    map: HashMap<BucketId, Bucket>,
    /// The minute window in which quiet buckets were last evicted.
    swept_window: u64,
}

#[derive(Debug)]
pub(crate) struct RateLimiter {
    minute_secs: u64,
    day_secs: u64,
    ban_after: u32,
    ban_duration: Duration,
    buckets: Mutex<Buckets>,
    /// Answers 429 (told to wait, or banned), for tests and benchmarks.
    limited: AtomicU64,
    /// Requests that arrived while their key was told to wait after a 429, or banned: what
    /// earns a ban.
    during_wait: AtomicU64,
}

/// What the rate limiter refused since the sandbox started, over every key.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LimitCounts {
    /// Answers 429.
    pub limited: u64,
    /// Requests that arrived while their key was told to wait after a 429, or was banned.
    pub during_wait: u64,
}

impl RateLimiter {
    pub fn new(minute_secs: u64, day_secs: u64, ban_after: u32, ban_duration: Duration) -> Self {
        RateLimiter {
            minute_secs: minute_secs.max(1),
            day_secs: day_secs.max(1),
            ban_after,
            ban_duration,
            buckets: Mutex::new(Buckets::default()),
            limited: AtomicU64::new(0),
            during_wait: AtomicU64::new(0),
        }
    }

    pub fn counts(&self) -> LimitCounts {
        LimitCounts {
            limited: self.limited.load(Ordering::Relaxed),
            during_wait: self.during_wait.load(Ordering::Relaxed),
        }
    }

    /// [`RateLimiter::decide`], counted.
    pub fn check(&self, id: BucketId, plan: Plan, now: Duration) -> Decision {
        let decision = self.decide(id, plan, now);
        if !matches!(decision, Decision::Allowed(_)) {
            self.limited.fetch_add(1, Ordering::Relaxed);
        }
        decision
    }

    /// Counts one request of `id` at `now` (time since the epoch) and decides whether it may go on.
    /// Only keyed buckets can be banned; an anonymous client is only ever told to wait.
    fn decide(&self, id: BucketId, plan: Plan, now: Duration) -> Decision {
        let can_ban = matches!(id, BucketId::Key(_));
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        self.evict_quiet_buckets(&mut buckets, now);
        let bucket = buckets.map.entry(id).or_default();
        let now_secs = now.as_secs();
        bucket.minute.roll(now_secs, self.minute_secs);
        bucket.day.roll(now_secs, self.day_secs);

        if let Some(until) = bucket.banned_until {
            if now < until {
                self.during_wait.fetch_add(1, Ordering::Relaxed);
                return Decision::Banned {
                    quota: Quota {
                        limit: plan.per_minute(),
                        remaining: 0,
                        reset: ceil_secs(until),
                    },
                    retry_after: ceil_secs(until - now).max(1),
                };
            }
            bucket.banned_until = None;
            bucket.strikes = 0;
        }
        if bucket.wait_until.is_some_and(|until| now >= until) {
            bucket.wait_until = None;
            bucket.strikes = 0;
        }

        let minute_reset = bucket.minute.reset(self.minute_secs);
        let day_reset = bucket.day.reset(self.day_secs);
        let (per_minute, per_day) = (plan.per_minute(), plan.per_day());

        if bucket.minute.used < per_minute && bucket.day.used < per_day {
            bucket.minute.used += 1;
            bucket.day.used += 1;
            bucket.wait_until = None;
            bucket.strikes = 0;
            let minute_left = per_minute - bucket.minute.used;
            let day_left = per_day - bucket.day.used;
            // The headers describe the window that runs out first.
            let quota = if day_left < minute_left {
                Quota {
                    limit: per_day,
                    remaining: day_left,
                    reset: day_reset,
                }
            } else {
                Quota {
                    limit: per_minute,
                    remaining: minute_left,
                    reset: minute_reset,
                }
            };
            return Decision::Allowed(quota);
        }

        // The day window blocks for longer, so it is the one to report when it is exhausted.
        let quota = if bucket.day.used >= per_day {
            Quota {
                limit: per_day,
                remaining: 0,
                reset: day_reset,
            }
        } else {
            Quota {
                limit: per_minute,
                remaining: 0,
                reset: minute_reset,
            }
        };
        let reset_at = Duration::from_secs(quota.reset);

        if bucket.wait_until.is_some() {
            self.during_wait.fetch_add(1, Ordering::Relaxed);
            bucket.strikes += 1;
            if can_ban && bucket.strikes > self.ban_after {
                let until = now + self.ban_duration;
                bucket.banned_until = Some(until);
                bucket.wait_until = None;
                bucket.strikes = 0;
                return Decision::Banned {
                    quota: Quota {
                        limit: per_minute,
                        remaining: 0,
                        reset: ceil_secs(until),
                    },
                    retry_after: ceil_secs(self.ban_duration).max(1),
                };
            }
        }
        bucket.wait_until = Some(bucket.wait_until.map_or(reset_at, |w| w.max(reset_at)));
        Decision::Limited {
            quota,
            retry_after: ceil_secs(reset_at.saturating_sub(now)).max(1),
        }
    }
}

impl RateLimiter {
    /// Drops the buckets that went quiet, once per minute window, and gives their memory back.
    fn evict_quiet_buckets(&self, buckets: &mut Buckets, now: Duration) {
        let window = now.as_secs() / self.minute_secs;
        if window == buckets.swept_window {
            return;
        }
        buckets.swept_window = window;
        let (minute_secs, day_secs) = (self.minute_secs, self.day_secs);
        buckets
            .map
            .retain(|_, bucket| !bucket.is_quiet(now, minute_secs, day_secs));
        // A map keeps its peak capacity after removals; shrink it once it is mostly empty, leaving room
        // to grow again without rehashing at once.
        let len = buckets.map.len();
        if buckets.map.capacity() > SHRINK_FLOOR && buckets.map.capacity() / 4 > len {
            buckets.map.shrink_to(len.saturating_mul(2));
        }
    }

    /// Buckets held now, and the room the map has for them (for tests of eviction).
    #[cfg(test)]
    fn footprint(&self) -> (usize, usize) {
        let buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        (buckets.map.len(), buckets.map.capacity())
    }
}

/// Below this capacity the map is not worth shrinking.
const SHRINK_FLOOR: usize = 64;

/// Whole seconds, rounded up, so a client that waits this long is never early.
fn ceil_secs(duration: Duration) -> u64 {
    duration.as_secs() + u64::from(duration.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests;
