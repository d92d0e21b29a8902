//! `X-RateLimit-Limit`, `-Remaining`, `-Reset` and `Retry-After` as any server may send them.
//! The input is lines of `name: value`, as headers arrive; each line that makes a valid header
//! becomes one.

#![no_main]

use chrono::{DateTime, TimeDelta, Utc};
use libfuzzer_sys::fuzz_target;
use petstore_client::ratelimit::parse_retry_after;
use petstore_client::{Plan, QuotaWindow, RateLimitSnapshot};

fuzz_target!(|data: &[u8]| {
    let now = DateTime::from_timestamp(1_900_000_000, 0).expect("in range");
    let headers = headers(data);
    check_snapshot(&headers, now);
    check_retry_after(&headers, now);
});

fn headers(data: &[u8]) -> http::HeaderMap {
    let mut headers = http::HeaderMap::new();
    for line in data.split(|b| *b == b'\n') {
        let Some(colon) = line.iter().position(|b| *b == b':') else {
            continue;
        };
        let (name, value) = (line[..colon].trim_ascii(), line[colon + 1..].trim_ascii());
        if let (Ok(name), Ok(value)) = (
            http::HeaderName::from_bytes(name),
            http::HeaderValue::from_bytes(value),
        ) {
            headers.append(name, value);
        }
    }
    headers
}

/// The first value of a header as text, as the parser reads it.
fn text<'a>(headers: &'a http::HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name)?.to_str().ok().map(str::trim)
}

fn check_snapshot(headers: &http::HeaderMap, now: DateTime<Utc>) {
    let names = [
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
    ];
    let snapshot = RateLimitSnapshot::from_headers(headers, now);
    assert_eq!(
        snapshot.is_some(),
        names.iter().any(|name| headers.contains_key(*name)),
        "a snapshot exactly when a rate-limit header came"
    );
    let Some(s) = snapshot else { return };
    assert_eq!(s.observed_at, now);
    // Never more than the server said.
    if let Some(limit) = s.limit {
        let read: u64 = text(headers, names[0])
            .and_then(|t| t.parse().ok())
            .expect("read");
        assert_eq!(limit, read);
    }
    if let Some(remaining) = s.remaining {
        let read: i128 = text(headers, names[1])
            .and_then(|t| t.parse().ok())
            .expect("read");
        assert!(i128::from(remaining) <= read.max(0));
        assert!(s.limit.is_none_or(|limit| remaining <= limit));
    }
    if let Some(reset) = s.reset_at {
        assert!(
            reset.timestamp_millis() > 0,
            "zero or negative is no instant"
        );
        assert!(
            reset - now <= TimeDelta::hours(25),
            "never a wait without an end"
        );
    }
    let ahead = s.reset_at.map(|reset| reset - now);
    match s.window {
        QuotaWindow::Minute => {
            let ahead = ahead.expect("a minute window has a reset");
            assert!(ahead > TimeDelta::zero() && ahead <= TimeDelta::seconds(70));
        }
        QuotaWindow::Day => assert!(ahead.expect("a day window has a reset") > TimeDelta::hours(1)),
        QuotaWindow::Unknown => assert_eq!(s.plan, None),
    }
    if let Some(plan) = s.plan {
        let per_window = match s.window {
            QuotaWindow::Minute => Plan::per_minute(plan),
            _ => Plan::per_day(plan),
        };
        assert_eq!(s.limit, Some(per_window));
    }
}

fn check_retry_after(headers: &http::HeaderMap, now: DateTime<Utc>) {
    let until = parse_retry_after(headers, now);
    match text(headers, "retry-after") {
        None => assert_eq!(until, None, "nothing read from no header, or from no text"),
        // delay-seconds: never a wait into the past.
        Some(t) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
            assert!(until.expect("delay-seconds are read") >= now);
        }
        Some(_) => {}
    }
}
