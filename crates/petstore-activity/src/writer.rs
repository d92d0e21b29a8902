//! Recording without slowing a request: the sink only puts the record on a bounded queue; one
//! thread per store takes what has piled up and writes it in one transaction, and prunes now and
//! then. A full queue drops the record (counted, logged) rather than ever making a request wait.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use petstore_client::{ActivitySink, RequestRecord};
use rusqlite::{Connection, ErrorCode, TransactionBehavior};

use crate::codec;
use crate::model::{Retention, Source, WriterStats};
use crate::prune;

/// Records waiting to be written at most. At the client's fastest (a few hundred requests a
/// second) this is many seconds of slack for a writer held up by another process's lock.
pub const QUEUE_CAPACITY: usize = 10_000;
/// Records written in one transaction at most: one commit (one WAL sync) for a burst.
const MAX_BATCH: usize = 1_000;
/// How long the writer gathers records after the first of a batch before committing: a burst
/// of requests costs one commit, not one per request (each commit is a WAL write, and on a
/// two-core machine its CPU competes with the requests themselves). A flush cuts it short.
const GATHER: Duration = Duration::from_millis(100);
/// How often a gathering writer looks whether a flush is waiting.
const GATHER_SLICE: Duration = Duration::from_millis(5);
/// The writer prunes after about this many inserts (and once when it starts).
pub const PRUNE_EVERY: u64 = 500;

/// 429 answers waited out now, not yet recorded, at most: beyond this many (a runaway loop) the
/// oldest are forgotten rather than the memory growing.
const MAX_LIVE_429: usize = 10_000;

/// The record is boxed so the queue's slots (allocated up front) stay small.
type Queued = (Source, Box<RequestRecord>);

/// What the writer thread and the store's handles share.
#[derive(Debug)]
pub(crate) struct Shared {
    retention: Mutex<Retention>,
    /// Records accepted on the queue so far.
    enqueued: AtomicU64,
    dropped: AtomicU64,
    /// Flushes waiting: the writer commits what it has gathered at once.
    flushing: AtomicU64,
    progress: Mutex<Progress>,
    progressed: Condvar,
    /// 429 answers of operations not yet written (base address, when the operation began): the
    /// history counts them while they are waited out, and lets them go as their records are
    /// written (or dropped), so no answer is counted twice or missed.
    live_429: Mutex<Vec<(String, DateTime<Utc>)>>,
}

#[derive(Debug, Default)]
struct Progress {
    /// Records taken off the queue and written or given up on.
    processed: u64,
    written: u64,
    failed: u64,
    pruned: u64,
}

/// The store's side of the writer: it makes sinks, waits for the queue to empty, and holds one
/// sender, so the thread lives while the store or any sink does.
#[derive(Debug)]
pub(crate) struct Writer {
    /// Always `Some` until dropped (taken first there, so the thread sees the queue close).
    sender: Option<SyncSender<Queued>>,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    pub(crate) fn start(connection: Connection, retention: Retention) -> std::io::Result<Writer> {
        let (sender, receiver) = mpsc::sync_channel(QUEUE_CAPACITY);
        let shared = Arc::new(Shared {
            retention: Mutex::new(retention),
            enqueued: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
            flushing: AtomicU64::new(0),
            progress: Mutex::new(Progress::default()),
            progressed: Condvar::new(),
            live_429: Mutex::new(Vec::new()),
        });
        let thread_shared = Arc::clone(&shared);
        let thread = thread::Builder::new()
            .name("petstore-activity-writer".to_owned())
            .spawn(move || run(connection, &receiver, &thread_shared))?;
        Ok(Writer {
            sender: Some(sender),
            shared,
            thread: Some(thread),
        })
    }

    pub(crate) fn sink(&self, source: Source) -> Arc<dyn ActivitySink> {
        Arc::new(QueueSink {
            source,
            sender: self.sender.clone(),
            shared: Arc::clone(&self.shared),
        })
    }

