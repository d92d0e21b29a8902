//! A store with 10,000 pets in the real app: the release app under tauri-driver, its
//! Staging environment pointed at a sandbox this bench starts with 10,000 pets and `Link` paging,
//! 100 rows per page. It loads every page through "Load more", sorts by each column, scrolls the
//! table from top to bottom, types into the Find box a key at a time and filters by status; per
//! step it prints the time to the painted frame (measured in the page, see `script.rs`), the web
//! process's PSS and the app's. Nothing here asserts a time: the figures are printed against the
//! goals below.
//!
//! Run: `cargo xtask bench-store` (builds the UI and the release app, starts Xvfb and a keyring
//! session, and sets the variables `app_support` reads, as `cargo xtask test e2e` does).
//! `STORE_BENCH_PETS=100000 cargo xtask bench-store` runs it with 100,000 pets (the Find box's
//! goal is set at 100,000 rows; loading them takes 1,000 pages).

#[allow(dead_code)] // the bench uses only part of the e2e tests' helpers
#[path = "../e2e/app_support/mod.rs"]
mod app_support;
#[path = "store_app/memory.rs"]
mod memory;
#[path = "store_app/script.rs"]
mod script;
#[path = "support/store.rs"]
mod store;

use std::time::Duration;

use app_support::page::App;
use app_support::{Launch, scenario};
use script::{Awaited, Step};
use thirtyfour::By;
use thirtyfour::common::keys::Key;

const PETS: usize = 10_000;
/// Set to a number of pets to put in the store instead of [`PETS`].
const PETS_VAR: &str = "STORE_BENCH_PETS";

/// The pets in the store: [`PETS`], or as many as `STORE_BENCH_PETS` says.
fn pets() -> usize {
    store::pets_from_env(PETS_VAR, PETS)
}
use store::PAGE;
const KEY: &str = "bench-store-staging-key";
/// Set (to `true` or `false`) to give the app `JSC_useJIT`; unset, the app's own default holds.
const JIT_VAR: &str = "STORE_BENCH_JSC_USE_JIT";

/// What a 10,000-pet store must meet: each page and each sort painted within these times, and the
/// app's PSS (web process and app) with every row loaded within this factor of its first page's.
const PAGE_GOAL_MS: f64 = 50.0;
/// The last ten pages' median against the first ten's: loading never slows down (issue 40 §2).
const GROWTH_GOAL: f64 = 1.2;
/// Issue 40 §2: at 100,000 pets a sort may take 150 ms, the status filter 100 ms, and the PSS
/// with every row 1.5x the first page's; at 10,000, 100 ms and 1.25x.
const LARGE: usize = 100_000;
fn sort_goal_ms(pets: usize) -> f64 {
    if pets >= LARGE { 150.0 } else { 100.0 }
}
fn pss_goal(pets: usize) -> f64 {
    if pets >= LARGE { 1.5 } else { 1.25 }
}
const FILTER_GOAL_MS: f64 = 100.0;
const SCROLL_FRAME_GOAL_MS: f64 = 50.0;
/// The Activity view's first rows are timed with this many entries in the history.
const HISTORY_ENTRIES: usize = 200_000;
const ACTIVITY_GOAL_MS: f64 = 200.0;
/// Each Find keystroke painted within this (issue 38 §2's goal is with 100,000 rows: this bench
/// loads 10,000; the filter's cost grows with the rows, the paint's does not).
const FIND_GOAL_MS: f64 = 50.0;
/// What is typed into the Find box, one keystroke a step: names are "Pet 00000" to "Pet 09999",
/// so the first keys match every row, the last a few; "" clears it (every row back).
/// What is typed into the Find box, one real key press a step: names are "Pet 00000" to
/// "Pet 09999", so the first keys match every row, the last a few; then as many Backspaces, the
/// last of which brings every row back.
const FIND_TYPED: &str = "pet 0999";
/// After this many keys the box is kept as a screenshot: a thousandth of the store matches.
const FIND_SHOWN_AFTER: usize = 6;
/// PSS reads for each of the two figures the goal compares.
const SAMPLES: usize = 5;

