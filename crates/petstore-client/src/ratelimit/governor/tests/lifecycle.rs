//! Permits left unfinished, cancelled waits, events, the retry budget, the registry.

use super::*;

#[tokio::test]
async fn an_unfinished_probe_lets_the_next_waiter_go() {
    let (_clock, governor) = setup(policy());
    let mut rx = contenders(&governor, 3);
    settle().await;
    let probe = drain(&mut rx);
    assert_eq!(probe.len(), 1);
    drop(probe); // the connection failed: no answer
    settle().await;
    let next = drain(&mut rx);
    assert_eq!(next.len(), 1, "a new probe, not a stampede");
    next.into_iter().next().unwrap().finish(answer(200, None));
    settle().await;
    assert_eq!(drain(&mut rx).len(), 1);
}

#[tokio::test]
async fn a_cancelled_acquire_leaves_nothing_behind() {
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    // Cancelled while waiting for the probe's answer.
    assert!(poll_once(governor.acquire(None)).await.is_none());
    probe.finish(too_many(Some(at(&clock, 5))));
    // Cancelled mid-sleep (a timeout around the call).
    let mut sleeping = Box::pin(governor.acquire(None));
    assert!(poll_once(sleeping.as_mut()).await.is_none());
    drop(sleeping);
    // The next caller is the probe: no ghost holds the slot.
    let next = poll_once(governor.acquire(None))
        .await
        .expect("slot free")
        .unwrap();
    next.finish(answer(200, None));
    let held = poll_once(governor.acquire(None))
        .await
        .expect("open")
        .unwrap();
    assert_eq!(governor.core.lock().in_flight(), 1);
    drop(held);
    assert_eq!(governor.core.lock().in_flight(), 0);
}

#[tokio::test]
async fn snapshots_are_kept_and_broadcast() {
    let (clock, governor) = setup(policy());
    assert_eq!(governor.latest(), None);
    let mut first_listener = governor.subscribe();
    let mut second_listener = governor.subscribe();
    let seen = snapshot(&clock, 300, 299, at(&clock, 40));
    governor
        .acquire(None)
        .await
        .unwrap()
        .finish(answer(200, Some(seen.clone())));
    let later = snapshot(&clock, 300, 0, at(&clock, 40));
    governor
        .acquire(None)
        .await
        .unwrap()
        .finish(answer(429, Some(later.clone())));
    assert_eq!(governor.latest(), Some(later.clone()));
    for listener in [&mut first_listener, &mut second_listener] {
        assert_eq!(
            listener.try_recv().unwrap(),
            ClientEvent::RateLimit(seen.clone())
        );
        assert_eq!(
            listener.try_recv().unwrap(),
            ClientEvent::RateLimit(later.clone())
        );
    }
    // No subscriber at all is fine too.
    drop((first_listener, second_listener));
    governor.emit(ClientEvent::Resumed);
}

#[tokio::test]
async fn retry_budget_is_shared_and_refilled_by_successes() {
    let (_clock, governor) = setup(policy());
    let granted = (0..1000)
        .take_while(|_| governor.withdraw_retry(crate::retry::RETRY_COST))
        .count();
    assert_eq!(granted, 100);
    assert!(!governor.withdraw_retry(1));
    governor
        .acquire(None)
        .await
        .unwrap()
        .finish(answer(200, None));
    assert!(governor.withdraw_retry(1), "a success gives a token back");
    governor
        .acquire(None)
        .await
        .unwrap()
        .finish(answer(503, None));
    assert!(!governor.withdraw_retry(1), "a failure does not");
}

#[tokio::test]
async fn backoff_sleeps_through_the_clock_and_says_so() {
    let (clock, governor) = setup(policy());
    let mut events = governor.subscribe();
    governor.backoff(Duration::from_millis(750)).await;
    assert_eq!(clock.sleeps(), vec![Duration::from_millis(750)]);
    assert_eq!(
        events.try_recv().unwrap(),
        ClientEvent::Waiting {
            until: clock.now(),
            reason: WaitReason::Backoff
        }
    );
    assert_eq!(events.try_recv().unwrap(), ClientEvent::Resumed);
}

#[test]
fn one_governor_per_key_while_in_use() {
    let key = |fingerprint| GovernorKey {
        base_url: "http://127.0.0.1:1/v1".into(),
        key_fingerprint: fingerprint,
    };
    let clock: Arc<dyn crate::clock::Clock> = Arc::new(ManualClock::default());
    let a = Governor::shared(key(0xA11CE), clock.clone(), &policy());
    let again = Governor::shared(key(0xA11CE), clock.clone(), &policy());
    let other_key = Governor::shared(key(0xB0B), clock.clone(), &policy());
    let other_url = Governor::shared(
        GovernorKey {
            base_url: "http://127.0.0.1:2/v1".into(),
            ..key(0xA11CE)
        },
        clock.clone(),
        &policy(),
    );
    assert!(Arc::ptr_eq(&a, &again));
    assert!(!Arc::ptr_eq(&a, &other_key));
    assert!(!Arc::ptr_eq(&a, &other_url));
    drop((a, again));
    assert!(
        !registry::is_live(&key(0xA11CE)),
        "dropped with its last user"
    );
    assert!(registry::is_live(&key(0xB0B)));
}

