//! The shared history at 1,000,000 rows: how long the Activity view's queries take, against the
//! goals of 200 ms for the first page and 300 ms for a search by pet name (for the whole view;
//! this measures the query part: the statement and reading its rows on loopback).
//!
//! `cargo run -p petstore-shared --example history_scale` (starts its own PostgreSQL;
//! `PETSTORE_HISTORY_ROWS` loads another number of rows). Prints figures; asserts nothing.

#[path = "support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use chrono::{TimeDelta, Utc};
use petstore_shared::{HistoryEntry, HistoryQuery, MAX_HISTORY_BATCH, RateLimitRead};
use support::*;

const PRODUCTION: &str = "https://petstore.example/v1";
const STAGING: &str = "https://staging.petstore.example/v1";
const DESKS: i64 = 8;
const PAGE: u32 = 100;
const RUNS: usize = 20;
const FIRST_PAGE_GOAL: Duration = Duration::from_millis(200);
const SEARCH_GOAL: Duration = Duration::from_millis(300);
/// Names pets get, so a common name matches about 1 create in 40.
const NAMES: [&str; 40] = [
    "Bella", "Max", "Luna", "Charlie", "Lucy", "Cooper", "Daisy", "Milo", "Bailey", "Rocky",
    "Sadie", "Buddy", "Molly", "Bear", "Stella", "Tucker", "Chloe", "Duke", "Penny", "Zeus",
    "Lola", "Jack", "Zoe", "Oliver", "Sophie", "Toby", "Ruby", "Leo", "Rosie", "Bentley", "Lily",
    "Teddy", "Coco", "Winston", "Gracie", "Murphy", "Nala", "Oscar", "Pepper", "Louie",
];

