//! Recording through the spool, with real processes: a run's entries reach `petstore log` though
//! its helper never moved them in, a run killed mid-call leaves every call it completed, and two
//! readers moving the same spools in at once import each entry once.

mod support;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use support::{KEY, TestSandbox, stdout_json, text};

fn data_dir(sandbox: &TestSandbox) -> PathBuf {
    sandbox.config_dir.path().join("data")
}

fn spool_dir(sandbox: &TestSandbox) -> PathBuf {
    data_dir(sandbox).join(petstore_activity::SPOOL_DIR)
}

fn spools(sandbox: &TestSandbox) -> usize {
    std::fs::read_dir(spool_dir(sandbox)).map_or(0, |items| items.count())
}

fn run_ok(sandbox: &TestSandbox, args: &[&str]) {
    let out = sandbox.petstore(Some(KEY)).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

fn log_paths(sandbox: &TestSandbox) -> Vec<String> {
    let out = sandbox
        .petstore(None)
        .args(["--json", "log", "--limit", "100"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut paths: Vec<String> = stdout_json(&out)
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["path"].as_str().unwrap().to_owned())
        .collect();
    paths.sort();
    paths
}

/// The history's file replaced by a folder: no helper can open it, so each run's spool stays
/// behind (as when a helper could not start, or died before its import).
fn block_the_history(sandbox: &TestSandbox) -> PathBuf {
    let file = data_dir(sandbox).join(petstore_activity::ACTIVITY_FILE);
    std::fs::create_dir_all(&file).unwrap();
    file
}

#[test]
fn spools_no_helper_moved_in_are_in_the_next_log_once() {
    let sandbox = TestSandbox::start();
    let blocked = block_the_history(&sandbox);
    run_ok(&sandbox, &["list", "--limit", "1"]);
    run_ok(&sandbox, &["list", "--limit", "2"]);
    // The helpers gave up on the file: the spools are still there, unlocked.
    let deadline = Instant::now() + Duration::from_secs(10);
    while spools(&sandbox) != 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(spools(&sandbox), 2);

    std::fs::remove_dir(&blocked).unwrap();
    assert_eq!(
        log_paths(&sandbox),
        ["/v1/pets?limit=1", "/v1/pets?limit=2"]
    );
    assert_eq!(spools(&sandbox), 0, "moved in and deleted");
    // Read again: nothing twice.
    assert_eq!(log_paths(&sandbox).len(), 2);
}

#[test]
fn a_run_killed_mid_call_loses_only_that_call() {
    let sandbox = TestSandbox::start();
    run_ok(&sandbox, &["list", "--limit", "1"]);
    run_ok(&sandbox, &["list", "--limit", "2"]);
    // The next call hangs in the server until the run is killed.
    let mut faults = sandbox.sandbox.faults();
    faults.latency = Duration::from_secs(60);
    sandbox.sandbox.set_faults(faults.clone());
    let mut hung = support::petstore_std(sandbox.config_dir.path(), Some(KEY));
    let mut hung = hung
        .args(["--base-url", &sandbox.url(), "list", "--limit", "3"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let before = sandbox.sandbox.request_count();
    let deadline = Instant::now() + Duration::from_secs(20);
    while sandbox.sandbox.request_count() == before && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    hung.kill().unwrap(); // SIGKILL
    hung.wait().unwrap();
    faults.latency = Duration::ZERO;
    sandbox.sandbox.set_faults(faults);

    assert_eq!(
        log_paths(&sandbox),
        ["/v1/pets?limit=1", "/v1/pets?limit=2"],
        "every completed call, once; the killed one is not there"
    );
    assert_eq!(
        spools(&sandbox),
        0,
        "the killed run's empty spool is gone too"
    );
}

#[test]
fn two_logs_at_once_move_every_spool_in_once() {
    let sandbox = TestSandbox::start();
    let blocked = block_the_history(&sandbox);
    const RUNS: usize = 6;
    for n in 1..=RUNS {
        run_ok(&sandbox, &["list", "--limit", &n.to_string()]);
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while spools(&sandbox) != RUNS && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::fs::remove_dir(&blocked).unwrap();

    let readers: Vec<_> = (0..2)
        .map(|_| {
            support::petstore_std(sandbox.config_dir.path(), None)
                .args([
                    "--base-url",
                    &sandbox.url(),
                    "--json",
                    "log",
                    "--limit",
                    "100",
                ])
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for reader in readers {
        let out = reader.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0));
    }
    let paths = log_paths(&sandbox);
    let expected: Vec<String> = {
        let mut all: Vec<String> = (1..=RUNS).map(|n| format!("/v1/pets?limit={n}")).collect();
        all.sort();
        all
    };
    assert_eq!(paths, expected);
}
