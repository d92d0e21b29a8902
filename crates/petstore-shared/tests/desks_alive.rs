//! A desk's liveness in the shared record on a real PostgreSQL: a connected desk's claims are
//! never a dead desk's however old (`hold_desk`), until its last session ends; a desk sees its
//! own earlier runs' claims; a claim still `claimed` is in progress.

#![cfg(unix)]

mod common;

use std::time::Duration;

use common::*;

#[tokio::test]
async fn a_connected_desks_claims_are_never_a_dead_desks_however_old() {
    let pg = store().await;
    let left = at("LAPTOP", "journal-c:1");
    let mut laptop = desk(&pg).await;
    laptop.hold_desk("LAPTOP").await.unwrap();
    laptop
        .claim(&left, "carl", &pet("Mia", None), &import(2))
        .await
        .unwrap();
    // A second program of the same desk (an add beside the import) holds the lock too.
    let mut laptop_add = desk(&pg).await;
    laptop_add.hold_desk("LAPTOP").await.unwrap();
    let other = desk(&pg).await;
    let listed = other
        .unsettled_of_dead_desks(ENV, Duration::ZERO)
        .await
        .unwrap();
    assert!(listed.is_empty(), "a connected desk is alive: {listed:?}");
    let earlier = other
        .earlier(ENV, &pet("Mia", None), None)
        .await
        .unwrap()
        .unwrap();
    assert!(
        earlier.in_progress && earlier.pet_id.is_none(),
        "{earlier:?}"
    );
    // The import's program ends (killed or not); the add's still holds the desk alive.
    drop(laptop);
    let listed = other
        .unsettled_of_dead_desks(ENV, Duration::ZERO)
        .await
        .unwrap();
    assert!(
        listed.is_empty(),
        "one program of it is connected: {listed:?}"
    );
    // Its last program ends: the server lets go of the lock once it sees the session end.
    drop(laptop_add);
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let listed = loop {
        let listed = other
            .unsettled_of_dead_desks(ENV, Duration::ZERO)
            .await
            .unwrap();
        if !listed.is_empty() || std::time::Instant::now() > deadline {
            break listed;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].claim, left);
    // Still too young for a larger threshold: the age is the second guard.
    let young = other
        .unsettled_of_dead_desks(ENV, Duration::from_secs(3600))
        .await
        .unwrap();
    assert!(young.is_empty(), "{young:?}");
    // Settled for it, the claim is no longer in progress.
    let mut other = other;
    other.settle_unknown(&left).await.unwrap();
    let earlier = other
        .earlier(ENV, &pet("Mia", None), None)
        .await
        .unwrap()
        .unwrap();
    assert!(
        !earlier.in_progress && earlier.pet_id.is_none(),
        "{earlier:?}"
    );
}

#[tokio::test]
async fn a_desk_sees_its_own_earlier_runs_claims_as_a_dead_desks() {
    let pg = store().await;
    let left = at("LAPTOP", "journal-d:1");
    let mut laptop = desk(&pg).await;
    laptop.hold_desk("LAPTOP").await.unwrap();
    laptop
        .claim(&left, "carl", &pet("Mia", None), &import(2))
        .await
        .unwrap();
    // The same session, as the next run of that desk after a crash would be: its own lock
    // never stands in its way.
    let listed = laptop
        .unsettled_of_dead_desks(ENV, Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(listed.len(), 1, "{listed:?}");
}
