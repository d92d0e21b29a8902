//! The outbox shared by every desk of an environment (the service's base address), with the
//! local outbox's semantics (`petstore_bulk::outbox`):
//!
//! - any desk queues; every desk sees every entry, in the order filled (one sequence);
//! - one desk sends an entry at a time, under a **lease** in the database ([`Shared::take_next`],
//!   `lease.rs`): the next entry of an environment is never taken while the one before it is
//!   leased by a desk and not settled, so an environment's entries are sent in order, as
//!   locally (environments do not wait for each other);
//! - an entry whose sender died (its lease ran out while `sending`) is never resent on its own:
//!   it comes back flagged with the dead sender's claim, for the caller to settle by listing
//!   first, as the local sender does with a `Sending` entry;
//! - a person edits, drops or "sends anyway" only an entry nobody is sending;
//! - at most [`MAX_OUTBOX_ENTRIES`] per environment, as locally.
//!
//! A sent entry leaves the table (the created record keeps the pet and its id).

mod lease;

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio_postgres::Row;

use crate::Shared;
use crate::error::{SharedError, Step, query};
use crate::fingerprint::PetFields;

pub use lease::{Lease, MAX_LEASE, MIN_LEASE, PreviousSend, Taken};

/// The most entries one environment's shared outbox holds: the local outbox's bound (half a
/// Free plan day of requests).
pub const MAX_OUTBOX_ENTRIES: usize = 500;
/// The longest name kept (the created record's bound).
pub const MAX_PET_NAME_CHARS: usize = 4096;
/// The most characters of the service's words kept for a refused entry.
pub const MAX_REFUSAL_CHARS: usize = 4096;

/// Serialises queueing in one environment across desks, so the bound holds when two desks queue
/// the 500th entry at once. A 64-bit hash: two environments sharing one only wait for each
/// other for the milliseconds an insert takes.
const LOCK_ENVIRONMENT: &str =
    "SELECT pg_advisory_xact_lock(hashtextextended('outbox' || E'\\n' || $1, 0))";

/// Columns that make an [`OutboxEntry`], in this order, for every query that reads one.
pub(crate) const ENTRY_COLUMNS: &str = "id, environment, desk, account, name, category_id, status, \
     reason, reason_until, allow_repeat, state, leased_by, lease_until, send_key, sending_since, \
     refused_message, queued_at, changed_at";

/// Why an entry waits (the local `QueueReason`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum QueueReason {
    /// No connection, or the service could not be reached.
    Offline,
    /// The quota is spent or a 429/503 wait runs: not before `until` (when known).
    QuotaSpent { until: Option<DateTime<Utc>> },
    /// The person queued it without trying to send it.
    Chosen,
}

/// Where an entry stands (the local `EntryState`, with who holds it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum EntryState {
    Waiting,
    /// `desk` holds it until `lease_until` and claims its create under `key`. Past
    /// `lease_until` that desk is taken to be gone: the next taker settles it by listing.
    #[serde(rename_all = "camelCase")]
    Sending {
        desk: String,
        key: String,
        since: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    },
    /// The service refused it: its words, for a person to fix (edit) or drop.
    Refused {
        message: String,
        at: DateTime<Utc>,
    },
    /// It may have been added and a listing did not find it: never resent unless a person says
    /// so ([`Shared::send_anyway`]).
    Unconfirmed {
        at: DateTime<Utc>,
    },
}

/// One pet waiting in the shared outbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutboxEntry {
    /// Unique across the store, growing in the order filled.
    pub id: i64,
    pub environment: String,
    /// The desk that queued it and the OS account it ran under.
    pub desk: String,
    pub account: String,
    pub pet: PetFields,
    pub queued_at: DateTime<Utc>,
    pub reason: QueueReason,
    /// A person already chose to add it again: an earlier add does not hold it back.
    pub allow_repeat: bool,
    pub state: EntryState,
}