fn main() {
    scenario(|setup, config| async move {
        let pets = pets();
        let sandbox = store::start_store(KEY, pets).await;
        store::write_settings(config.path(), &sandbox);
        seed_history(&config.path().join("data"), &sandbox.base_url());
        let mut launch = Launch::new(&setup, config.path());
        // The app turns JavaScriptCore's JIT off unless told otherwise (src-tauri main.rs): a
        // setting chosen for start-up memory, measured here against this workload too.
        let jit = std::env::var(JIT_VAR).ok();
        if let Some(jit) = &jit {
            launch = launch.env("JSC_useJIT", jit);
        }
        println!(
            "JavaScriptCore JIT: {}",
            jit.map_or("the app's default (off)".to_owned(), |v| format!(
                "JSC_useJIT={v}"
            ))
        );
        let app = launch.start().await;
        store::open_store(&app, KEY).await;
        let procs = memory::AppProcesses::find(config.path());
        let (at_100, low_100, high_100) = procs.settled(SAMPLES).await;
        println!(
            "{pets} pets in the store, {PAGE} a page; machine load: {}",
            load()
        );
        println!(
            "first page shown: PSS web {:.1} MiB, app {:.1} MiB, total {:.1} MiB (median of {SAMPLES} reads a second apart; total {low_100:.1}-{high_100:.1})",
            at_100.web, at_100.app, at_100.total
        );

        let more = By::XPath(
            "//div[contains(@class,'table-card')]//div[contains(@class,'footer')]//button[normalize-space(.)='Load more']",
        );
        let mut pages = Vec::new();
        let mut answers = Vec::new();
        let mut shown = PAGE;
        while shown < pets {
            let step = click_step(&app, more.clone(), Awaited::MorePets).await;
            shown = step.rows;
            let mem = procs.read();
            if shown == PAGE * 2
                && let Some(note) = &step.note
            {
                println!("(how the answer was timed: {note})");
            }
            if shown.is_multiple_of(1000)
                || shown == PAGE * 2
                || std::env::var_os("STORE_BENCH_EVERY").is_some()
            {
                println!(
                    "load more -> {:>6} rows: painted {:>6.1} ms (released {:>4.1} ms, sent {:>4.1} ms, answered {:>5.1} ms, rows in the DOM {:>6.1} ms, the click into the page {:.1} ms); PSS web {:.1}, app {:.1} MiB",
                    step.rows,
                    step.painted_ms,
                    step.released_ms,
                    step.sent_ms,
                    step.answered_ms,
                    step.changed_ms,
                    step.input_ms,
                    mem.web,
                    mem.app
                );
            }
            pages.push(step.painted_ms);
            answers.push(step.answered_ms);
        }
        let (at_all, low_all, high_all) = procs.settled(SAMPLES).await;
        let worst = pages.iter().copied().fold(0.0, f64::max);
        let over = pages.iter().filter(|ms| **ms > PAGE_GOAL_MS).count();
        let median = median_of(&pages);
        println!(
            "\npages from the click to the rows painted: {} pages, median {median:.1} ms, slowest {worst:.1} ms, {over} over {PAGE_GOAL_MS} ms (goal: each <= {PAGE_GOAL_MS} ms: {})",
            pages.len(),
            verdict(worst <= PAGE_GOAL_MS)
        );
        let after: Vec<f64> = pages.iter().zip(&answers).map(|(p, a)| p - a).collect();
        println!(
            "of which: the click to the page's answer in the page median {:.1} ms, the answer to the rows painted median {:.1} ms",
            median_of(&answers),
            median_of(&after)
        );
        if pages.len() >= 20 {
            let first_ten = median_of(&pages[..10]);
            let last_ten = median_of(&pages[pages.len() - 10..]);
            let growth = last_ten / first_ten;
            println!(
                "the last ten pages' median {last_ten:.1} ms against the first ten's {first_ten:.1} ms = {growth:.2}x (goal <= {GROWTH_GOAL}x: {})",
                verdict(growth <= GROWTH_GOAL)
            );
        }

        let sort_goal = sort_goal_ms(pets);
        let mut sorts = Vec::new();
        for column in 1..=4 {
            for direction in ["ascending", "descending"] {
                let header = By::Css(format!("thead th:nth-child({column}) button.sort"));
                let step = click_step(&app, header, Awaited::SortOf(column)).await;
                let mem = procs.read();
                println!(
                    "sort by column {column} {direction:<10}: painted {:>7.1} ms (the click into the page {:.1} ms); PSS web {:.1}, app {:.1} MiB",
                    step.painted_ms, step.input_ms, mem.web, mem.app
                );
                sorts.push(step.painted_ms);
            }
        }
        let worst_sort = sorts.iter().copied().fold(0.0, f64::max);
        println!(
            "sorts of {pets} rows: slowest {worst_sort:.1} ms (goal <= {sort_goal} ms: {})",
            verdict(worst_sort <= sort_goal)
        );

        let scroll = run(&app, script::SCROLL).await;
        let mem = procs.read();
        println!(
            "scroll top to bottom: {} frames in {:.0} ms, longest frame {:.1} ms (goal <= {SCROLL_FRAME_GOAL_MS} ms: {}), frames over 50 ms: {}; PSS web {:.1}, app {:.1} MiB",
            scroll.frames,
            scroll.painted_ms,
            scroll.longest_frame_ms,
            verdict(scroll.longest_frame_ms <= SCROLL_FRAME_GOAL_MS),
            scroll.long_frames,
            mem.web,
            mem.app
        );

        // The Find box over every row loaded, a real key press at a time (issue 38 §2), then
        // Backspace to empty.
        app.click(By::Css("#pet-find")).await;
        let mut keys = Vec::new();
        let mut typed = String::new();
        let presses = FIND_TYPED.chars().map(|c| (c.to_string(), Some(c))).chain(
            FIND_TYPED
                .chars()
                .map(|_| (Key::Backspace.value().to_string(), None)),
        );
        for (number, (press, letter)) in presses.enumerate() {
            match letter {
                Some(c) => typed.push(c),
                None => {
                    typed.pop();
                }
            }
            let step = key_step(&app, &press).await;
            let what = if typed.is_empty() {
                format!("emptied, all {pets} rows back")
            } else {
                format!("{} of {pets} match", step.rows)
            };
            println!(
                "find {:<10}: painted {:>6.1} ms (rows changed {:>6.1} ms), {what}",
                format!("{typed:?}"),
                step.painted_ms,
                step.changed_ms
            );
            keys.push(step.painted_ms);
            if number + 1 == FIND_SHOWN_AFTER {
                app.screenshot("bench-store-find").await;
            }
        }
        let worst_key = keys.iter().copied().fold(0.0, f64::max);
        println!(
            "Find keystrokes over {pets} rows: slowest {worst_key:.1} ms (goal <= {FIND_GOAL_MS} ms: {})",
            verdict(worst_key <= FIND_GOAL_MS)
        );

        let ratio = at_all.total / at_100.total;
        println!(
            "PSS with {pets} rows: web {:.1} MiB, app {:.1} MiB, total {:.1} MiB (total {low_all:.1}-{high_all:.1}) = {ratio:.3}x the {PAGE}-row figure (goal <= {}x: {}); lowest against lowest {:.3}x",
            at_all.web,
            at_all.app,
            at_all.total,
            pss_goal(pets),
            verdict(ratio <= pss_goal(pets)),
            low_all / low_100
        );

        let filter = run(&app, &script::filter("sold")).await;
        let mem = procs.read();
        println!(
            "filter to sold (the first page from the sandbox): painted {:.1} ms (goal <= {FILTER_GOAL_MS} ms: {}), {} rows; PSS web {:.1}, app {:.1} MiB",
            filter.painted_ms,
            verdict(filter.painted_ms <= FILTER_GOAL_MS),
            filter.rows,
            mem.web,
            mem.app
        );
        app.screenshot("bench-store-filtered").await;
        // Memory returned when the list is replaced: the filtered page's PSS once it settles
        // (JavaScriptCore collects on its own timer), against the first page's and every row's.
        tokio::time::sleep(Duration::from_secs(5)).await;
        let (replaced, low_replaced, high_replaced) = procs.settled(SAMPLES).await;
        println!(
            "PSS after the list was replaced by one page: web {:.1} MiB, app {:.1} MiB, total {:.1} MiB ({low_replaced:.1}-{high_replaced:.1}) = {:.3}x the first page's, {:.3}x the figure with {pets} rows",
            replaced.web,
            replaced.app,
            replaced.total,
            replaced.total / at_100.total,
            replaced.total / at_all.total
        );

        let activity = run(&app, script::OPEN_ACTIVITY).await;
        println!(
            "Activity view with {} entries in the history: first rows in the DOM {:.1} ms, painted {:.1} ms (goal < {ACTIVITY_GOAL_MS} ms to first rows: {})",
            activity.rows,
            activity.changed_ms,
            activity.painted_ms,
            verdict(activity.painted_ms < ACTIVITY_GOAL_MS)
        );
        app.screenshot("bench-store-activity").await;
        // The quota panel over the seeded hour (for people; nothing is timed).
        app.click(thirtyfour::By::Css("[data-testid='quota-open']"))
            .await;
        app.wait_text("[data-testid='quota-today']", |t| !t.is_empty())
            .await;
        app.screenshot("bench-store-quota").await;
        app.quit().await;
        sandbox.shutdown().await;
    });
}

