//! The store: one per file per process, cheap to clone, shared by the sink its clients record
//! through and the screens and commands that read the history.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_client::ActivitySink;
use rusqlite::Connection;

use crate::error::ActivityError;
use crate::model::{
    Entry, Filter, QuotaHistory, Resolution, Retention, Source, WindowSummary, WriterStats,
};
use crate::spool::{self, Ingested};
use crate::writer::Writer;
use crate::{export, open, prune, query, quota};

/// The activity history of one file. Clones share the same connections and writer thread.
#[derive(Debug, Clone)]
pub struct ActivityStore {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    path: PathBuf,
    /// Queries take turns on one connection; they are short (indexed, paged) and the writer has
    /// its own, so recording never waits for them.
    reader: Mutex<Connection>,
    writer: Writer,
}

/// A store that does not keep it open: for a task that lives beside the program (the app's spool
/// timer) and must not hold off the store's closing, which writes out what is queued.
#[derive(Debug, Clone)]
pub struct WeakStore {
    inner: std::sync::Weak<Inner>,
}

impl WeakStore {
    /// The store, while anyone else still has it.
    pub fn upgrade(&self) -> Option<ActivityStore> {
        self.inner.upgrade().map(|inner| ActivityStore { inner })
    }
}

/// An opened store, and where a damaged file found at its place was moved to (to report).
#[derive(Debug)]
pub struct Opened {
    pub store: ActivityStore,
    /// The damaged file kept as `activity.sqlite3.corrupt-<yyyymmddThhmmssZ>` beside the new one.
    pub moved_aside: Option<PathBuf>,
}

impl ActivityStore {
    /// Opens (or creates) the history at `path`, in a folder that must exist. Refuses a file of a
    /// newer schema without touching it; moves a damaged one aside and starts a new one. The
    /// writer thread starts at once and prunes by `retention` first.
    pub fn open(path: &Path, retention: Retention) -> Result<Opened, ActivityError> {
        let opened = open::open(path)?;
        let writer = Writer::start(opened.writer, retention).map_err(|error| {
            ActivityError::Unavailable {
                path: path.to_owned(),
                cause: format!("its writer thread could not start: {error}"),
            }
        })?;
        let store = ActivityStore {
            inner: Arc::new(Inner {
                path: path.to_owned(),
                reader: Mutex::new(opened.reader),
                writer,
            }),
        };
        Ok(Opened {
            store,
            moved_aside: opened.moved_aside,
        })
    }

    /// A sink the client can take (`ClientConfig::with_activity_sink`). Records go through a
    /// bounded queue to the store's one writer thread (batched transactions); `record` never
    /// blocks: a full queue drops the record and counts it ([`ActivityStore::stats`]).
    pub fn sink(&self, source: Source) -> Arc<dyn ActivitySink> {
        self.inner.writer.sink(source)
    }

    /// Waits until everything queued before this call is written (the CLI calls it before it
    /// exits), at most `timeout`. False when the time ran out first.
    pub fn flush(&self, timeout: Duration) -> bool {
        self.inner.writer.flush(timeout)
    }

    /// Takes effect at the writer's next pruning (after about 500 more entries); call
    /// [`ActivityStore::prune`] to apply it at once.
    pub fn set_retention(&self, retention: Retention) {
        self.inner.writer.set_retention(retention);
    }

    pub fn retention(&self) -> Retention {
        self.inner.writer.retention()
    }

    /// Deletes entries older than the retention's age (counted back from `now`) and the oldest
    /// beyond its count, in chunks. Returns how many. The writer also does this by itself.
    pub fn prune(&self, now: DateTime<Utc>) -> Result<u64, ActivityError> {
        let pruned = prune::prune(&self.reader(), self.retention(), now)?;
        self.inner.writer.count_pruned(pruned);
        Ok(pruned)
    }

