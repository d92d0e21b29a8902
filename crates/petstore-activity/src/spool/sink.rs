//! The writing end: a program that must not wait for SQLite (the CLI) appends each record as one
//! JSON line to a spool file of its own, as the record arrives. A plain write, no sync and no
//! SQLite on the request path: a crash loses at most the record being written (a torn last line,
//! skipped at ingest). The file is locked for as long as it is being written, so an ingest never
//! takes it half-written.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use petstore_client::{ActivitySink, RequestRecord};

use super::line::Line;
use super::{FRESH, MAX_LINE, MAX_SPOOL_BYTES, SUFFIX};
use crate::model::Source;

/// One program run's spool file, locked (exclusively) while this value or any of its sinks
/// lives, and by whoever holds a [`Spool::handle`] after that.
#[derive(Debug, Clone)]
pub struct Spool {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    source: Source,
    path: PathBuf,
    name: String,
    file: Mutex<File>,
    /// Lines written whole.
    entries: AtomicU64,
    bytes: AtomicU64,
    dropped: AtomicU64,
}

impl Spool {
    /// Creates `<dir>/<pid>-<nanos>.jsonl` (and `dir`), locked.
    pub fn create(dir: &Path, source: Source) -> std::io::Result<Spool> {
        std::fs::create_dir_all(dir)?;
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos());
        let name = format!("{}-{nanos}{SUFFIX}", std::process::id());
        let path = dir.join(&name);
        // Made under a name no ingest takes, locked, and only then given its spool name: an
        // ingest never finds it unlocked, so never takes it empty while this run writes on.
        let fresh = dir.join(format!("{name}{FRESH}"));
        let file = OpenOptions::new()
            .write(true)
            .read(true)
            .create_new(true)
            .open(&fresh)?;
        // A file this run just created: nobody else has it open, the lock is free.
        file.lock()?;
        std::fs::rename(&fresh, &path)?;
        Ok(Spool {
            inner: Arc::new(Inner {
                source,
                path,
                name,
                file: Mutex::new(file),
                entries: AtomicU64::new(0),
                bytes: AtomicU64::new(0),
                dropped: AtomicU64::new(0),
            }),
        })
    }

    pub fn sink(&self) -> Arc<dyn ActivitySink> {
        Arc::new(SpoolSink {
            inner: Arc::clone(&self.inner),
        })
    }

    /// The file's name in the spool folder (what the store records as imported).
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Records written so far.
    pub fn entries(&self) -> u64 {
        self.inner.entries.load(Ordering::SeqCst)
    }

    /// Records not written (the file reached its size bound, or a write failed).
    pub fn dropped(&self) -> u64 {
        self.inner.dropped.load(Ordering::SeqCst)
    }

    /// Another handle on the same open file, and so on its lock: given to a helper process (as
    /// its stdout), the file stays locked until that helper is done with it, though this
    /// program has exited.
    pub fn handle(&self) -> std::io::Result<File> {
        self.inner
            .file
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .try_clone()
    }

    /// Removes a spool nothing was written to.
    pub fn discard(self) {
        if self.entries() == 0
            && let Err(error) = std::fs::remove_file(&self.inner.path)
        {
            log::debug!(
                "activity spool {}: not removed: {error}",
                self.inner.path.display()
            );
        }
    }
}

#[derive(Debug)]
struct SpoolSink {
    inner: Arc<Inner>,
}

impl ActivitySink for SpoolSink {
    fn record(&self, record: RequestRecord) {
        let inner = &self.inner;
        let mut line = match serde_json::to_vec(&Line::new(inner.source, &record)) {
            Ok(line) => line,
            Err(error) => {
                log::warn!("activity spool: a record could not be written: {error}");
                inner.dropped.fetch_add(1, Ordering::SeqCst);
                return;
            }
        };
        line.push(b'\n');
        let len = line.len() as u64;
        let mut file = inner.file.lock().unwrap_or_else(PoisonError::into_inner);
        // The ingest reads no more than this; a record it would not read is not written.
        if line.len() > MAX_LINE || inner.bytes.load(Ordering::SeqCst) + len > MAX_SPOOL_BYTES {
            let dropped = inner.dropped.fetch_add(1, Ordering::SeqCst) + 1;
            if dropped == 1 || dropped.is_multiple_of(1_000) {
                log::warn!("activity spool is full: {dropped} records not recorded");
            }
            return;
        }
        // One write of the whole line: a crash tears at most this line.
        match file.write_all(&line) {
            Ok(()) => {
                inner.bytes.fetch_add(len, Ordering::SeqCst);
                inner.entries.fetch_add(1, Ordering::SeqCst);
            }
            Err(error) => {
                inner.dropped.fetch_add(1, Ordering::SeqCst);
                log::warn!(
                    "activity spool {}: a record could not be written: {error}",
                    inner.path.display()
                );
            }
        }
    }
}
