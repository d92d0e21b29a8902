//! How long sending takes, from the quota: "about 4 min at 300 requests a minute (Pro plan)".

use std::fmt;
use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_client::{Plan, QuotaWindow, RateLimitSnapshot};
use serde::Serialize;

/// The longest wait an import sits out: a little more than a day, so every wait the service
/// can impose is sat out (the client clamps a Retry-After to a day; a day window resets within
/// one) and an import that outgrows the day's quota goes on by itself when it renews, as its
/// preview says. A longer one can only come from a waits file edited by hand or a clock gone
/// wrong: the import stops at once naming the wait's end, and starting it again resumes.
pub const LONGEST_WAIT: Duration = Duration::from_secs(25 * 60 * 60);

const MINUTE: Duration = Duration::from_secs(60);
const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// The least time `requests` can take under the quota, and which window decides it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Estimate {
    pub requests: u64,
    pub plan: Option<Plan>,
    pub per_minute: Option<u64>,
    pub per_day: Option<u64>,
    /// `None` when no answer has told the quota yet.
    #[serde(with = "seconds")]
    pub duration: Option<Duration>,
    /// The day window is what makes it long (more requests than a day allows).
    pub day_limited: bool,
    /// A rate-limit wait the key must honour first (see [`Estimate::after_wait`]): nothing is
    /// sent before it ends, and `duration` counts it.
    pub wait_until: Option<DateTime<Utc>>,
    /// The wait is longer than an import sits out ([`LONGEST_WAIT`]): started
    /// now, it stops at once, naming the wait's end; started again then, it runs.
    pub wait_too_long: bool,
    /// The quota is spent: `duration` already starts at its reset, the wait a spent quota is.
    #[serde(skip)]
    starts_at_reset: bool,
}

mod seconds {
    use std::time::Duration;

    pub fn serialize<S: serde::Serializer>(
        value: &Option<Duration>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(duration) => serializer.serialize_some(&duration.as_secs()),
            None => serializer.serialize_none(),
        }
    }
}

impl Estimate {
    /// From the latest quota the key saw (the client's `rate_limit()`), at `now`.
    pub fn new(requests: u64, quota: Option<&RateLimitSnapshot>, now: DateTime<Utc>) -> Estimate {
        let plan = quota.and_then(|q| q.plan);
        let (per_minute, per_day) = match (plan, quota) {
            (Some(plan), _) => (Some(plan.per_minute()), Some(plan.per_day())),
            (None, Some(q)) if q.window == QuotaWindow::Minute => (q.limit, None),
            (None, Some(q)) if q.window == QuotaWindow::Day => (None, q.limit),
            _ => (None, None),
        };
        // What is left of the window the headers describe, usable at once.
        let (left_now, until_reset) = match quota {
            Some(q) => (
                q.remaining.unwrap_or(0),
                q.reset_at
                    .and_then(|reset| (reset - now).to_std().ok())
                    .unwrap_or_default(),
            ),
            None => (0, Duration::ZERO),
        };
        let describes_day = quota.is_some_and(|q| q.window == QuotaWindow::Day);
        let day_limited =
            per_day.is_some_and(|day| requests > day) || (describes_day && requests > left_now);
        let duration = if day_limited {
            per_day.map(|day| {
                if describes_day {
                    windows_time(requests, left_now, until_reset, day.max(1), DAY)
                } else {
                    // Headers of the minute window say nothing of the day's: assume a whole
                    // day's quota now and the day's reset as far away as it can be.
                    windows_time(requests, day, DAY, day.max(1), DAY)
                }
            })
        } else {
            per_minute
                .map(|minute| windows_time(requests, left_now, until_reset, minute.max(1), MINUTE))
        };
        Estimate {
            requests,
            plan,
            per_minute,
            per_day,
            duration,
            day_limited,
            wait_until: None,
            wait_too_long: false,
            starts_at_reset: quota.is_some() && left_now == 0,
        }
    }

