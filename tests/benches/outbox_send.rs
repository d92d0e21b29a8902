//! Issue 39 §3: 500 queued creates sent by the outbox on a Business-plan sandbox (1,000 requests a
//! window), against the same 500 creates sent back to back by a plain client (what the key and
//! the server allow at best: 500 fit in one window, so the floor is the requests' own time),
//! measured side by side in one run. A clerk lists 20 pets every 200 ms on the same key, alone and
//! then while the outbox sends: their p95 is compared. Reports the 429s (goal 0), the ratio
//! (goal ≤ 1.05) and the clerk's p95 before and during.
//!
//! Run: `cargo bench -p petstore-e2e --bench outbox_send`. `OUTBOX_WINDOW_SECS` sets the quota
//! window (60, as the Business plan's minute, by default). Figures go to BENCHMARKS.md.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use petstore_bulk::{Outbox, QueueReason, send_outbox};
use petstore_client::{
    ApiKey, BaseUrl, ClientConfig, Environment, Limit, ListQuery, NewPet, PetstoreClient, Priority,
};
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

const KEY: &str = "business-plan-outbox-key";
const ENTRIES: usize = 500;
const CLERK_EVERY: Duration = Duration::from_millis(200);

fn main() {
    let window_secs: u64 = std::env::var("OUTBOX_WINDOW_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run(window_secs));
}

async fn sandbox(window_secs: u64) -> Sandbox {
    let mut config = SandboxConfig::default().with_key(KEY, Plan::Business);
    config.minute_window = Duration::from_secs(window_secs);
    config.seed_demo_data = false;
    config.page_size_links = true;
    Sandbox::start(config).await.expect("sandbox starts")
}

fn client(sandbox: &Sandbox) -> PetstoreClient {
    PetstoreClient::new(
        ClientConfig::new(
            Environment::Sandbox,
            BaseUrl::parse(&sandbox.base_url()).expect("base url"),
        )
        .with_api_key(ApiKey::new(KEY.to_owned()).expect("key")),
    )
    .expect("client")
}

fn pet(prefix: &str, i: usize) -> NewPet {
    NewPet::new(&format!("{prefix} {i}"), (i % 9 + 1) as i64, None).expect("valid pet")
}

async fn run(window_secs: u64) {
    // The floor: the same creates, back to back, on a sandbox of their own.
    let floor_sandbox = sandbox(window_secs).await;
    let floor_client = client(&floor_sandbox);
    let started = Instant::now();
    for i in 0..ENTRIES {
        floor_client
            .create_pet(&pet("Floor", i))
            .await
            .expect("created");
    }
    let floor = started.elapsed();
    floor_sandbox.shutdown().await;

    let sandbox = sandbox(window_secs).await;
    let client = client(&sandbox);
    let clerk_alone = clerk(&client, Duration::from_secs(4)).await;

    let dir = tempfile::tempdir().expect("temp dir");
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    let queued = Instant::now();
    for i in 0..ENTRIES {
        outbox
            .queue(&pet("Queued", i), QueueReason::Offline, false)
            .expect("queued");
    }
    let queue_each = queued.elapsed() / ENTRIES as u32;
    let requests_before = sandbox.request_count();
    let waits = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let clerk_task = tokio::spawn(clerk_until(client.clone(), waits.clone(), stop.clone()));
    let started = Instant::now();
    let report = send_outbox(
        &outbox,
        dir.path(),
        &client.with_priority(Priority::Background),
        |_| {},
    )
    .await
    .expect("the outbox sends");
    let took = started.elapsed();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = clerk_task.await;
    let during = waits.lock().expect("waits").clone();
    let limited = sandbox.limit_counts().limited;
    let requests = sandbox.request_count() - requests_before;

    println!("Outbox: {ENTRIES} entries, Business plan (1,000/window), window {window_secs} s");
    println!(
        "queueing one entry (file written whole and synced): {:.2} ms on average",
        queue_each.as_secs_f64() * 1000.0
    );
    println!(
        "sent {} (left {}), {} requests incl. the clerk's; 429s: {limited} (goal 0)",
        report.outcomes.len(),
        report.left,
        requests
    );
    println!(
        "outbox {:.3} s; the same creates back to back {:.3} s; ratio {:.3} (goal ≤ 1.050)",
        took.as_secs_f64(),
        floor.as_secs_f64(),
        took.as_secs_f64() / floor.as_secs_f64()
    );
    println!(
        "the clerk's list p95: alone {:.1} ms ({} calls), while the outbox sends {:.1} ms ({} calls)",
        p95(&clerk_alone) * 1000.0,
        clerk_alone.len(),
        p95(&during) * 1000.0,
        during.len()
    );
    sandbox.shutdown().await;
}

async fn clerk(client: &PetstoreClient, for_how_long: Duration) -> Vec<Duration> {
    let waits = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let task = tokio::spawn(clerk_until(client.clone(), waits.clone(), stop.clone()));
    tokio::time::sleep(for_how_long).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = task.await;
    waits.lock().map(|waits| waits.clone()).expect("waits")
}

async fn clerk_until(
    client: PetstoreClient,
    waits: Arc<Mutex<Vec<Duration>>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) {
    let query = ListQuery {
        limit: Limit::new(20).expect("limit"),
        ..ListQuery::default()
    };
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        let asked = Instant::now();
        client.list_pets(&query).await.expect("the clerk's list");
        waits.lock().expect("waits").push(asked.elapsed());
        tokio::time::sleep(CLERK_EVERY).await;
    }
}

fn p95(samples: &[Duration]) -> f64 {
    let mut sorted: Vec<f64> = samples.iter().map(Duration::as_secs_f64).collect();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n => sorted[((n * 95).div_ceil(100)).saturating_sub(1).min(n - 1)],
    }
}
