//! After a 429: Retry-After in every shape, one goes first, giving up instead of sleeping.

use super::*;

async fn wait_after_429(
    retry_after: Option<DateTime<Utc>>,
    policy: RetryPolicy,
) -> (Arc<ManualClock>, DateTime<Utc>, Vec<Duration>) {
    let clock = Arc::new(ManualClock::default());
    let governor = Governor::new(clock.clone(), policy);
    let probe = acquire(&governor, None).await.unwrap();
    let resume = probe
        .finish(too_many(retry_after))
        .expect("a 429 imposes a wait");
    let _next = acquire(&governor, None).await.expect("within max_wait");
    let sleeps = clock.sleeps();
    (clock, resume, sleeps)
}

#[tokio::test]
async fn retry_after_seconds_is_honoured_exactly() {
    let clock = ManualClock::default();
    let mut headers = http::HeaderMap::new();
    headers.insert(http::header::RETRY_AFTER, "30".parse().unwrap());
    let until = parse_retry_after(&headers, clock.now());
    let (_, resume, sleeps) = wait_after_429(until, policy()).await;
    assert_eq!(resume, at(&clock, 30));
    assert_eq!(sleeps, vec![Duration::from_secs(30)]);
}

#[tokio::test]
async fn retry_after_http_date_is_honoured_exactly() {
    let clock = ManualClock::default();
    let date = httpdate::fmt_http_date(at(&clock, 45).into());
    let mut headers = http::HeaderMap::new();
    headers.insert(http::header::RETRY_AFTER, date.parse().unwrap());
    let until = parse_retry_after(&headers, clock.now());
    let (_, resume, sleeps) = wait_after_429(until, policy()).await;
    assert_eq!(resume, at(&clock, 45));
    assert_eq!(sleeps, vec![Duration::from_secs(45)]);
}

#[tokio::test]
async fn zero_negative_or_past_retry_after_waits_the_floor() {
    let clock = ManualClock::default();
    for seconds in [0, -5, -86_400] {
        let (_, resume, sleeps) = wait_after_429(Some(at(&clock, seconds)), policy()).await;
        assert_eq!(resume, at(&clock, 1), "{seconds}");
        assert_eq!(sleeps, vec![Duration::from_secs(1)], "{seconds}");
    }
}

#[tokio::test]
async fn absurd_retry_after_is_capped_and_reported_rather_than_slept() {
    let clock = ManualClock::default();
    let long = RetryPolicy {
        max_wait: Duration::from_secs(7200),
        ..policy()
    };
    let (_, resume, sleeps) = wait_after_429(Some(DateTime::<Utc>::MAX_UTC), long).await;
    assert_eq!(resume, at(&clock, 3600));
    assert_eq!(sleeps, vec![Duration::from_secs(3600)]);

    // With the default-like 2-minute max_wait, the capped hour is reported, not slept.
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(too_many(Some(at(&clock, 10 * 365 * 86_400))));
    let err = acquire(&governor, None).await.unwrap_err();
    assert_eq!(
        err,
        RateLimited {
            retry_at: at(&clock, 3600),
            reason: WaitReason::RateLimited,
            key_held: true,
        }
    );
    assert!(clock.sleeps().is_empty());
}

// The jitter goes on top of `min_retry_after`, never from zero: from zero, a retry could follow a
// 429 after a few milliseconds.
#[tokio::test]
async fn missing_retry_after_backs_off_within_growing_bounds() {
    let (clock, governor) = setup(policy());
    let floor = policy().min_retry_after;
    for episode in 1..=5u32 {
        let start = clock.now();
        let permit = acquire(&governor, None).await.unwrap();
        let waited = (clock.now() - start).to_std().unwrap();
        let previous_cap = crate::retry::backoff_cap(&policy(), episode.saturating_sub(1));
        assert!(
            episode == 1 || waited <= floor + previous_cap,
            "episode {episode}: {waited:?}"
        );
        assert!(
            episode == 1 || waited >= floor,
            "episode {episode}: {waited:?}"
        );
        let resume = permit.finish(too_many(None)).unwrap();
        let wait = (resume - clock.now()).to_std().unwrap_or_default();
        assert!(
            wait <= floor + crate::retry::backoff_cap(&policy(), episode),
            "episode {episode}"
        );
        assert!(wait >= floor, "episode {episode}: {wait:?}");
    }
    // Caps 1, 2, 4, 8 s on top of a 1 s floor each: four waits slept, within 4 s to 19 s.
    assert!(clock.total_slept() <= Duration::from_secs(19));
    assert!(clock.total_slept() >= Duration::from_secs(4));
}

#[tokio::test]
async fn a_429_without_retry_after_never_retries_before_the_floor() {
    // The smallest jitter there is: a tiny base delay, so the floor alone must hold.
    let tiny = RetryPolicy {
        base_delay: Duration::from_millis(1),
        ..policy()
    };
    for _ in 0..200 {
        let (clock, governor) = setup(tiny.clone());
        let probe = acquire(&governor, None).await.unwrap();
        let resume = probe.finish(too_many(None)).unwrap();
        assert!(resume >= at(&clock, 1), "{resume}");
        assert!(resume <= at(&clock, 1) + TimeDelta::milliseconds(1));
        let _next = acquire(&governor, None).await.unwrap();
        assert!(clock.total_slept() >= Duration::from_secs(1));
    }
}

