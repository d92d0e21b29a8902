//! The app and four CLI processes write the same file at the same moment, each through its own
//! store: no entry is lost, none written twice. The CLI processes are real processes: this test
//! binary run again, told by `PETSTORE_ACTIVITY_CHILD` to be a writer.

mod common;

use std::collections::HashSet;
use std::process::{Command, Stdio};
use std::time::Duration;

use petstore_activity::{ACTIVITY_FILE, ActivityStore, Filter, Retention, Source};

use common::{at, list};

const CHILD_VAR: &str = "PETSTORE_ACTIVITY_CHILD";
const CLI_PROCESSES: usize = 4;
const PER_WRITER: usize = 5_000;

/// Records `n` entries as writer `w`, each with path `/pets?writer=w&seq=i`.
fn write_as(store: &ActivityStore, source: Source, writer: usize, n: usize) {
    let sink = store.sink(source);
    for seq in 0..n {
        let mut record = list(at(seq as i64), 50);
        record.path = format!("/pets?writer={writer}&seq={seq}");
        sink.record(record);
        // Spread over time like real requests, so the processes' batches interleave.
        if seq % 100 == 99 {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    assert!(
        store.flush(Duration::from_secs(60)),
        "writer {writer} flushed"
    );
    assert_eq!(store.stats().dropped, 0);
}

/// The child side: does nothing in a normal test run.
#[test]
fn child_writer() {
    let Ok(spec) = std::env::var(CHILD_VAR) else {
        return;
    };
    let mut parts = spec.rsplitn(3, ',');
    let n: usize = parts.next().unwrap().parse().unwrap();
    let writer: usize = parts.next().unwrap().parse().unwrap();
    let path = parts.next().unwrap();
    let store = ActivityStore::open(path.as_ref(), Retention::default())
        .expect("the child opens the store")
        .store;
    write_as(&store, Source::Cli, writer, n);
}

#[test]
fn the_app_and_four_cli_processes_lose_no_entry() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(ACTIVITY_FILE);
    let exe = std::env::current_exe().unwrap();
    // The children start first and race to create the file; the app opens it meanwhile.
    let children: Vec<_> = (1..=CLI_PROCESSES)
        .map(|writer| {
            Command::new(&exe)
                .args(["--exact", "child_writer", "--nocapture", "--test-threads=1"])
                .env(
                    CHILD_VAR,
                    format!("{},{writer},{PER_WRITER}", path.display()),
                )
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the child starts")
        })
        .collect();
    let store = ActivityStore::open(&path, Retention::default())
        .unwrap()
        .store;
    write_as(&store, Source::App, 0, PER_WRITER);
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "a child failed ({}):\n{}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }

    let total = (CLI_PROCESSES + 1) * PER_WRITER;
    assert_eq!(store.count(&Filter::default()).unwrap(), total as u64);
    let entries = store
        .query(&Filter::default(), 0, total as u32 + 10)
        .unwrap();
    let paths: HashSet<String> = entries.iter().map(|e| e.record.path.clone()).collect();
    assert_eq!(paths.len(), total, "no entry written twice");
    for writer in 0..=CLI_PROCESSES {
        for seq in 0..PER_WRITER {
            assert!(paths.contains(&format!("/pets?writer={writer}&seq={seq}")));
        }
    }
    let from_cli = entries.iter().filter(|e| e.source == Source::Cli).count();
    assert_eq!(from_cli, CLI_PROCESSES * PER_WRITER);
}
