//! How long sending takes, from the quota: "about 4 min at 300 requests a minute (Pro plan)".

use std::fmt;
use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_client::{Plan, QuotaWindow, RateLimitSnapshot};
use serde::Serialize;

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
        }
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
    until_reset + window.saturating_mul(later)
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plan = self
            .plan
            .map(|plan| format!(" ({} plan)", plan.name()))
            .unwrap_or_default();
        let Some(duration) = self.duration else {
            return write!(
                f,
                "{} requests; the time they take shows once the service has told the quota",
                count(self.requests)
            );
        };
        let about = about(duration);
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

fn about(duration: Duration) -> String {
    let secs = duration.as_secs();
    if secs < 60 {
        "under a minute".to_owned()
    } else if secs < 2 * 60 * 60 {
        format!("about {} min", secs.div_ceil(60))
    } else if secs < 2 * 24 * 60 * 60 {
        format!("about {} hours", secs.div_ceil(60 * 60))
    } else {
        format!("about {} days", secs.div_ceil(24 * 60 * 60))
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
