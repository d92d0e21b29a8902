//! The app's side of the activity history: the store opened once at start, the sink
//! every client records into (which also tells the UI, at most every 250 ms, that entries came),
//! the CLI's spools moved in, and what the store's problem is when it could not be opened.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_activity::{ActivityError, ActivityStore, Retention, Source, WeakStore};
use petstore_client::{ActivitySink, RequestRecord};
use petstore_local::ActivitySettings;

use crate::dto::{ActivityProblem, ActivityRecorded, ActivityStatus, AppEvent, CommandError};
use crate::events::EventSink;

/// How often, at most, the UI hears that entries were recorded.
const ANNOUNCE_EVERY: Duration = Duration::from_millis(250);
/// How often the spool folder is looked at (one folder listing; nothing when it is empty).
const SPOOL_EVERY: Duration = Duration::from_secs(2);

pub struct History {
    store: Option<ActivityStore>,
    problem: Option<ActivityProblem>,
    moved_aside: Option<PathBuf>,
    sink: Option<Arc<dyn ActivitySink>>,
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("History")
            .field("problem", &self.problem)
            .field("moved_aside", &self.moved_aside)
            .finish_non_exhaustive()
    }
}

pub fn retention(settings: &ActivitySettings) -> Retention {
    Retention {
        max_age_days: settings.retention_days,
        max_entries: settings.max_entries,
    }
}

impl History {
    /// Opens the store at `path` (`None`: no history, as in tests that need none). A store that
    /// cannot be opened leaves the app working without a history, and says why.
    pub fn open(
        path: Option<&Path>,
        settings: &ActivitySettings,
        events: Arc<dyn EventSink>,
    ) -> History {
        let Some(path) = path else {
            return History {
                store: None,
                problem: Some(ActivityProblem::Unavailable),
                moved_aside: None,
                sink: None,
            };
        };
        match ActivityStore::open(path, retention(settings)) {
            Ok(opened) => {
                if let Some(kept) = &opened.moved_aside {
                    log::warn!(
                        "the activity history was damaged; it was kept as {} and a new one started",
                        kept.display()
                    );
                }
                let store = opened.store;
                watch_spools(store.downgrade(), events.clone());
                let sink: Arc<dyn ActivitySink> = Arc::new(Announcing {
                    inner: store.sink(Source::App),
                    store: store.clone(),
                    pending: Arc::new(AtomicBool::new(false)),
                    events,
                });
                History {
                    store: Some(store),
                    problem: None,
                    moved_aside: opened.moved_aside,
                    sink: Some(sink),
                }
            }
            Err(error) => {
                log::warn!("the activity history is not recorded: {error}");
                let problem = match error {
                    ActivityError::NewerSchema { .. } => ActivityProblem::NewerSchema,
                    _ => ActivityProblem::Unavailable,
                };
                History {
                    store: None,
                    problem: Some(problem),
                    moved_aside: None,
                    sink: None,
                }
            }
        }
    }

    /// What clients record into; `None` when there is no history.
    pub fn sink(&self) -> Option<Arc<dyn ActivitySink>> {
        self.sink.clone()
    }

    pub fn store(&self) -> Result<&ActivityStore, CommandError> {
        self.store.as_ref().ok_or(CommandError::ActivityUnavailable)
    }

    pub fn set_retention(&self, settings: &ActivitySettings) {
        if let Some(store) = &self.store {
            store.set_retention(retention(settings));
        }
    }

    pub fn status(&self) -> ActivityStatus {
        let unconfirmed = self
            .store
            .as_ref()
            .and_then(|store| store.unconfirmed_count().ok())
            .unwrap_or(0);
        ActivityStatus {
            available: self.store.is_some(),
            problem: self.problem,
            moved_aside: self.moved_aside.as_ref().map(|p| p.display().to_string()),
            unconfirmed: u32::try_from(unconfirmed).unwrap_or(u32::MAX),
        }
    }
}

/// Moves in, now and every [`SPOOL_EVERY`], what CLI runs left in the spool folder (their helper
/// usually has; this takes the spool of one that never came), and tells the UI when it did, so
/// Activity and the quota panel show the CLI's entries too. Ends with the store.
fn watch_spools(store: WeakStore, events: Arc<dyn EventSink>) {
    let watching = std::thread::Builder::new()
        .name("petstore-activity-spool".to_owned())
        .spawn(move || {
            while let Some(store) = store.upgrade() {
                let done = store.ingest_spools(Duration::ZERO);
                if done.files > 0 {
                    let unconfirmed = store.unconfirmed_count().unwrap_or(0);
                    events.emit(AppEvent::ActivityRecorded(ActivityRecorded {
                        unconfirmed: u32::try_from(unconfirmed).unwrap_or(u32::MAX),
                    }));
                }
                // Not held while asleep: the app's closing of the store is not held off.
                drop(store);
                std::thread::sleep(SPOOL_EVERY);
            }
        });
    if let Err(error) = watching {
        log::warn!("CLI entries are not moved into the activity history: {error}");
    }
}

/// The store's sink, plus a note to the UI once the entries are written: at most one every
/// [`ANNOUNCE_EVERY`], after a flush, so the UI's next query sees them.
struct Announcing {
    inner: Arc<dyn ActivitySink>,
    store: ActivityStore,
    pending: Arc<AtomicBool>,
    events: Arc<dyn EventSink>,
}

impl std::fmt::Debug for Announcing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Announcing").finish_non_exhaustive()
    }
}

impl ActivitySink for Announcing {
    fn record(&self, record: RequestRecord) {
        self.inner.record(record);
        self.announce();
    }

    /// A 429 counts in the quota panel while it is waited out: the panel hears of it at once.
    fn answered_429(&self, base_url: &str, started: DateTime<Utc>) {
        self.inner.answered_429(base_url, started);
        self.announce();
    }
}

impl Announcing {
    /// Tells the UI, after a flush and at most every [`ANNOUNCE_EVERY`], that the history changed.
    fn announce(&self) {
        if self.pending.swap(true, Ordering::AcqRel) {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            self.pending.store(false, Ordering::Release);
            return;
        };
        let (store, pending, events) = (
            self.store.clone(),
            self.pending.clone(),
            self.events.clone(),
        );
        runtime.spawn_blocking(move || {
            std::thread::sleep(ANNOUNCE_EVERY);
            pending.store(false, Ordering::Release);
            store.flush(Duration::from_secs(2));
            let unconfirmed = store.unconfirmed_count().unwrap_or(0);
            events.emit(AppEvent::ActivityRecorded(ActivityRecorded {
                unconfirmed: u32::try_from(unconfirmed).unwrap_or(u32::MAX),
            }));
        });
    }
}