    /// Waits until every record accepted before this call is written (or given up on).
    pub(crate) fn flush(&self, timeout: Duration) -> bool {
        self.shared.flushing.fetch_add(1, Ordering::SeqCst);
        let done = self.wait_written(timeout);
        self.shared.flushing.fetch_sub(1, Ordering::SeqCst);
        done
    }

    fn wait_written(&self, timeout: Duration) -> bool {
        let target = self.shared.enqueued.load(Ordering::SeqCst);
        let deadline = Instant::now() + timeout;
        let mut progress = self.shared.progress();
        while progress.processed < target {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            progress = self
                .shared
                .progressed
                .wait_timeout(progress, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        true
    }

    pub(crate) fn retention(&self) -> Retention {
        self.shared.retention()
    }

    pub(crate) fn set_retention(&self, retention: Retention) {
        *self
            .shared
            .retention
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = retention;
    }

    pub(crate) fn stats(&self) -> WriterStats {
        let progress = self.shared.progress();
        WriterStats {
            written: progress.written,
            dropped: self.shared.dropped.load(Ordering::Relaxed),
            failed: progress.failed,
            pruned: progress.pruned,
        }
    }

    /// When the operations began whose 429 answers to `base_url` are not written yet (one per
    /// answer), within `since..=until`.
    pub(crate) fn live_429(
        &self,
        base_url: &str,
        since: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Vec<DateTime<Utc>> {
        self.shared
            .live_429()
            .iter()
            .filter(|(url, at)| url == base_url && *at >= since && *at <= until)
            .map(|(_, at)| *at)
            .collect()
    }

    pub(crate) fn count_pruned(&self, pruned: u64) {
        self.shared.progress().pruned += pruned;
    }
}

impl Drop for Writer {
    /// When no sink is left either, waits for the thread to write what is queued and close its
    /// connection (which checkpoints the WAL): a program that drops its store before exiting
    /// loses nothing. With sinks still out there the thread outlives the store, serving them.
    fn drop(&mut self) {
        drop(self.sender.take());
        // The writer's and the thread's references only: no sink holds the queue.
        if Arc::strong_count(&self.shared) <= 2
            && let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            log::error!("activity history: the writer thread panicked");
        }
    }
}

impl Shared {
    /// A panic elsewhere while holding the lock leaves counters that are still meaningful.
    fn progress(&self) -> MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn live_429(&self) -> MutexGuard<'_, Vec<(String, DateTime<Utc>)>> {
        self.live_429.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The record of an operation is written (or lost): its 429 answers are no longer live.
    fn settle_429(&self, record: &RequestRecord) {
        let mut left = record.rate_limited;
        if left == 0 {
            return;
        }
        self.live_429().retain(|(url, at)| {
            let this = left > 0 && *url == record.base_url && *at == record.started_at;
            if this {
                left -= 1;
            }
            !this
        });
    }

    fn retention(&self) -> Retention {
        *self
            .retention
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// The sink a client is given.
#[derive(Debug)]
struct QueueSink {
    source: Source,
    /// Never `None` in practice (the store gives up its sender only when dropped, and a sink
    /// is made from a live store); if it were, records would be counted as dropped.
    sender: Option<SyncSender<Queued>>,
    shared: Arc<Shared>,
}

impl ActivitySink for QueueSink {
    fn record(&self, record: RequestRecord) {
        let sent = match &self.sender {
            Some(sender) => sender.try_send((self.source, Box::new(record))),
            None => Err(TrySendError::Disconnected((self.source, Box::new(record)))),
        };
        match sent {
            Ok(()) => {
                self.shared.enqueued.fetch_add(1, Ordering::SeqCst);
            }
            Err(TrySendError::Full((_, record)) | TrySendError::Disconnected((_, record))) => {
                self.shared.settle_429(&record);
                let dropped = self.shared.dropped.fetch_add(1, Ordering::Relaxed) + 1;
                // The first, then one line per thousand: a stuck writer must not flood the log.
                if dropped == 1 || dropped.is_multiple_of(1_000) {
                    log::warn!(
                        "activity history: the writer is behind; {dropped} records dropped so far"
                    );
                }
            }
        }
    }

    fn answered_429(&self, base_url: &str, started: DateTime<Utc>) {
        let mut live = self.shared.live_429();
        if live.len() >= MAX_LIVE_429 {
            live.remove(0);
        }
        live.push((base_url.to_owned(), started));
    }
}

/// Adds to `batch` what arrives within [`GATHER`], until it is full, a flush waits, or the
/// queue closes.
fn gather(receiver: &Receiver<Queued>, shared: &Shared, batch: &mut Vec<Queued>) {
    let until = Instant::now() + GATHER;
    while batch.len() < MAX_BATCH {
        match receiver.try_recv() {
            Ok(queued) => {
                batch.push(queued);
                continue;
            }
            Err(mpsc::TryRecvError::Disconnected) => return,
            Err(mpsc::TryRecvError::Empty) => {}
        }
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || shared.flushing.load(Ordering::SeqCst) > 0 {
            return;
        }
        match receiver.recv_timeout(left.min(GATHER_SLICE)) {
            Ok(queued) => batch.push(queued),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}

fn run(mut connection: Connection, receiver: &Receiver<Queued>, shared: &Shared) {
    lower_priority();
    prune_now(&connection, shared);
    let mut since_prune = 0u64;
    let mut batch: Vec<Queued> = Vec::with_capacity(MAX_BATCH);
    // Ends when the store and every sink are gone (the queue has no sender left).
    while let Ok(first) = receiver.recv() {
        batch.push(first);
        gather(receiver, shared, &mut batch);
        let count = batch.len() as u64;
        let result = write_batch(&mut connection, &batch).or_else(|error| {
            // Another process held the lock beyond the busy timeout: one more try before the
            // batch is given up on.
            if matches!(
                error.sqlite_error_code(),
                Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
            ) {
                write_batch(&mut connection, &batch)
            } else {
                Err(error)
            }
        });
        // Written (or given up on): what these records count is no longer live.
        for (_, record) in &batch {
            shared.settle_429(record);
        }
        batch.clear();
        {
            let mut progress = shared.progress();
            progress.processed += count;
            match result {
                Ok(()) => progress.written += count,
                Err(error) => {
                    progress.failed += count;
                    log::error!("activity history: {count} records could not be written: {error}");
                }
            }
        }
        shared.progressed.notify_all();
        since_prune += count;
        if since_prune >= PRUNE_EVERY {
            since_prune = 0;
            prune_now(&connection, shared);
        }
    }
}

fn write_batch(connection: &mut Connection, batch: &[Queued]) -> rusqlite::Result<()> {
    // Immediate: the write lock is taken (waiting out the busy timeout) at the start, never
    // upgraded halfway, which SQLite cannot wait for.
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    {
        let mut statement = transaction.prepare(codec::INSERT)?;
        for (source, record) in batch {
            codec::insert(&mut statement, *source, record)?;
        }
    }
    transaction.commit()
}

fn prune_now(connection: &Connection, shared: &Shared) {
    match prune::prune(connection, shared.retention(), Utc::now()) {
        Ok(pruned) => shared.progress().pruned += pruned,
        Err(error) => log::warn!("activity history: pruning failed: {error}"),
    }
}

/// Bookkeeping yields to the work it records: the writer runs at the lowest priority (nice 19), so on
/// a busy computer its inserts take the CPU the requests, the UI and the sandbox leave, not theirs.
/// Its queue absorbs the delay. (Linux: a thread's own nice value; elsewhere the OS's default.)
#[cfg(target_os = "linux")]
fn lower_priority() {
    const NICE: libc::c_int = 19;
    // SAFETY: setpriority only reads its three integer arguments; on Linux, `who` = 0 with
    // PRIO_PROCESS names the calling thread. A failure (refused by a sandbox) leaves the priority
    // as it was, which is only slower bookkeeping.
    #[allow(unsafe_code)]
    let result = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, NICE) };
    if result != 0 {
        log::debug!("activity history: the writer's priority stays as it was");
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}
