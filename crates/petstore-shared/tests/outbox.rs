//! The shared outbox on a real PostgreSQL, as desks use it with exactly the grants
//! docs/shared-store.md gives them: one desk per entry, in the order filled, a dead sender's
//! entry reconciled and never silently resent, and the local outbox's rules for a person.

#![cfg(unix)]

mod common;

use std::sync::{Arc, Barrier, Mutex};
use std::time::Duration;

use common::*;
use petstore_shared::{
    Claim, EntryState, MAX_OUTBOX_ENTRIES, QueueReason, Shared, SharedError, Source,
};

const LEASE: Duration = Duration::from_secs(60);

async fn queue_n(shared: &mut Shared, desk: &str, n: usize) -> Vec<i64> {
    let mut ids = Vec::new();
    for i in 0..n {
        let entry = shared
            .queue(
                ENV,
                desk,
                "clerk",
                &pet(&format!("Pet {i}"), None),
                &QueueReason::Offline,
                false,
            )
            .await
            .expect("queued");
        ids.push(entry.id);
    }
    ids
}

#[test]
fn two_desks_taking_at_once_never_take_the_same_entry_and_send_in_order() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let pg = Arc::new(runtime.block_on(store()));
    let queued = runtime.block_on(async {
        let mut shared = desk(&pg).await;
        queue_n(&mut shared, "FRONT-DESK", 60).await
    });
    let start = Arc::new(Barrier::new(2));
    // Every take, by either desk, in the order they happened (pushed while the entry is held).
    let taken = Arc::new(Mutex::new(Vec::new()));
    let desks: Vec<_> = ["FRONT-DESK", "BACK-OFFICE"]
        .into_iter()
        .map(|name| {
            let (pg, start, taken) = (pg.clone(), start.clone(), taken.clone());
            std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                runtime.block_on(async {
                    let mut shared = desk(&pg).await;
                    start.wait();
                    let mut mine = 0;
                    loop {
                        match shared.take_next(ENV, name, LEASE).await.unwrap() {
                            Some(next) => {
                                assert!(next.was_sending.is_none());
                                taken.lock().unwrap().push(next.entry.id);
                                shared.mark_sent(&next.lease, next.entry.id).await.unwrap();
                                mine += 1;
                            }
                            // Nothing now: the other desk holds the head, or all is sent.
                            None if shared.list_outbox(ENV).await.unwrap().is_empty() => break,
                            None => tokio::task::yield_now().await,
                        }
                    }
                    mine
                })
            })
        })
        .collect();
    let counts: Vec<usize> = desks.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(counts.iter().sum::<usize>(), 60, "each entry sent once");
    let taken = taken.lock().unwrap().clone();
    assert_eq!(taken, queued, "taken once each, in the order filled");
}

#[tokio::test]
async fn an_entry_queued_on_a_desk_that_is_gone_is_sent_by_another() {
    let pg = store().await;
    let id = {
        let mut front = desk(&pg).await;
        let entry = front
            .queue(
                ENV,
                "FRONT-DESK",
                "anna",
                &pet("Rex", Some("available")),
                &QueueReason::Chosen,
                false,
            )
            .await
            .unwrap();
        entry.id
        // FRONT-DESK's connection ends here.
    };
    let mut back = desk(&pg).await;
    let listed = back.list_outbox(ENV).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0].desk.as_str(), listed[0].account.as_str()),
        ("FRONT-DESK", "anna")
    );
    let next = back
        .take_next(ENV, "BACK-OFFICE", LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(next.entry.id, id);
    assert!(next.was_sending.is_none());
    // The lease's key is the create's key in the created record.
    let claimed = back
        .claim(&next.lease.claim(), "bob", &next.entry.pet, &Source::Outbox)
        .await
        .unwrap();
    assert_eq!(claimed, Claim::Claimed);
    back.settle_created(&next.lease.claim(), 42).await.unwrap();
    back.mark_sent(&next.lease, 42).await.unwrap();
    assert!(back.list_outbox(ENV).await.unwrap().is_empty());
}

