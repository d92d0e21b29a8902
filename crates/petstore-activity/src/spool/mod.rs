//! The spool: where a program that must not wait for the SQLite file (the CLI) leaves its records,
//! one JSON-lines file per run in `<data>/activity-spool/`, for an ingest to move into the file.
//! The CLI hands its spool to a short-lived helper at exit; any spool left over (a helper that
//! could not start or died, a crashed run) is moved in by the next reader before it reads
//! (`petstore log`, `petstore quota --history`, the app's Activity and quota views).
//!
//! ```text
//! Spool::create(dir, Source::Cli) -> locked <pid>-<nanos>.jsonl; spool.sink() appends lines
//! store.ingest_spools(wait)         every unlocked spool (waiting up to `wait` for locked ones)
//! store.ingest_spool(name, &mut f)  one spool whose lock the caller holds
//! ```

mod ingest;
mod line;
mod sink;

use std::path::{Path, PathBuf};

pub use ingest::Ingested;
pub(crate) use ingest::{ingest_dir, ingest_file};

pub use sink::Spool;
use std::time::SystemTime;

/// The spool folder's name, beside the history's file.
pub const SPOOL_DIR: &str = "activity-spool";
const SUFFIX: &str = ".jsonl";
/// Added to a spool's name while it is being created (before it is locked).
const FRESH: &str = ".new";
/// A file still under its creating name after this long was left by a run that died at once
/// (it holds nothing): an ingest removes it.
const FRESH_STALE: std::time::Duration = std::time::Duration::from_secs(3600);
/// A spool's bytes read at most (and written: the sink stops recording beyond it). About 200,000
/// records, a long import's worth.
pub const MAX_SPOOL_BYTES: u64 = 128 * 1024 * 1024;
/// A line's bytes at most: a record is well under 2 KiB (a server message is its longest part).
pub const MAX_LINE: usize = 64 * 1024;
/// Spool files taken in one ingest at most; the rest wait for the next.
const MAX_FILES: usize = 1_000;

/// The spool folder of the history at `activity_file`.
pub fn spool_dir(activity_file: &Path) -> PathBuf {
    activity_file
        .parent()
        .unwrap_or_else(|| Path::new("."))
        .join(SPOOL_DIR)
}

/// `<digits>-<digits>.jsonl`, as [`Spool::create`] names them: nothing else in the folder is
/// taken for a spool.
pub fn is_spool_name(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(SUFFIX) else {
        return false;
    };
    let Some((pid, nanos)) = stem.split_once('-') else {
        return false;
    };
    name.len() <= 64
        && [pid, nanos]
            .iter()
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
}

/// A spool name plus [`FRESH`], last changed longer than [`FRESH_STALE`] ago.
fn is_stale_fresh(name: &str, modified: Option<SystemTime>) -> bool {
    name.strip_suffix(FRESH).is_some_and(is_spool_name)
        && modified
            .and_then(|at| at.elapsed().ok())
            .is_some_and(|age| age > FRESH_STALE)
}
