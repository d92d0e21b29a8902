//! The created record shared by every desk of an environment (the service's base address),
//! with the local record's semantics (`petstore_bulk::CreatedPets`):
//!
//! - a create is *claimed* before its request goes: one transaction that finds no earlier live
//!   claim of the same pet and writes this one as `claimed`; two desks racing for the same pet
//!   get exactly one winner (a lock per pet, and a unique index on the fingerprint);
//! - it is settled after: `created` with the pet's id, `refused` (provably not created: the pet
//!   is free again), or `unknown` (the answer was lost: "may have been added", blocking as a
//!   created one does until a listing settles it);
//! - a claim a desk never settled (it died) stays `claimed` and blocking; once it is old enough
//!   and no session of its desk holds the desk's liveness lock ([`Shared::hold_desk`]) it is
//!   listed by [`Shared::unsettled_of_dead_desks`] for the caller to reconcile by listing the
//!   service, never resent and never dropped;
//! - "add again" (the person's deliberate second create) is claimed without the check and
//!   marked `again`, so it neither blocks on nor frees the earlier one.
//!
//! A claim is known by its [`ClaimRef`]: the environment, the desk and the desk's own key
//! (`single:…` or `<journal>:<row>`, as locally). Two desks importing the same file make the same
//! row keys; the desk keeps them apart.

mod alive;
mod read;
mod settle;

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio_postgres::Row;
use tokio_postgres::error::SqlState;

use crate::Shared;
use crate::error::{SharedError, Step, bounded, query};
use crate::fingerprint::{Fingerprint, PetFields};

pub use read::{MAX_BATCH, MAX_UNSETTLED, Unsettled};

/// Which claim: the environment (base address), the desk (computer) and the desk's own key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClaimRef {
    pub environment: String,
    pub desk: String,
    pub key: String,
}

/// Where a create came from (the local record's `CreateSource`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Source {
    #[serde(rename_all = "camelCase")]
    Import {
        file_name: String,
        line: u64,
    },
    Form,
    AddAgain,
    CommandLine,
    Outbox,
}

/// An earlier create of the same pet, by any desk: "already added on 24 Nov by FRONT-DESK from
/// shelter.csv line 2".
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Earlier {
    pub desk: String,
    /// The OS account the desk's program ran under.
    pub account: String,
    /// When it was claimed, by the database's clock (one clock for every desk).
    pub at: DateTime<Utc>,
    pub source: Source,
    /// `None`: its outcome is not confirmed (in flight, lost, or its desk died).
    pub pet_id: Option<i64>,
    /// Still `claimed`: its desk may be sending it at this moment (or died before settling it
    /// and no desk has settled it for it yet). `false` when it was settled.
    pub in_progress: bool,
}

/// The answer to a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// Written as `claimed`: send it, then settle it.
    Claimed,
    /// Some desk already added (or may have added) the same pet here: nothing was written.
    Earlier(Earlier),
}

/// Columns that make an [`Earlier`], in this order, for every query that reads one.
pub(crate) const EARLIER_COLUMNS: &str =
    "desk, account, claimed_at, source_kind, source_file, source_line, pet_id, state";

/// Serialises claims of one pet (name and category) in one environment across desks: the
/// check for an earlier claim and the insert are one step. A 64-bit hash: two pets sharing one
/// only wait for each other.
const LOCK_PET: &str = "SELECT pg_advisory_xact_lock(hashtextextended($1 || E'\\n' || $2, 0))";

impl Shared {
    /// Before a create of `pet`: the earlier create of the same pet by any desk, or, when there
    /// is none, this one written as `claimed` under `at`. Repeating a claim whose answer was
    /// lost (the same key and pet, still unsettled) answers `Claimed` again.
    pub async fn claim(
        &mut self,
        at: &ClaimRef,
        account: &str,
        pet: &PetFields,
        source: &Source,
    ) -> Result<Claim, SharedError> {
        self.claim_inner(at, account, pet, source, false).await
    }

    /// The person chose to add `pet` again although an earlier create is known (the local
    /// record's `claim_as` with `allow_repeat`): written as `claimed` without the check.
    pub async fn claim_again(
        &mut self,
        at: &ClaimRef,
        account: &str,
        pet: &PetFields,
        source: &Source,
    ) -> Result<(), SharedError> {
        self.claim_inner(at, account, pet, source, true)
            .await
            .map(|_| ())
    }

