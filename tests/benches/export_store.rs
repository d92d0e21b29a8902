//! `petstore export` of a 10,000-pet store: the real release CLI against a sandbox
//! holding 10,000 pets with `Link` paging, on the Free plan (60 requests a window) with the
//! window shortened to 5 s. Prints the time against the minimum the quota allows and the CLI's
//! peak memory (VmHWM, goal < 30 MiB: pages are streamed to the file, never collected). Nothing
//! here asserts a time.
//!
//! Run: `cargo build --release -p petstore-cli && cargo bench -p petstore-e2e --bench
//! export_store` (`PETSTORE_BIN` overrides the CLI; `EXPORT_WINDOW_SECS` the window;
//! `EXPORT_PETS` the store's size, 10,000 by default: issue 40 asks for 100,000; `EXPORT_PLAN`
//! `business` for 1,000 requests a window and a day's 100,000, which 1,000 pages need: the Free
//! plan's day allows 1,000 requests; `paced` for 100 a window, so 1,000 pages are bound by the
//! quota).

use std::time::Duration;

use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

#[path = "support/cli_process.rs"]
mod cli_process;

use cli_process::{Measured, petstore, petstore_bin, run_measured, sleep_until_window_start};

const KEY: &str = "free-plan-export-key";
const DEFAULT_PETS: usize = 10_000;
const FREE_PER_WINDOW: usize = 60;
const BUSINESS_PER_WINDOW: usize = 1_000;
const PACED_PER_WINDOW: usize = 100;
const RSS_GOAL_KIB: u64 = 30 * 1024;

fn main() {
    let window_secs: u64 = std::env::var("EXPORT_WINDOW_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|s| *s > 0)
        .unwrap_or(5);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let pets: usize = std::env::var("EXPORT_PETS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(DEFAULT_PETS);
    let business = std::env::var("EXPORT_PLAN").is_ok_and(|plan| plan == "business");
    let paced = std::env::var("EXPORT_PLAN").is_ok_and(|plan| plan == "paced");
    let (plan, per_window) = match (business, paced) {
        (true, _) => (Plan::Business, BUSINESS_PER_WINDOW),
        // 100 a window and no day limit to speak of: 1,000 pages span ten windows, so the quota,
        // not the requests' own time, sets the minimum.
        (_, true) => (
            Plan::Enterprise {
                per_minute: PACED_PER_WINDOW as u64,
                per_day: 10_000_000,
            },
            PACED_PER_WINDOW,
        ),
        _ => (Plan::Free, FREE_PER_WINDOW),
    };
    runtime.block_on(export(window_secs, pets, plan, per_window));
}

async fn export(window_secs: u64, pets: usize, plan: Plan, per_window: usize) {
    let mut config = SandboxConfig::default().with_key(KEY, plan);
    config.minute_window = Duration::from_secs(window_secs);
    config.seed_demo_data = false;
    config.page_size_links = true;
    let sandbox = Sandbox::start(config).await.expect("sandbox starts");
    for i in 0..pets {
        let status = ["available", "pending", "sold"][i % 3];
        sandbox.insert_pet(
            &format!("Store pet {i:06}"),
            (i % 9 + 1) as i64,
            status,
            None,
        );
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("pets.csv");
    let bin = petstore_bin();
    sleep_until_window_start(window_secs).await;
    let Measured {
        status,
        elapsed,
        peak_kib,
        stderr,
    } = run_measured(
        petstore(&bin, dir.path(), KEY, &sandbox.base_url())
            .args(["export", "-o"])
            .arg(&out),
    )
    .await;
    assert!(status.success(), "export failed: {status}\n{stderr}");
    let rows = std::fs::read_to_string(&out)
        .expect("the export file")
        .lines()
        .count()
        .saturating_sub(1);
    let requests = sandbox.request_count() as usize;
    let minimum = minimum_time(requests, window_secs, per_window);
    println!(
        "CLI export: {pets} pets, {plan:?} plan ({per_window}/window), window {window_secs} s, \
         Link paging, 100 a page"
    );
    println!(
        "rows written: {rows}; requests: {requests} (pages; {} would be one per 100 pets)",
        pets.div_ceil(100)
    );
    println!(
        "total {:.3} s; minimum the quota allows for {requests} requests {:.3} s; \
         ratio {:.3} (goal within 1.050); {:.3} s over the minimum",
        elapsed.as_secs_f64(),
        minimum.as_secs_f64(),
        elapsed.as_secs_f64() / minimum.as_secs_f64().max(f64::EPSILON),
        (elapsed.saturating_sub(minimum)).as_secs_f64()
    );
    println!(
        "peak RSS of the CLI (VmHWM): {:.1} MiB (goal < {} MiB: {})",
        peak_kib as f64 / 1024.0,
        RSS_GOAL_KIB / 1024,
        if peak_kib < RSS_GOAL_KIB {
            "met"
        } else {
            "missed"
        }
    );
    sandbox.shutdown().await;
}

/// The least time `requests` take at `per_window` a window, starting on a window boundary: the
/// last window's requests go at its start.
fn minimum_time(requests: usize, window_secs: u64, per_window: usize) -> Duration {
    Duration::from_secs(window_secs * (requests.div_ceil(per_window) as u64).saturating_sub(1))
}
