//! The quota as one response described it.

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};

/// `X-RateLimit-Limit`, `-Remaining`, `-Reset` of one response, with what can be inferred.
/// Missing, garbage or contradictory header values become `None`/clamped, never an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitSnapshot {
    pub limit: Option<u64>,
    pub remaining: Option<u64>,
    pub reset_at: Option<DateTime<Utc>>,
    /// Which window the headers describe, inferred from how far away the reset is.
    pub window: QuotaWindow,
    /// The plan, only where limit and window identify it unambiguously.
    pub plan: Option<Plan>,
    /// When the response was read (the client's clock).
    pub observed_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum QuotaWindow {
    Minute,
    Day,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Plan {
    Free,
    Pro,
    Business,
}

/// A reset at most this far away describes a per-minute window (a little slack for clock skew).
const MINUTE_HORIZON: TimeDelta = TimeDelta::seconds(70);
/// A reset further away than this can only be a per-day window.
const DAY_THRESHOLD: TimeDelta = TimeDelta::hours(1);
/// A reset further ahead than this is absurd (the longest window is a day; an hour more for
/// clock skew): a millisecond timestamp, or a broken server. It is read as unknown, so it never
/// becomes a wait nobody can see the end of.
pub(crate) const MAX_RESET_AHEAD: TimeDelta = TimeDelta::hours(25);

impl RateLimitSnapshot {
    /// `None` when the response carries none of the three headers.
    pub fn from_headers(headers: &http::HeaderMap, now: DateTime<Utc>) -> Option<Self> {
        let limit_header = headers.get("x-ratelimit-limit");
        let remaining_header = headers.get("x-ratelimit-remaining");
        let reset_header = headers.get("x-ratelimit-reset");
        if limit_header.is_none() && remaining_header.is_none() && reset_header.is_none() {
            return None;
        }
        let limit = limit_header.and_then(parse_count);
        let remaining = remaining_header.and_then(parse_remaining);
        // More remaining than the limit is self-contradictory; the limit is the safer reading.
        let remaining = match (remaining, limit) {
            (Some(remaining), Some(limit)) => Some(remaining.min(limit)),
            (remaining, _) => remaining,
        };
        let reset_at = reset_header
            .and_then(parse_reset)
            .filter(|reset| *reset - now <= MAX_RESET_AHEAD);
        let window = infer_window(reset_at, now);
        Some(Self {
            limit,
            remaining,
            reset_at,
            window,
            plan: limit.and_then(|limit| infer_plan(window, limit)),
            observed_at: now,
        })
    }
}

fn text(value: &http::HeaderValue) -> Option<&str> {
    value.to_str().ok().map(str::trim)
}

fn parse_count(value: &http::HeaderValue) -> Option<u64> {
    text(value)?.parse().ok()
}

/// A negative remaining count (a server that counts past the limit) means none left. Whatever
/// `i64` reads is taken from it ("-0" too, which `u64` refuses); `u64` reads the rest.
fn parse_remaining(value: &http::HeaderValue) -> Option<u64> {
    let text = text(value)?;
    match text.parse::<i64>() {
        Ok(n) => Some(u64::try_from(n).unwrap_or(0)),
        Err(_) => text.parse().ok(),
    }
}

/// Unix seconds (a fraction tolerated). Zero or negative is no usable instant. (A millisecond
/// timestamp reads as tens of thousands of years ahead, which `from_headers` refuses.)
fn parse_reset(value: &http::HeaderValue) -> Option<DateTime<Utc>> {
    let text = text(value)?;
    if let Ok(seconds) = text.parse::<i64>() {
        return (seconds > 0)
            .then(|| DateTime::from_timestamp(seconds, 0))
            .flatten();
    }
    let seconds: f64 = text.parse().ok()?;
    if !seconds.is_finite() || seconds <= 0.0 {
        return None;
    }
    // `as` saturates; an out-of-range instant is then rejected by chrono. A fraction that rounds
    // to the epoch itself is no usable instant either.
    let millis = (seconds * 1000.0).round() as i64;
    (millis > 0)
        .then(|| DateTime::from_timestamp_millis(millis))
        .flatten()
}

fn infer_window(reset_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> QuotaWindow {
    let Some(reset_at) = reset_at else {
        return QuotaWindow::Unknown;
    };
    let distance = reset_at - now;
    if distance <= TimeDelta::zero() {
        QuotaWindow::Unknown
    } else if distance <= MINUTE_HORIZON {
        QuotaWindow::Minute
    } else if distance > DAY_THRESHOLD {
        QuotaWindow::Day
    } else {
        QuotaWindow::Unknown
    }
}

/// The spec's plan table; Enterprise is custom, so it is never inferred.
impl Plan {
    pub const ALL: [Plan; 3] = [Plan::Free, Plan::Pro, Plan::Business];

    /// Requests a minute (spec §8).
    pub fn per_minute(self) -> u64 {
        match self {
            Plan::Free => 60,
            Plan::Pro => 300,
            Plan::Business => 1_000,
        }
    }

    /// Requests a day (spec §8).
    pub fn per_day(self) -> u64 {
        match self {
            Plan::Free => 1_000,
            Plan::Pro => 10_000,
            Plan::Business => 100_000,
        }
    }

    /// "Pro", as a person reads it.
    pub fn name(self) -> &'static str {
        match self {
            Plan::Free => "Free",
            Plan::Pro => "Pro",
            Plan::Business => "Business",
        }
    }
}

fn infer_plan(window: QuotaWindow, limit: u64) -> Option<Plan> {
    Plan::ALL.into_iter().find(|plan| match window {
        QuotaWindow::Minute => plan.per_minute() == limit,
        QuotaWindow::Day => plan.per_day() == limit,
        QuotaWindow::Unknown => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_900_000_000, 0).unwrap()
    }

    fn snapshot(pairs: &[(&str, &str)]) -> Option<RateLimitSnapshot> {
        let mut headers = http::HeaderMap::new();
        for (name, value) in pairs {
            headers.append(
                http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                http::HeaderValue::from_str(value).unwrap(),
            );
        }
        RateLimitSnapshot::from_headers(&headers, now())
    }

    fn full(limit: &str, remaining: &str, reset_in: i64) -> RateLimitSnapshot {
        let reset = (1_900_000_000 + reset_in).to_string();
        snapshot(&[
            ("X-RateLimit-Limit", limit),
            ("X-RateLimit-Remaining", remaining),
            ("X-RateLimit-Reset", &reset),
        ])
        .unwrap()
    }

    #[test]
    fn well_formed_headers() {
        let s = full("60", "42", 30);
        assert_eq!(s.limit, Some(60));
        assert_eq!(s.remaining, Some(42));
        assert_eq!(s.reset_at, DateTime::from_timestamp(1_900_000_030, 0));
        assert_eq!(s.window, QuotaWindow::Minute);
        assert_eq!(s.plan, Some(Plan::Free));
        assert_eq!(s.observed_at, now());
    }

    #[test]
    fn none_only_without_any_of_the_three_headers() {
        assert_eq!(snapshot(&[]), None);
        assert_eq!(snapshot(&[("X-Other", "1"), ("Retry-After", "5")]), None);
        let garbage = snapshot(&[("x-ratelimit-remaining", "lots")]).unwrap();
        assert_eq!(
            (garbage.limit, garbage.remaining, garbage.reset_at),
            (None, None, None)
        );
        assert_eq!(garbage.window, QuotaWindow::Unknown);
        assert_eq!(garbage.plan, None);
        let only_reset = snapshot(&[("X-RATELIMIT-RESET", "1900000010")]).unwrap();
        assert_eq!(only_reset.window, QuotaWindow::Minute);
        assert_eq!(only_reset.plan, None);
    }

    #[test]
    fn odd_values_never_fail() {
        let s = full("-60", "-3", 30);
        assert_eq!((s.limit, s.remaining), (None, Some(0)));
        let s = full("99999999999999999999999", "1.5", 30);
        assert_eq!((s.limit, s.remaining), (None, None));
        let s = full(" 300 ", "abc", 30);
        assert_eq!(
            (s.limit, s.remaining, s.plan),
            (Some(300), None, Some(Plan::Pro))
        );
        let s = full("", "", 30);
        assert_eq!((s.limit, s.remaining), (None, None));
        let s = full("18446744073709551615", "18446744073709551615", 30);
        assert_eq!((s.limit, s.remaining), (Some(u64::MAX), Some(u64::MAX)));
        let s = full("0", "0", 30);
        assert_eq!((s.limit, s.remaining, s.plan), (Some(0), Some(0), None));
        // Zero written negatively is still none left (u64 alone refuses to read it).
        let s = full("+60", "-0", 30);
        assert_eq!((s.limit, s.remaining), (Some(60), Some(0)));
    }

    /// Edge cases from the `rate_limit_headers` fuzz target's corpus (fuzz/README.md).
    #[test]
    fn fuzzed_headers_read_exactly() {
        let s = full("60", "060", 30);
        assert_eq!(s.remaining, Some(60), "leading zeros");
        // An exponent is a number of seconds: 100 s after 1970, in the past, so no window.
        let s = snapshot(&[("X-RateLimit-Limit", "60"), ("X-RateLimit-Reset", "1e0002")]).unwrap();
        assert_eq!(s.reset_at, DateTime::from_timestamp(100, 0));
        assert_eq!((s.window, s.plan), (QuotaWindow::Unknown, None));
        // The first of several values is the one read.
        let s = snapshot(&[("X-RateLimit-Limit", "60"), ("x-ratelimit-limit", "1000")]).unwrap();
        assert_eq!(s.limit, Some(60));
        // A reset that is not all number is none, and leaves the window unknown.
        let s = snapshot(&[
            ("X-RateLimit-Limit", "10001"),
            ("X-RateLimit-Reset", "1900030+5"),
        ]);
        assert_eq!(
            s.map(|s| (s.limit, s.reset_at, s.window)),
            Some((Some(10001), None, QuotaWindow::Unknown))
        );
    }

    #[test]
    fn remaining_above_limit_is_clamped() {
        let s = full("60", "500", 30);
        assert_eq!((s.limit, s.remaining), (Some(60), Some(60)));
        let no_limit = snapshot(&[("X-RateLimit-Remaining", "500")]).unwrap();
        assert_eq!(no_limit.remaining, Some(500));
    }

    #[test]
    fn odd_resets() {
        for reset in [
            "0",
            "-1",
            "soon",
            "1e400",
            "99999999999999999999",
            "NaN",
            "-1.5",
            // A fraction that rounds to the epoch itself is no instant either.
            "0.0001",
            "1e-4",
        ] {
            let s = snapshot(&[("X-RateLimit-Limit", "60"), ("X-RateLimit-Reset", reset)]).unwrap();
            assert_eq!(s.reset_at, None, "{reset}");
            assert_eq!((s.window, s.plan), (QuotaWindow::Unknown, None), "{reset}");
        }
        let fraction = snapshot(&[("X-RateLimit-Reset", "1900000001.5")]).unwrap();
        assert_eq!(
            fraction.reset_at,
            DateTime::from_timestamp_millis(1_900_000_001_500)
        );
        // A reset in the past, as Prism's mock sends: kept as read, window unknown.
        let past = full("60", "1", -10);
        assert_eq!(past.reset_at, DateTime::from_timestamp(1_899_999_990, 0));
        assert_eq!((past.window, past.plan), (QuotaWindow::Unknown, None));
    }

    #[test]
    fn an_absurd_reset_is_unknown() {
        let ms = (1_900_000_030_i64 * 1000).to_string();
        let too_far = (1_900_000_000_i64 + 25 * 3600 + 1).to_string();
        let just_in = (1_900_000_000_i64 + 25 * 3600).to_string();
        for (reset, expected) in [
            (ms.as_str(), None),
            (too_far.as_str(), None),
            ("1900090001.5", None),
            ("253402300799", None),
            (just_in.as_str(), DateTime::from_timestamp(1_900_090_000, 0)),
        ] {
            let s = snapshot(&[
                ("X-RateLimit-Limit", "60"),
                ("X-RateLimit-Remaining", "0"),
                ("X-RateLimit-Reset", reset),
            ])
            .unwrap();
            assert_eq!(s.reset_at, expected, "{reset}");
            if expected.is_none() {
                assert_eq!((s.window, s.plan), (QuotaWindow::Unknown, None), "{reset}");
            }
        }
    }

    #[test]
    fn window_from_distance_to_reset() {
        let cases = [
            (0, QuotaWindow::Unknown),
            (1, QuotaWindow::Minute),
            (60, QuotaWindow::Minute),
            (70, QuotaWindow::Minute),
            (71, QuotaWindow::Unknown),
            (1800, QuotaWindow::Unknown),
            (3600, QuotaWindow::Unknown),
            (3601, QuotaWindow::Day),
            (86_400, QuotaWindow::Day),
        ];
        for (reset_in, window) in cases {
            assert_eq!(full("1", "1", reset_in).window, window, "{reset_in}");
        }
    }

    #[test]
    fn plan_only_when_unambiguous() {
        let cases = [
            ("60", 30, Some(Plan::Free)),
            ("300", 30, Some(Plan::Pro)),
            ("1000", 30, Some(Plan::Business)),
            ("1000", 20_000, Some(Plan::Free)),
            ("10000", 20_000, Some(Plan::Pro)),
            ("100000", 20_000, Some(Plan::Business)),
            ("60", 20_000, None),
            ("10000", 30, None),
            ("1000", 1800, None),
            ("1000", -5, None),
            ("5000", 30, None),
        ];
        for (limit, reset_in, plan) in cases {
            assert_eq!(full(limit, "0", reset_in).plan, plan, "{limit} {reset_in}");
        }
    }
}
