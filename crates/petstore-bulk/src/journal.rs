//! The journal of one import: what happened to each row, on disk before and after each request,
//! so that a crash, a quit or a power cut loses nothing and never leads to a second create.
//!
//! One file per (file content, environment origin), in `<data folder>/imports/`, named after
//! the SHA-256 of both. Append-only text, one event per line, each line synced to disk
//! (`fsync`) before the program goes on:
//!
//! ```text
//! petstore-import 1            format
//! origin http://127.0.0.1:4780 the environment's origin (checked on resume)
//! rows 500                     rows in the file; a row with no event below is pending
//! before 1,2,3,…               ids present before the import began (chunks of 1,000)
//! before-end 3                 the set is complete (sending starts only after this)
//! sent 17                      row 17's create is about to go on the wire
//! created 17 1042              … and the service answered with pet 1042
//! failed 18 badRequest         … and the service refused it (provably not created)
//! unknown 19 outcome           … and the outcome is unknown (timeout, dropped, 5xx)
//! unknown 19 not-found         reconciliation did not find it among the new pets
//! unknown 19 unchecked         reconciliation could not see every pet it might be among
//! created 19 1050              reconciliation found it as pet 1050
//! source "/home/me/pets.csv"   the file read (JSON string), for resuming after a restart
//! finished                     every valid row created (no longer offered for resuming)
//! ```
//!
//! The latest event of a row wins. A `sent` with nothing after it is a crash mid-request: the
//! row is unknown, reconciled, never resent blindly. A torn last line (a crash mid-write) is
//! dropped and cut off the file before anything is appended. The ids before the import are kept
//! as the whole set, not the highest id: the spec promises nothing about the order of ids.
//! While an import runs its journal is locked (an OS advisory lock, released if the process
//! dies), so two runs of the same import never send side by side.

mod read;
mod unfinished;

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use sha2::{Digest, Sha256};

pub use unfinished::{UnfinishedImport, states, unfinished};

use read::{read_bounded, replay};

/// The folder under the data folder that holds the journals.
pub const JOURNAL_FOLDER: &str = "imports";
/// The largest journal read back: 100,000 rows with every event, and 100,000 ids before.
pub const MAX_JOURNAL_BYTES: u64 = 64 * 1024 * 1024;
const FORMAT: &str = "petstore-import 1";
const BEFORE_CHUNK: usize = 1_000;

#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error(
        "The import journal {} could not be {doing}: {source}. Check that the folder may be written to, then run the import again; rows already created are kept there.",
        .path.display()
    )]
    Io {
        path: PathBuf,
        doing: &'static str,
        #[source]
        source: io::Error,
    },
    #[error(
        "Another import of this file to this environment is running (its journal {} is locked). Wait for it to finish, or stop it first.",
        .path.display()
    )]
    Busy { path: PathBuf },
    #[error(
        "The import journal {} is damaged at line {line} ({reason}). It was left as it is: move it aside to start this import from the beginning, after checking the pet list for rows it already created.",
        .path.display()
    )]
    Damaged {
        path: PathBuf,
        line: usize,
        reason: String,
    },
}

/// Names the journal of one file imported to one environment.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JournalId {
    hex: String,
    origin: String,
}

impl JournalId {
    /// From the file's exact bytes and the environment's origin (`scheme://host:port`).
    pub fn new(file_bytes: &[u8], origin: &str) -> JournalId {
        let mut hash = Sha256::new();
        hash.update(Sha256::digest(file_bytes));
        hash.update(origin.as_bytes());
        let hex = hash
            .finalize()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        JournalId {
            hex,
            origin: origin.to_owned(),
        }
    }

    pub fn file_name(&self) -> String {
        format!("{}.journal", self.hex)
    }

    /// The journal's name without its extension: the rows it records are known by it elsewhere
    /// (`created::row_key`).
    pub fn name(&self) -> &str {
        &self.hex
    }

    pub fn origin(&self) -> &str {
        &self.origin
    }
}

/// Where a row stands, as the journal last recorded it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "state")]
pub enum RowState {
    Pending,
    /// On its way, no answer recorded: after a crash this is unknown.
    Sent,
    Created {
        id: i64,
    },
    /// Refused with this error kind (the client's `ErrorKind` in camelCase): not created.
    Failed {
        kind: String,
    },
    Unknown {
        reason: UnknownReason,
    },
}

