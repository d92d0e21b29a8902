//! The shared created record on a real PostgreSQL: who added a pet and when, settled claims,
//! claims left by a dead desk, add again, and an import's preview.

#![cfg(unix)]

mod common;

use std::time::Duration;

use common::*;
use petstore_shared::{Claim, PetFields, SharedError, Source};

#[tokio::test]
async fn another_desk_is_told_who_added_the_pet_and_when() {
    let pg = store().await;
    let (mut front, mut back) = (desk(&pg).await, desk(&pg).await);
    let first = at("FRONT-DESK", "journal-a:1");
    let claimed = front
        .claim(&first, "anna", &pet("Rex", None), &import(2))
        .await;
    assert_eq!(claimed.unwrap(), Claim::Claimed);

    // Another spelling of the same pet, from another desk: named, nothing written.
    let answer = back
        .claim(
            &at("BACK-OFFICE", "single:9"),
            "ben",
            &pet("  rex ", None),
            &Source::Form,
        )
        .await
        .unwrap();
    let Claim::Earlier(earlier) = answer else {
        panic!("{answer:?}")
    };
    assert_eq!(
        (earlier.desk.as_str(), earlier.account.as_str()),
        ("FRONT-DESK", "anna")
    );
    assert_eq!(earlier.source, import(2));
    assert_eq!(earlier.pet_id, None, "in flight: may have been added");
    assert_eq!(
        pg.sql(DATABASE, "SELECT count(*) FROM petstore_claims"),
        "1"
    );

    front.settle_created(&first, 1042).await.unwrap();
    let earlier = back
        .earlier(ENV, &pet("REX", None), None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(earlier.pet_id, Some(1042));
    // A claim is no repeat of itself; another environment knows nothing of it.
    assert_eq!(
        front
            .earlier(ENV, &pet("Rex", None), Some(&first))
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        front
            .earlier("https://other.example", &pet("Rex", None), None)
            .await
            .unwrap(),
        None
    );
}

#[tokio::test]
async fn a_missing_status_is_the_same_pet_and_two_statuses_are_two() {
    let pg = store().await;
    let mut desk = desk(&pg).await;
    let sold = desk
        .claim(&at("A", "1"), "a", &pet("Rex", Some("sold")), &Source::Form)
        .await;
    assert_eq!(sold.unwrap(), Claim::Claimed);
    let open = desk
        .claim(&at("B", "1"), "b", &pet("Rex", None), &Source::Form)
        .await;
    assert!(matches!(open.unwrap(), Claim::Earlier(_)));
    let available = desk
        .claim(
            &at("B", "2"),
            "b",
            &pet("Rex", Some("available")),
            &Source::Form,
        )
        .await;
    assert_eq!(available.unwrap(), Claim::Claimed);
}

#[tokio::test]
async fn a_refused_claim_frees_the_pet_and_an_unknown_one_keeps_it() {
    let pg = store().await;
    let mut desk = desk(&pg).await;
    let refused = at("A", "single:1");
    desk.claim(&refused, "a", &pet("Rex", None), &Source::Form)
        .await
        .unwrap();
    desk.settle_refused(&refused).await.unwrap();
    let next = at("B", "single:1");
    let claim = desk
        .claim(&next, "b", &pet("Rex", None), &Source::Form)
        .await;
    assert_eq!(
        claim.unwrap(),
        Claim::Claimed,
        "a refused create does not block"
    );

    desk.settle_unknown(&next).await.unwrap();
    let claim = desk
        .claim(&at("C", "single:1"), "c", &pet("Rex", None), &Source::Form)
        .await;
    let Claim::Earlier(earlier) = claim.unwrap() else {
        panic!("an unknown outcome must block")
    };
    assert_eq!((earlier.desk.as_str(), earlier.pet_id), ("B", None));
    // Settled unknown, then found by a listing: created after all.
    desk.settle_created(&next, 55).await.unwrap();
    let earlier = desk
        .earlier(ENV, &pet("Rex", None), None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(earlier.pet_id, Some(55));
    // A created pet stays created whatever comes later.
    desk.settle_refused(&next).await.unwrap();
    assert!(
        desk.earlier(ENV, &pet("Rex", None), None)
            .await
            .unwrap()
            .is_some()
    );

    let error = desk.settle_created(&at("Z", "never"), 1).await.unwrap_err();
    assert!(
        matches!(error, SharedError::NoSuchClaim { .. }),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_dead_desks_claim_is_listed_unsettled_and_keeps_blocking() {
    let pg = store().await;
    let left = at("LAPTOP", "journal-b:4");
    {
        let mut dying = desk(&pg).await;
        dying
            .claim(&left, "carl", &pet("Mia", Some("available")), &import(6))
            .await
            .unwrap();
        // Dropped without settling: the desk died between sending and the answer.
    }
    let mut other = desk(&pg).await;
    let claim = other
        .claim(
            &at("FRONT-DESK", "single:2"),
            "anna",
            &pet("mia", None),
            &Source::Form,
        )
        .await
        .unwrap();
    let Claim::Earlier(earlier) = claim else {
        panic!("a dead desk's claim must block: {claim:?}")
    };
    assert_eq!((earlier.desk.as_str(), earlier.pet_id), ("LAPTOP", None));

    let fresh = other
        .unsettled_of_dead_desks(ENV, Duration::from_secs(3600))
        .await
        .unwrap();
    assert!(fresh.is_empty(), "too young to be a dead desk's: {fresh:?}");
    let unsettled = other
        .unsettled_of_dead_desks(ENV, Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(unsettled.len(), 1, "{unsettled:?}");
    assert_eq!(unsettled[0].claim, left);
    assert_eq!(unsettled[0].pet, pet("Mia", Some("available")));
    // The other desk listed the service and found it: settled for the dead one.
    other.settle_created(&left, 77).await.unwrap();
    assert!(
        other
            .unsettled_of_dead_desks(ENV, Duration::ZERO)
            .await
            .unwrap()
            .is_empty()
    );
    let earlier = other
        .earlier(ENV, &pet("Mia", None), None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (earlier.desk.as_str(), earlier.pet_id),
        ("LAPTOP", Some(77))
    );
}

#[tokio::test]
async fn add_again_is_recorded_beside_the_earlier_create() {
    let pg = store().await;
    let mut desk = desk(&pg).await;
    let first = at("A", "single:1");
    desk.claim(&first, "a", &pet("Rex", None), &Source::Form)
        .await
        .unwrap();
    desk.settle_created(&first, 1).await.unwrap();
    let again = at("B", "single:2");
    desk.claim_again(&again, "b", &pet("Rex", None), &Source::AddAgain)
        .await
        .unwrap();
    desk.settle_created(&again, 2).await.unwrap();
    assert_eq!(
        pg.sql(
            DATABASE,
            "SELECT desk, pet_id, again FROM petstore_claims ORDER BY desk"
        ),
        "A|1|f\nB|2|t"
    );
    // Both are created pets: an ordinary create of the same pet is still held back.
    let claim = desk
        .claim(&at("C", "single:3"), "c", &pet("Rex", None), &Source::Form)
        .await;
    assert!(matches!(claim.unwrap(), Claim::Earlier(_)));
}

#[tokio::test]
async fn repeating_a_claim_whose_answer_was_lost_is_harmless() {
    let pg = store().await;
    let mut desk = desk(&pg).await;
    let mine = at("A", "single:1");
    for _ in 0..2 {
        let claim = desk
            .claim(&mine, "a", &pet("Rex", None), &Source::Form)
            .await;
        assert_eq!(claim.unwrap(), Claim::Claimed);
    }
    let error = desk
        .claim(&mine, "a", &pet("Bella", None), &Source::Form)
        .await
        .unwrap_err();
    assert!(matches!(error, SharedError::KeyTaken { .. }), "{error:?}");
}

#[tokio::test]
async fn an_import_preview_asks_for_every_row_at_once() {
    let pg = store().await;
    let mut desk = desk(&pg).await;
    for row in (0..1000u64).step_by(10) {
        let key = format!("old:{row}");
        desk.claim(
            &at("A", &key),
            "a",
            &pet(&format!("Pet {row}"), None),
            &import(row + 2),
        )
        .await
        .unwrap();
        if row % 20 == 0 {
            desk.settle_created(&at("A", &key), i64::try_from(row).unwrap())
                .await
                .unwrap();
        }
    }
    let rows: Vec<PetFields> = (0..1000)
        .map(|row| pet(&format!("PET {row}"), Some("sold")))
        .collect();
    let answers = desk.earlier_many(ENV, &rows, &[]).await.unwrap();
    assert_eq!(answers.len(), 1000);
    for (row, answer) in answers.iter().enumerate() {
        match answer {
            Some(earlier) => {
                assert_eq!(row % 10, 0, "row {row}: {earlier:?}");
                let expected = (row % 20 == 0).then(|| i64::try_from(row).unwrap());
                assert_eq!(earlier.pet_id, expected, "row {row}");
                assert_eq!(earlier.source, import(row as u64 + 2));
            }
            None => assert_ne!(row % 10, 0, "row {row} was claimed"),
        }
    }
}

#[tokio::test]
async fn a_resumed_imports_own_unsent_rows_are_no_repeats_of_themselves() {
    let pg = store().await;
    let mut desk = desk(&pg).await;
    // A run claimed rows 0 and 1 and was killed before sending row 1.
    let (sent, unsent) = (at("A", "journal:0"), at("A", "journal:1"));
    desk.claim(&sent, "a", &pet("Rex", None), &import(2))
        .await
        .unwrap();
    desk.claim(&unsent, "a", &pet("Mia", None), &import(3))
        .await
        .unwrap();
    let rows = [pet("Rex", None), pet("Mia", None)];
    let answers = desk
        .earlier_many(ENV, &rows, std::slice::from_ref(&unsent))
        .await
        .unwrap();
    assert!(
        answers[0].is_some(),
        "row 0 went out: it may have been added"
    );
    assert_eq!(answers[1], None);
    // Its claim again, under the same key: the same claim, still unsettled.
    let claim = desk
        .claim(&unsent, "a", &pet("Mia", None), &import(3))
        .await;
    assert_eq!(claim.unwrap(), Claim::Claimed);
}
