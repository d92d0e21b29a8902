//! Desks at the same moment on a real PostgreSQL: two racing for the same pets, and a
//! connection cut in the middle of a claim.

#![cfg(unix)]

mod common;

use std::sync::{Arc, Barrier};
use std::time::Duration;

use common::*;
use petstore_shared::{Claim, SharedError, Source};

#[test]
fn two_desks_claiming_the_same_200_pets_at_once_claim_each_once() {
    let pg = Arc::new(tokio::runtime::Runtime::new().unwrap().block_on(store()));
    let start = Arc::new(Barrier::new(2));
    // Two desks, two connections, two threads; the same file's 200 rows, the same keys.
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
                    let mut won = Vec::new();
                    for row in 0..200u64 {
                        let pet = pet(&format!("Pet {row}"), None);
                        let key = format!("journal:{row}");
                        match shared
                            .claim(&at(name, &key), name, &pet, &import(row + 2))
                            .await
                        {
                            Ok(Claim::Claimed) => won.push(row),
                            Ok(Claim::Earlier(earlier)) => assert_ne!(earlier.desk, name),
                            Err(error) => panic!("{name}, row {row}: {error}"),
                        }
                    }
                    won
                })
            })
        })
        .collect();
    let mut won: Vec<u64> = desks
        .into_iter()
        .flat_map(|handle| handle.join().unwrap())
        .collect();
    won.sort_unstable();
    assert_eq!(
        won,
        (0..200).collect::<Vec<_>>(),
        "each pet claimed by exactly one desk"
    );
    let rows = pg.sql(
        DATABASE,
        "SELECT count(*), count(DISTINCT fingerprint) FROM petstore_claims",
    );
    assert_eq!(rows, "200|200");
}

#[tokio::test]
async fn a_connection_cut_in_the_middle_of_a_claim_leaves_nothing_half_written() {
    let pg = store().await;
    let admin = superuser(&pg).await;
    // Another writer holds the same pet, uncommitted: the desk's claim waits inside its
    // transaction, after its checks, at its insert.
    admin.batch_execute("BEGIN").await.unwrap();
    admin
        .batch_execute(&format!(
            r#"INSERT INTO petstore_claims (environment, desk, account, claim_key, fingerprint,
                    pet_group, name, category_id, source_kind)
             VALUES ('{ENV}', 'OTHER', 'o', 'k', '[1,null,"rex"]', '[1,"rex"]', 'Rex', 1, 'form')"#
        ))
        .await
        .unwrap();
    let mut shared = desk(&pg).await;
    let pid = shared.backend_pid().await.unwrap();
    let mine = at("FRONT-DESK", "single:1");
    let claiming = {
        let mine = mine.clone();
        tokio::spawn(async move {
            let answer = shared
                .claim(&mine, "anna", &pet("Rex", None), &Source::Form)
                .await;
            (answer, shared)
        })
    };
    let waiting =
        "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'";
    let mut waited = 0;
    while admin
        .query_one(waiting, &[&pid])
        .await
        .unwrap()
        .get::<_, i64>(0)
        == 0
    {
        waited += 1;
        assert!(waited < 200, "the claim never reached its insert");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let cut = "SELECT pg_terminate_backend($1)";
    assert!(
        admin
            .query_one(cut, &[&pid])
            .await
            .unwrap()
            .get::<_, bool>(0)
    );
    let (answer, shared) = claiming.await.unwrap();
    let error = answer.unwrap_err();
    assert!(
        matches!(error, SharedError::ConnectionLost { .. }),
        "{error:?}"
    );
    // The server's "terminating connection" came first; the socket's end follows it.
    for _ in 0..100 {
        if shared.is_closed() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(shared.is_closed());
    admin.batch_execute("ROLLBACK").await.unwrap();
    assert_eq!(
        pg.sql(DATABASE, "SELECT count(*) FROM petstore_claims"),
        "0"
    );

    let mut again = desk(&pg).await;
    let claim = again
        .claim(&mine, "anna", &pet("Rex", None), &Source::Form)
        .await;
    assert_eq!(claim.unwrap(), Claim::Claimed);
}

#[tokio::test]
async fn a_desk_stuck_holding_a_pet_makes_the_next_claim_busy_not_hung() {
    let pg = store().await;
    let admin = superuser(&pg).await;
    // What a claim of Rex locks, held by a desk that hung in the middle of its own claim.
    let hold =
        format!(r#"SELECT pg_advisory_lock(hashtextextended('{ENV}' || E'\n' || '[1,"rex"]', 0))"#);
    admin.batch_execute(&hold).await.unwrap();
    let mut desk = desk(&pg).await;
    // Refused after the lock wait, not left waiting on the stuck desk (a minute is "hung").
    let (mine, rex) = (at("FRONT-DESK", "single:1"), pet("Rex", None));
    let claiming = desk.claim(&mine, "anna", &rex, &Source::Form);
    let error = tokio::time::timeout(Duration::from_secs(60), claiming)
        .await
        .expect("the claim waited on the stuck desk")
        .unwrap_err();
    assert!(matches!(error, SharedError::Busy { .. }), "{error:?}");
    assert_eq!(
        pg.sql(DATABASE, "SELECT count(*) FROM petstore_claims"),
        "0"
    );
    // The same desk, the same connection, once the other lets go.
    admin
        .batch_execute("SELECT pg_advisory_unlock_all()")
        .await
        .unwrap();
    let claim = desk.claim(&mine, "anna", &rex, &Source::Form).await;
    assert_eq!(claim.unwrap(), Claim::Claimed);
}