/// Row `n` of `total`: 90 days of requests by 8 desks, oldest first; 15% creates and 5% lookups
/// name a pet; one pet, "Zanzibar", is created once, 60 days ago (a search that must find one
/// row far from the newest).
fn row(n: i64, total: i64) -> HistoryEntry {
    let now = Utc::now();
    let span = TimeDelta::days(90).num_milliseconds();
    let started_at = now - TimeDelta::milliseconds(span - span * n / total.max(1));
    let desk = n % DESKS;
    let (operation, method, path) = match n % 20 {
        0..=13 => ("listPets", "GET", "/pets?limit=20".to_owned()),
        14 => ("nextPage", "GET", "/pets?cursor=abc".to_owned()),
        15..=17 => ("createPet", "POST", "/pets".to_owned()),
        _ => ("getPet", "GET", format!("/pets/{n}")),
    };
    let named = matches!(operation, "createPet" | "getPet");
    let pet_name = if n == total / 3 {
        Some("Zanzibar".to_owned())
    } else if named {
        let word = NAMES[usize::try_from(n / 20).unwrap_or(0) % NAMES.len()];
        Some(format!("{word} {}", n % 997))
    } else {
        None
    };
    HistoryEntry {
        desk: format!("DESK-{desk}"),
        account: "clerk".into(),
        local_id: n / DESKS,
        started_at,
        environment: if n % 10 == 9 { STAGING } else { PRODUCTION }.into(),
        environment_name: "production".into(),
        operation: operation.into(),
        method: method.into(),
        path,
        status: Some(if operation == "createPet" { 201 } else { 200 }),
        duration: Duration::from_millis(40 + u64::try_from(n % 200).unwrap_or(0)),
        attempts: 1,
        rate_limited: 0,
        outcome: if n % 97 == 0 { "error" } else { "ok" }.into(),
        rate_limit: Some(RateLimitRead {
            limit: 100,
            remaining: u64::try_from(99 - n % 100).unwrap_or(0),
            reset_at: Some(started_at + TimeDelta::seconds(60)),
            window: "minute".into(),
        }),
        pet_name,
        pet_id: named.then_some(n),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let total: i64 = std::env::var("PETSTORE_HISTORY_ROWS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1_000_000);
    let mut pg = store().await;
    let mut shared = desk(&pg).await;
    let admin = superuser(&pg).await;

    let loading = Instant::now();
    let batch = i64::try_from(MAX_HISTORY_BATCH).unwrap_or(1_000);
    let mut n = 0;
    while n < total {
        let rows: Vec<_> = (n..(n + batch).min(total)).map(|i| row(i, total)).collect();
        shared.record_many(&rows).await.expect("records");
        n += batch;
    }
    let load = loading.elapsed();
    // As autovacuum would soon after such a load: the planner's statistics.
    admin
        .batch_execute("VACUUM ANALYZE petstore_history")
        .await
        .unwrap();
    let size: String = admin
        .query_one(
            "SELECT pg_size_pretty(pg_total_relation_size('petstore_history'))",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    println!(
        "loaded {total} rows with record_many ({MAX_HISTORY_BATCH} a statement) in {:.1} s ({:.0} rows/s); table with indexes {size}",
        load.as_secs_f64(),
        total as f64 / load.as_secs_f64()
    );

    let cases = cases();
    println!("query part of the Activity view, {PAGE} rows a page, {RUNS} runs each:");
    for (what, q, goal) in &cases {
        let mut times = Vec::with_capacity(RUNS);
        let mut found = 0;
        for _ in 0..RUNS {
            let started = Instant::now();
            let page = shared.page(q).await.expect("reads");
            times.push(started.elapsed());
            found = page.entries.len();
        }
        let (median, p95) = median_p95(&mut times);
        println!(
            "  {what}: {found} rows, median {} p95 {} (goal {} for the whole view: {})",
            ms(median),
            ms(p95),
            ms(*goal),
            verdict(p95, *goal)
        );
    }
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let started = Instant::now();
        shared
            .day_figure(PRODUCTION, Utc::now().date_naive())
            .await
            .expect("counts");
        times.push(started.elapsed());
    }
    let (median, p95) = median_p95(&mut times);
    println!(
        "  day figure (today, every desk): median {} p95 {}",
        ms(median),
        ms(p95)
    );

    // The first query after the server restarted (its own cache empty; the OS's still warm).
    drop(shared);
    drop(admin);
    pg.stop();
    pg.start_again();
    let mut shared = desk(&pg).await;
    let admin = superuser(&pg).await;
    println!("the first run of each after a restart of the server:");
    for (what, q, goal) in &cases {
        let started = Instant::now();
        let page = shared.page(q).await.expect("reads");
        let took = started.elapsed();
        println!(
            "  {what}: {} rows in {} (goal {}: {})",
            page.entries.len(),
            ms(took),
            ms(*goal),
            verdict(took, *goal)
        );
    }

    // How the server answers the searches (the statement page() sends, its shape).
    for pattern in ["%bella%", "%bella 99%", "%zanzibar%"] {
        let plan = admin
            .query(
                "EXPLAIN (ANALYZE, COSTS OFF) SELECT * FROM petstore_history
                  WHERE pet_name ILIKE $1 ORDER BY started_at DESC, id DESC LIMIT 100",
                &[&pattern],
            )
            .await
            .unwrap();
        println!("plan for ILIKE '{pattern}':");
        for line in plan.iter().take(8) {
            println!("    {}", line.get::<_, String>(0));
        }
    }
}

fn cases() -> Vec<(&'static str, HistoryQuery, Duration)> {
    let mut errors = query(None, None);
    errors.operation = Some("createPet".into());
    errors.outcome = Some("error".into());
    vec![
        ("first page, everything", query(None, None), FIRST_PAGE_GOAL),
        (
            "first page, production only",
            query(Some(PRODUCTION), None),
            FIRST_PAGE_GOAL,
        ),
        ("first page, creates that failed", errors, FIRST_PAGE_GOAL),
        (
            "search 'bella' (common)",
            query(None, Some("bella")),
            SEARCH_GOAL,
        ),
        (
            "search 'bella 99' (tens of rows over 90 days)",
            query(None, Some("bella 99")),
            SEARCH_GOAL,
        ),
        (
            "search 'zanzibar' (one row, 60 days old)",
            query(None, Some("zanzibar")),
            SEARCH_GOAL,
        ),
        (
            "search 'zanzibar', production",
            query(Some(PRODUCTION), Some("zanzibar")),
            SEARCH_GOAL,
        ),
        (
            "search 'qwxyz' (nothing)",
            query(None, Some("qwxyz")),
            SEARCH_GOAL,
        ),
        (
            "search '4242' (a pet id, or in a name)",
            query(None, Some("4242")),
            SEARCH_GOAL,
        ),
    ]
}

fn query(environment: Option<&str>, search: Option<&str>) -> HistoryQuery {
    HistoryQuery {
        environment: environment.map(str::to_owned),
        search: search.map(str::to_owned),
        limit: PAGE,
        ..HistoryQuery::default()
    }
}