impl RowState {
    /// Never sent, or refused by the service (provably not created): a run may send it.
    pub fn may_send(&self) -> bool {
        matches!(self, RowState::Pending | RowState::Failed { .. })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum UnknownReason {
    /// The create's answer was lost (timeout, dropped connection, 5xx) or the run stopped
    /// between sending and recording.
    Outcome,
    /// Reconciliation listed the pets and found none that matches.
    NotFound,
    /// Reconciliation could not look everywhere: the service's list stopped at a full page with
    /// no way on, also by the row's status. It may or may not have been created; never resent.
    Unchecked,
}

impl UnknownReason {
    fn as_str(self) -> &'static str {
        match self {
            UnknownReason::Outcome => "outcome",
            UnknownReason::NotFound => "not-found",
            UnknownReason::Unchecked => "unchecked",
        }
    }
}

/// An open, locked journal and what it holds.
#[derive(Debug)]
pub struct Journal {
    file: File,
    path: PathBuf,
    rows: BTreeMap<usize, RowState>,
    before: Option<BTreeSet<i64>>,
    row_count: usize,
    resumed: bool,
    source: Option<PathBuf>,
}

impl Journal {
    /// Opens the journal of `id` in `data_dir/imports/`, creating it for a file of `row_count`
    /// rows, or reading back an earlier run's (then [`Journal::resumed`] is true).
    pub fn open(
        data_dir: &Path,
        id: &JournalId,
        row_count: usize,
    ) -> Result<Journal, JournalError> {
        let dir = data_dir.join(JOURNAL_FOLDER);
        let path = dir.join(id.file_name());
        let io_error = |doing| io_error(&path, doing);
        std::fs::create_dir_all(&dir).map_err(io_error("created"))?;
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&path)
            .map_err(io_error("opened"))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(JournalError::Busy { path }),
            Err(std::fs::TryLockError::Error(err)) => return Err(io_error("locked")(err)),
        }
        let text = read_bounded(&mut file).map_err(io_error("read"))?;
        let mut journal = Journal {
            file,
            path,
            rows: BTreeMap::new(),
            before: None,
            row_count,
            resumed: false,
            source: None,
        };
        let whole = match text.rfind('\n') {
            Some(end) => end + 1,
            None => 0,
        };
        if whole < text.len() {
            // A crash mid-write: the torn line never happened.
            log::warn!(
                "import journal {}: dropping a torn last line",
                journal.path.display()
            );
            journal
                .file
                .set_len(whole as u64)
                .map_err(self::io_error(&journal.path, "repaired"))?;
        }
        if whole == 0 {
            journal.append(&format!(
                "{FORMAT}\norigin {}\nrows {row_count}\n",
                id.origin
            ))?;
        } else {
            journal.replay(&text[..whole], id)?;
            journal.resumed = true;
        }
        Ok(journal)
    }

    fn replay(&mut self, text: &str, id: &JournalId) -> Result<(), JournalError> {
        let replayed = replay(text, &self.path, Some((&id.origin, self.row_count)))?;
        self.rows = replayed.rows;
        self.before = replayed.before;
        self.source = replayed.source;
        Ok(())
    }

    /// Remembers which file this import reads, so the app can offer to resume it after a
    /// restart ([`unfinished`]). Written once.
    pub fn record_source(&mut self, path: &Path) -> Result<(), JournalError> {
        if self.source.as_deref() == Some(path) {
            return Ok(());
        }
        let text = path.to_string_lossy();
        let quoted = serde_json::to_string(&text).unwrap_or_default();
        self.append(&format!("source {quoted}\n"))?;
        self.source = Some(path.to_owned());
        Ok(())
    }

    /// Records that every valid row is created: [`unfinished`] no longer lists this import.
    pub fn record_finished(&mut self) -> Result<(), JournalError> {
        self.append("finished\n")
    }

    /// Whether an earlier run of this import left this journal.
    pub fn resumed(&self) -> bool {
        self.resumed
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The row's state; [`RowState::Pending`] when nothing was recorded.
    pub fn state(&self, row: usize) -> RowState {
        self.rows.get(&row).cloned().unwrap_or(RowState::Pending)
    }

    /// The ids present before the import began, once recorded whole.
    pub fn before(&self) -> Option<&BTreeSet<i64>> {
        self.before.as_ref()
    }

    /// Ids this import's rows were created as (they are no candidates for reconciliation).
    pub fn created_ids(&self) -> BTreeSet<i64> {
        self.rows
            .values()
            .filter_map(|state| match state {
                RowState::Created { id } => Some(*id),
                _ => None,
            })
            .collect()
    }

    /// Records the ids present before the import began. Must be done before any `sent`.
    pub fn record_before(&mut self, ids: &BTreeSet<i64>) -> Result<(), JournalError> {
        let ids_list: Vec<i64> = ids.iter().copied().collect();
        let mut text = String::new();
        for chunk in ids_list.chunks(BEFORE_CHUNK) {
            let joined: Vec<String> = chunk.iter().map(i64::to_string).collect();
            text.push_str(&format!("before {}\n", joined.join(",")));
        }
        text.push_str(&format!("before-end {}\n", ids.len()));
        self.append(&text)?;
        self.before = Some(ids.clone());
        Ok(())
    }

    /// Records a row's new state, on disk (synced) before returning.
    pub fn record(&mut self, row: usize, state: RowState) -> Result<(), JournalError> {
        let line = match &state {
            RowState::Pending => return Ok(()),
            RowState::Sent => format!("sent {row}\n"),
            RowState::Created { id } => format!("created {row} {id}\n"),
            RowState::Failed { kind } => format!("failed {row} {}\n", one_word(kind)),
            RowState::Unknown { reason } => format!("unknown {row} {}\n", reason.as_str()),
        };
        self.append(&line)?;
        self.rows.insert(row, state);
        Ok(())
    }

    fn append(&mut self, text: &str) -> Result<(), JournalError> {
        let path = &self.path;
        let io_error = |source| JournalError::Io {
            path: path.clone(),
            doing: "written",
            source,
        };
        self.file.write_all(text.as_bytes()).map_err(io_error)?;
        self.file.sync_data().map_err(io_error)
    }
}

fn io_error(path: &Path, doing: &'static str) -> impl FnOnce(io::Error) -> JournalError {
    let path = path.to_owned();
    move |source| JournalError::Io {
        path,
        doing,
        source,
    }
}

/// A kind is one word on its line, whatever it holds.
fn one_word(kind: &str) -> String {
    let word: String = kind
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(64)
        .collect();
    if word.is_empty() {
        "error".to_owned()
    } else {
        word
    }
}

#[cfg(test)]
mod tests;
