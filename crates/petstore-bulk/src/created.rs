//! Every pet this computer created in one environment, by row rather than by file: an import
//! of an edited, reordered or re-saved file, the create form, Add again and `petstore create`
//! (`petstore add`) all write here, so a pet already created (or possibly created) is recognised whatever file
//! it comes from next. The interface has no delete: a pet created twice stays twice.
//!
//! One file per environment (its base address), beside the import journals:
//! `<data folder>/imports/created-<sha256 of the address>.jsonl`, one JSON event a line,
//! each synced to disk before the program goes on:
//!
//! ```text
//! {"event":"sent","key":"<journal>:17","at":…,"name":"Rex","categoryId":1,"status":null,"source":{…}}
//! {"event":"created","key":"<journal>:17","id":1042,…}   the service answered, or reconciliation found it
//! {"event":"refused","key":"<journal>:17"}               provably not created (the service said no)
//! {"event":"created","at":…,"name":"Mia",…,"id":7,"source":{"kind":"form"}}   no key: written before single creates were claimed
//! ```
//!
//! The form, Add again and the CLI claim each create the same way (`single.rs`): checked and
//! written as `sent` under the lock before the request goes, keyed `single:…`, settled after.
//!
//! An import writes `sent` before its request goes and `created`/`refused` after, keyed by its
//! journal and row, so a crash at any point leaves at worst a "may have been added" entry, never
//! a forgotten create. The latest event of a key wins. A torn or unreadable line is passed over
//! (this is a safeguard beside the journals, which stay the record of each import).
//!
//! Bounded: at most [`MAX_REMEMBERED`] entries per environment are kept, the newest; when the
//! file holds a quarter more, it is rewritten with those (under a lock, replaced atomically).
//! 100,000 rows is the largest import, so two of the largest imports are always remembered.

mod file;
mod listing;
mod matching;
mod single;

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use petstore_client::NewPet;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub use listing::Recorded;
pub use matching::Fingerprint;
pub use single::{Claim, Settled, may_have_created, single_key};

use crate::journal::JOURNAL_FOLDER;

/// The most created pets remembered per environment (the newest are kept).
pub const MAX_REMEMBERED: usize = 200_000;
/// The largest file read back: [`MAX_REMEMBERED`] entries with long names, and room to spare.
pub const MAX_CREATED_BYTES: u64 = 256 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
#[error("the record of created pets {} could not be {doing}: {source}", .path.display())]
pub struct CreatedError {
    pub path: PathBuf,
    pub doing: &'static str,
    #[source]
    pub source: io::Error,
}

/// Where a pet was created from, for "already added on 24 Nov from shelter.csv line 2".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum CreateSource {
    #[serde(rename_all = "camelCase")]
    Import { file_name: String, line: u64 },
    /// The app's New pet form.
    Form,
    /// Add again, on a create whose outcome was unknown.
    AddAgain,
    /// `petstore add`.
    CommandLine,
    /// The outbox, which sent a pet added while it could not be sent.
    Outbox,
}

/// A pet this computer created (or may have created) in the environment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Earlier {
    pub at: DateTime<Utc>,
    pub source: CreateSource,
    /// `None`: the create went out and its outcome was never confirmed.
    pub pet_id: Option<i64>,
    /// The desk (computer) that added it, when another desk's create was found in a store
    /// several desks share (issue 41); `None`: this computer's own record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub desk: Option<String>,
    /// Another desk's create still in progress: claimed in the shared store and not settled
    /// yet (that desk may be sending it now). Not sent here; run again later.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub in_progress: bool,
}

/// Why a valid row of a file is not sent unless the person chooses to create it again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Repeat {
    /// This computer already created (or may have created) the same pet in this environment.
    Earlier(Earlier),
    /// An earlier row of the same file is the same pet.
    InFile { line: u64 },
}

/// One line of the file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "event")]
enum Event {
    #[serde(rename_all = "camelCase")]
    Sent {
        key: String,
        #[serde(flatten)]
        pet: Line,
    },
    #[serde(rename_all = "camelCase")]
    Created {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
        id: i64,
        #[serde(flatten)]
        pet: Line,
    },
    Refused {
        key: String,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Line {
    at: DateTime<Utc>,
    name: String,
    category_id: i64,
    status: Option<String>,
    source: CreateSource,
}

impl Line {
    fn new(pet: &NewPet, source: CreateSource) -> Line {
        Line {
            at: Utc::now(),
            name: pet.name.clone(),
            category_id: pet.category_id,
            status: pet.status.as_ref().map(|s| s.as_str().to_owned()),
            source,
        }
    }
}

#[derive(Debug, Clone)]
struct Entry {
    key: Option<String>,
    line: Line,
    id: Option<i64>,
    /// Order of writing, for keeping the newest.
    seq: u64,
}

/// The created pets of one environment, read at open and kept in step with what this process
/// writes.
#[derive(Debug)]
pub struct CreatedPets {
    path: PathBuf,
    lock_path: PathBuf,
    by_key: HashMap<String, Entry>,
    keyless: Vec<Entry>,
    lines: usize,
    seq: u64,
    /// Bytes of the file read so far: another process's lines are read from here on.
    read_to: u64,
}

impl CreatedPets {
    /// The record of the environment at `base_url` in `data_dir` (empty when there is none).
    pub fn open(data_dir: &Path, base_url: &str) -> Result<CreatedPets, CreatedError> {
        let dir = data_dir.join(JOURNAL_FOLDER);
        let hex: String = Sha256::digest(base_url.as_bytes())
            .iter()
            .take(16)
            .map(|byte| format!("{byte:02x}"))
            .collect();
        let mut created = CreatedPets {
            path: dir.join(format!("created-{hex}.jsonl")),
            lock_path: dir.join(format!("created-{hex}.lock")),
            by_key: HashMap::new(),
            keyless: Vec::new(),
            lines: 0,
            seq: 0,
            read_to: 0,
        };
        created.catch_up()?;
        Ok(created)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// An import's row is about to be sent (before the request goes).
    pub fn record_sent(
        &mut self,
        key: &str,
        pet: &NewPet,
        source: CreateSource,
    ) -> Result<(), CreatedError> {
        self.write(Event::Sent {
            key: key.to_owned(),
            pet: Line::new(pet, source),
        })
    }

    /// The service created `pet` as `id` (for an import's row, `key` names it; the form and the
    /// CLI give none).
    pub fn record_created(
        &mut self,
        key: Option<&str>,
        pet: &NewPet,
        id: i64,
        source: CreateSource,
    ) -> Result<(), CreatedError> {
        // A row found by reconciliation keeps the time and source it was sent with.
        let line = key
            .and_then(|key| self.by_key.get(key))
            .map(|entry| entry.line.clone())
            .unwrap_or_else(|| Line::new(pet, source));
        self.write(Event::Created {
            key: key.map(str::to_owned),
            id,
            pet: line,
        })
    }

    /// The row `key` was provably not created (refused by the service).
    pub fn record_refused(&mut self, key: &str) -> Result<(), CreatedError> {
        if !self.by_key.contains_key(key) {
            return Ok(());
        }
        self.write(Event::Refused {
            key: key.to_owned(),
        })
    }

    fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.by_key.values().chain(self.keyless.iter())
    }
}

/// The key of an import's row: its journal's name and the row's index.
pub fn row_key(journal: &str, row: usize) -> String {
    format!("{journal}:{row}")
}

#[cfg(test)]
mod tests;