#[tokio::test]
async fn a_429_without_retry_after_and_no_quota_left_waits_for_the_reset_then_jitter() {
    let long = RetryPolicy {
        max_wait: Duration::from_secs(300),
        ..policy()
    };
    let reset = at(&ManualClock::default(), 40);
    let floor = reset + TimeDelta::milliseconds(50);
    // Said by the 429 itself; with no limit the figures describe no budget of their own, and
    // the reset still holds. Jitter goes on top: never at the floor every time.
    let mut resumes = Vec::new();
    for _ in 0..20 {
        let (clock, governor) = setup(long.clone());
        let mut figures = snapshot(&clock, 60, 0, reset);
        figures.limit = None;
        let probe = acquire(&governor, None).await.unwrap();
        let resume = probe
            .finish(Observation {
                status: 429,
                snapshot: Some(figures),
                retry_after: None,
            })
            .unwrap();
        assert!(resume >= floor, "{resume} before {floor}");
        assert!(
            resume <= floor + TimeDelta::seconds(1),
            "within the first cap"
        );
        let _next = acquire(&governor, None).await.unwrap();
        assert!(clock.now() >= floor);
        resumes.push(resume);
    }
    assert!(
        resumes.iter().any(|r| *r > floor),
        "jitter on top of the reset"
    );

    // Said by the latest answer, for a request that was in flight as the window ran out.
    let (clock, governor) = setup(long);
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(answer(200, Some(snapshot(&clock, 60, 2, reset))));
    let a = acquire(&governor, None).await.unwrap();
    let b = acquire(&governor, None).await.unwrap();
    a.finish(answer(200, Some(snapshot(&clock, 60, 0, reset))));
    let resume = b.finish(too_many(None)).unwrap();
    assert!(resume >= floor, "{resume} before {floor}");
    let _next = acquire(&governor, None).await.unwrap();
    assert!(clock.now() >= floor);
}

#[tokio::test]
async fn after_a_429_one_goes_first_and_the_rest_wait_for_its_answer() {
    let (clock, governor) = setup(policy());
    let mut events = governor.subscribe();
    let start = clock.now();
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(answer(200, None));
    // Two in flight when the 429s land: one episode, the longer wait wins.
    let first = acquire(&governor, None).await.unwrap();
    let second = acquire(&governor, None).await.unwrap();
    first.finish(too_many(Some(at(&clock, 20))));
    second.finish(too_many(Some(at(&clock, 10))));

    let mut rx = contenders(&governor, 8);
    settle().await;
    let through = drain(&mut rx);
    assert_eq!(through.len(), 1, "exactly one goes first after the wait");
    assert_eq!(clock.sleeps(), vec![Duration::from_secs(20)]);
    through
        .into_iter()
        .next()
        .unwrap()
        .finish(answer(200, None));
    settle().await;
    assert_eq!(
        drain(&mut rx).len(),
        7,
        "the first one's success lets all flow"
    );

    let waits: Vec<ClientEvent> = std::iter::from_fn(|| events.try_recv().ok()).collect();
    assert_eq!(
        waits,
        [
            ClientEvent::Waiting {
                until: start + TimeDelta::seconds(20),
                reason: WaitReason::RateLimited
            },
            ClientEvent::Resumed
        ]
    );
}

#[tokio::test]
async fn a_429_again_after_the_wait_backs_off_again() {
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(too_many(Some(at(&clock, 5))));
    let mut rx = contenders(&governor, 3);
    settle().await;
    let first = drain(&mut rx);
    assert_eq!(first.len(), 1);
    first
        .into_iter()
        .next()
        .unwrap()
        .finish(too_many(Some(at(&clock, 8))));
    settle().await;
    let second = drain(&mut rx);
    assert_eq!(second.len(), 1, "still one at a time after a second 429");
    assert_eq!(
        clock.sleeps(),
        vec![Duration::from_secs(5), Duration::from_secs(8)]
    );
    second.into_iter().next().unwrap().finish(answer(200, None));
    settle().await;
    assert_eq!(drain(&mut rx).len(), 1);
}