#[tokio::test]
async fn an_expired_sending_lease_comes_back_flagged_and_the_old_sender_is_fenced_off() {
    let pg = store().await;
    let mut front = desk(&pg).await;
    let mut back = desk(&pg).await;
    queue_n(&mut front, "FRONT-DESK", 2).await;
    let first = front
        .take_next(ENV, "FRONT-DESK", LEASE)
        .await
        .unwrap()
        .unwrap();
    front
        .claim(
            &first.lease.claim(),
            "anna",
            &first.entry.pet,
            &Source::Outbox,
        )
        .await
        .unwrap();
    // Live lease: the other desk takes nothing (not even the second entry).
    assert!(
        back.take_next(ENV, "BACK-OFFICE", LEASE)
            .await
            .unwrap()
            .is_none()
    );
    // FRONT-DESK hangs past its lease.
    superuser(&pg)
        .await
        .execute(
            "UPDATE petstore_outbox SET lease_until = now() - interval '1 second' WHERE id = $1",
            &[&first.entry.id],
        )
        .await
        .unwrap();
    let again = back
        .take_next(ENV, "BACK-OFFICE", LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        again.entry.id, first.entry.id,
        "the same entry, not the next"
    );
    let previous = again
        .was_sending
        .clone()
        .expect("flagged: it was being sent");
    assert_eq!(
        previous.claim,
        first.lease.claim(),
        "the dead sender's claim, to settle by listing"
    );
    assert_ne!(
        again.lease.key, first.lease.key,
        "a fresh key for a send after the listing"
    );
    // The listing did not find it: the old claim is settled refused, then sent anew.
    back.settle_refused(&previous.claim).await.unwrap();
    // The slow desk wakes up: whatever it says changes nothing.
    for result in [
        front.mark_sent(&first.lease, 7).await,
        front.release(&first.lease).await,
        front.mark_unconfirmed(&first.lease).await,
    ] {
        assert!(
            matches!(result, Err(SharedError::LeaseLost { id }) if id == first.entry.id),
            "{result:?}"
        );
    }
    back.mark_sent(&again.lease, 8).await.unwrap();
    let next = back
        .take_next(ENV, "BACK-OFFICE", LEASE)
        .await
        .unwrap()
        .unwrap();
    assert!(next.was_sending.is_none());
}