/// A history of [`HISTORY_ENTRIES`] requests over the last 60 days in the data folder the app
/// will use: list pages and creates (with names), a few failures and 429s.
fn seed_history(data_dir: &std::path::Path, staging_url: &str) {
    use petstore_client::{Environment, Operation, Outcome, PetNote, RequestRecord};
    std::fs::create_dir_all(data_dir).expect("data folder");
    let store = petstore_activity::ActivityStore::open(
        &data_dir.join(petstore_activity::ACTIVITY_FILE),
        petstore_activity::Retention {
            max_age_days: 90,
            max_entries: 500_000,
        },
    )
    .expect("history")
    .store;
    let sink = store.sink(petstore_activity::Source::Cli);
    let now = chrono::Utc::now();
    let span_ms = 60 * 24 * 3600 * 1000_i64;
    for i in 0..HISTORY_ENTRIES {
        let at = now
            - chrono::TimeDelta::milliseconds(
                span_ms * (HISTORY_ENTRIES - i) as i64 / HISTORY_ENTRIES as i64,
            );
        let create = i % 10 == 0;
        let limited = i % 997 == 0;
        sink.record(RequestRecord {
            started_at: at,
            environment: [Environment::Staging, Environment::Production][i % 2],
            base_url: "https://api.petstore.example/v1".to_owned(),
            operation: if create {
                Operation::CreatePet
            } else {
                Operation::ListPets
            },
            method: if create { "POST" } else { "GET" },
            path: if create {
                "/v1/pets".to_owned()
            } else {
                "/v1/pets?limit=100".to_owned()
            },
            status: Some(if limited {
                429
            } else if create {
                201
            } else {
                200
            }),
            duration: Duration::from_millis(40 + (i % 200) as u64),
            attempts: 1 + u32::from(limited),
            waited: Duration::ZERO,
            rate_limited: u32::from(limited),
            outcome: Outcome::Ok,
            error_kind: None,
            server_code: None,
            server_message: None,
            rate_limit: None,
            pet: create.then(|| PetNote {
                name: Some(format!("Pet {i}")),
                category_id: Some((i % 9) as i64 + 1),
                id: Some(i as i64 + 1),
            }),
            pets_returned: (!create).then_some(100),
        });
        if i % 5_000 == 4_999 {
            // The queue holds 10,000: let the writer catch up.
            store.flush(Duration::from_secs(60));
        }
    }
    seed_last_hour(&*sink, staging_url, now);
    assert!(store.flush(Duration::from_secs(120)), "history written");
}

