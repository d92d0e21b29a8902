//! Background requests (an import in the app) let interactive ones go first.

use super::*;

async fn background(governor: &Governor) -> Permit {
    governor
        .acquire_as(None, Priority::Background)
        .await
        .expect("no deadline")
}

#[tokio::test]
async fn background_spreads_itself_over_the_window_and_keeps_the_last_slot() {
    let (clock, governor) = setup(policy());
    let reset = at(&clock, 10);
    let probe = acquire(&governor, None).await.unwrap();
    // A window of 10 s with 5 left: a request every 2 s, the last one kept for a person.
    probe.finish(answer(201, Some(snapshot(&clock, 5, 5, reset))));
    let mut events = governor.subscribe();
    let mut permits = Vec::new();
    for _ in 0..4 {
        permits.push(background(&governor).await);
    }
    assert_eq!(clock.sleeps(), vec![Duration::from_secs(2); 4]);
    assert!(
        events.try_recv().is_err(),
        "no Waiting for a background yield"
    );
    // One left: the clerk's, at once, while the import steps aside until the reset.
    let mut import = Box::pin(governor.acquire_as(None, Priority::Background));
    assert!(poll_once(import.as_mut()).await.is_none());
    let clerk = poll_once(governor.acquire(None))
        .await
        .expect("the reserved slot is the clerk's")
        .unwrap();
    let after_reset = import.await.unwrap();
    assert!(clock.now() >= reset, "the import waited for the new window");
    drop((permits, clerk, after_reset));
}

#[tokio::test]
async fn an_interactive_request_never_waits_for_a_pacing_background_one() {
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(answer(200, Some(snapshot(&clock, 60, 60, at(&clock, 60)))));
    let mut import = Box::pin(governor.acquire_as(None, Priority::Background));
    let _ = poll_once(import.as_mut()).await;
    for _ in 0..5 {
        poll_once(governor.acquire(None))
            .await
            .expect("interactive goes at once")
            .unwrap()
            .finish(answer(200, Some(snapshot(&clock, 60, 50, at(&clock, 60)))));
    }
    drop(import);
}

#[tokio::test]
async fn background_waits_while_an_interactive_request_is_asking() {
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    // The clerk's request waits for the probe's answer; so does the import's, and the
    // import's must not overtake it when the answer comes.
    let clerk = tokio::spawn({
        let governor = governor.clone();
        async move { governor.acquire(None).await.map(drop) }
    });
    settle().await;
    assert!(
        poll_once(governor.acquire_as(None, Priority::Background))
            .await
            .is_none()
    );
    // No window length known (no reset): nothing to pace by.
    let mut headers = http::HeaderMap::new();
    headers.insert("x-ratelimit-limit", 60.into());
    headers.insert("x-ratelimit-remaining", 59.into());
    let unpaced = RateLimitSnapshot::from_headers(&headers, clock.now());
    probe.finish(answer(200, unpaced));
    clerk.await.unwrap().unwrap();
    let import = poll_once(governor.acquire_as(None, Priority::Background))
        .await
        .expect("clerk done: import goes");
    drop(import.unwrap());
}

#[tokio::test]
async fn a_background_turn_past_the_deadline_is_refused_without_holding_the_key() {
    let (clock, governor) = setup(policy());
    let reset = at(&clock, 10);
    let probe = acquire(&governor, None).await.unwrap();
    // A window of 10 s with 5 left: the import's next turn is 2 s away.
    probe.finish(answer(201, Some(snapshot(&clock, 5, 5, reset))));
    let refused = governor
        .acquire_as(Some(at(&clock, 1)), Priority::Background)
        .await
        .unwrap_err();
    assert_eq!(refused.retry_at, at(&clock, 2));
    assert!(!refused.key_held, "{refused:?}");
    assert!(clock.sleeps().is_empty(), "refused at once");
    // Nobody else is held: a person's request goes at once.
    poll_once(governor.acquire(None))
        .await
        .expect("the key is free")
        .unwrap();
}
