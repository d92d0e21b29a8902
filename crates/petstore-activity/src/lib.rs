//! The local history of every request the app and the CLI make: one SQLite file per
//! user in the data folder, written by both programs at once, read back for the Activity view,
//! the quota chart, `petstore log` and `petstore quota --history`.
//!
//! Tauri-free: the shell gives the file's path (`petstore_local::data_dir()?.join(ACTIVITY_FILE)`)
//! and hands [`ActivityStore::sink`] to its clients (`ClientConfig::with_activity_sink`).
//!
//! ```text
//! ActivityStore::open(path, Retention) -> Opened { store, moved_aside }
//! store.sink(Source::App)             -> Arc<dyn ActivitySink>: record() queues, never blocks
//!   └ one writer thread: batches in one transaction each, prunes every ~500 entries
//! store.flush(timeout)                 waits for the queue to be written
//! Spool::create(dir, Source::Cli)      the CLI: one JSON-lines file per run, no SQLite (spool.rs)
//! store.ingest_spools(wait)            readers move pending spools in before they read
//! store.query(&Filter, offset, limit) / count / get / unconfirmed / resolve
//! store.quota_history(base_url, since, until) / windows(&Filter) / export_csv(&Filter, out)
//! ```
//!
//! The file is in WAL mode (readers never wait for the writer), every connection waits up to
//! ten seconds for another process's lock, and the schema is versioned by `PRAGMA user_version`
//! (a newer file is refused untouched; a damaged one is moved aside and reported). A record
//! holds no key and no header value: nothing of the kind has a column.

mod codec;
pub mod error;
pub mod export;
mod filter;
pub mod model;
mod open;
mod prune;
mod query;
mod quota;
pub mod schema;
pub mod spool;
mod store;
mod writer;

pub use error::ActivityError;
pub use export::CSV_HEADER;
pub use model::{
    DayUse, Entry, Filter, QuotaHistory, QuotaPoint, Resolution, ResolutionKind, Retention, Source,
    WindowSummary, WriterStats,
};
pub use prune::CHUNK as PRUNE_CHUNK;
pub use quota::MAX_POINTS;
pub use schema::SCHEMA_VERSION;
pub use spool::{Ingested, SPOOL_DIR, Spool, spool_dir};
pub use store::{ActivityStore, Opened, WeakStore};
pub use writer::{PRUNE_EVERY, QUEUE_CAPACITY};

/// The history's file name in the data folder.
pub const ACTIVITY_FILE: &str = "activity.sqlite3";
