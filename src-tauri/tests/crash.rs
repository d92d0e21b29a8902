//! Crashes leave a trace: a process of the app's that panics writes the panic's
//! message and place to the log file, bounded, and a marker; the next start's backend tells the
//! UI once (`last_crash`), with the log file's path, and removes the marker. No window: the
//! panicking process is this test program run again, with the app's hook installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::crash::{self, CrashFiles, MARKER_FILE};

/// Set for the run of this program that panics: the folder its files go to.
const PANICKING_RUN: &str = "PETSTORE_CRASH_TEST_DIR";
/// What follows the bound in the panic's message: never written anywhere.
const BEYOND_THE_BOUND: &str = "NEVER-WRITTEN-tail-of-a-long-message";

fn files(dir: &Path) -> CrashFiles {
    CrashFiles {
        log_dir: Some(dir.join("logs")),
        marker: Some(dir.join("data").join(MARKER_FILE)),
    }
}

fn next_start(dir: &Path) -> Backend {
    Backend::new(BackendConfig {
        crash_files: files(dir),
        ..BackendConfig::isolated()
    })
}

/// The run that panics, with the app's hook (as `run()` installs it). Does nothing in the usual
/// test run.
#[test]
fn panicking_run() {
    let Some(dir) = std::env::var_os(PANICKING_RUN) else {
        return;
    };
    crash::install(files(Path::new(&dir)));
    let long = format!("{}{BEYOND_THE_BOUND}", "x".repeat(300));
    panic!("the list could not be drawn:\n{long}");
}

/// Runs [`panicking_run`] in a process of its own, writing to `dir`.
fn panic_in_a_process(dir: &Path) {
    let out = Command::new(std::env::current_exe().expect("this test program"))
        .args([
            "--exact",
            "panicking_run",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(PANICKING_RUN, dir)
        .output()
        .expect("runs");
    assert!(!out.status.success(), "the run panicked");
}

#[test]
fn a_panic_leaves_its_message_and_place_in_the_log_and_a_marker() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("logs").join("petstore-admin.log");
    std::fs::create_dir_all(log.parent().unwrap()).unwrap();
    std::fs::write(&log, "an earlier line of the plugin's\n").unwrap();

    panic_in_a_process(dir.path());

    let text = std::fs::read_to_string(&log).expect("the log file");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "one line added: {text}");
    assert_eq!(lines[0], "an earlier line of the plugin's");
    let line = lines[1];
    assert!(
        line.contains("[petstore_admin::crash][ERROR] Petstore Admin stopped on a bug: the list could not be drawn: xxx"),
        "{line}"
    );
    assert!(line.starts_with("[20"), "the log file's date first: {line}");
    assert!(
        line.contains("(at src-tauri/tests/crash.rs:"),
        "where in the code: {line}"
    );
    assert!(
        !line.contains(BEYOND_THE_BOUND) && line.contains('…'),
        "the message is cut short: {line}"
    );
    let marker = dir.path().join("data").join(MARKER_FILE);
    let marked = std::fs::read_to_string(&marker).expect("a marker");
    assert!(marked.starts_with("{\"at\":\"20"), "{marked}");
    assert!(
        !marked.contains("list could not"),
        "the marker holds no message: {marked}"
    );
}

#[test]
fn the_next_start_tells_once_with_the_log_file_and_removes_the_marker() {
    let dir = tempfile::tempdir().expect("temp dir");
    panic_in_a_process(dir.path());
    let marker = dir.path().join("data").join(MARKER_FILE);
    assert!(marker.exists());

    let backend = next_start(dir.path());
    let notice = backend.last_crash().expect("the last run crashed");
    let log: PathBuf = dir.path().join("logs").join("petstore-admin.log");
    assert_eq!(notice.log_file, Some(log.display().to_string()));
    let at = notice.at.clone().expect("when");
    assert!(
        chrono::DateTime::parse_from_rfc3339(&at)
            .is_ok_and(|at| { (chrono::Utc::now() - at.to_utc()).num_minutes().abs() < 10 }),
        "{at}"
    );
    assert!(!marker.exists(), "removed once told");
    assert_eq!(
        backend.last_crash(),
        Some(notice),
        "the same answer for the rest of the run (a reloaded window)"
    );

    assert_eq!(next_start(dir.path()).last_crash(), None, "told once");
}

#[test]
fn a_marker_that_cannot_be_read_is_still_a_crash_and_none_is_none() {
    let dir = tempfile::tempdir().expect("temp dir");
    assert_eq!(next_start(dir.path()).last_crash(), None, "no marker");

    let marker = dir.path().join("data").join(MARKER_FILE);
    std::fs::create_dir_all(marker.parent().unwrap()).unwrap();
    std::fs::write(&marker, vec![b'{'; 1 << 20]).unwrap();
    let notice = next_start(dir.path()).last_crash().expect("a crash");
    assert_eq!(notice.at, None, "when is not known");
    assert!(notice.log_file.is_some());
    assert!(!marker.exists());

    let nowhere = Backend::new(BackendConfig::isolated());
    assert_eq!(nowhere.last_crash(), None, "no folder, no marker");
}
