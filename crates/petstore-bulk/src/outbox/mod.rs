//! The outbox: pets a person added while they could not be sent (no connection, the quota
//! spent, a wait running), kept on disk and sent later, in the order they were filled, each once.
//!
//! One file per environment (its base address), shared by the app and the CLI on one computer:
//! `<data folder>/outbox/outbox-<sha256 of the address>.json`, changed only under its lock file
//! and written whole, synced and renamed over the old one, so a crash or a power cut leaves the
//! old outbox or the new one, never half of one. A file that cannot be read is moved aside and
//! named, never emptied in silence (as the settings file is).
//!
//! Only creates that were never sent are queued ([`may_queue`]): an unknown outcome is
//! reconciled where it happened, never queued as if it were new. Sending (`send.rs`) asks the
//! created record first, exactly as the form and an import do.

mod file;
mod send;

use std::io;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use petstore_client::{Error, ErrorKind, InvalidInput, MIN_CATEGORY_ID, NewPet, PetStatus};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::contract::MAX_NAME_CHARS;
use crate::created::CreatedError;

pub use send::{SendOutcome, SendReport, SendStop, send_outbox};

/// The most entries one environment's outbox holds. 500 is half a Free plan day of requests, so
/// a full outbox is sent within a day beside a clerk's own browsing (a Business plan sends it in
/// about 30 s); a shop that queues more than that is better served by an import of a file.
pub const MAX_OUTBOX_ENTRIES: usize = 500;
/// The folder of the outboxes, in the data folder.
pub const OUTBOX_FOLDER: &str = "outbox";
/// The largest outbox file read: [`MAX_OUTBOX_ENTRIES`] entries of the longest names, with room.
pub const MAX_OUTBOX_BYTES: u64 = 4 * 1024 * 1024;

/// Whether a create that failed with `error` may be queued: it provably never reached the
/// service (no connection, the service unreachable; the quota spent or a 429/503 wait running,
/// which the client honoured without sending). An unknown outcome is never queued.
pub fn may_queue(error: &Error) -> bool {
    matches!(error.kind(), ErrorKind::Network | ErrorKind::RateLimited)
}

/// Why an entry waits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum QueueReason {
    /// No connection, or the service could not be reached.
    Offline,
    /// The quota is spent or a 429/503 wait runs: not before `until` (when known).
    QuotaSpent { until: Option<DateTime<Utc>> },
    /// The person queued it without trying to send it.
    Chosen,
}

impl QueueReason {
    /// Why a create that failed with `error` waits.
    pub fn of(error: &Error) -> QueueReason {
        match error {
            Error::RateLimited { retry_at, .. } => QueueReason::QuotaSpent {
                until: Some(*retry_at),
            },
            _ => QueueReason::Offline,
        }
    }
}

/// Where an entry stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum EntryState {
    Waiting,
    /// A sender took it under `key` (its claim in the created record). Another sender sees this
    /// only after the first one died: it is then settled by listing before anything is resent.
    Sending {
        key: String,
        since: DateTime<Utc>,
    },
    /// The service refused it: its words, for the person to fix (edit) or drop.
    Refused {
        message: String,
        at: DateTime<Utc>,
    },
    /// Its create may have been made (a lost answer, or an earlier add of the same pet whose
    /// outcome is unknown) and a listing did not find it: never resent unless the person says so.
    Unconfirmed {
        at: DateTime<Utc>,
    },
}

/// One pet waiting to be sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OutboxEntry {
    /// Unique within the environment's outbox, growing in the order filled.
    pub id: u64,
    pub name: String,
    pub category_id: i64,
    pub status: Option<String>,
    pub queued_at: DateTime<Utc>,
    pub reason: QueueReason,
    /// The person already chose to add it again: an earlier add does not hold it back.
    pub allow_repeat: bool,
    pub state: EntryState,
}

