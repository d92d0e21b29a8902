//! Bulk import: 1,000 rows through the real `petstore import` against a Pro-plan
//! sandbox (300 requests a window) whose minute window is shortened to 5 s. Reports the 429s
//! (goal 0), the total time against the minimum the quota allows (goal within 5%) and the
//! CLI's peak memory (VmHWM from /proc, goal < 30 MiB). Then the same import in-process (as
//! the app runs it) while an "interactive" list call goes every second on the same key:
//! reports how long those waited (goal: within one quota slot, never a window's reset).
//!
//! Run: `cargo build --release -p petstore-cli && cargo bench -p petstore-e2e --bench
//! bulk_import` (the bench runs `petstore` from the same target folder; `PETSTORE_BIN`
//! overrides). `BULK_WINDOW_SECS` changes the window. Figures go to BENCHMARKS.md.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, ListQuery, PetstoreClient};
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

#[path = "support/cli_process.rs"]
mod cli_process;

use cli_process::{Measured, petstore, petstore_bin, run_measured, sleep_until_window_start};

const KEY: &str = "pro-plan-bulk-key";
const ROWS: usize = 1_000;
const PRO_PER_WINDOW: usize = 300;
const RSS_GOAL_KIB: u64 = 30 * 1024;

fn main() {
    let window_secs: u64 = std::env::var("BULK_WINDOW_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(cli_import(window_secs));
    runtime.block_on(app_import_with_a_clerk(window_secs));
}

async fn start_sandbox(window_secs: u64) -> Sandbox {
    let mut config = SandboxConfig::default().with_key(KEY, Plan::Pro);
    config.minute_window = Duration::from_secs(window_secs);
    config.seed_demo_data = false;
    config.page_size_links = true;
    Sandbox::start(config).await.expect("sandbox starts")
}

fn csv(dir: &std::path::Path, prefix: &str) -> PathBuf {
    let mut text = String::from("name,categoryId,status\n");
    for i in 0..ROWS {
        text.push_str(&format!("{prefix} {i},{},available\n", i % 9 + 1));
    }
    let path = dir.join(format!("{prefix}.csv"));
    std::fs::write(&path, text).expect("write csv");
    path
}

async fn cli_import(window_secs: u64) {
    let sandbox = start_sandbox(window_secs).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let file = csv(dir.path(), "Bulk pet");
    let bin = petstore_bin();
    sleep_until_window_start(window_secs).await;
    let Measured {
        status,
        elapsed,
        peak_kib,
        stderr,
    } = run_measured(
        petstore(&bin, dir.path(), KEY, &sandbox.base_url())
            .arg("import")
            .arg(&file),
    )
    .await;
    assert!(status.success(), "import failed: {status}\n{stderr}");
    let requests = sandbox.request_count() as usize;
    let creates = sandbox.create_count() as usize;
    // 1,000 creates and one list page (the catalog before the import: empty); no unknown rows,
    // so no reconciliation. Anything more was a 429 answered (or a retry).
    let needed = ROWS + 1;
    let minimum = minimum_time(needed, window_secs);
    println!("CLI import: {ROWS} rows, Pro plan ({PRO_PER_WINDOW}/window), window {window_secs} s");
    println!(
        "requests: {requests} ({creates} creates); 429s: {} (goal 0)",
        requests.saturating_sub(needed)
    );
    println!(
        "total {:.3} s; minimum the quota allows {:.3} s; ratio {:.3} (goal within 1.050)",
        elapsed.as_secs_f64(),
        minimum.as_secs_f64(),
        elapsed.as_secs_f64() / minimum.as_secs_f64()
    );
    println!(
        "peak RSS of the CLI (VmHWM): {:.1} MiB (goal < {} MiB)",
        peak_kib as f64 / 1024.0,
        RSS_GOAL_KIB / 1024
    );
    sandbox.shutdown().await;
}

/// The import as the app runs it (in-process, background priority) while a clerk's table
/// refreshes every second on the same key.
async fn app_import_with_a_clerk(window_secs: u64) {
    let sandbox = start_sandbox(window_secs).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let file = csv(dir.path(), "App pet");
    let bytes = std::fs::read(&file).expect("read csv");
    let client = PetstoreClient::new(
        ClientConfig::new(
            Environment::Sandbox,
            BaseUrl::parse(&sandbox.base_url()).expect("base url"),
        )
        .with_api_key(ApiKey::new(KEY.to_owned()).expect("key")),
    )
    .expect("client");
    sleep_until_window_start(window_secs).await;
    let started = Instant::now();
    let parsed = petstore_bulk::parse(&bytes).expect("valid file");
    let background = client.with_priority(petstore_client::Priority::Background);
    let import =
        petstore_bulk::Import::prepare(dir.path(), &bytes, parsed, &background).expect("journal");
    let running = tokio::spawn(import.run(petstore_bulk::ImportOptions::default()));
    let clerk = client.clone();
    let waits = Arc::new(std::sync::Mutex::new(Vec::new()));
    let refresher = tokio::spawn({
        let waits = waits.clone();
        async move {
            loop {
                tokio::time::sleep(Duration::from_secs(1)).await;
                let asked = Instant::now();
                let query = ListQuery {
                    limit: petstore_client::Limit::new(20).expect("limit"),
                    ..ListQuery::default()
                };
                clerk
                    .list_pets(&query)
                    .await
                    .expect("the clerk's list loads");
                waits.lock().expect("waits").push(asked.elapsed());
            }
        }
    });
    let report = running.await.expect("import task").expect("import runs");
    let elapsed = started.elapsed();
    refresher.abort();
    let waits = waits.lock().expect("waits").clone();
    let slowest = waits.iter().max().copied().unwrap_or_default();
    let requests = sandbox.request_count() as usize;
    let needed = ROWS + 1 + waits.len();
    println!(
        "App import with a refresh every second: {} created in {:.3} s (minimum {:.3} s); \
         429s: {}",
        report.counts.created,
        elapsed.as_secs_f64(),
        minimum_time(needed, window_secs).as_secs_f64(),
        requests.saturating_sub(needed)
    );
    println!(
        "interactive list calls: {}, slowest answered in {:.3} s (a window's reset is {window_secs} s; goal: well under it)",
        waits.len(),
        slowest.as_secs_f64()
    );
    sandbox.shutdown().await;
}

/// The least time `requests` take at 300 a window, starting on a window boundary: the last
/// window's requests go at its start.
fn minimum_time(requests: usize, window_secs: u64) -> Duration {
    Duration::from_secs(window_secs * (requests.div_ceil(PRO_PER_WINDOW) as u64 - 1))
}