impl Shared {
    /// Queues `pet` as the last entry of `environment`, by `desk` under the OS account
    /// `account`. `OutboxFull` when the environment already holds [`MAX_OUTBOX_ENTRIES`].
    pub async fn queue(
        &mut self,
        environment: &str,
        desk: &str,
        account: &str,
        pet: &PetFields,
        reason: &QueueReason,
        allow_repeat: bool,
    ) -> Result<OutboxEntry, SharedError> {
        check_pet(pet)?;
        let step = Step::Write("queue a pet in the shared outbox");
        let (reason_kind, until) = match reason {
            QueueReason::Offline => ("offline", None),
            QueueReason::QuotaSpent { until } => ("quotaSpent", *until),
            QueueReason::Chosen => ("chosen", None),
        };
        let tx = self
            .client
            .transaction()
            .await
            .map_err(|e| query(step, &e))?;
        tx.execute(LOCK_ENVIRONMENT, &[&environment])
            .await
            .map_err(|e| query(step, &e))?;
        let held: i64 = tx
            .query_one(
                "SELECT count(*) FROM petstore_outbox WHERE environment = $1",
                &[&environment],
            )
            .await
            .and_then(|row| row.try_get(0))
            .map_err(|e| query(step, &e))?;
        if usize::try_from(held).unwrap_or(usize::MAX) >= MAX_OUTBOX_ENTRIES {
            return Err(SharedError::OutboxFull {
                limit: MAX_OUTBOX_ENTRIES,
            });
        }
        let sql = format!(
            "INSERT INTO petstore_outbox (environment, desk, account, name, category_id, status,
                    reason, reason_until, allow_repeat)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             RETURNING {ENTRY_COLUMNS}"
        );
        let row = tx
            .query_one(
                &sql,
                &[
                    &environment,
                    &desk,
                    &account,
                    &pet.name,
                    &pet.category_id,
                    &pet.status,
                    &reason_kind,
                    &until,
                    &allow_repeat,
                ],
            )
            .await
            .map_err(|e| query(step, &e))?;
        let entry = entry_of(&row)?;
        tx.commit().await.map_err(|e| query(step, &e))?;
        Ok(entry)
    }

    /// Every entry of `environment`, in the order filled (at most [`MAX_OUTBOX_ENTRIES`]).
    pub async fn list_outbox(
        &mut self,
        environment: &str,
    ) -> Result<Vec<OutboxEntry>, SharedError> {
        let step = Step::Read("read the shared outbox");
        let sql = format!(
            "SELECT {ENTRY_COLUMNS} FROM petstore_outbox WHERE environment = $1
              ORDER BY id LIMIT {MAX_OUTBOX_ENTRIES}"
        );
        let rows = self
            .client
            .query(&sql, &[&environment])
            .await
            .map_err(|e| query(step, &e))?;
        rows.iter().map(entry_of).collect()
    }

    /// Changes the pet of an entry nobody is sending; it waits again (a refusal is forgotten).
    pub async fn edit_entry(
        &mut self,
        environment: &str,
        id: i64,
        pet: &PetFields,
    ) -> Result<OutboxEntry, SharedError> {
        check_pet(pet)?;
        let sql = format!(
            "UPDATE petstore_outbox
                SET name = $3, category_id = $4, status = $5, state = 'waiting',
                    refused_message = NULL, changed_at = now()
              WHERE environment = $1 AND id = $2 AND state <> 'sending'
             RETURNING {ENTRY_COLUMNS}"
        );
        let step = Step::Write("edit an entry of the shared outbox");
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 5] =
            [&environment, &id, &pet.name, &pet.category_id, &pet.status];
        let row = self
            .client
            .query_opt(&sql, &params)
            .await
            .map_err(|e| query(step, &e))?;
        self.idle_change(environment, id, row, None).await
    }

    /// Removes an entry nobody is sending; returns it.
    pub async fn drop_entry(
        &mut self,
        environment: &str,
        id: i64,
    ) -> Result<OutboxEntry, SharedError> {
        let sql = format!(
            "DELETE FROM petstore_outbox
              WHERE environment = $1 AND id = $2 AND state <> 'sending'
             RETURNING {ENTRY_COLUMNS}"
        );
        let step = Step::Write("drop an entry of the shared outbox");
        let row = self
            .client
            .query_opt(&sql, &[&environment, &id])
            .await
            .map_err(|e| query(step, &e))?;
        self.idle_change(environment, id, row, None).await
    }

    /// A person's deliberate "send it anyway" for an entry that may have been added
    /// (unconfirmed): it waits again, allowed to repeat an earlier add.
    pub async fn send_anyway(
        &mut self,
        environment: &str,
        id: i64,
    ) -> Result<OutboxEntry, SharedError> {
        let sql = format!(
            "UPDATE petstore_outbox
                SET allow_repeat = true, state = 'waiting', changed_at = now()
              WHERE environment = $1 AND id = $2 AND state = 'unconfirmed'
             RETURNING {ENTRY_COLUMNS}"
        );
        let step = Step::Write("send an entry of the shared outbox anyway");
        let row = self
            .client
            .query_opt(&sql, &[&environment, &id])
            .await
            .map_err(|e| query(step, &e))?;
        let not_unconfirmed = SharedError::NotUnconfirmed { id };
        self.idle_change(environment, id, row, Some(not_unconfirmed))
            .await
    }

    /// The changed entry, or why nothing changed: gone, being sent, or (`otherwise`) another
    /// state the change does not apply to.
    async fn idle_change(
        &mut self,
        environment: &str,
        id: i64,
        changed: Option<Row>,
        otherwise: Option<SharedError>,
    ) -> Result<OutboxEntry, SharedError> {
        if let Some(row) = changed {
            return entry_of(&row);
        }
        let step = Step::Read("read an entry of the shared outbox");
        let state = self
            .client
            .query_opt(
                "SELECT state FROM petstore_outbox WHERE environment = $1 AND id = $2",
                &[&environment, &id],
            )
            .await
            .map_err(|e| query(step, &e))?;
        let state: Option<String> = match state {
            Some(row) => Some(row.try_get(0).map_err(|e| query(step, &e))?),
            None => None,
        };
        Err(match state.as_deref() {
            None => SharedError::NoSuchEntry { id },
            Some("sending") => SharedError::BeingSent { id },
            Some(_) => otherwise.unwrap_or(SharedError::NoSuchEntry { id }),
        })
    }
}

