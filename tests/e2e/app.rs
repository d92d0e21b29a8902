//! End to end: the real release app, driven through tauri-driver + WebKitWebDriver under Xvfb,
//! against its embedded sandbox and against sandboxes the tests start as "Staging".
//! Run through `cargo xtask test` (see `app_support` for what it provides).

mod app_support;
mod scenarios;

use std::time::{Duration, Instant};

use app_support::page::App;
use app_support::staging::{self, STAGING_PETS};
use app_support::wait::{UI_TIMEOUT, eventually, within};
use app_support::{Launch, Setup, scenario};
use petstore_sandbox::{Faults, Plan, Sandbox};
use thirtyfour::{By, Key};

const DEMO_NAMES: [&str; 3] = ["Biscuit", "Luna", "Captain Feathers"];

fn names(rows: &[app_support::page::Row]) -> Vec<&str> {
    rows.iter().map(|r| r.name.as_str()).collect()
}

fn shows_staging_pets(rows: &[app_support::page::Row]) -> bool {
    STAGING_PETS
        .iter()
        .all(|n| rows.iter().any(|r| r.name == *n))
}

/// An empty folder for one scenario, removed with it.
fn scratch_dir(what: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("petstore-e2e-{what}-"))
        .tempdir()
        .expect("temp folder")
}

/// Where the app's log goes with `XDG_DATA_HOME=data` (tauri-plugin-log's LogDir on Linux).
fn log_dir(data: &std::path::Path) -> std::path::PathBuf {
    data.join("dev.petstore.admin").join("logs")
}

/// Every log file of the app, in one text.
fn log_text(data: &std::path::Path) -> String {
    let files = walk(&log_dir(data));
    assert!(
        files
            .iter()
            .any(|f| f.file_name().is_some_and(|n| n == "petstore-admin.log")),
        "petstore-admin.log in {}: {files:?}",
        log_dir(data).display()
    );
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("log readable"))
        .collect()
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}
