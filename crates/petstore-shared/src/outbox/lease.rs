//! Sending the shared outbox: one desk per entry, under a lease in the database.
//!
//! [`Shared::take_next`] is one statement (so one short transaction): it finds the environment's
//! first entry still to send (waiting, or sending), locks it with `FOR UPDATE SKIP LOCKED` and,
//! when it is waiting or its lease ran out, leases it to this desk with a fresh key for the
//! created record. When that first entry is leased by a live desk, or another desk is taking it
//! at this moment (locked: skipped), nothing is taken: the entry after it waits, so an
//! environment's entries are sent in the order filled, whichever desks send them.
//!
//! Every settling step names the lease's key: a desk whose lease ran out and was taken over
//! (it was slow, not dead) changes nothing and hears `LeaseLost`, so one answer is never
//! recorded twice.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{ENTRY_COLUMNS, MAX_REFUSAL_CHARS, OutboxEntry, entry_of};
use crate::Shared;
use crate::claims::ClaimRef;
use crate::error::{SharedError, Step, query};

/// The shortest lease given: shorter ones are lengthened (a create and its settling take more
/// than a second on a slow link, and a lease that runs out mid-send hands the entry to a
/// listing by another desk).
pub const MIN_LEASE: Duration = Duration::from_secs(5);
/// The longest lease given: a dead desk's entry waits at most this long for another desk.
pub const MAX_LEASE: Duration = Duration::from_secs(3600);

/// This desk's hold on an entry being sent. Its key is the create's key in the created record:
/// claim with [`Lease::claim`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Lease {
    pub environment: String,
    pub id: i64,
    pub desk: String,
    pub key: String,
    pub until: DateTime<Utc>,
}

impl Lease {
    /// Where this send is claimed in the created record (source `Outbox`).
    pub fn claim(&self) -> ClaimRef {
        ClaimRef {
            environment: self.environment.clone(),
            desk: self.desk.clone(),
            key: self.key.clone(),
        }
    }
}

/// A sender that held the entry before and whose lease ran out while it was sending: it may
/// have claimed and sent the create under `claim`. Settle it by listing before anything is
/// sent again (found: settle that claim created and mark the entry sent; the lists read to
/// their end without it: settle that claim refused, then claim under the new lease and send;
/// otherwise: mark the entry unconfirmed). `NoSuchClaim` when settling it means it died before
/// claiming: nothing was sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviousSend {
    pub claim: ClaimRef,
    pub since: DateTime<Utc>,
}

/// An entry taken to send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Taken {
    pub entry: OutboxEntry,
    pub lease: Lease,
    /// `Some`: it was being sent by a desk now taken to be gone; reconcile first.
    pub was_sending: Option<PreviousSend>,
}

/// The fence of every settling step: the entry is still this lease's.
const HELD: &str = "id = $1 AND state = 'sending' AND leased_by = $2 AND send_key = $3";

