//! The quota budget: probe first, spending, waiting for the reset, new windows.

use super::*;

#[tokio::test]
async fn first_request_probes_alone_until_answered() {
    let (clock, governor) = setup(policy());
    let mut rx = contenders(&governor, 5);
    settle().await;
    let first = drain(&mut rx);
    assert_eq!(first.len(), 1, "only the probe may go before any answer");
    let reset = at(&clock, 30);
    let resume = first
        .into_iter()
        .next()
        .unwrap()
        .finish(answer(200, Some(snapshot(&clock, 60, 59, reset))));
    assert_eq!(resume, None);
    settle().await;
    assert_eq!(drain(&mut rx).len(), 4);
    assert!(clock.sleeps().is_empty());
}

#[tokio::test]
async fn spent_budget_waits_for_reset_then_the_whole_window_flows() {
    let (clock, governor) = setup(policy());
    let mut events = governor.subscribe();
    let reset = at(&clock, 10);
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(answer(201, Some(snapshot(&clock, 3, 2, reset))));
    // Two left in this window, handed out without waiting for answers.
    let a = acquire(&governor, None).await.unwrap();
    let b = acquire(&governor, None).await.unwrap();
    assert!(clock.sleeps().is_empty());
    let third = acquire(&governor, None).await.unwrap();
    assert_eq!(clock.sleeps(), vec![Duration::from_millis(10_050)]);
    assert_eq!(clock.now(), reset + TimeDelta::milliseconds(50));
    // The new window is assumed whole: no probe, so its other two go before any answer.
    let fourth = poll_once(governor.acquire(None))
        .await
        .expect("no probe in a new window");
    let fifth = poll_once(governor.acquire(None))
        .await
        .expect("no probe in a new window");
    assert!(
        poll_once(governor.acquire(None)).await.is_none(),
        "window spent, reset unknown yet"
    );
    drop((a, b, third, fourth, fifth));

    let mut seen = Vec::new();
    while let Ok(event) = events.try_recv() {
        seen.push(event);
    }
    assert!(matches!(seen[0], ClientEvent::RateLimit(_)));
    assert_eq!(
        seen[1..],
        [
            ClientEvent::Waiting {
                until: reset + TimeDelta::milliseconds(50),
                reason: WaitReason::QuotaExhausted
            },
            ClientEvent::Resumed
        ]
    );
}

#[tokio::test]
async fn answers_lower_the_budget_and_a_newer_reset_opens_a_new_window() {
    let (clock, governor) = setup(policy());
    let reset = at(&clock, 30);
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(answer(200, Some(snapshot(&clock, 60, 50, reset))));
    let spender = acquire(&governor, None).await.unwrap();
    let late = acquire(&governor, None).await.unwrap();
    // Someone else spent the rest: remaining 0 stops us although our own count says 48.
    spender.finish(answer(200, Some(snapshot(&clock, 60, 0, reset))));
    let err = acquire(&governor, Some(at(&clock, 5))).await.unwrap_err();
    assert_eq!(err.retry_at, reset + TimeDelta::milliseconds(50));
    assert_eq!(err.reason, WaitReason::QuotaExhausted);
    // An answer with a later reset describes a new window, with its own remaining.
    late.finish(answer(200, Some(snapshot(&clock, 60, 40, at(&clock, 90)))));
    let mut held = Vec::new();
    for _ in 0..40 {
        held.push(
            poll_once(governor.acquire(None))
                .await
                .expect("new window")
                .unwrap(),
        );
    }
    assert!(clock.sleeps().is_empty());
    let err = acquire(&governor, Some(at(&clock, 5))).await.unwrap_err();
    assert_eq!(err.retry_at, at(&clock, 90) + TimeDelta::milliseconds(50));
}

#[tokio::test]
async fn a_stale_answer_does_not_drain_the_assumed_new_window() {
    let (clock, governor) = setup(policy());
    let old_reset = at(&clock, 1);
    let probe = acquire(&governor, None).await.unwrap();
    let straggler = {
        probe.finish(answer(200, Some(snapshot(&clock, 2, 1, old_reset))));
        acquire(&governor, None).await.unwrap()
    };
    // Budget spent: wait out the reset; the new window is assumed.
    let fresh = acquire(&governor, None).await.unwrap();
    assert_eq!(clock.sleeps(), vec![Duration::from_millis(1050)]);
    // The straggler answers late with the old window's "0 left": ignored.
    straggler.finish(answer(200, Some(snapshot(&clock, 2, 0, old_reset))));
    let last = poll_once(governor.acquire(None)).await.expect("one left");
    assert!(
        poll_once(governor.acquire(None)).await.is_none(),
        "the stale answer must neither drain nor refill the window"
    );
    drop((fresh, last));
}