    /// Nothing goes before `until` (the client's `remembered_wait()`: a 429's or a busy
    /// service's wait, a spent quota's reset, a wait another process remembered): the time
    /// starts then. A wait already over changes nothing.
    pub fn after_wait(mut self, until: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Estimate {
        let Some(left) = until.and_then(|until| (until - now).to_std().ok()) else {
            return self;
        };
        if left.is_zero() || self.requests == 0 {
            return self;
        }
        self.wait_until = until;
        self.wait_too_long = left > LONGEST_WAIT;
        self.duration = self.duration.map(|time| {
            if self.starts_at_reset {
                // The wait is (or overlaps) the reset the time already waits for.
                time.max(left)
            } else {
                time.saturating_add(left)
            }
        });
        self
    }

    /// The time, rounded as every shell says it; `None` while the quota is not known.
    pub fn about(&self) -> Option<About> {
        self.duration.map(About::of)
    }
}

/// `left_now` go at once; the rest, `per_window` a window, each window after the current one's
/// reset.
fn windows_time(
    requests: u64,
    left_now: u64,
    until_reset: Duration,
    per_window: u64,
    window: Duration,
) -> Duration {
    if requests <= left_now {
        return Duration::ZERO;
    }
    let rest = requests - left_now;
    let windows = rest.div_ceil(per_window);
    let later = u32::try_from(windows.saturating_sub(1)).unwrap_or(u32::MAX);
    until_reset.saturating_add(window.saturating_mul(later))
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plan = self
            .plan
            .map(|plan| format!(" ({} plan)", plan.name()))
            .unwrap_or_default();
        let Some(time) = self.about() else {
            return write!(
                f,
                "{} requests; the time they take shows once the service has told the quota",
                count(self.requests)
            );
        };
        let about = about(time);
        match (self.day_limited, self.per_day, self.per_minute) {
            (true, Some(day), _) => write!(
                f,
                "{about}: the day window is the limit, {} requests a day{plan}",
                count(day)
            ),
            (_, _, Some(minute)) => {
                write!(f, "{about} at {} requests a minute{plan}", count(minute))
            }
            _ => write!(f, "{about}"),
        }
    }
}

/// A duration as an estimate says it, rounded up: under a minute; whole minutes under two hours,
/// hours under two days, else days. The one rounding: the CLI words it, and the app sends it to
/// its UI, which words it in the language on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum About {
    UnderAMinute,
    Minutes(u64),
    Hours(u64),
    Days(u64),
}

impl About {
    pub fn of(duration: Duration) -> About {
        const HOUR: u64 = 60 * 60;
        const DAY: u64 = 24 * HOUR;
        let secs = duration.as_secs();
        if secs < 60 {
            About::UnderAMinute
        } else if secs < 2 * HOUR {
            About::Minutes(secs.div_ceil(60))
        } else if secs < 2 * DAY {
            About::Hours(secs.div_ceil(HOUR))
        } else {
            About::Days(secs.div_ceil(DAY))
        }
    }
}

fn about(time: About) -> String {
    match time {
        About::UnderAMinute => "under a minute".to_owned(),
        About::Minutes(n) => format!("about {n} min"),
        About::Hours(n) => format!("about {n} hours"),
        About::Days(n) => format!("about {n} days"),
    }
}

