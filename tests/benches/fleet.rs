//! One key, many desks: N = 1, 2, 4, 8 computers import 40 rows each at once, each a
//! release `petstore` process with folders of its own, while one more desk lists the pets every
//! second, against a sandbox with a fixed window of 30 requests per 6 s (the Pro plan's rate, ten
//! times faster). Goals for each N: 0 answers 429, 0 requests sent during a Retry-After, every row
//! exactly once, the quota used within 1.15x of its minimum time (the requests the fleet needed,
//! at the window's rate), and the browsing desk's list p95 under a quarter of the window.
//!
//! Run: `cargo build --release -p petstore-cli && cargo bench -p petstore-e2e --bench fleet`
//! (`PETSTORE_BIN` overrides the binary; `FLEET_DESKS=1,2` the fleets). Figures go to
//! BENCHMARKS.md.

use std::collections::HashMap;
use std::time::Duration;

use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, PetstoreClient};
use petstore_sandbox::Sandbox;
use petstore_testnet::Fleet;

#[path = "support/cli_process.rs"]
mod cli_process;

const KEY: &str = "shared-desk-key";
const WINDOW_SECS: u64 = 6;
const PER_WINDOW: u64 = 30;
const ROWS: usize = 40;
const TIME_GOAL: f64 = 1.15;

fn main() {
    let fleets: Vec<usize> = std::env::var("FLEET_DESKS")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1, 2, 4, 8]);
    let bin = cli_process::petstore_bin();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    println!(
        "desks  requests  429s  during-wait  rows-once  time      minimum   ratio   list-p95  list-max"
    );
    let mut all_met = true;
    for desks in fleets {
        let met = runtime.block_on(run(&bin, desks));
        all_met &= met;
    }
    println!("all goals met: {all_met}");
}

async fn run(bin: &std::path::Path, desks: usize) -> bool {
    let config = Fleet::sandbox_config(KEY, PER_WINDOW, Duration::from_secs(WINDOW_SECS));
    let sandbox = Sandbox::start(config).await.expect("sandbox starts");
    let fleet = Fleet {
        petstore: bin.to_owned(),
        base_url: sandbox.base_url(),
        key: KEY.to_owned(),
        desks,
        rows_per_desk: ROWS,
        browse_every: Duration::from_secs(1),
        bound: Duration::from_secs(300),
    };
    let dir = tempfile::tempdir().expect("temp dir");
    cli_process::sleep_until_window_start(WINDOW_SECS).await;
    let run = {
        let dir = dir.path().to_owned();
        tokio::task::spawn_blocking(move || fleet.run(&dir))
            .await
            .expect("the fleet runs")
    };
    let counts = sandbox.limit_counts();
    let requests = sandbox.request_count();
    let answered = requests - counts.limited;
    // The quota's own pace: every answered request at the window's rate.
    let minimum = Duration::from_secs_f64(answered as f64 * WINDOW_SECS as f64 / PER_WINDOW as f64);
    let ratio = run.elapsed.as_secs_f64() / minimum.as_secs_f64();
    let names = names(&sandbox).await;
    let once = (0..desks)
        .all(|desk| (0..ROWS).all(|row| names.get(&format!("desk{desk}-{row}")) == Some(&1)));
    let imports_ok = run.imports.iter().all(|(code, _)| *code == Some(0));
    let p95 = run.list_percentile(95);
    let max = run.list_percentile(100);
    println!(
        "{desks:>5}  {requests:>8}  {:>4}  {:>11}  {once:>9}  {:>7.2}s  {:>7.2}s  {ratio:>5.3}  {:>7.0}ms  {:>6.0}ms",
        counts.limited,
        counts.during_wait,
        run.elapsed.as_secs_f64(),
        minimum.as_secs_f64(),
        p95.as_secs_f64() * 1000.0,
        max.as_secs_f64() * 1000.0,
    );
    for (code, stderr) in run.imports.iter().filter(|(code, _)| *code != Some(0)) {
        println!("  an import ended {code:?}: {stderr}");
    }
    let waited = run
        .imports
        .iter()
        .filter(|(_, stderr)| stderr.contains("too many requests"))
        .count();
    if waited > 0 || counts.limited > 0 {
        println!(
            "  imports told to wait after a 429: {waited}; lists slower than a second: {}",
            run.lists
                .iter()
                .filter(|took| **took > Duration::from_secs(1))
                .count()
        );
    }
    let met = counts.limited == 0
        && counts.during_wait == 0
        && once
        && imports_ok
        && ratio <= TIME_GOAL
        && p95 < Duration::from_secs(WINDOW_SECS) / 4;
    sandbox.shutdown().await;
    met
}

/// How many pets of each name the sandbox holds (every page), read after the fleet.
async fn names(sandbox: &Sandbox) -> HashMap<String, usize> {
    let client = PetstoreClient::new(
        ClientConfig::new(
            Environment::Sandbox,
            BaseUrl::parse(&sandbox.base_url()).expect("base url"),
        )
        .with_api_key(ApiKey::new(KEY.to_owned()).expect("key")),
    )
    .expect("client");
    let mut counts = HashMap::new();
    petstore_bulk::for_each_page(&client, None, |pets| {
        for pet in pets {
            *counts.entry(pet.name.clone()).or_insert(0) += 1;
        }
        Ok::<(), std::convert::Infallible>(())
    })
    .await
    .expect("the list loads");
    counts
}