    /// A page of the entries `filter` matches, newest first.
    pub fn query(
        &self,
        filter: &Filter,
        offset: u64,
        limit: u32,
    ) -> Result<Vec<Entry>, ActivityError> {
        query::query(&self.reader(), filter, offset, limit)
    }

    pub fn count(&self, filter: &Filter) -> Result<u64, ActivityError> {
        query::count(&self.reader(), filter)
    }

    pub fn get(&self, id: i64) -> Result<Option<Entry>, ActivityError> {
        query::get(&self.reader(), id)
    }

    /// Creates that ended "outcome unknown" and are not settled yet, newest first.
    pub fn unconfirmed(&self) -> Result<Vec<Entry>, ActivityError> {
        query::unconfirmed(&self.reader())
    }

    pub fn unconfirmed_count(&self) -> Result<u64, ActivityError> {
        query::unconfirmed_count(&self.reader())
    }

    /// Records how an entry was settled and returns it as it is now; `None` when it is gone.
    pub fn resolve(&self, id: i64, resolution: Resolution) -> Result<Option<Entry>, ActivityError> {
        query::resolve(&self.reader(), id, resolution)
    }

    /// The quota of the server at `base_url` between `since` and `until` (inclusive).
    pub fn quota_history(
        &self,
        base_url: &str,
        since: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<QuotaHistory, ActivityError> {
        let mut history = quota::quota_history(&self.reader(), base_url, since, until)?;
        // The 429s of operations still waiting them out count now, not only once recorded.
        history
            .rate_limited
            .extend(self.inner.writer.live_429(base_url, since, until));
        history.rate_limited.sort();
        Ok(history)
    }

    /// Per rate-limit window: requests sent, 429s, lowest remaining (`petstore quota --history`).
    pub fn windows(&self, filter: &Filter) -> Result<Vec<WindowSummary>, ActivityError> {
        quota::windows(&self.reader(), filter)
    }

    /// Streams the entries `filter` matches to `out` as CSV, newest first; returns how many.
    /// Uses a connection of its own, so a long export does not hold up the screens' queries.
    pub fn export_csv(
        &self,
        filter: &Filter,
        out: impl std::io::Write,
    ) -> Result<u64, ActivityError> {
        let connection = open::connect_reader(&self.inner.path)?;
        export::export_csv(&connection, filter, out)
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    pub fn downgrade(&self) -> WeakStore {
        WeakStore {
            inner: Arc::downgrade(&self.inner),
        }
    }

    /// Moves every pending spool (see [`crate::spool`]) into the history, waiting up to `wait`
    /// in all for spools still locked (a run still writing, or an ingest already at it). Readers
    /// call it before they read, so they show what was recorded; a spool that fails stays for the
    /// next ingest (logged).
    pub fn ingest_spools(&self, wait: Duration) -> Ingested {
        let dir = crate::spool::spool_dir(&self.inner.path);
        spool::ingest_dir(&mut self.reader(), &dir, wait)
    }

    /// Moves in the spool `name` of the spool folder, whose lock the caller holds through `file`
    /// (the CLI's helper), then deletes it.
    pub fn ingest_spool(&self, name: &str, file: &mut File) -> Result<Ingested, ActivityError> {
        let dir = crate::spool::spool_dir(&self.inner.path);
        spool::ingest_file(&mut self.reader(), &dir, name, file, Utc::now())
    }

    /// What the writer did since the store was opened in this process.
    pub fn stats(&self) -> WriterStats {
        self.inner.writer.stats()
    }

    fn reader(&self) -> MutexGuard<'_, Connection> {
        // A query that panicked elsewhere leaves the connection itself usable.
        self.inner
            .reader
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The app hands the store to blocking tasks and its sink to clients on any thread.
    #[test]
    fn the_store_and_its_parts_cross_threads() {
        fn shareable<T: Send + Sync + 'static>() {}
        shareable::<ActivityStore>();
        shareable::<Opened>();
        shareable::<ActivityError>();
    }
}
