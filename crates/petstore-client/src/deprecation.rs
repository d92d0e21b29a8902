//! The deprecated `GET /pets/{petId}` (spec §9): reading `Deprecation` (RFC 9745) and `Sunset`
//! (RFC 8594) headers, and warning once per process that it is used.

use std::sync::atomic::{AtomicBool, Ordering};

use chrono::{DateTime, NaiveDate, Utc};

pub use crate::events::DeprecationNotice;

pub const GET_PET_OPERATION: &str = "GET /pets/{petId}";
pub const GET_PET_REPLACEMENT: &str = "GET /pets with the status filter";

/// The removal date the spec announces, used when the server sends no `Sunset` header.
pub fn spec_sunset() -> DateTime<Utc> {
    NaiveDate::from_ymd_opt(2030, 12, 5)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|dt| dt.and_utc())
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// The notice for `get_pet`, from the response headers where they are present and valid.
pub fn get_pet_notice(headers: &http::HeaderMap) -> DeprecationNotice {
    DeprecationNotice {
        operation: GET_PET_OPERATION.to_owned(),
        deprecated_since: header_str(headers, "deprecation").and_then(parse_deprecation),
        sunset: header_str(headers, "sunset")
            .and_then(parse_http_date)
            .unwrap_or_else(spec_sunset),
        replacement: GET_PET_REPLACEMENT.to_owned(),
    }
}

fn header_str<'h>(headers: &'h http::HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
}

/// RFC 9745: a structured-field date, `@<unix seconds>`. Older drafts sent an HTTP-date or
/// `true`; the date is kept when there is one.
fn parse_deprecation(value: &str) -> Option<DateTime<Utc>> {
    match value.strip_prefix('@') {
        Some(seconds) => seconds
            .parse::<i64>()
            .ok()
            .and_then(|s| DateTime::from_timestamp(s, 0)),
        None => parse_http_date(value),
    }
}

fn parse_http_date(value: &str) -> Option<DateTime<Utc>> {
    httpdate::parse_http_date(value)
        .ok()
        .map(DateTime::<Utc>::from)
}

static WARNED: AtomicBool = AtomicBool::new(false);

/// Logs the deprecation the first time the process uses `get_pet`, not on every call.
pub(crate) fn warn_once() {
    if !WARNED.swap(true, Ordering::Relaxed) {
        log::warn!(
            "{GET_PET_OPERATION} is deprecated and will be removed on 2030-12-05; use {GET_PET_REPLACEMENT}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> http::HeaderMap {
        let mut map = http::HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, http::HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn reads_rfc9745_and_rfc8594_headers() {
        let notice = get_pet_notice(&headers(&[
            ("deprecation", "@1688169599"),
            ("sunset", "Thu, 05 Dec 2030 00:00:00 GMT"),
        ]));
        assert_eq!(
            notice.deprecated_since,
            DateTime::from_timestamp(1_688_169_599, 0)
        );
        assert_eq!(notice.sunset, spec_sunset());
        assert_eq!(notice.replacement, GET_PET_REPLACEMENT);
    }

    #[test]
    fn absent_or_garbage_headers_fall_back_to_the_spec() {
        let notice = get_pet_notice(&headers(&[
            ("deprecation", "@soon"),
            ("sunset", "tomorrow"),
        ]));
        assert_eq!(notice.deprecated_since, None);
        assert_eq!(notice.sunset.to_rfc3339(), "2030-12-05T00:00:00+00:00");
        assert_eq!(
            get_pet_notice(&http::HeaderMap::new()).sunset,
            spec_sunset()
        );
    }

    #[test]
    fn an_http_date_deprecation_is_kept() {
        let notice = get_pet_notice(&headers(&[(
            "deprecation",
            "Sun, 06 Nov 1994 08:49:37 GMT",
        )]));
        assert_eq!(
            notice.deprecated_since,
            DateTime::from_timestamp(784_111_777, 0)
        );
    }
}

/// Whatever a server puts in `Deprecation` and `Sunset`: never a panic, and a notice that always
/// names the operation, its replacement and a removal date.
#[cfg(test)]
mod props {
    use proptest::prelude::*;

    use super::*;

    fn header_bytes() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            prop::collection::vec(prop_oneof![0x20u8..=0x7e, 0x80u8..=0xff, Just(b'\t')], 0..48),
            any::<i64>().prop_map(|n| format!("@{n}").into_bytes()),
            "@?[ +-]{0,2}[0-9]{0,22}".prop_map(String::into_bytes),
            "(Mon|Sun|Thu), [0-9]{1,2} (Jan|Dec|Foo) [0-9]{1,5} [0-9]{1,2}:[0-9]{2}:[0-9]{2} (GMT|UTC)"
                .prop_map(String::into_bytes),
        ]
    }

    fn notice(deprecation: Option<&[u8]>, sunset: Option<&[u8]>) -> DeprecationNotice {
        let mut headers = http::HeaderMap::new();
        for (name, value) in [("deprecation", deprecation), ("sunset", sunset)] {
            if let Some(value) = value {
                let value = http::HeaderValue::from_bytes(value).expect("header bytes");
                headers.insert(http::HeaderName::from_static(name), value);
            }
        }
        get_pet_notice(&headers)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        #[test]
        fn any_deprecation_or_sunset_never_panics(
            deprecation in prop::option::of(header_bytes()),
            sunset in prop::option::of(header_bytes()),
        ) {
            let notice = notice(deprecation.as_deref(), sunset.as_deref());
            prop_assert_eq!(notice.operation.as_str(), GET_PET_OPERATION);
            prop_assert_eq!(notice.replacement.as_str(), GET_PET_REPLACEMENT);
            if sunset.is_none() {
                prop_assert_eq!(notice.sunset, spec_sunset());
            }
        }

        #[test]
        fn a_structured_deprecation_date_is_read_exactly(seconds in -8_000_000_000_000i64..8_000_000_000_000) {
            let text = format!("@{seconds}");
            let notice = notice(Some(text.as_bytes()), None);
            prop_assert_eq!(notice.deprecated_since, DateTime::from_timestamp(seconds, 0));
        }
    }
}
