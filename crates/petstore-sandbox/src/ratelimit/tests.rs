//! The limiter's windows, waits, bans and the eviction of quiet buckets, driven with explicit times.

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

/// `count` distinct anonymous client addresses (IPv4 and IPv6 alike), each sending one request at `now`.
fn many_anonymous_clients(limiter: &RateLimiter, count: u32, now: Duration) {
    for n in 0..count {
        let ip = if n % 2 == 0 {
            IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + n))
        } else {
            IpAddr::from(std::net::Ipv6Addr::from(
                (0x2001_0db8_u128 << 96) | u128::from(n),
            ))
        };
        assert!(matches!(
            limiter.check(BucketId::Anonymous(ip), Plan::Free, now),
            Decision::Allowed(_)
        ));
    }
}

#[test]
fn buckets_of_clients_that_went_quiet_are_evicted() {
    let limiter = RateLimiter::new(10, 100, 5, Duration::from_secs(60));
    many_anonymous_clients(&limiter, 5_000, at(1000, 0));
    let (held, room_at_peak) = limiter.footprint();
    assert_eq!(held, 5_000);

    // The minute window rolled over but the day window still counts: nothing may be forgotten yet.
    let someone = BucketId::Anonymous(IpAddr::from([127, 0, 0, 1]));
    limiter.check(someone.clone(), Plan::Free, at(1050, 0));
    assert_eq!(limiter.footprint().0, 5_001);

    // Both windows over: only the client active in this window is left, and the memory is given back.
    limiter.check(someone.clone(), Plan::Free, at(1100, 0));
    let (held, room) = limiter.footprint();
    assert_eq!(held, 1, "only the client that spoke in this window");
    assert!(room < room_at_peak / 4, "room {room} of {room_at_peak}");

    // A new wave of addresses after the sweep is evicted in turn.
    many_anonymous_clients(&limiter, 3_000, at(1105, 0));
    assert_eq!(limiter.footprint().0, 3_001);
    limiter.check(someone, Plan::Free, at(1200, 0));
    assert_eq!(limiter.footprint().0, 1);
}

#[test]
fn an_evicted_client_starts_from_a_full_quota_as_it_would_have_anyway() {
    let limiter = RateLimiter::new(10, 100, 5, Duration::from_secs(60));
    let client = BucketId::Anonymous(IpAddr::from([192, 0, 2, 7]));
    for _ in 0..60 {
        limiter.check(client.clone(), Plan::Free, at(1000, 0));
    }
    assert!(matches!(
        limiter.check(client.clone(), Plan::Free, at(1000, 1)),
        Decision::Limited { .. }
    ));
    // Someone else's request in a later day window sweeps the quiet bucket away.
    limiter.check(BucketId::Key("other".into()), SMALL, at(1100, 0));
    assert_eq!(limiter.footprint().0, 1);
    assert_eq!(
        limiter.check(client, Plan::Free, at(1100, 0)),
        Decision::Allowed(Quota {
            limit: 60,
            remaining: 59,
            reset: 1110
        })
    );
}

#[test]
fn a_banned_key_keeps_its_bucket_until_the_ban_is_over() {
    let limiter = RateLimiter::new(10, 100, 1, Duration::from_secs(1000));
    let plan = Plan::Enterprise {
        per_minute: 1,
        per_day: 100,
    };
    limiter.check(key(), plan, at(1000, 0));
    limiter.check(key(), plan, at(1000, 1));
    limiter.check(key(), plan, at(1000, 2));
    assert!(matches!(
        limiter.check(key(), plan, at(1000, 3)),
        Decision::Banned { .. }
    ));
    let passer_by = || BucketId::Key("passer-by".into());

    // Both windows rolled over many times, but the ban (until 2000.003) is still in force.
    limiter.check(passer_by(), plan, at(1990, 0));
    assert_eq!(limiter.footprint().0, 2, "the banned key's bucket stays");
    assert!(matches!(
        limiter.check(key(), plan, at(1999, 0)),
        Decision::Banned { retry_after: 2, .. }
    ));

    // Once the ban is over and the windows it was last seen in have rolled over, it goes.
    limiter.check(passer_by(), plan, at(2100, 0));
    assert_eq!(limiter.footprint().0, 1);
    assert!(matches!(
        limiter.check(key(), plan, at(2100, 0)),
        Decision::Allowed(_)
    ));
}

#[test]
fn a_client_out_of_its_day_quota_keeps_its_bucket_until_the_day_is_over() {
    let limiter = RateLimiter::new(10, 100, 50, Duration::from_secs(60));
    let plan = Plan::Enterprise {
        per_minute: 100,
        per_day: 1,
    };
    let client = BucketId::Anonymous(IpAddr::from([192, 0, 2, 8]));
    limiter.check(client.clone(), plan, at(1000, 0));
    assert!(matches!(
        limiter.check(client.clone(), plan, at(1000, 1)),
        Decision::Limited {
            retry_after: 100,
            ..
        }
    ));
    limiter.check(key(), plan, at(1050, 0));
    assert_eq!(limiter.footprint().0, 2, "its wait runs to the day's end");
    assert!(matches!(
        limiter.check(client, plan, at(1099, 0)),
        Decision::Limited { retry_after: 1, .. }
    ));
}