#[tokio::test]
async fn hold_until_is_idempotent_and_never_resets_the_probe_gate() {
    let (clock, governor) = setup(policy());
    acquire(&governor, None)
        .await
        .unwrap()
        .finish(answer(200, None));
    // Over already, or not later than the hold in force: nothing changes.
    assert!(!governor.hold_until(at(&clock, 0)));
    assert!(!governor.hold_until(at(&clock, -30)));
    let a = acquire(&governor, None).await.unwrap();
    let b = acquire(&governor, None).await.unwrap();
    drop((a, b));
    assert!(governor.hold_until(at(&clock, 20)));
    assert_eq!(governor.held_until(), Some(at(&clock, 20)));
    for earlier_or_same in [5, 19, 20] {
        assert!(!governor.hold_until(at(&clock, earlier_or_same)));
    }
    // After the wait one goes first; asking the same hold again meanwhile (as every attempt
    // does) must not turn the next request into a second probe.
    let probe = acquire(&governor, None).await.unwrap();
    assert_eq!(clock.sleeps(), vec![Duration::from_secs(20)]);
    assert!(!governor.hold_until(at(&clock, 0)));
    probe.finish(answer(200, None));
    assert!(!governor.hold_until(at(&clock, -1)));
    let mut rx = contenders(&governor, 4);
    settle().await;
    assert_eq!(drain(&mut rx).len(), 4, "the gate stays open");
}

#[tokio::test]
async fn release_hold_lifts_a_wait_learnt_elsewhere_and_lets_one_go_first() {
    let (clock, governor) = setup(policy());
    assert!(!governor.release_hold(), "nothing to release");
    // Another run's 429, remembered on disk.
    assert!(governor.hold_until(at(&clock, 100)));
    assert_eq!(governor.received_hold(), None, "not this process's");
    assert!(governor.release_hold());
    assert_eq!(governor.held_until(), None);
    let mut rx = contenders(&governor, 3);
    settle().await;
    let first = drain(&mut rx);
    assert_eq!(first.len(), 1, "one goes first");
    assert!(clock.sleeps().is_empty(), "no wait left");
    first.into_iter().next().unwrap().finish(answer(200, None));
    settle().await;
    drop(drain(&mut rx));
}

#[tokio::test]
async fn release_hold_keeps_the_waits_the_service_gave_this_process() {
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(too_many(Some(at(&clock, 100))));
    assert_eq!(
        governor.received_hold(),
        Some((at(&clock, 100), WaitReason::RateLimited))
    );
    // A longer wait learnt elsewhere on top changes nothing while the service's own runs.
    assert!(governor.hold_until(at(&clock, 300)));
    assert!(!governor.release_hold());
    assert_eq!(governor.held_until(), Some(at(&clock, 300)));
    clock.advance(Duration::from_secs(101));
    assert_eq!(governor.received_hold(), None, "the service's wait is over");
    assert!(governor.release_hold(), "the rest was learnt elsewhere");
    assert_eq!(governor.held_until(), None);

    // A quota the answers showed spent is the service's wait too, until its reset.
    let next = acquire(&governor, None).await.unwrap();
    next.finish(answer(200, Some(snapshot(&clock, 3, 0, at(&clock, 50)))));
    let reset = at(&clock, 50) + TimeDelta::milliseconds(50);
    assert_eq!(
        governor.received_hold(),
        Some((reset, WaitReason::QuotaExhausted))
    );
    assert!(!governor.release_hold());
    assert_eq!(governor.held_until(), Some(reset));
    // A busy server's Retry-After as well.
    clock.advance(Duration::from_secs(51));
    let busy = acquire(&governor, None).await.unwrap();
    busy.finish(Observation {
        status: 503,
        snapshot: None,
        retry_after: Some(at(&clock, 30)),
    });
    assert_eq!(
        governor.received_hold(),
        Some((at(&clock, 30), WaitReason::Backoff))
    );
    assert!(!governor.release_hold());
}

#[tokio::test]
async fn a_429_for_a_spent_quota_is_the_429s_wait_until_the_reset() {
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    // Retry-After in whole seconds ends just before the window's reset and its margin.
    probe.finish(Observation {
        status: 429,
        snapshot: Some(snapshot(&clock, 2, 0, at(&clock, 60))),
        retry_after: Some(at(&clock, 60)),
    });
    let reset = at(&clock, 60) + TimeDelta::milliseconds(50);
    assert_eq!(
        governor.received_hold(),
        Some((reset, WaitReason::RateLimited))
    );
    // Once the 429's own wait is over, a spent quota the answers still show is the quota's.
    clock.advance(Duration::from_secs(60));
    assert_eq!(
        governor.received_hold(),
        Some((reset, WaitReason::QuotaExhausted))
    );
}
