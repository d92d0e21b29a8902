//! The limiter's windows, waits and bans, driven with explicit times.

use super::*;

const SMALL: Plan = Plan::Enterprise {
    per_minute: 3,
    per_day: 5,
};

fn key() -> BucketId {
    BucketId::Key("k".into())
}

fn at(secs: u64, millis: u64) -> Duration {
    Duration::from_secs(secs) + Duration::from_millis(millis)
}

#[test]
fn minute_then_day_window() {
    let limiter = RateLimiter::new(10, 100, 50, Duration::from_secs(60));
    let remaining: Vec<_> = (0..3)
        .map(|_| limiter.check(key(), SMALL, at(1000, 200)).quota())
        .collect();
    assert_eq!(
        remaining,
        vec![
            Quota {
                limit: 3,
                remaining: 2,
                reset: 1010
            },
            Quota {
                limit: 3,
                remaining: 1,
                reset: 1010
            },
            Quota {
                limit: 3,
                remaining: 0,
                reset: 1010
            },
        ]
    );
    assert_eq!(
        limiter.check(key(), SMALL, at(1009, 500)),
        Decision::Limited {
            quota: Quota {
                limit: 3,
                remaining: 0,
                reset: 1010
            },
            retry_after: 1
        }
    );
    // Next minute window: the day has 2 left, fewer than the minute's 3, so the day is reported.
    assert_eq!(
        limiter.check(key(), SMALL, at(1010, 0)),
        Decision::Allowed(Quota {
            limit: 5,
            remaining: 1,
            reset: 1100
        })
    );
    limiter.check(key(), SMALL, at(1010, 0));
    assert_eq!(
        limiter.check(key(), SMALL, at(1011, 0)),
        Decision::Limited {
            quota: Quota {
                limit: 5,
                remaining: 0,
                reset: 1100
            },
            retry_after: 89
        }
    );
}

#[test]
fn ban_after_too_many_requests_while_waiting() {
    let limiter = RateLimiter::new(10, 100, 2, Duration::from_secs(60));
    let plan = Plan::Enterprise {
        per_minute: 1,
        per_day: 100,
    };
    assert!(matches!(
        limiter.check(key(), plan, at(1000, 0)),
        Decision::Allowed(_)
    ));
    for _ in 0..3 {
        assert!(matches!(
            limiter.check(key(), plan, at(1001, 0)),
            Decision::Limited { .. }
        ));
    }
    assert_eq!(
        limiter.check(key(), plan, at(1001, 500)),
        Decision::Banned {
            quota: Quota {
                limit: 1,
                remaining: 0,
                reset: 1062
            },
            retry_after: 60
        }
    );
    // The ban outlasts the window.
    assert!(matches!(
        limiter.check(key(), plan, at(1030, 0)),
        Decision::Banned {
            retry_after: 32,
            ..
        }
    ));
    assert!(matches!(
        limiter.check(key(), plan, at(1062, 0)),
        Decision::Allowed(_)
    ));
}

#[test]
fn anonymous_clients_are_never_banned() {
    let limiter = RateLimiter::new(10, 100, 0, Duration::from_secs(60));
    let id = BucketId::Anonymous(IpAddr::from([127, 0, 0, 1]));
    let plan = Plan::Enterprise {
        per_minute: 0,
        per_day: 0,
    };
    for _ in 0..5 {
        assert!(matches!(
            limiter.check(id.clone(), plan, at(5, 0)),
            Decision::Limited { .. }
        ));
    }
}

#[test]
fn waiting_until_the_reset_clears_strikes() {
    let limiter = RateLimiter::new(10, 100, 1, Duration::from_secs(60));
    let plan = Plan::Enterprise {
        per_minute: 1,
        per_day: 100,
    };
    for round in 0..3 {
        let base = 1000 + round * 10;
        assert!(matches!(
            limiter.check(key(), plan, at(base, 0)),
            Decision::Allowed(_)
        ));
        assert!(matches!(
            limiter.check(key(), plan, at(base, 1)),
            Decision::Limited { .. }
        ));
        assert!(matches!(
            limiter.check(key(), plan, at(base, 2)),
            Decision::Limited { .. }
        ));
    }
}
