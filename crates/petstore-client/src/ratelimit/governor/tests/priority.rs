//! Background requests (an import) let interactive ones go first.

use super::*;

async fn acquire_background(governor: &Governor) -> Option<Result<Permit, RateLimited>> {
    poll_once(governor.acquire_as(None, Priority::Background)).await
}

#[tokio::test]
async fn background_leaves_the_last_slot_of_a_window_to_interactive_calls() {
    let (clock, governor) = setup(policy());
    let reset = at(&clock, 10);
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(answer(201, Some(snapshot(&clock, 3, 2, reset))));
    let first = acquire_background(&governor)
        .await
        .expect("one of two left")
        .unwrap();
    // One left: kept for a person. A background request steps aside until the reset,
    // silently (no "waiting" for the key), and an interactive one still goes at once.
    let mut events = governor.subscribe();
    let mut background = Box::pin(governor.acquire_as(None, Priority::Background));
    assert!(poll_once(background.as_mut()).await.is_none());
    assert_eq!(clock.sleeps(), vec![Duration::from_millis(10_050)]);
    let clerk = poll_once(governor.acquire(None))
        .await
        .expect("the reserved slot is the clerk's")
        .unwrap();
    assert!(
        events.try_recv().is_err(),
        "no Waiting for a background yield"
    );
    // After the reset the whole new window is assumed, and the import goes on.
    let after = background.await.unwrap();
    assert!(clock.now() >= reset);
    drop((first, clerk, after));
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
    assert!(acquire_background(&governor).await.is_none());
    probe.finish(answer(200, Some(snapshot(&clock, 60, 59, at(&clock, 30)))));
    clerk.await.unwrap().unwrap();
    let import = acquire_background(&governor)
        .await
        .expect("clerk done: import goes");
    drop(import.unwrap());
}

#[tokio::test]
async fn with_nobody_else_asking_background_uses_the_window_but_its_reserve() {
    let (clock, governor) = setup(policy());
    let probe = acquire(&governor, None).await.unwrap();
    probe.finish(answer(201, Some(snapshot(&clock, 10, 10, at(&clock, 10)))));
    let mut granted = Vec::new();
    while let Some(permit) = acquire_background(&governor).await {
        granted.push(permit.unwrap());
    }
    assert_eq!(granted.len() as u64, 10 - BACKGROUND_RESERVE);
    assert_eq!(
        clock.sleeps(),
        vec![Duration::from_millis(10_050)],
        "then it steps aside"
    );
}