impl Shared {
    /// Takes the next entry of `environment` for `desk` to send, leased for `lease_for`
    /// (clamped to [`MIN_LEASE`]..=[`MAX_LEASE`]; renew it for a longer send). `None`: nothing to
    /// send, or the entry to send next is another desk's now (try again later).
    pub async fn take_next(
        &mut self,
        environment: &str,
        desk: &str,
        lease_for: Duration,
    ) -> Result<Option<Taken>, SharedError> {
        let step = Step::Write("take the next entry of the shared outbox");
        let seconds = lease_for.clamp(MIN_LEASE, MAX_LEASE).as_secs_f64();
        // `head` reads the snapshot; the lock re-reads the row as committed, so an entry another
        // desk leased a moment ago fails the condition, and one it is leasing now is skipped.
        let sql = format!(
            "WITH head AS (
                SELECT id FROM petstore_outbox
                 WHERE environment = $1 AND state IN ('waiting', 'sending')
                 ORDER BY id LIMIT 1),
             free AS (
                SELECT o.id, o.state, o.leased_by, o.send_key, o.sending_since
                  FROM petstore_outbox o
                 WHERE o.id = (SELECT id FROM head)
                   AND (o.state = 'waiting' OR o.lease_until <= now())
                   FOR UPDATE SKIP LOCKED)
             UPDATE petstore_outbox p
                SET state = 'sending', leased_by = $2,
                    lease_until = now() + make_interval(secs => $3),
                    send_key = 'single:' || gen_random_uuid(),
                    sending_since = now(), changed_at = now()
               FROM free
              WHERE p.id = free.id
             RETURNING {}, free.state, free.leased_by, free.send_key, free.sending_since",
            prefixed(ENTRY_COLUMNS, "p.")
        );
        let row = self
            .client
            .query_opt(&sql, &[&environment, &desk, &seconds])
            .await
            .map_err(|e| query(step, &e))?;
        let Some(row) = row else { return Ok(None) };
        let entry = entry_of(&row)?;
        let lease = match &entry.state {
            super::EntryState::Sending {
                desk,
                key,
                lease_until,
                ..
            } => Lease {
                environment: entry.environment.clone(),
                id: entry.id,
                desk: desk.clone(),
                key: key.clone(),
                until: *lease_until,
            },
            _ => return Err(unreadable_lease()),
        };
        let get_err = |e: tokio_postgres::Error| query(step, &e);
        let before: String = row.try_get(18).map_err(get_err)?;
        let was_sending = if before == "sending" {
            let by: Option<String> = row.try_get(19).map_err(get_err)?;
            let key: Option<String> = row.try_get(20).map_err(get_err)?;
            let since: Option<DateTime<Utc>> = row.try_get(21).map_err(get_err)?;
            match (by, key, since) {
                (Some(by), Some(key), Some(since)) => Some(PreviousSend {
                    claim: ClaimRef {
                        environment: entry.environment.clone(),
                        desk: by,
                        key,
                    },
                    since,
                }),
                _ => return Err(unreadable_lease()),
            }
        } else {
            None
        };
        Ok(Some(Taken {
            entry,
            lease,
            was_sending,
        }))
    }

    /// Created as `pet_id` (answered, found by a listing, or an earlier add of the same pet):
    /// the entry leaves the outbox (the created record keeps the pet and its id).
    pub async fn mark_sent(&mut self, lease: &Lease, pet_id: i64) -> Result<(), SharedError> {
        let sql = format!("DELETE FROM petstore_outbox WHERE {HELD}");
        let step = Step::Write("mark an entry of the shared outbox sent");
        self.settle(lease, &sql, &[], step).await?;
        log::info!(
            "shared outbox entry {} sent as pet {pet_id} by {}",
            lease.id,
            lease.desk
        );
        Ok(())
    }

    /// The service refused it: kept with its `words` (the first [`MAX_REFUSAL_CHARS`]) for a
    /// person to edit or drop.
    pub async fn mark_refused(&mut self, lease: &Lease, words: &str) -> Result<(), SharedError> {
        let words: String = words.chars().take(MAX_REFUSAL_CHARS).collect();
        let sql = format!(
            "UPDATE petstore_outbox SET state = 'refused', refused_message = $4, {FREED}
              WHERE {HELD}"
        );
        let step = Step::Write("mark an entry of the shared outbox refused");
        self.settle(lease, &sql, &[&words], step).await
    }

    /// It may have been added and could not be found: kept, never resent unless a person says
    /// so.
    pub async fn mark_unconfirmed(&mut self, lease: &Lease) -> Result<(), SharedError> {
        let sql = format!("UPDATE petstore_outbox SET state = 'unconfirmed', {FREED} WHERE {HELD}");
        let step = Step::Write("mark an entry of the shared outbox unconfirmed");
        self.settle(lease, &sql, &[], step).await
    }

    /// Nothing was sent (offline, the quota, a wait; the claim settled refused first): the
    /// entry waits again, first in line.
    pub async fn release(&mut self, lease: &Lease) -> Result<(), SharedError> {
        let sql = format!("UPDATE petstore_outbox SET state = 'waiting', {FREED} WHERE {HELD}");
        let step = Step::Write("give an entry of the shared outbox back");
        self.settle(lease, &sql, &[], step).await
    }

    /// Holds the entry `lease_for` longer (clamped as in [`Shared::take_next`]), from now.
    pub async fn renew(
        &mut self,
        lease: &mut Lease,
        lease_for: Duration,
    ) -> Result<(), SharedError> {
        let seconds = lease_for.clamp(MIN_LEASE, MAX_LEASE).as_secs_f64();
        let sql = format!(
            "UPDATE petstore_outbox SET lease_until = now() + make_interval(secs => $4)
              WHERE {HELD} RETURNING lease_until"
        );
        let step = Step::Write("renew the lease of an entry of the shared outbox");
        let row = self
            .client
            .query_opt(&sql, &[&lease.id, &lease.desk, &lease.key, &seconds])
            .await
            .map_err(|e| query(step, &e))?;
        let Some(row) = row else {
            return Err(SharedError::LeaseLost { id: lease.id });
        };
        lease.until = row.try_get(0).map_err(|e| query(step, &e))?;
        Ok(())
    }

    async fn settle(
        &mut self,
        lease: &Lease,
        sql: &str,
        more: &[&(dyn tokio_postgres::types::ToSql + Sync)],
        step: Step,
    ) -> Result<(), SharedError> {
        let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
            vec![&lease.id, &lease.desk, &lease.key];
        params.extend_from_slice(more);
        let changed = self
            .client
            .execute(sql, &params)
            .await
            .map_err(|e| query(step, &e))?;
        if changed == 0 {
            return Err(SharedError::LeaseLost { id: lease.id });
        }
        Ok(())
    }
}

/// Ends a lease (the row's check wants all four empty unless sending).
const FREED: &str = "leased_by = NULL, lease_until = NULL, send_key = NULL, sending_since = NULL, \
     changed_at = now()";

fn prefixed(columns: &str, prefix: &str) -> String {
    columns
        .split(',')
        .map(|column| format!("{prefix}{}", column.trim()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn unreadable_lease() -> SharedError {
    SharedError::Unreadable {
        what: "an outbox entry taken without its lease".into(),
    }
}
