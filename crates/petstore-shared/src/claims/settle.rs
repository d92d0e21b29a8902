//! Settling a claim with what the service answered. Every step is one transaction, and each is
//! safe to repeat (a desk that lost the answer to its own settle settles again).

use super::{ClaimRef, LOCK_PET};
use crate::Shared;
use crate::error::{SharedError, Step, bounded, query};

impl Shared {
    /// The service created the claimed pet as `pet_id` (answered, or found by a listing).
    /// A pet created is never forgotten: even a claim settled as refused before (a listing
    /// that missed it) becomes created, marked as a repeat when another desk has claimed the
    /// same pet meanwhile.
    pub async fn settle_created(&mut self, at: &ClaimRef, pet_id: i64) -> Result<(), SharedError> {
        let step = Step::Write("record a created pet in the shared record");
        let tx = self
            .client
            .transaction()
            .await
            .map_err(|e| query(step, &e))?;
        let row = tx
            .query_opt(
                "SELECT pet_group, fingerprint, state, again FROM petstore_claims
                  WHERE environment = $1 AND desk = $2 AND claim_key = $3",
                &[&at.environment, &at.desk, &at.key],
            )
            .await
            .map_err(|e| query(step, &e))?;
        let Some(row) = row else {
            return Err(no_such(at));
        };
        let get_err = |e: tokio_postgres::Error| query(step, &e);
        let group: String = row.try_get(0).map_err(get_err)?;
        let fingerprint: String = row.try_get(1).map_err(get_err)?;
        let state: String = row.try_get(2).map_err(get_err)?;
        let mut again: bool = row.try_get(3).map_err(get_err)?;
        if state == "refused" && !again {
            // Live again: it must not collide with a claim made while it was refused.
            tx.execute(LOCK_PET, &[&at.environment, &group])
                .await
                .map_err(get_err)?;
            let other = tx
                .query_opt(
                    "SELECT 1 FROM petstore_claims
                      WHERE environment = $1 AND fingerprint = $2 AND state <> 'refused'
                        AND NOT again AND NOT (desk = $3 AND claim_key = $4)",
                    &[&at.environment, &fingerprint, &at.desk, &at.key],
                )
                .await
                .map_err(get_err)?;
            again = other.is_some();
        }
        tx.execute(
            "UPDATE petstore_claims
                SET state = 'created', pet_id = $4, again = $5, settled_at = now()
              WHERE environment = $1 AND desk = $2 AND claim_key = $3",
            &[&at.environment, &at.desk, &at.key, &pet_id, &again],
        )
        .await
        .map_err(get_err)?;
        tx.commit().await.map_err(get_err)
    }

    /// The claimed pet was provably not created (the service said no, or the lists were read
    /// to their end without it): the pet is free for the next claim. A claim already settled as
    /// created stays so (a pet that exists keeps blocking).
    pub async fn settle_refused(&mut self, at: &ClaimRef) -> Result<(), SharedError> {
        self.settle_to(
            at,
            "refused",
            "'claimed', 'unknown'",
            Step::Write("record a refused create in the shared record"),
        )
        .await
    }

    /// The answer was lost: the pet "may have been added", and blocks as one that was, until a
    /// listing settles it. Only a claim still `claimed` changes.
    pub async fn settle_unknown(&mut self, at: &ClaimRef) -> Result<(), SharedError> {
        self.settle_to(
            at,
            "unknown",
            "'claimed'",
            Step::Write("record a create whose outcome is unknown in the shared record"),
        )
        .await
    }

    async fn settle_to(
        &mut self,
        at: &ClaimRef,
        state: &str,
        from: &'static str,
        step: Step,
    ) -> Result<(), SharedError> {
        // One statement: it changes the claim only from the states given, and tells whether
        // the claim exists at all.
        let sql = format!(
            "WITH changed AS (
                UPDATE petstore_claims SET state = $4, settled_at = now()
                 WHERE environment = $1 AND desk = $2 AND claim_key = $3 AND state IN ({from})
                RETURNING 1)
             SELECT EXISTS (SELECT 1 FROM petstore_claims
                             WHERE environment = $1 AND desk = $2 AND claim_key = $3)"
        );
        let row = self
            .client
            .query_one(&sql, &[&at.environment, &at.desk, &at.key, &state])
            .await
            .map_err(|e| query(step, &e))?;
        let exists: bool = row.try_get(0).map_err(|e| query(step, &e))?;
        if exists { Ok(()) } else { Err(no_such(at)) }
    }
}

fn no_such(at: &ClaimRef) -> SharedError {
    SharedError::NoSuchClaim {
        key: bounded(&at.key),
    }
}