#[tokio::test]
async fn max_wait_and_deadline_return_rate_limited_without_sleeping() {
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(too_many(Some(at(&clock, 300))));
    let past_max_wait = acquire(&governor, None).await.unwrap_err();
    assert_eq!(past_max_wait.retry_at, at(&clock, 300));
    assert_eq!(past_max_wait.reason, WaitReason::RateLimited);
    let past_deadline = acquire(&governor, Some(at(&clock, 299))).await.unwrap_err();
    assert_eq!(past_deadline.retry_at, at(&clock, 300));
    assert!(clock.sleeps().is_empty(), "gave up without sleeping");
    assert_eq!(
        past_deadline.to_string(),
        format!("rate limited until {}", at(&clock, 300))
    );

    let (clock, governor) = setup(RetryPolicy {
        max_wait: Duration::from_secs(600),
        ..policy()
    });
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(too_many(Some(at(&clock, 300))));
    assert!(acquire(&governor, Some(at(&clock, 10))).await.is_err());
    assert!(acquire(&governor, Some(at(&clock, 300))).await.is_ok());
    assert_eq!(clock.sleeps(), vec![Duration::from_secs(300)]);
}

#[tokio::test]
async fn the_stragglers_of_one_429_count_once() {
    let (clock, governor) = setup(policy());
    acquire(&governor, None)
        .await
        .unwrap()
        .finish(answer(200, None));
    let out: Vec<Permit> = permits_in_flight(&governor, 3).await;
    for permit in out {
        permit.finish(too_many(Some(at(&clock, 2))));
    }
    assert_eq!(governor.core.lock().consecutive_429(), 1);
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(too_many(Some(at(&clock, 2))));
    assert_eq!(governor.core.lock().consecutive_429(), 2);
    acquire(&governor, None)
        .await
        .unwrap()
        .finish(answer(200, None));
    assert_eq!(governor.core.lock().consecutive_429(), 0);
}

async fn permits_in_flight(governor: &Governor, count: usize) -> Vec<Permit> {
    let mut permits = Vec::new();
    for _ in 0..count {
        permits.push(acquire(governor, None).await.unwrap());
    }
    permits
}

#[tokio::test]
async fn a_429_with_a_spent_quota_waits_for_the_later_of_retry_after_and_reset() {
    let (clock, governor) = setup(policy());
    let reset = at(&clock, 200);
    let probe = acquire(&governor, None).await.unwrap();
    let resume = probe.finish(Observation {
        status: 429,
        snapshot: Some(snapshot(&clock, 60, 0, reset)),
        retry_after: Some(at(&clock, 10)),
    });
    let reset_and_margin = reset + TimeDelta::milliseconds(50);
    assert_eq!(resume, Some(reset_and_margin));
    // 200 s is past the 120 s max_wait: refused before sleeping the 10 s Retry-After.
    let err = acquire(&governor, None).await.unwrap_err();
    assert_eq!(err.retry_at, reset_and_margin);
    assert!(clock.sleeps().is_empty());
    let permit = acquire(&governor, Some(reset_and_margin)).await;
    assert!(permit.is_err(), "max_wait still bounds a later deadline");

    let (clock, governor) = setup(RetryPolicy {
        max_wait: Duration::from_secs(300),
        ..policy()
    });
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(Observation {
        status: 429,
        snapshot: Some(snapshot(&clock, 60, 0, reset)),
        retry_after: Some(at(&clock, 10)),
    });
    acquire(&governor, None).await.unwrap();
    assert_eq!(clock.sleeps(), vec![Duration::from_millis(200_050)]);
}

#[tokio::test]
async fn a_503_with_retry_after_holds_everyone_like_a_429() {
    let (clock, governor) = setup(policy());
    acquire(&governor, None)
        .await
        .unwrap()
        .finish(answer(200, None));
    let failing = acquire(&governor, None).await.unwrap();
    let resume = failing.finish(Observation {
        status: 503,
        snapshot: None,
        retry_after: Some(at(&clock, 30)),
    });
    assert_eq!(resume, Some(at(&clock, 30)));
    assert_eq!(governor.held_until(), Some(at(&clock, 30)));
    let refused = acquire(&governor, Some(at(&clock, 10))).await.unwrap_err();
    assert_eq!(refused.retry_at, at(&clock, 30));
    assert_eq!(refused.reason, WaitReason::Backoff);

    let mut rx = contenders(&governor, 3);
    settle().await;
    assert_eq!(drain(&mut rx).len(), 1, "one goes first after the wait");
    assert_eq!(clock.sleeps(), vec![Duration::from_secs(30)]);

    // Within the same clamps: a past one waits the floor, an absurd one the cap.
    for (status, given, expected) in [(502, -5, 1), (504, 10 * 86_400, 3600)] {
        let (clock, governor) = setup(policy());
        let resume = acquire(&governor, None).await.unwrap().finish(Observation {
            status,
            snapshot: None,
            retry_after: Some(at(&clock, given)),
        });
        assert_eq!(resume, Some(at(&clock, expected)), "{status}");
    }
    // Without Retry-After, or on another 5xx, a server error holds nobody.
    for (status, retry_after) in [(503, None), (500, Some(30))] {
        let (clock, governor) = setup(policy());
        let resume = acquire(&governor, None).await.unwrap().finish(Observation {
            status,
            snapshot: None,
            retry_after: retry_after.map(|s| at(&clock, s)),
        });
        assert_eq!(resume, None, "{status}");
        assert_eq!(governor.held_until(), None, "{status}");
    }
}
