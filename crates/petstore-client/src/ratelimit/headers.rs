//! `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.

use chrono::{DateTime, TimeDelta, Utc};

/// The absolute time the server asked us to wait until, unclamped; `None` when missing or garbage.
/// Clamping (zero, negative, past, absurd) is the governor's job, so it is done in one place.
pub fn parse_retry_after(headers: &http::HeaderMap, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let value = headers
        .get(http::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim();
    if value.is_empty() {
        return None;
    }
    if let Ok(seconds) = value.parse::<i64>() {
        return Some(offset(now, TimeDelta::try_seconds(seconds), seconds >= 0));
    }
    // Not RFC, but seen in the wild ("1.5"): honour it to the millisecond.
    if let Ok(seconds) = value.parse::<f64>() {
        if !seconds.is_finite() {
            return None;
        }
        // `as` saturates, and an out-of-range value is then caught as overflow just below.
        let millis = (seconds * 1000.0).round() as i64;
        return Some(offset(
            now,
            TimeDelta::try_milliseconds(millis),
            seconds >= 0.0,
        ));
    }
    // IMF-fixdate, plus the obsolete RFC 850 and asctime forms.
    let date = httpdate::parse_http_date(value).ok()?;
    Some(DateTime::<Utc>::from(date))
}

/// `now + delta`, saturating at the ends of time rather than failing: an absurd value is still
/// an answer ("very long"), which the governor caps.
fn offset(now: DateTime<Utc>, delta: Option<TimeDelta>, forward: bool) -> DateTime<Utc> {
    delta
        .and_then(|d| now.checked_add_signed(d))
        .unwrap_or(if forward {
            DateTime::<Utc>::MAX_UTC
        } else {
            DateTime::<Utc>::MIN_UTC
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_900_000_000, 0).unwrap()
    }

    fn parse(value: &str) -> Option<DateTime<Utc>> {
        let mut headers = http::HeaderMap::new();
        headers.insert(
            http::header::RETRY_AFTER,
            http::HeaderValue::from_str(value).unwrap(),
        );
        parse_retry_after(&headers, now())
    }

    fn secs(s: i64) -> Option<DateTime<Utc>> {
        Some(now() + TimeDelta::seconds(s))
    }

    #[test]
    fn delay_seconds() {
        assert_eq!(parse("120"), secs(120));
        assert_eq!(parse(" 7 "), secs(7));
        assert_eq!(parse("0"), secs(0));
        assert_eq!(parse("-5"), secs(-5));
        assert_eq!(parse("1.5"), Some(now() + TimeDelta::milliseconds(1500)));
        assert_eq!(parse("-0.25"), Some(now() - TimeDelta::milliseconds(250)));
    }

    #[test]
    fn absurd_delays_saturate_instead_of_failing() {
        assert_eq!(parse("9223372036854775807"), Some(DateTime::<Utc>::MAX_UTC));
        assert_eq!(
            parse("-9223372036854775807"),
            Some(DateTime::<Utc>::MIN_UTC)
        );
        assert_eq!(parse("1e300"), Some(DateTime::<Utc>::MAX_UTC));
        // Too many digits for i64 still reads as a (huge) number.
        assert_eq!(
            parse("99999999999999999999999999"),
            Some(DateTime::<Utc>::MAX_UTC)
        );
    }

    #[test]
    fn http_dates_in_every_form_httpdate_knows() {
        let expected = DateTime::from_timestamp(784_111_777, 0);
        assert_eq!(parse("Sun, 06 Nov 1994 08:49:37 GMT"), expected);
        assert_eq!(parse("Sunday, 06-Nov-94 08:49:37 GMT"), expected);
        assert_eq!(parse("Sun Nov  6 08:49:37 1994"), expected);
        let future = DateTime::from_timestamp(1_900_000_090, 0).unwrap();
        let text = httpdate::fmt_http_date(future.into());
        assert_eq!(parse(&text), Some(future));
    }

    /// Edge cases from the `rate_limit_headers` fuzz target's corpus (fuzz/README.md).
    #[test]
    fn fuzzed_delays_read_exactly() {
        assert_eq!(parse("-0 "), secs(0));
        assert_eq!(parse("+5"), secs(5));
        assert_eq!(parse("-.6"), Some(now() - TimeDelta::milliseconds(600)));
        assert_eq!(parse("9991999991."), secs(9_991_999_991));
        // Past the end of chrono's time in milliseconds: saturates, as a huge integer does.
        assert_eq!(parse("9999199999991.5"), Some(DateTime::<Utc>::MAX_UTC));
        assert_eq!(parse("Sun, 99"), None);
        assert_eq!(parse("120R4"), None);
    }

    #[test]
    fn missing_or_garbage_is_none() {
        assert_eq!(parse_retry_after(&http::HeaderMap::new(), now()), None);
        for garbage in [
            "",
            "   ",
            "soon",
            "NaN",
            "inf",
            "12 seconds",
            "Mon, 99 Foo 2020",
            "0x10",
        ] {
            assert_eq!(parse(garbage), None, "{garbage:?}");
        }
        let mut headers = http::HeaderMap::new();
        headers.insert(
            http::header::RETRY_AFTER,
            http::HeaderValue::from_bytes(b"\xff1").unwrap(),
        );
        assert_eq!(parse_retry_after(&headers, now()), None);
    }
}
