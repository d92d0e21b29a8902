//! `petstore export` of a 10,000-pet store (issue 12): the real release CLI against a sandbox
//! holding 10,000 pets with `Link` paging, on the Free plan (60 requests a window) with the
//! window shortened to 5 s. Prints the time against the minimum the quota allows and the CLI's
//! peak memory (VmHWM, goal < 30 MiB: pages are streamed to the file, never collected). Nothing
//! here asserts a time.
//!
//! Run: `cargo build --release -p petstore-cli && cargo bench -p petstore-e2e --bench
//! export_store` (`PETSTORE_BIN` overrides the CLI; `EXPORT_WINDOW_SECS` the window).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

const KEY: &str = "free-plan-export-key";
const PETS: usize = 10_000;
const FREE_PER_WINDOW: usize = 60;
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
    runtime.block_on(export(window_secs));
}

async fn export(window_secs: u64) {
    let mut config = SandboxConfig::default().with_key(KEY, Plan::Free);
    config.minute_window = Duration::from_secs(window_secs);
    config.seed_demo_data = false;
    config.page_size_links = true;
    let sandbox = Sandbox::start(config).await.expect("sandbox starts");
    for i in 0..PETS {
        let status = ["available", "pending", "sold"][i % 3];
        sandbox.insert_pet(
            &format!("Store pet {i:05}"),
            (i % 9 + 1) as i64,
            status,
            None,
        );
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("pets.csv");
    let bin = petstore_bin();
    assert!(
        bin.exists(),
        "build it first: cargo build --release -p petstore-cli ({bin:?})"
    );
    sleep_until_window_start(window_secs).await;
    let started = Instant::now();
    let mut child = Command::new(&bin)
        .env("PETSTORE_CONFIG_DIR", dir.path().join("config"))
        .env("PETSTORE_CACHE_DIR", dir.path().join("cache"))
        .env("PETSTORE_DATA_DIR", dir.path().join("data"))
        .env("PETSTORE_API_KEY", KEY)
        .args(["--base-url", &sandbox.base_url(), "export", "-o"])
        .arg(&out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("petstore starts");
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0;
    let status = loop {
        if let Some(kib) = vm_hwm_kib(&status_path) {
            peak_kib = peak_kib.max(kib);
        }
        if let Some(status) = child.try_wait().expect("petstore state") {
            break status;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let elapsed = started.elapsed();
    let mut stderr = String::new();
    if let Some(mut err) = child.stderr.take() {
        use std::io::Read;
        let _ = err.read_to_string(&mut stderr);
    }
    assert!(status.success(), "export failed: {status}\n{stderr}");
    let rows = std::fs::read_to_string(&out)
        .expect("the export file")
        .lines()
        .count()
        .saturating_sub(1);
    let requests = sandbox.request_count() as usize;
    let minimum = minimum_time(requests, window_secs);
    println!(
        "CLI export: {PETS} pets, Free plan ({FREE_PER_WINDOW}/window), window {window_secs} s, \
         Link paging, 100 a page"
    );
    println!(
        "rows written: {rows}; requests: {requests} (pages; {} would be one per 100 pets)",
        PETS.div_ceil(100)
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

/// The least time `requests` take at 60 a window, starting on a window boundary: the last
/// window's requests go at its start.
fn minimum_time(requests: usize, window_secs: u64) -> Duration {
    Duration::from_secs(window_secs * (requests.div_ceil(FREE_PER_WINDOW) as u64).saturating_sub(1))
}

fn petstore_bin() -> PathBuf {
    if let Some(path) = std::env::var_os("PETSTORE_BIN") {
        return PathBuf::from(path);
    }
    // target/release/deps/export_store-… → target/release/petstore
    let exe = std::env::current_exe().expect("bench path");
    exe.parent()
        .and_then(|deps| deps.parent())
        .map(|dir| dir.join("petstore"))
        .expect("target folder")
}

fn vm_hwm_kib(path: &str) -> Option<u64> {
    let status = std::fs::read_to_string(path).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

async fn sleep_until_window_start(window_secs: u64) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970");
    let window = Duration::from_secs(window_secs);
    let into = Duration::from_nanos((now.as_nanos() % window.as_nanos()) as u64);
    tokio::time::sleep(window - into + Duration::from_millis(20)).await;
}
