//! The policy on hand-made outcomes: no server, no clock, no governor. The jitter is the cap
//! itself unless a test says otherwise, so every delay is exact.

use std::error::Error as _;

use chrono::TimeDelta;

use super::*;
use crate::limits::{self, MAX_SUCCESS_BODY_BYTES};
use CallKind::{Idempotent as Get, NotIdempotent as Post};
use TransportFailure::{ConnectionLost, NeverSent, Timeout};

fn policy() -> RetryPolicy {
    RetryPolicy {
        max_attempts: 3,
        base_delay: Duration::from_millis(100),
        max_delay: Duration::from_secs(1),
        ..RetryPolicy::default()
    }
}

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(1_900_000_000, 0).expect("a valid instant")
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn attempt(number: u32, kind: CallKind) -> Attempt {
    Attempt {
        number,
        kind,
        now: now(),
        deadline: None,
        server: None,
    }
}

const ERROR_BODY: &[u8] = br#"{"code":"busy","message":"try later"}"#;

fn answered(status: u16, body: Body, headers: HeaderMap, resume: Option<DateTime<Utc>>) -> Outcome {
    Outcome::Answered(Answered {
        status,
        headers,
        body,
        snapshot: None,
        resume,
    })
}

/// How an attempt ended, as a table can spell it (an `Outcome` holds an `Error`: not `Copy`).
#[derive(Debug, Clone, Copy)]
enum Ended {
    Status(u16),
    TooLarge(u16),
    Lost(TransportFailure),
}

fn outcome(ended: Ended) -> Outcome {
    match ended {
        Ended::Status(status) => answered(
            status,
            Body::Read(Bytes::from_static(ERROR_BODY)),
            HeaderMap::new(),
            None,
        ),
        Ended::TooLarge(status) => answered(
            status,
            Body::TooLarge {
                limit_bytes: limits::body_cap(status),
            },
            HeaderMap::new(),
            None,
        ),
        Ended::Lost(failure) => Outcome::Failed {
            failure,
            error: match failure {
                Timeout => Error::Timeout,
                _ => network_error(),
            },
        },
    }
}

/// A real `reqwest::Error`, made without a connection.
fn network_error() -> Error {
    let response = http::Response::builder()
        .status(502)
        .body(Vec::<u8>::new())
        .expect("a response");
    let source = reqwest::Response::from(response)
        .error_for_status()
        .expect_err("502 is an error");
    Error::Network {
        cause: crate::NetworkCause::Reset,
        source,
        auto_config: None,
    }
}

fn decide(outcome: Outcome, attempt: Attempt) -> Verdict {
    classify(outcome, attempt, &policy(), |cap| cap)
}

fn word(next: &Next) -> &'static str {
    match next {
        Next::Return(_) => "return",
        Next::Fail { .. } => "fail",
        Next::OutcomeUnknown { .. } => "unknown",
        Next::Retry(_) => "retry",
    }
}

#[test]
fn what_follows_each_outcome() {
    use Ended::{Lost, Status, TooLarge};
    let mut table = vec![
        // A success is the answer; one too large to read is not, and a create's fate is open.
        (Get, 1, Status(200), "return"),
        (Post, 1, Status(201), "return"),
        (Get, 1, TooLarge(200), "fail"),
        (Post, 1, TooLarge(201), "unknown"),
        // A 429 did nothing: sent again for every method, until the last attempt.
        (Get, 1, Status(429), "retry"),
        (Get, 2, Status(429), "retry"),
        (Get, 3, Status(429), "fail"),
        (Post, 1, Status(429), "retry"),
        (Post, 3, Status(429), "fail"),
        (Post, 1, TooLarge(429), "retry"),
        // Redirects are not followed; a create may have been stored before one.
        (Get, 1, Status(302), "fail"),
        (Post, 1, Status(302), "unknown"),
        (Post, 1, Status(307), "unknown"),
        (Post, 1, TooLarge(301), "unknown"),
        // Other answers stand.
        (Get, 1, TooLarge(400), "fail"),
        (Get, 1, TooLarge(503), "retry"),
        (Post, 1, TooLarge(503), "unknown"),
    ];
    for status in [400, 401, 404, 410, 418, 600, 101] {
        table.push((Get, 1, Status(status), "fail"));
        table.push((Post, 1, Status(status), "fail"));
    }
    // Gateway and overload answers: a read again while attempts remain; a create never.
    for status in [502, 503, 504] {
        table.push((Get, 1, Status(status), "retry"));
        table.push((Get, 2, Status(status), "retry"));
        table.push((Get, 3, Status(status), "fail"));
        table.push((Post, 1, Status(status), "unknown"));
        table.push((Post, 3, Status(status), "unknown"));
    }
    for status in [500, 501, 505, 599] {
        table.push((Get, 1, Status(status), "fail"));
        table.push((Post, 1, Status(status), "unknown"));
        table.push((Post, 3, Status(status), "unknown"));
    }
    // A request that never left: again, for every method.
    for kind in [Get, Post] {
        table.push((kind, 1, Lost(NeverSent), "retry"));
        table.push((kind, 2, Lost(NeverSent), "retry"));
        table.push((kind, 3, Lost(NeverSent), "fail"));
    }
    // One that may have arrived: a read again; a create's fate is open.
    for failure in [Timeout, ConnectionLost] {
        table.push((Get, 1, Lost(failure), "retry"));
        table.push((Get, 2, Lost(failure), "retry"));
        table.push((Get, 3, Lost(failure), "fail"));
        table.push((Post, 1, Lost(failure), "unknown"));
        table.push((Post, 3, Lost(failure), "unknown"));
    }
    for (kind, number, ended, expected) in table {
        let verdict = decide(outcome(ended), attempt(number, kind));
        assert_eq!(
            word(&verdict.next),
            expected,
            "{kind:?} attempt {number}: {ended:?}"
        );
    }
}