impl OutboxEntry {
    pub fn new_pet(&self) -> NewPet {
        NewPet {
            name: self.name.clone(),
            category_id: self.category_id,
            status: self.status.as_deref().map(PetStatus::from_wire),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum OutboxError {
    #[error("the outbox {} could not be {doing}: {source}", .path.display())]
    Io {
        path: PathBuf,
        doing: &'static str,
        #[source]
        source: io::Error,
    },
    #[error("the outbox {} could not be read ({problem}); it was kept as {}", .path.display(), .kept_as.display())]
    Damaged {
        path: PathBuf,
        kept_as: PathBuf,
        problem: String,
    },
    #[error("the outbox holds {limit} pets, its most")]
    Full { limit: usize },
    #[error("the pet is not valid: {0}")]
    Invalid(InvalidInput),
    #[error("the name is longer than {limit} characters")]
    NameTooLong { limit: usize },
    #[error("no entry {id} in the outbox")]
    NotFound { id: u64 },
    #[error("entry {id} is being sent")]
    BeingSent { id: u64 },
    #[error(transparent)]
    Created(#[from] CreatedError),
}

/// One environment's outbox. Cheap to make: every call reads the file under its lock.
#[derive(Debug, Clone)]
pub struct Outbox {
    path: PathBuf,
}

impl Outbox {
    pub fn new(data_dir: &Path, base_url: &str) -> Outbox {
        let hex: String = Sha256::digest(base_url.as_bytes())
            .iter()
            .take(16)
            .map(|byte| format!("{byte:02x}"))
            .collect();
        Outbox {
            path: data_dir
                .join(OUTBOX_FOLDER)
                .join(format!("outbox-{hex}.json")),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every entry, in the order filled.
    pub fn entries(&self) -> Result<Vec<OutboxEntry>, OutboxError> {
        self.change(|file| Ok((file.entries.clone(), false)))
    }

    /// Queues `pet` as the last entry, on disk before this returns.
    pub fn queue(
        &self,
        pet: &NewPet,
        reason: QueueReason,
        allow_repeat: bool,
    ) -> Result<OutboxEntry, OutboxError> {
        let pet = checked(pet)?;
        self.change(|file| {
            if file.entries.len() >= MAX_OUTBOX_ENTRIES {
                return Err(OutboxError::Full {
                    limit: MAX_OUTBOX_ENTRIES,
                });
            }
            file.next_id += 1;
            let entry = OutboxEntry {
                id: file.next_id,
                name: pet.name.clone(),
                category_id: pet.category_id,
                status: pet.status.as_ref().map(|s| s.as_str().to_owned()),
                queued_at: Utc::now(),
                reason,
                allow_repeat,
                state: EntryState::Waiting,
            };
            file.entries.push(entry.clone());
            Ok((entry, true))
        })
    }

    /// Changes the pet of an entry that is not being sent; it waits again.
    pub fn edit(&self, id: u64, pet: &NewPet) -> Result<OutboxEntry, OutboxError> {
        let pet = checked(pet)?;
        self.change_entry(id, |entry| {
            entry.name = pet.name.clone();
            entry.category_id = pet.category_id;
            entry.status = pet.status.as_ref().map(|s| s.as_str().to_owned());
            entry.state = EntryState::Waiting;
        })
    }

    /// Removes an entry that is not being sent; returns it.
    pub fn drop_entry(&self, id: u64) -> Result<OutboxEntry, OutboxError> {
        self.change(|file| {
            let at = file.position_idle(id)?;
            Ok((file.entries.remove(at), true))
        })
    }

    /// The person's deliberate "send it anyway" for an entry that may have been added.
    pub fn send_anyway(&self, id: u64) -> Result<OutboxEntry, OutboxError> {
        self.change_entry(id, |entry| {
            entry.allow_repeat = true;
            entry.state = EntryState::Waiting;
        })
    }

    fn change_entry(
        &self,
        id: u64,
        change: impl FnOnce(&mut OutboxEntry),
    ) -> Result<OutboxEntry, OutboxError> {
        self.change(|file| {
            let at = file.position_idle(id)?;
            let entry = &mut file.entries[at];
            change(entry);
            Ok((entry.clone(), true))
        })
    }
}

/// `pet` as the form would send it, or why the form would refuse it.
fn checked(pet: &NewPet) -> Result<NewPet, OutboxError> {
    let pet = NewPet::new(&pet.name, pet.category_id, pet.status.clone())
        .map_err(OutboxError::Invalid)?;
    if pet.category_id < MIN_CATEGORY_ID {
        return Err(OutboxError::Invalid(InvalidInput::CategoryId {
            given: pet.category_id.to_string(),
        }));
    }
    if pet.name.chars().count() > MAX_NAME_CHARS {
        return Err(OutboxError::NameTooLong {
            limit: MAX_NAME_CHARS,
        });
    }
    Ok(pet)
}