/// The last hour of a busy Free-plan key on Staging (the bench's own sandbox address), for the
/// quota panel's chart: each minute window's requests with their remaining count, two bursts that
/// spend a window and meet a 429.
fn seed_last_hour(
    sink: &dyn petstore_client::ActivitySink,
    staging_url: &str,
    now: chrono::DateTime<chrono::Utc>,
) {
    use chrono::DurationRound;
    use petstore_client::{
        Environment, Operation, Outcome, Plan, QuotaWindow, RateLimitSnapshot, RequestRecord,
    };
    let hour_ago = (now - chrono::TimeDelta::hours(1))
        .duration_trunc(chrono::TimeDelta::minutes(1))
        .expect("a minute boundary");
    for minute in 0..60_i64 {
        let start = hour_ago + chrono::TimeDelta::minutes(minute);
        let reset = start + chrono::TimeDelta::minutes(1);
        let burst = minute == 17 || minute == 44;
        let requests = if burst { 61 } else { 5 + (minute * 13 % 31) };
        for k in 0..requests {
            let at = start + chrono::TimeDelta::milliseconds(k * 59_000 / requests);
            let limited = k >= 60;
            sink.record(RequestRecord {
                started_at: at,
                environment: Environment::Staging,
                base_url: staging_url.to_owned(),
                operation: Operation::ListPets,
                method: "GET",
                path: "/v1/pets?limit=100".to_owned(),
                status: Some(if limited { 429 } else { 200 }),
                duration: Duration::from_millis(60),
                attempts: 1,
                waited: Duration::ZERO,
                rate_limited: u32::from(limited),
                outcome: if limited { Outcome::Error } else { Outcome::Ok },
                error_kind: limited.then_some(petstore_client::ErrorKind::RateLimited),
                server_code: None,
                server_message: None,
                rate_limit: Some(RateLimitSnapshot {
                    limit: Some(60),
                    remaining: Some((59 - k).max(0) as u64),
                    reset_at: Some(reset),
                    window: QuotaWindow::Minute,
                    plan: Some(Plan::Free),
                    observed_at: at,
                }),
                pet: None,
                pets_returned: (!limited).then_some(100),
            });
        }
    }
}