#[test]
fn a_create_is_sent_again_only_after_a_429_or_when_it_never_left() {
    let mut endings: Vec<Ended> = (100..=999)
        .flat_map(|status| [Ended::Status(status), Ended::TooLarge(status)])
        .collect();
    endings.extend([NeverSent, Timeout, ConnectionLost].map(Ended::Lost));
    for ended in endings {
        for number in 1..=3 {
            let verdict = decide(outcome(ended), attempt(number, Post));
            let retried = matches!(verdict.next, Next::Retry(_));
            let allowed = matches!(
                ended,
                Ended::Status(429) | Ended::TooLarge(429) | Ended::Lost(NeverSent)
            );
            assert!(!retried || allowed, "{ended:?} attempt {number} retried");
        }
    }
}

#[test]
fn a_429_waits_for_the_governor_and_is_remembered() {
    let until = now() + TimeDelta::seconds(30);
    for kind in [Get, Post] {
        let body = Body::Read(Bytes::from_static(ERROR_BODY));
        let verdict = decide(
            answered(429, body, HeaderMap::new(), Some(until)),
            attempt(1, kind),
        );
        assert_eq!(verdict.remember, Some(until), "{kind:?}");
        let Next::Retry(retry) = verdict.next else {
            panic!("{kind:?}: {:?}", verdict.next);
        };
        assert_eq!(retry.wait, Wait::Governor { until: Some(until) });
        assert_eq!(retry.cost, RETRY_COST);
        assert_eq!(retry.reason, "rate limited");
        let server = retry.server.expect("the 429's body");
        assert_eq!((server.code.as_str(), server.status), ("busy", 429));
        match retry.refused {
            Error::RateLimited {
                retry_at,
                reason: WaitReason::RateLimited,
                server: Some(refused_server),
            } => {
                assert_eq!(retry_at, until);
                assert_eq!(refused_server, server);
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_last_429_without_the_governors_time_says_the_retry_after_else_the_floor() {
    let mut headers = HeaderMap::new();
    headers.insert(
        http::header::RETRY_AFTER,
        http::HeaderValue::from_static("7"),
    );
    let cases = [
        (headers, now() + TimeDelta::seconds(7)),
        (HeaderMap::new(), now() + TimeDelta::seconds(1)),
    ];
    for (headers, expected) in cases {
        let not_json = Body::Read(Bytes::from_static(b"<html>slow down</html>"));
        let verdict = decide(answered(429, not_json, headers, None), attempt(3, Get));
        assert_eq!(verdict.remember, None);
        match verdict.next {
            Next::Fail {
                error:
                    Error::RateLimited {
                        retry_at,
                        reason: WaitReason::RateLimited,
                        server: None,
                    },
                reason: Some(reason),
            } => {
                assert_eq!(retry_at, expected);
                assert_eq!(reason, "rate limited");
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_backoff_is_jittered_up_to_the_doubling_cap() {
    let backoff = |number: u32, jitter: fn(Duration) -> Duration| {
        let verdict = classify(
            outcome(Ended::Status(503)),
            attempt(number, Get),
            &policy(),
            jitter,
        );
        match verdict.next {
            Next::Retry(retry) => retry.wait,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(backoff(1, |cap| cap), Wait::Backoff(ms(100)));
    assert_eq!(backoff(2, |cap| cap), Wait::Backoff(ms(200)));
    assert_eq!(backoff(2, |cap| cap / 4), Wait::Backoff(ms(50)));
    let long = RetryPolicy {
        max_attempts: 10,
        ..policy()
    };
    let verdict = classify(
        outcome(Ended::Lost(NeverSent)),
        attempt(8, Post),
        &long,
        |cap| cap,
    );
    match verdict.next {
        Next::Retry(retry) => assert_eq!(retry.wait, Wait::Backoff(long.max_delay)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_retry_after_on_a_5xx_replaces_the_backoff_and_is_remembered() {
    let until = now() + TimeDelta::seconds(5);
    let body = || Body::Read(Bytes::from_static(ERROR_BODY));
    let verdict = classify(
        answered(503, body(), HeaderMap::new(), Some(until)),
        attempt(1, Get),
        &policy(),
        |_| panic!("no backoff is drawn when the server said when"),
    );
    assert_eq!(verdict.remember, Some(until));
    match verdict.next {
        Next::Retry(retry) => assert_eq!(retry.wait, Wait::Backoff(Duration::ZERO)),
        other => panic!("{other:?}"),
    }
    // Remembered even when the call ends here.
    for (status, kind, number) in [(503, Post, 1), (503, Get, 3), (500, Get, 1)] {
        let verdict = decide(
            answered(status, body(), HeaderMap::new(), Some(until)),
            attempt(number, kind),
        );
        assert_eq!(verdict.remember, Some(until), "{status} {kind:?} {number}");
        assert!(!matches!(verdict.next, Next::Retry(_)));
    }
    // Not a wait for an answer that is not about load.
    let verdict = decide(
        answered(404, body(), HeaderMap::new(), Some(until)),
        attempt(1, Get),
    );
    assert_eq!(verdict.remember, None);
}

#[test]
fn a_backoff_that_would_pass_the_deadline_gives_up() {
    let at = |number: u32, deadline: DateTime<Utc>, resume: Option<DateTime<Utc>>| {
        let outcome = answered(
            503,
            Body::Read(Bytes::from_static(ERROR_BODY)),
            HeaderMap::new(),
            resume,
        );
        let attempt = Attempt {
            deadline: Some(deadline),
            ..attempt(number, Get)
        };
        decide(outcome, attempt).next
    };
    let deadline = now() + TimeDelta::milliseconds(150);
    assert_eq!(word(&at(1, deadline, None)), "retry");
    match at(2, deadline, None) {
        Next::Fail {
            error: Error::Server(api),
            reason: Some(reason),
        } => {
            assert_eq!(api.status, 503);
            assert_eq!(reason, "the service answered HTTP 503");
        }
        other => panic!("{other:?}"),
    }
    // Reaching the deadline exactly is too late.
    let exact = now() + TimeDelta::milliseconds(100);
    assert_eq!(word(&at(1, exact, None)), "fail");
    // With the server's time there is no backoff, but the deadline still counts.
    let resume = Some(now() + TimeDelta::seconds(5));
    assert_eq!(word(&at(1, exact, resume)), "retry");
    assert_eq!(word(&at(1, now(), resume)), "fail");
}

#[test]
fn timeouts_cost_more_of_the_budget() {
    let cost = |ended| match decide(outcome(ended), attempt(1, Get)).next {
        Next::Retry(retry) => retry.cost,
        other => panic!("{other:?}"),
    };
    assert_eq!(cost(Ended::Lost(Timeout)), TIMEOUT_RETRY_COST);
    assert_eq!(cost(Ended::Lost(ConnectionLost)), RETRY_COST);
    assert_eq!(cost(Ended::Lost(NeverSent)), RETRY_COST);
    assert_eq!(cost(Ended::Status(503)), RETRY_COST);
    assert_eq!(cost(Ended::Status(429)), RETRY_COST);
}

#[test]
fn a_network_error_keeps_its_reqwest_source_for_the_logs() {
    let is_network_with_source = |error: &Error| {
        matches!(error, Error::Network { .. })
            && error
                .source()
                .is_some_and(|source| source.downcast_ref::<reqwest::Error>().is_some())
    };
    let lost = || outcome(Ended::Lost(ConnectionLost));
    match decide(lost(), attempt(3, Get)).next {
        Next::Fail { error, reason } => {
            assert!(is_network_with_source(&error), "{error:?}");
            assert_eq!(
                reason.as_deref(),
                Some("the connection was lost before the answer arrived")
            );
        }
        other => panic!("{other:?}"),
    }
    match decide(lost(), attempt(1, Get)).next {
        Next::Retry(retry) => assert!(is_network_with_source(&retry.refused)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_servers_last_word_is_carried_to_the_next_attempt() {
    let earlier = ApiError {
        status: 503,
        code: "earlier".to_owned(),
        message: "from before".to_owned(),
    };
    let with_earlier = |number| Attempt {
        server: Some(earlier.clone()),
        ..attempt(number, Get)
    };
    let carried = |verdict: Verdict| match verdict.next {
        Next::Retry(retry) => retry.server,
        other => panic!("{other:?}"),
    };
    // A lost connection says nothing new: the earlier word stands.
    let after_lost = carried(decide(outcome(Ended::Lost(NeverSent)), with_earlier(2)));
    assert_eq!(after_lost, Some(earlier.clone()));
    // An answer replaces it, even with nothing readable.
    let after_503 = carried(decide(outcome(Ended::Status(503)), with_earlier(2)));
    assert_eq!(after_503.map(|e| e.code), Some("busy".to_owned()));
    let garbled = answered(
        429,
        Body::Read(Bytes::from_static(b"<html>")),
        HeaderMap::new(),
        None,
    );
    assert_eq!(carried(decide(garbled, with_earlier(2))), None);
}

#[test]
fn the_reasons_say_what_happened() {
    let reason_of = |ended, kind, number| match decide(outcome(ended), attempt(number, kind)).next {
        Next::Fail { reason, .. } => reason.unwrap_or_else(|| "(none)".to_owned()),
        Next::OutcomeUnknown { reason, .. } => reason,
        Next::Retry(retry) => retry.reason,
        Next::Return(_) => "(answer)".to_owned(),
    };
    let mut redirect = HeaderMap::new();
    redirect.insert(
        http::header::LOCATION,
        http::HeaderValue::from_static("https://elsewhere.example/v1/pets"),
    );
    let redirected = decide(
        answered(302, Body::Read(Bytes::new()), redirect, None),
        attempt(1, Post),
    );
    match redirected.next {
        Next::OutcomeUnknown { reason, why, .. } => {
            assert_eq!(
                reason,
                "the service answered HTTP 302, a redirect to https://elsewhere.example/v1/pets not followed"
            );
            assert_eq!(why, OutcomeCause::Redirected { status: 302 });
        }
        other => panic!("{other:?}"),
    }
    let cases = [
        (Ended::Status(404), Get, 1, "HTTP 404"),
        (Ended::Status(500), Get, 1, "the service answered HTTP 500"),
        (Ended::Status(503), Post, 1, "the service answered HTTP 503"),
        (
            Ended::Lost(Timeout),
            Post,
            1,
            "the service did not answer in time",
        ),
        (
            Ended::Lost(NeverSent),
            Post,
            3,
            "the request could not be sent",
        ),
        (Ended::TooLarge(200), Get, 1, "(none)"),
        (
            Ended::TooLarge(201),
            Post,
            1,
            "the service answered HTTP 201, but with more than 8 MiB that were not read",
        ),
    ];
    for (ended, kind, number, expected) in cases {
        assert_eq!(
            reason_of(ended, kind, number),
            expected,
            "{ended:?} {kind:?}"
        );
    }
}

#[test]
fn an_answer_passes_through_untouched_and_too_large_is_said_as_such() {
    let body = Bytes::from_static(br#"[{"id":1,"name":"Rex","categoryId":1}]"#);
    let mut headers = HeaderMap::new();
    headers.insert(http::header::LINK, http::HeaderValue::from_static("<x>"));
    let snapshot = RateLimitSnapshot::from_headers(&HeaderMap::new(), now());
    let whole = Outcome::Answered(Answered {
        status: 200,
        headers: headers.clone(),
        body: Body::Read(body.clone()),
        snapshot: snapshot.clone(),
        resume: None,
    });
    let verdict = decide(whole, attempt(1, Get));
    assert_eq!(verdict.remember, None);
    match verdict.next {
        Next::Return(reply) => {
            assert_eq!(reply.status, 200);
            assert_eq!(reply.headers, headers);
            assert_eq!(reply.body, body);
            assert_eq!(reply.snapshot, snapshot);
        }
        other => panic!("{other:?}"),
    }
    match decide(outcome(Ended::TooLarge(200)), attempt(1, Get)).next {
        Next::Fail {
            error: Error::ResponseTooLarge { limit_bytes },
            reason: None,
        } => assert_eq!(limit_bytes, MAX_SUCCESS_BODY_BYTES),
        other => panic!("{other:?}"),
    }
}

#[test]
fn at_least_one_attempt_is_made_and_none_past_the_policys_count() {
    let once = RetryPolicy {
        max_attempts: 0,
        ..policy()
    };
    for ended in [
        Ended::Status(503),
        Ended::Status(429),
        Ended::Lost(NeverSent),
    ] {
        let verdict = classify(outcome(ended), attempt(1, Get), &once, |cap| cap);
        assert_eq!(word(&verdict.next), "fail", "{ended:?}");
    }
    let verdict = decide(outcome(Ended::Lost(NeverSent)), attempt(u32::MAX, Get));
    assert_eq!(word(&verdict.next), "fail");
}
