//! Property tests of the rate-limit header parsers: whatever bytes a server sends, reading them
//! never panics, and what is read keeps its promises (remaining ≤ limit, a reset at most 25 hours
//! ahead, a window and a plan only where a reset says so).

use chrono::{DateTime, TimeDelta, Utc};
use proptest::prelude::*;

use super::{QuotaWindow, RateLimitSnapshot, parse_retry_after};
use crate::quota_snapshot::MAX_RESET_AHEAD;

const CASES: u32 = 3_000;

/// Any byte a header value may hold (visible ASCII, space, tab, obs-text).
fn header_byte() -> impl Strategy<Value = u8> {
    prop_oneof![0x20u8..=0x7e, 0x80u8..=0xff, Just(b'\t')]
}

/// Text a server might send where a number belongs: numbers of every shape, and near misses.
fn numberish() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|n| format!("{n:e}")),
        // Unix seconds around now, and milliseconds of the same.
        (1_600_000_000i64..2_100_000_000).prop_map(|n| n.to_string()),
        (1_600_000_000_000i64..2_100_000_000_000).prop_map(|n| n.to_string()),
        "[ +-]{0,2}[0-9]{0,24}(\\.[0-9]{0,12})?([eE][+-]?[0-9]{1,4})?[ ]{0,2}",
        "(NaN|inf|-inf|infinity|0x1F|1_000|１２|--1|\\+\\+1| )",
    ]
}

fn header_text() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        numberish().prop_map(String::into_bytes),
        prop::collection::vec(header_byte(), 0..48),
    ]
}

fn instant() -> impl Strategy<Value = DateTime<Utc>> {
    (0i64..4_000_000_000, 0u32..1_000_000_000)
        .prop_map(|(secs, nanos)| DateTime::from_timestamp(secs, nanos).unwrap_or_default())
}

fn headers(pairs: &[(&str, Option<&[u8]>)]) -> http::HeaderMap {
    let mut headers = http::HeaderMap::new();
    for (name, value) in pairs {
        if let Some(value) = value {
            let value = http::HeaderValue::from_bytes(value).expect("header bytes only");
            headers.append(
                http::HeaderName::from_bytes(name.as_bytes()).expect("name"),
                value,
            );
        }
    }
    headers
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn rate_limit_headers_never_panic_and_keep_their_invariants(
        limit in prop::option::of(header_text()),
        remaining in prop::option::of(header_text()),
        reset in prop::option::of(header_text()),
        now in instant(),
    ) {
        let headers = headers(&[
            ("x-ratelimit-limit", limit.as_deref()),
            ("x-ratelimit-remaining", remaining.as_deref()),
            ("x-ratelimit-reset", reset.as_deref()),
        ]);
        let snapshot = RateLimitSnapshot::from_headers(&headers, now);
        let any_header = limit.is_some() || remaining.is_some() || reset.is_some();
        prop_assert_eq!(snapshot.is_some(), any_header);
        let Some(s) = snapshot else { return Ok(()) };
        if let (Some(limit), Some(remaining)) = (s.limit, s.remaining) {
            prop_assert!(remaining <= limit);
        }
        if let Some(reset_at) = s.reset_at {
            prop_assert!(reset_at - now <= MAX_RESET_AHEAD, "a too-far reset is None");
        }
        if s.reset_at.is_none() {
            prop_assert_eq!(s.window, QuotaWindow::Unknown);
        }
        prop_assert!(s.plan.is_none() || (s.limit.is_some() && s.window != QuotaWindow::Unknown));
        prop_assert_eq!(s.observed_at, now);
    }

    #[test]
    fn a_reset_far_ahead_or_in_milliseconds_is_unknown(
        ahead in (25 * 3600 + 1)..(400i64 * 86_400 * 365),
        // From 2001 on, where a millisecond timestamp is centuries ahead.
        now in (1_000_000_000i64..4_000_000_000).prop_map(|s| DateTime::from_timestamp(s, 0).unwrap_or_default()),
    ) {
        let far = (now.timestamp() + ahead).to_string();
        let millis = now.timestamp_millis().max(1).to_string();
        for value in [far, millis] {
            let headers = headers(&[
                ("x-ratelimit-remaining", Some(b"0")),
                ("x-ratelimit-reset", Some(value.as_bytes())),
            ]);
            let s = RateLimitSnapshot::from_headers(&headers, now).expect("headers present");
            prop_assert_eq!(s.reset_at, None, "{}", value);
        }
    }

    #[test]
    fn retry_after_never_panics(value in header_text(), now in instant()) {
        let headers = headers(&[("retry-after", Some(&value))]);
        let _ = parse_retry_after(&headers, now);
    }

    #[test]
    fn retry_after_seconds_are_read_exactly(seconds in 0u32..=u32::MAX, now in instant()) {
        let text = seconds.to_string();
        let headers = headers(&[("retry-after", Some(text.as_bytes()))]);
        prop_assert_eq!(
            parse_retry_after(&headers, now),
            Some(now + TimeDelta::seconds(i64::from(seconds)))
        );
    }

    #[test]
    fn retry_after_http_dates_are_read_to_the_second(at in instant(), now in instant()) {
        let text = httpdate::fmt_http_date(at.into());
        let headers = headers(&[("retry-after", Some(text.as_bytes()))]);
        let read = parse_retry_after(&headers, now).expect("an HTTP-date");
        prop_assert_eq!(read.timestamp(), at.timestamp());
    }
}