async fn run(app: &App, body: &str) -> Step {
    let value = app
        .driver()
        .execute_async(body, Vec::new())
        .await
        .unwrap_or_else(|e| panic!("the step's script failed: {e}"))
        .json()
        .clone();
    let step: Step = serde_json::from_value(value.clone())
        .unwrap_or_else(|e| panic!("the step's answer {value} is not a step: {e}"));
    if let Some(error) = &step.error {
        panic!("the step did not finish: {error}");
    }
    step
}

/// A real pointer click on `target` (WebDriver's actions: the pointer moves there, presses and
/// lets go), timed in the page from the press to the painted change `awaited`.
async fn click_step(app: &App, target: By, awaited: Awaited) -> Step {
    app.driver()
        .execute(&script::arm(awaited), Vec::new())
        .await
        .unwrap_or_else(|e| panic!("the step could not be readied: {e}"));
    let element = app
        .driver()
        .find(target.clone())
        .await
        .unwrap_or_else(|e| panic!("nothing to click at {target:?}: {e}"));
    app.driver()
        .action_chain()
        .move_to_element_center(&element)
        .click()
        .perform()
        .await
        .unwrap_or_else(|e| panic!("the click on {target:?} failed: {e}"));
    run(app, script::COLLECT).await
}

/// A real key press into the focused Find box, timed from the key to the painted frame.
async fn key_step(app: &App, key: &str) -> Step {
    app.driver()
        .execute(&script::arm(Awaited::Typed), Vec::new())
        .await
        .unwrap_or_else(|e| panic!("the step could not be readied: {e}"));
    app.driver()
        .action_chain()
        .send_keys(key)
        .perform()
        .await
        .unwrap_or_else(|e| panic!("the key press failed: {e}"));
    run(app, script::COLLECT).await
}

fn median_of(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "missed" }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