    async fn claim_inner(
        &mut self,
        at: &ClaimRef,
        account: &str,
        pet: &PetFields,
        source: &Source,
        again: bool,
    ) -> Result<Claim, SharedError> {
        let step = Step::Write("claim a create in the shared record");
        let fingerprint = Fingerprint::of(pet);
        let (text, group) = (fingerprint.text(), fingerprint.group());
        let tx = self
            .client
            .transaction()
            .await
            .map_err(|e| query(step, &e))?;
        tx.execute(LOCK_PET, &[&at.environment, &group])
            .await
            .map_err(|e| query(step, &e))?;
        let own = tx
            .query_opt(
                "SELECT fingerprint, state FROM petstore_claims
                  WHERE environment = $1 AND desk = $2 AND claim_key = $3",
                &[&at.environment, &at.desk, &at.key],
            )
            .await
            .map_err(|e| query(step, &e))?;
        if let Some(own) = own {
            let same: String = own.try_get(0).map_err(|e| query(step, &e))?;
            let state: String = own.try_get(1).map_err(|e| query(step, &e))?;
            return if same == text && state == "claimed" {
                Ok(Claim::Claimed)
            } else {
                Err(SharedError::KeyTaken {
                    key: bounded(&at.key),
                })
            };
        }
        if !again {
            let earlier = read::earliest_in(&tx, &at.environment, &fingerprint, Some(at)).await?;
            if let Some(earlier) = earlier {
                return Ok(Claim::Earlier(earlier));
            }
        }
        let (kind, file, line) = source_columns(source)?;
        let inserted = tx
            .execute(
                "INSERT INTO petstore_claims (environment, desk, account, claim_key,
                        fingerprint, pet_group, name, category_id, status,
                        source_kind, source_file, source_line, again)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                &[
                    &at.environment,
                    &at.desk,
                    &account,
                    &at.key,
                    &text,
                    &group,
                    &pet.name,
                    &pet.category_id,
                    &fingerprint.status(),
                    &kind,
                    &file,
                    &line,
                    &again,
                ],
            )
            .await;
        if let Err(error) = inserted {
            if error.code() == Some(&SqlState::UNIQUE_VIOLATION) {
                // Only a writer that skipped the lock (another program, by hand) gets here:
                // the index keeps the record right, and the pet is named as added.
                drop(tx);
                let earlier = self.earlier(&at.environment, pet, Some(at)).await?;
                if let Some(earlier) = earlier {
                    return Ok(Claim::Earlier(earlier));
                }
            }
            return Err(query(step, &error));
        }
        tx.commit().await.map_err(|e| query(step, &e))?;
        Ok(Claim::Claimed)
    }
}

fn source_columns(
    source: &Source,
) -> Result<(&'static str, Option<&str>, Option<i64>), SharedError> {
    Ok(match source {
        Source::Import { file_name, line } => {
            let line = i64::try_from(*line).map_err(|_| SharedError::Unreadable {
                what: format!("an import's line number {line}"),
            })?;
            ("import", Some(file_name.as_str()), Some(line))
        }
        Source::Form => ("form", None, None),
        Source::AddAgain => ("addAgain", None, None),
        Source::CommandLine => ("commandLine", None, None),
        Source::Outbox => ("outbox", None, None),
    })
}

/// An [`Earlier`] from a row of [`EARLIER_COLUMNS`] starting at column `first`.
pub(crate) fn earlier_of(row: &Row, first: usize) -> Result<Earlier, SharedError> {
    let step = Step::Read("read an earlier claim");
    let get_err = |e: tokio_postgres::Error| query(step, &e);
    let kind: String = row.try_get(first + 3).map_err(get_err)?;
    let file: Option<String> = row.try_get(first + 4).map_err(get_err)?;
    let line: Option<i64> = row.try_get(first + 5).map_err(get_err)?;
    let source = match (kind.as_str(), file, line) {
        ("import", Some(file_name), Some(line)) if line >= 0 => Source::Import {
            file_name: bounded(&file_name),
            line: line.unsigned_abs(),
        },
        ("form", ..) => Source::Form,
        ("addAgain", ..) => Source::AddAgain,
        ("commandLine", ..) => Source::CommandLine,
        ("outbox", ..) => Source::Outbox,
        _ => {
            return Err(SharedError::Unreadable {
                what: format!("a claim's source {}", bounded(&kind)),
            });
        }
    };
    Ok(Earlier {
        desk: bounded(&row.try_get::<_, String>(first).map_err(get_err)?),
        account: bounded(&row.try_get::<_, String>(first + 1).map_err(get_err)?),
        at: row.try_get(first + 2).map_err(get_err)?,
        source,
        pet_id: row.try_get(first + 6).map_err(get_err)?,
        in_progress: row.try_get::<_, String>(first + 7).map_err(get_err)? == "claimed",
    })
}
