//! Whatever the rate-limit headers and Retry-After say, the wait the governor imposes stays
//! within its clamps: never before `min_retry_after` after a 429, never past the longest wait a
//! reset or Retry-After may ask for. An absurd reset is never a wait.

use proptest::prelude::*;

use super::*;
use crate::quota_snapshot::MAX_RESET_AHEAD;

fn reset_text() -> impl Strategy<Value = String> {
    prop_oneof![
        (-100_000i64..200_000).prop_map(|ahead| (1_900_000_000 + ahead).to_string()),
        (1_900_000_000_000i64..1_900_100_000_000).prop_map(|ms| ms.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|n| n.to_string()),
    ]
}

fn run(
    status: u16,
    remaining: u64,
    reset: &str,
    retry_after: Option<i64>,
) -> (DateTime<Utc>, Option<DateTime<Utc>>) {
    let clock = Arc::new(ManualClock::default());
    let governor = Governor::new(clock.clone(), policy());
    let mut headers = http::HeaderMap::new();
    headers.insert("x-ratelimit-limit", 60u64.into());
    headers.insert("x-ratelimit-remaining", remaining.into());
    headers.insert(
        "x-ratelimit-reset",
        http::HeaderValue::from_str(reset).expect("ascii"),
    );
    let now = clock.now();
    let snapshot = RateLimitSnapshot::from_headers(&headers, now);
    let permit = futures_now(governor.acquire(None))
        .and_then(Result::ok)
        .expect("the first request is free");
    let resume = permit.finish(Observation {
        status,
        snapshot,
        // As the parser gives it: saturating at the ends of time.
        retry_after: retry_after.map(|s| {
            TimeDelta::try_seconds(s)
                .and_then(|d| now.checked_add_signed(d))
                .unwrap_or(if s > 0 {
                    DateTime::<Utc>::MAX_UTC
                } else {
                    DateTime::<Utc>::MIN_UTC
                })
        }),
    });
    (now, resume.max(governor.held_until()))
}

/// The first acquire never waits: polled once, without a runtime.
fn futures_now<F: std::future::Future>(future: F) -> Option<F::Output> {
    let mut future = std::pin::pin!(future);
    let waker = std::task::Waker::noop();
    match future
        .as_mut()
        .poll(&mut std::task::Context::from_waker(waker))
    {
        Poll::Ready(output) => Some(output),
        Poll::Pending => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn waits_stay_within_their_clamps(
        status in prop::sample::select(vec![200u16, 429, 500, 502, 503, 504]),
        remaining in 0u64..3,
        reset in reset_text(),
        retry_after in prop::option::of(prop_oneof![
            -100_000i64..100_000,
            Just(i64::MAX / 2_000),
            Just(-(i64::MAX / 2_000)),
        ]),
    ) {
        let p = policy();
        let (now, held) = run(status, remaining, &reset, retry_after);
        let longest = MAX_RESET_AHEAD
            .max(TimeDelta::from_std(p.max_retry_after).expect("small"))
            + TimeDelta::from_std(p.reset_margin).expect("small");
        if let Some(until) = held {
            prop_assert!(until - now <= longest, "{} ahead", until - now);
        }
        match status {
            429 => {
                let until = held.expect("a 429 always waits");
                prop_assert!(until - now >= TimeDelta::from_std(p.min_retry_after).expect("small"));
            }
            502..=504 if retry_after.is_some() => {
                let until = held.expect("a Retry-After is honoured");
                prop_assert!(until - now >= TimeDelta::from_std(p.min_retry_after).expect("small"));
            }
            // Otherwise only a spent quota holds, until a reset it was told of.
            _ if remaining > 0 => prop_assert_eq!(held, None),
            _ => {}
        }
    }
}