/// 10,000 as people read it.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(
        limit: u64,
        remaining: u64,
        reset_in: i64,
        now: DateTime<Utc>,
    ) -> RateLimitSnapshot {
        let mut headers = http::HeaderMap::new();
        headers.insert("x-ratelimit-limit", limit.into());
        headers.insert("x-ratelimit-remaining", remaining.into());
        headers.insert("x-ratelimit-reset", (now.timestamp() + reset_in).into());
        RateLimitSnapshot::from_headers(&headers, now).unwrap()
    }

    #[test]
    fn pro_plan_minutes() {
        let now = DateTime::from_timestamp(1_900_000_000, 0).unwrap();
        let estimate = Estimate::new(1_200, Some(&snapshot(300, 300, 30, now)), now);
        // 300 now, 900 more in three windows: 30 s + 2 min.
        assert_eq!(estimate.duration, Some(Duration::from_secs(150)));
        assert_eq!(
            estimate.to_string(),
            "about 3 min at 300 requests a minute (Pro plan)"
        );
        assert!(!estimate.day_limited);
    }

    #[test]
    fn free_plan_day_window_is_named() {
        let now = DateTime::from_timestamp(1_900_000_000, 0).unwrap();
        let estimate = Estimate::new(2_500, Some(&snapshot(60, 60, 30, now)), now);
        assert!(estimate.day_limited);
        assert_eq!(
            estimate.to_string(),
            "about 2 days: the day window is the limit, 1,000 requests a day (Free plan)"
        );
    }

    #[test]
    fn absurd_quotas_never_overflow() {
        let now = DateTime::from_timestamp(1_900_000_000, 0).unwrap();
        for reset_in in [30, 20_000] {
            let estimate = Estimate::new(u64::MAX, Some(&snapshot(1, 0, reset_in, now)), now);
            assert!(estimate.duration.is_some(), "{reset_in}");
            assert!(estimate.to_string().starts_with("about "), "{estimate}");
        }
    }

    /// The cases the UI's own rounding was tested with, now that the UI words what this gives.
    #[test]
    fn the_time_is_rounded_up_to_minutes_hours_or_days() {
        let about = |secs| About::of(Duration::from_secs(secs));
        assert_eq!(about(0), About::UnderAMinute);
        assert_eq!(about(20), About::UnderAMinute);
        assert_eq!(about(59), About::UnderAMinute);
        assert_eq!(about(60), About::Minutes(1));
        assert_eq!(about(120), About::Minutes(2));
        assert_eq!(about(181), About::Minutes(4));
        assert_eq!(about(300), About::Minutes(5));
        assert_eq!(about(420), About::Minutes(7));
        assert_eq!(about(2 * 3600 - 1), About::Minutes(120));
        assert_eq!(about(3 * 3600), About::Hours(3));
        assert_eq!(about(2 * 86_400 - 1), About::Hours(48));
        assert_eq!(about(2 * 86_400), About::Days(2));
        assert_eq!(about(3 * 86_400 - 1), About::Days(3));
        assert_eq!(about(4 * 86_400), About::Days(4));
        let now = DateTime::from_timestamp(1_900_000_000, 0).unwrap();
        assert_eq!(Estimate::new(5, None, now).about(), None);
    }

    /// Rows added to an import (its repeats, when the person chooses them too) are estimated
    /// with the rest: 300 more at 60 a minute is 5 minutes more; past the day's quota the day
    /// window decides.
    #[test]
    fn more_rows_take_their_share_of_the_window() {
        let now = DateTime::from_timestamp(1_900_000_000, 0).unwrap();
        let free = snapshot(60, 0, 60, now);
        let known = Estimate::new(120, Some(&free), now);
        assert_eq!(known.about(), Some(About::Minutes(2)));
        assert_eq!(
            known.to_string(),
            "about 2 min at 60 requests a minute (Free plan)"
        );
        let more = Estimate::new(120 + 300, Some(&free), now);
        assert_eq!(
            more.to_string(),
            "about 7 min at 60 requests a minute (Free plan)"
        );
        let past_the_day = Estimate::new(120 + 1000, Some(&free), now);
        assert_eq!(
            (past_the_day.requests, past_the_day.day_limited),
            (1120, true)
        );
    }

    #[test]
    fn a_wait_in_force_is_named_and_added_once() {
        let now = Utc::now();
        let quota = snapshot(300, 300, 30, now);
        // 5 rows go at once, but not before a 429's wait of five minutes.
        let waited = Estimate::new(5, Some(&quota), now)
            .after_wait(Some(now + chrono::TimeDelta::minutes(5)), now);
        assert_eq!(waited.wait_until, Some(now + chrono::TimeDelta::minutes(5)));
        assert_eq!(waited.duration, Some(Duration::from_secs(300)));
        assert!(!waited.wait_too_long);
        // A spent quota's wait is its reset, which the time already counts: not twice.
        let spent = snapshot(300, 0, 40, now);
        let reset = Estimate::new(5, Some(&spent), now)
            .after_wait(Some(now + chrono::TimeDelta::seconds(40)), now);
        assert_eq!(reset.duration, Some(Duration::from_secs(40)));
        // A day's quota spent: sat out, the import goes on by itself when it renews.
        let day = Estimate::new(5, Some(&quota), now)
            .after_wait(Some(now + chrono::TimeDelta::hours(20)), now);
        assert!(!day.wait_too_long);
        // Longer than an import sits out: said before it starts.
        let ban = Estimate::new(5, Some(&quota), now)
            .after_wait(Some(now + chrono::TimeDelta::hours(30)), now);
        assert!(ban.wait_too_long);
        // A wait already over changes nothing.
        let over = Estimate::new(5, Some(&quota), now)
            .after_wait(Some(now - chrono::TimeDelta::seconds(1)), now);
        assert_eq!(
            (over.wait_until, over.duration),
            (None, Some(Duration::ZERO))
        );
    }

    #[test]
    fn unknown_quota_says_so() {
        let now = Utc::now();
        let estimate = Estimate::new(12_345, None, now);
        assert_eq!(estimate.duration, None);
        assert!(estimate.to_string().starts_with("12,345 requests"));
        assert_eq!(
            Estimate::new(10, Some(&snapshot(300, 250, 30, now)), now).to_string(),
            "under a minute at 300 requests a minute (Pro plan)"
        );
    }
}