/// What the form would refuse is refused here too, before the database's own checks turn it
/// into an unreadable error.
pub(crate) fn check_pet(pet: &PetFields) -> Result<(), SharedError> {
    let what = "pet";
    if pet.name.trim().is_empty() {
        return Err(SharedError::Invalid {
            what,
            problem: "its name is empty",
        });
    }
    if pet.name.chars().count() > MAX_PET_NAME_CHARS {
        return Err(SharedError::Invalid {
            what,
            problem: "its name is longer than 4096 characters",
        });
    }
    if pet.status.as_ref().is_some_and(|s| s.chars().count() > 255) {
        return Err(SharedError::Invalid {
            what,
            problem: "its status is longer than 255 characters",
        });
    }
    Ok(())
}

/// An [`OutboxEntry`] from a row of [`ENTRY_COLUMNS`]. A state or reason this build does not
/// know is `Unreadable`, never a panic.
pub(crate) fn entry_of(row: &Row) -> Result<OutboxEntry, SharedError> {
    let step = Step::Read("read an entry of the shared outbox");
    let get_err = |e: tokio_postgres::Error| query(step, &e);
    let reason_kind: String = row.try_get(7).map_err(get_err)?;
    let reason = match reason_kind.as_str() {
        "offline" => QueueReason::Offline,
        "quotaSpent" => QueueReason::QuotaSpent {
            until: row.try_get(8).map_err(get_err)?,
        },
        "chosen" => QueueReason::Chosen,
        other => return Err(unreadable("reason", other)),
    };
    let kind: String = row.try_get(10).map_err(get_err)?;
    let changed_at: DateTime<Utc> = row.try_get(17).map_err(get_err)?;
    let state = match kind.as_str() {
        "waiting" => EntryState::Waiting,
        "sending" => {
            let desk: Option<String> = row.try_get(11).map_err(get_err)?;
            let lease_until: Option<DateTime<Utc>> = row.try_get(12).map_err(get_err)?;
            let key: Option<String> = row.try_get(13).map_err(get_err)?;
            let since: Option<DateTime<Utc>> = row.try_get(14).map_err(get_err)?;
            match (desk, key, since, lease_until) {
                (Some(desk), Some(key), Some(since), Some(lease_until)) => EntryState::Sending {
                    desk,
                    key,
                    since,
                    lease_until,
                },
                _ => return Err(unreadable("lease", "missing")),
            }
        }
        "refused" => EntryState::Refused {
            message: row
                .try_get::<_, Option<String>>(15)
                .map_err(get_err)?
                .unwrap_or_default(),
            at: changed_at,
        },
        "unconfirmed" => EntryState::Unconfirmed { at: changed_at },
        other => return Err(unreadable("state", other)),
    };
    Ok(OutboxEntry {
        id: row.try_get(0).map_err(get_err)?,
        environment: row.try_get(1).map_err(get_err)?,
        desk: row.try_get(2).map_err(get_err)?,
        account: row.try_get(3).map_err(get_err)?,
        pet: PetFields {
            name: row.try_get(4).map_err(get_err)?,
            category_id: row.try_get(5).map_err(get_err)?,
            status: row.try_get(6).map_err(get_err)?,
        },
        reason,
        allow_repeat: row.try_get(9).map_err(get_err)?,
        state,
        queued_at: row.try_get(16).map_err(get_err)?,
    })
}

fn unreadable(what: &str, found: &str) -> SharedError {
    SharedError::Unreadable {
        what: format!("an outbox entry's {what} {}", crate::error::bounded(found)),
    }
}