#[tokio::test]
async fn order_is_held_per_environment_and_a_released_entry_is_first_again() {
    let pg = store().await;
    let mut front = desk(&pg).await;
    let mut back = desk(&pg).await;
    let ids = queue_n(&mut front, "FRONT-DESK", 3).await;
    let other_env = "https://staging.petstore.example/v1";
    let staging = front
        .queue(
            other_env,
            "FRONT-DESK",
            "anna",
            &pet("Tom", None),
            &QueueReason::Offline,
            false,
        )
        .await
        .unwrap();
    let first = front
        .take_next(ENV, "FRONT-DESK", LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(first.entry.id, ids[0]);
    assert!(
        back.take_next(ENV, "BACK-OFFICE", LEASE)
            .await
            .unwrap()
            .is_none(),
        "not N+1 while N is held"
    );
    // Another environment does not wait for this one.
    let other = back
        .take_next(other_env, "BACK-OFFICE", LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(other.entry.id, staging.id);
    // Offline: given back, it is first in line again.
    front.release(&first.lease).await.unwrap();
    let retaken = back
        .take_next(ENV, "BACK-OFFICE", LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(retaken.entry.id, ids[0]);
    // A refused entry no longer holds the line (as locally: a person fixes it).
    back.mark_refused(&retaken.lease, "name is not allowed")
        .await
        .unwrap();
    let second = front
        .take_next(ENV, "FRONT-DESK", LEASE)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(second.entry.id, ids[1]);
    let mut lease = second.lease.clone();
    let before = lease.until;
    tokio::time::sleep(Duration::from_millis(20)).await;
    front
        .renew(&mut lease, Duration::from_secs(120))
        .await
        .unwrap();
    assert!(lease.until > before);
    let listed = back.list_outbox(ENV).await.unwrap();
    assert!(
        matches!(&listed[0].state, EntryState::Refused { message, .. } if message == "name is not allowed")
    );
    assert!(matches!(&listed[1].state, EntryState::Sending { desk, .. } if desk == "FRONT-DESK"));
}

#[tokio::test]
async fn a_person_edits_drops_or_sends_anyway_only_an_entry_nobody_sends() {
    let pg = store().await;
    let mut front = desk(&pg).await;
    let mut back = desk(&pg).await;
    let ids = queue_n(&mut front, "FRONT-DESK", 2).await;
    let taken = back
        .take_next(ENV, "BACK-OFFICE", LEASE)
        .await
        .unwrap()
        .unwrap();
    let leased = taken.entry.id;
    let edit = front.edit_entry(ENV, leased, &pet("Rexy", None)).await;
    assert!(
        matches!(edit, Err(SharedError::BeingSent { id }) if id == leased),
        "{edit:?}"
    );
    let dropped = front.drop_entry(ENV, leased).await;
    assert!(
        matches!(dropped, Err(SharedError::BeingSent { .. })),
        "{dropped:?}"
    );
    let anyway = front.send_anyway(ENV, ids[1]).await;
    assert!(
        matches!(anyway, Err(SharedError::NotUnconfirmed { .. })),
        "{anyway:?}"
    );
    // Settled as unconfirmed: a person may decide now.
    back.mark_unconfirmed(&taken.lease).await.unwrap();
    let resent = front.send_anyway(ENV, leased).await.unwrap();
    assert!(resent.allow_repeat);
    assert_eq!(resent.state, EntryState::Waiting);
    let edited = front
        .edit_entry(ENV, ids[1], &pet("Rexy", Some("sold")))
        .await
        .unwrap();
    assert_eq!(edited.pet.name, "Rexy");
    front.drop_entry(ENV, ids[1]).await.unwrap();
    let again = front.drop_entry(ENV, ids[1]).await;
    assert!(
        matches!(again, Err(SharedError::NoSuchEntry { .. })),
        "{again:?}"
    );
    let empty = front
        .queue(
            ENV,
            "FRONT-DESK",
            "anna",
            &pet("  ", None),
            &QueueReason::Chosen,
            false,
        )
        .await;
    assert!(
        matches!(empty, Err(SharedError::Invalid { .. })),
        "{empty:?}"
    );
}

#[test]
fn two_desks_filling_the_outbox_at_once_stop_at_500() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let pg = Arc::new(runtime.block_on(store()));
    let start = Arc::new(Barrier::new(2));
    let desks: Vec<_> = ["FRONT-DESK", "BACK-OFFICE"]
        .into_iter()
        .map(|name| {
            let (pg, start) = (pg.clone(), start.clone());
            std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                runtime.block_on(async {
                    let mut shared = desk(&pg).await;
                    start.wait();
                    let (mut queued, mut full) = (0, 0);
                    for i in 0..260 {
                        let pet = pet(&format!("{name} {i}"), None);
                        match shared
                            .queue(ENV, name, "clerk", &pet, &QueueReason::Offline, false)
                            .await
                        {
                            Ok(_) => queued += 1,
                            Err(SharedError::OutboxFull { limit }) => {
                                assert_eq!(limit, MAX_OUTBOX_ENTRIES);
                                full += 1;
                            }
                            Err(error) => panic!("{name}: {error}"),
                        }
                    }
                    (queued, full)
                })
            })
        })
        .collect();
    let results: Vec<(usize, usize)> = desks.into_iter().map(|h| h.join().unwrap()).collect();
    let queued: usize = results.iter().map(|r| r.0).sum();
    let full: usize = results.iter().map(|r| r.1).sum();
    assert_eq!((queued, full), (500, 20));
    runtime.block_on(async {
        let mut shared = desk(&pg).await;
        assert_eq!(shared.list_outbox(ENV).await.unwrap().len(), 500);
        // Another environment has a bound of its own.
        shared
            .queue(
                "https://staging.petstore.example/v1",
                "FRONT-DESK",
                "anna",
                &pet("Tom", None),
                &QueueReason::Offline,
                false,
            )
            .await
            .unwrap();
    });
}
