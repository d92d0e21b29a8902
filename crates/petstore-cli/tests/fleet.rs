//! One key, several desks: three computers import at once while a fourth lists the pets every
//! second, each a `petstore` process with its own folders, against a sandbox whose window is
//! shortened to 6 s at 30 requests. No 429, nothing sent during a wait, every row once.

mod support;

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use petstore_testnet::Fleet;
use support::{KEY, TestSandbox};

const WINDOW_SECS: u64 = 6;
const PER_WINDOW: u64 = 30;

#[test]
fn three_desks_importing_and_one_browsing_share_a_key_without_a_429() {
    let config = Fleet::sandbox_config(KEY, PER_WINDOW, Duration::from_secs(WINDOW_SECS));
    let sandbox = TestSandbox::with_config(config, None);
    let fleet = Fleet {
        petstore: env!("CARGO_BIN_EXE_petstore").into(),
        base_url: sandbox.url(),
        key: KEY.to_owned(),
        desks: 3,
        rows_per_desk: 30,
        browse_every: Duration::from_secs(1),
        bound: Duration::from_secs(120),
    };
    let dir = tempfile::tempdir().unwrap();
    // Start as a window opens, so a whole window is there to share.
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let into_window =
        Duration::from_millis((now.as_millis() % (u128::from(WINDOW_SECS) * 1000)) as u64);
    std::thread::sleep(Duration::from_secs(WINDOW_SECS).saturating_sub(into_window));
    let run = fleet.run(dir.path());

    for (code, stderr) in &run.imports {
        assert_eq!(*code, Some(0), "{stderr}");
    }
    let counts = sandbox.sandbox.limit_counts();
    assert_eq!(counts.limited, 0, "no 429: {counts:?} {run:?}");
    assert_eq!(counts.during_wait, 0, "nothing during a wait: {counts:?}");
    assert!(run.failed_lists.is_empty(), "{:?}", run.failed_lists);
    let names = names(&sandbox);
    for desk in 0..3 {
        for row in 0..30 {
            let name = format!("desk{desk}-{row}");
            assert_eq!(names.get(&name), Some(&1), "{name}");
        }
    }
    // Times are the benchmark's to judge (`cargo bench -p petstore-e2e --bench fleet`); shown
    // here for whoever reads a failure.
    eprintln!(
        "fleet of 3: {:?}, browsing p95 {:?}",
        run.elapsed,
        run.list_percentile(95)
    );
}

fn names(sandbox: &TestSandbox) -> HashMap<String, usize> {
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--json", "export"])
        .output()
        .unwrap();
    let pets: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let mut counts = HashMap::new();
    for pet in pets {
        *counts
            .entry(pet["name"].as_str().unwrap().to_owned())
            .or_insert(0) += 1;
    }
    counts
}
