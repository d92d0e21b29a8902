//! The reading end: moving spool files into the SQLite file. A spool is taken only under its
//! lock (so never while its program still writes it), imported in one transaction that also
//! records its name, and then deleted: an ingest that dies before the delete leaves a file whose
//! name says it is in already, so the next one only deletes it. Nothing is imported twice.

use std::fs::{File, TryLockError};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::{Connection, TransactionBehavior, params};

use super::line::Line;
use super::{MAX_FILES, MAX_LINE, MAX_SPOOL_BYTES, is_spool_name, is_stale_fresh};
use crate::codec;
use crate::error::ActivityError;

/// How long the name of an imported spool is kept: far longer than a leftover file lives (the
/// next ingest deletes it), short enough that the table stays a handful of rows.
const KEEP_NAMES: TimeDelta = TimeDelta::days(30);
/// How often a locked spool is looked at again while waiting for it.
const LOCK_POLL: Duration = Duration::from_millis(10);

/// What one ingest did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ingested {
    /// Spool files moved in (and deleted).
    pub files: u32,
    /// Records imported.
    pub entries: u64,
    /// Lines skipped: damaged, torn by a crash, too long, or of values this version cannot read.
    pub skipped: u64,
    /// Spools still locked when the wait ran out (being written, or another ingest has them).
    pub busy: u32,
    /// Spools that could not be imported now (logged); they stay for the next ingest.
    pub failed: u32,
}

/// Every spool in `dir`, each waited for up to the common deadline `wait` from now.
pub(crate) fn ingest_dir(connection: &mut Connection, dir: &Path, wait: Duration) -> Ingested {
    let mut done = Ingested::default();
    let names = match spool_names(dir) {
        Ok(names) => names,
        Err(error) => {
            if error.kind() != std::io::ErrorKind::NotFound {
                log::warn!("activity spool {}: not readable: {error}", dir.display());
            }
            return done;
        }
    };
    let deadline = Instant::now() + wait;
    for name in names {
        let path = dir.join(&name);
        let Ok(mut file) = File::open(&path) else {
            continue; // taken and deleted by another ingest meanwhile
        };
        if !lock_until(&file, deadline) {
            done.busy += 1;
            continue;
        }
        match ingest_file(connection, dir, &name, &mut file, Utc::now()) {
            Ok(one) => {
                done.files += 1;
                done.entries += one.entries;
                done.skipped += one.skipped;
            }
            Err(error) => {
                done.failed += 1;
                log::warn!("activity spool {name}: not imported now: {error}");
            }
        }
    }
    done
}

/// The spool names in `dir`, at most [`MAX_FILES`] of them (the rest wait for the next ingest).
fn spool_names(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for item in std::fs::read_dir(dir)? {
        let item = item?;
        let Some(name) = item.file_name().to_str().map(str::to_owned) else {
            continue;
        };
        let modified = item.metadata().and_then(|meta| meta.modified()).ok();
        if is_stale_fresh(&name, modified) {
            let _ = std::fs::remove_file(item.path());
            continue;
        }
        if is_spool_name(&name) {
            names.push(name);
            if names.len() >= MAX_FILES {
                break;
            }
        }
    }
    Ok(names)
}

fn lock_until(file: &File, deadline: Instant) -> bool {
    loop {
        match file.try_lock() {
            Ok(()) => return true,
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => thread::sleep(LOCK_POLL),
            Err(TryLockError::WouldBlock) => return false,
            Err(TryLockError::Error(error)) => {
                log::warn!("activity spool: a lock could not be taken: {error}");
                return false;
            }
        }
    }
}

/// Imports one spool whose lock the caller holds through `file`, then deletes `<dir>/<name>`.
pub(crate) fn ingest_file(
    connection: &mut Connection,
    dir: &Path,
    name: &str,
    file: &mut File,
    now: DateTime<Utc>,
) -> Result<Ingested, ActivityError> {
    let mut done = Ingested::default();
    // Immediate: the write lock is taken (waiting out the busy timeout) before the name is
    // looked at, so two ingests of one name cannot both find it new.
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    transaction.execute(
        "DELETE FROM spool_imported WHERE imported_at < ?1",
        [codec::millis(now - KEEP_NAMES)],
    )?;
    let fresh = transaction.execute(
        "INSERT OR IGNORE INTO spool_imported (name, imported_at) VALUES (?1, ?2)",
        params![name, codec::millis(now)],
    )? == 1;
    if fresh {
        let mut statement = transaction.prepare(codec::INSERT)?;
        file.seek(SeekFrom::Start(0)).map_err(read_error(name))?;
        let size = file.metadata().map_or(0, |meta| meta.len());
        if size > MAX_SPOOL_BYTES {
            log::warn!(
                "activity spool {name}: {size} bytes; only the first {MAX_SPOOL_BYTES} are read"
            );
        }
        let mut reader = BufReader::new(Read::by_ref(file).take(MAX_SPOOL_BYTES));
        let mut buffer = Vec::new();
        let mut number = 0u64;
        loop {
            number += 1;
            let line = match next_line(&mut reader, &mut buffer).map_err(read_error(name))? {
                Next::End => break,
                Next::Line(line) => line,
                Next::Skipped(why) => {
                    log::warn!("activity spool {name}: line {number} skipped: {why}");
                    done.skipped += 1;
                    continue;
                }
            };
            let parsed = serde_json::from_slice::<Line>(line)
                .map_err(|error| error.to_string())
                .and_then(|line| line.record().map_err(|field| format!("unreadable {field}")));
            match parsed {
                Ok((source, record)) => {
                    codec::insert(&mut statement, source, &record)?;
                    done.entries += 1;
                }
                Err(why) => {
                    log::warn!("activity spool {name}: line {number} skipped: {why}");
                    done.skipped += 1;
                }
            }
        }
    } else {
        log::info!("activity spool {name}: imported before; deleting what was left");
    }
    transaction.commit()?;
    if let Err(error) = std::fs::remove_file(dir.join(name))
        && error.kind() != std::io::ErrorKind::NotFound
    {
        // Its name is recorded: the next ingest deletes it without importing it again.
        log::warn!("activity spool {name}: imported but not deleted: {error}");
    }
    Ok(done)
}

fn read_error(name: &str) -> impl Fn(std::io::Error) -> ActivityError + '_ {
    move |error| ActivityError::Unavailable {
        path: name.into(),
        cause: format!("the spool file could not be read: {error}"),
    }
}

enum Next<'b> {
    End,
    /// A whole line, without its newline.
    Line(&'b [u8]),
    Skipped(&'static str),
}

/// The next line, read no further than [`MAX_LINE`] into memory.
fn next_line<'b>(reader: &mut impl BufRead, buffer: &'b mut Vec<u8>) -> std::io::Result<Next<'b>> {
    buffer.clear();
    let read = reader
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(Next::End);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
        return Ok(Next::Line(buffer));
    }
    if buffer.len() <= MAX_LINE {
        // The end of the file without a newline: the write a crash cut off.
        return Ok(Next::Skipped(
            "cut off (the program ended while writing it)",
        ));
    }
    // Too long: the rest of it is passed over in bounded pieces.
    loop {
        buffer.clear();
        let read = reader
            .by_ref()
            .take(MAX_LINE as u64)
            .read_until(b'\n', buffer)?;
        if read == 0 || buffer.last() == Some(&b'\n') {
            return Ok(Next::Skipped("longer than a record can be"));
        }
    }
}
