//! What the shared created record adds to each create: a claim before the request and its
//! settling after, on loopback, against the goal of at most 5 ms per create.
//!
//! `cargo run -p petstore-shared --example claim_cost` (starts its own PostgreSQL, as the
//! tests do; `PETSTORE_TEST_PG_BIN` names another server). Prints figures; asserts nothing.

#[path = "support/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::*;
use petstore_shared::{Claim, ClaimRef, PetFields, Source};

const ENV: &str = "https://petstore.example/v1";
const CREATES: usize = 1_000;
const WARM_UP: usize = 50;
const GOAL: Duration = Duration::from_millis(5);

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let pg = store().await;
    let mut shared = desk(&pg).await;
    let mut claim = Vec::with_capacity(CREATES);
    let mut settle = Vec::with_capacity(CREATES);
    let mut both = Vec::with_capacity(CREATES);
    for n in 0..WARM_UP + CREATES {
        let at = ClaimRef {
            environment: ENV.into(),
            desk: "FRONT-DESK".into(),
            key: format!("single:{n}"),
        };
        let pet = PetFields {
            name: format!("Pet {n}"),
            category_id: 1,
            status: Some("available".into()),
        };
        let started = Instant::now();
        let answer = shared
            .claim(&at, "clerk", &pet, &Source::Form)
            .await
            .expect("claims");
        assert_eq!(answer, Claim::Claimed);
        let claimed = started.elapsed();
        let id = i64::try_from(n).unwrap_or(i64::MAX);
        shared.settle_created(&at, id).await.expect("settles");
        let total = started.elapsed();
        if n >= WARM_UP {
            claim.push(claimed);
            settle.push(total - claimed);
            both.push(total);
        }
    }
    let (claim_median, claim_p95) = median_p95(&mut claim);
    let (settle_median, settle_p95) = median_p95(&mut settle);
    let (median, p95) = median_p95(&mut both);
    println!("claim cost per create, {CREATES} creates after {WARM_UP} to warm up, loopback:");
    println!(
        "  claim   median {} p95 {}",
        ms(claim_median),
        ms(claim_p95)
    );
    println!(
        "  settle  median {} p95 {}",
        ms(settle_median),
        ms(settle_p95)
    );
    println!(
        "  claim + settle  median {} p95 {}  (goal <= {}: median {}, p95 {})",
        ms(median),
        ms(p95),
        ms(GOAL),
        verdict(median, GOAL),
        verdict(p95, GOAL)
    );
}
