//! The release `petstore` CLI as the benches run it: found beside the bench, run as a whole
//! process with its peak memory sampled, and started on a quota window's boundary.
#![allow(dead_code)] // each bench uses part of it

use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// `PETSTORE_BIN`, else `target/release/petstore` beside `target/release/deps/<bench>-…`;
/// it must have been built (`cargo build --release -p petstore-cli`).
pub fn petstore_bin() -> PathBuf {
    let bin = match std::env::var_os("PETSTORE_BIN") {
        Some(path) => PathBuf::from(path),
        None => std::env::current_exe()
            .expect("bench path")
            .parent()
            .and_then(|deps| deps.parent())
            .map(|dir| dir.join("petstore"))
            .expect("target folder"),
    };
    assert!(
        bin.exists(),
        "build it first: cargo build --release -p petstore-cli ({bin:?})"
    );
    bin
}

/// The CLI with its folders in `dir`, the key in its variable, and `--base-url` set.
pub fn petstore(bin: &Path, dir: &Path, key: &str, base_url: &str) -> Command {
    let mut command = Command::new(bin);
    command
        .env("PETSTORE_CONFIG_DIR", dir.join("config"))
        .env("PETSTORE_CACHE_DIR", dir.join("cache"))
        .env("PETSTORE_DATA_DIR", dir.join("data"))
        .env("PETSTORE_API_KEY", key)
        .args(["--base-url", base_url]);
    command
}

/// One run to its exit: how long it took, its peak memory and what it said on stderr.
pub struct Measured {
    pub status: ExitStatus,
    pub elapsed: Duration,
    pub peak_kib: u64,
    pub stderr: String,
}

/// Runs `command` (stdout discarded), sampling VmHWM every 5 ms while it runs.
pub async fn run_measured(command: &mut Command) -> Measured {
    let started = Instant::now();
    let mut child = command
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
    Measured {
        status,
        elapsed,
        peak_kib,
        stderr,
    }
}

fn vm_hwm_kib(path: &str) -> Option<u64> {
    let status = std::fs::read_to_string(path).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Sleeps until just after the next window of `window_secs` begins (the sandbox's windows are
/// aligned to the clock), so "the minimum the quota allows" starts where the run does.
pub async fn sleep_until_window_start(window_secs: u64) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970");
    let window = Duration::from_secs(window_secs);
    let into = Duration::from_nanos((now.as_nanos() % window.as_nanos()) as u64);
    tokio::time::sleep(window - into + Duration::from_millis(20)).await;
}
