//! Shared helpers of the end-to-end tests.

#![allow(dead_code)]

pub mod prism;

use std::path::PathBuf;

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    let tests_crate = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    tests_crate
        .parent()
        .map(PathBuf::from)
        .unwrap_or(tests_crate)
}
