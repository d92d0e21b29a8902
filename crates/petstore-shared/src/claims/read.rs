//! Asking the shared record: one pet before a create, many for an import's preview, and the
//! claims nobody settled.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio_postgres::GenericClient;

use super::alive::desk_lock_key;
use super::{ClaimRef, EARLIER_COLUMNS, Earlier, earlier_of};
use crate::Shared;
use crate::error::{SharedError, Step, query};
use crate::fingerprint::{Fingerprint, PetFields};

/// The most pets asked in one query by [`Shared::earlier_many`] (the largest import); more are
/// asked in turns.
pub const MAX_BATCH: usize = 100_000;
/// The most statuses one pet is expected under (three the service knows, and none): rows
/// beyond this many per pet mean the table was filled by something else.
const MAX_STATUSES_PER_PET: usize = 8;
/// The most unsettled claims listed at once (the caller settles them and asks again).
pub const MAX_UNSETTLED: i64 = 1_000;

/// A claim nobody settled: its desk died (or lost the database) between claiming and settling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsettled {
    pub claim: ClaimRef,
    pub pet: PetFields,
    pub claimed_at: DateTime<Utc>,
}

/// The newest live claim of the same pet, leaving out `except` (a claim is no repeat of
/// itself): a confirmed create before one whose outcome is unknown, then the newest, as the
/// local record names one.
pub(crate) async fn earliest_in(
    client: &impl GenericClient,
    environment: &str,
    fingerprint: &Fingerprint,
    except: Option<&ClaimRef>,
) -> Result<Option<Earlier>, SharedError> {
    let step = Step::Read("look for an earlier create in the shared record");
    let (except_desk, except_key) = except.map_or(("", ""), |c| (c.desk.as_str(), c.key.as_str()));
    let sql = format!(
        "SELECT {EARLIER_COLUMNS} FROM petstore_claims
          WHERE environment = $1 AND pet_group = $2 AND state <> 'refused'
            AND ($3::text IS NULL OR status IS NULL OR status = $3)
            AND NOT (desk = $4 AND claim_key = $5)
          ORDER BY (pet_id IS NOT NULL) DESC, claimed_at DESC, desk, claim_key
          LIMIT 1"
    );
    let row = client
        .query_opt(
            &sql,
            &[
                &environment,
                &fingerprint.group(),
                &fingerprint.status(),
                &except_desk,
                &except_key,
            ],
        )
        .await
        .map_err(|e| query(step, &e))?;
    row.map(|row| earlier_of(&row, 0)).transpose()
}

impl Shared {
    /// The earlier create of the same pet by any desk in `environment`, leaving out `except`.
    pub async fn earlier(
        &self,
        environment: &str,
        pet: &PetFields,
        except: Option<&ClaimRef>,
    ) -> Result<Option<Earlier>, SharedError> {
        earliest_in(&self.client, environment, &Fingerprint::of(pet), except).await
    }

    /// [`earlier`](Self::earlier) for every pet of `pets` (an import's preview), in one query
    /// per [`MAX_BATCH`] pets; the answers in the order asked. The claims `except` are left out
    /// (a resumed import's rows its journal knows as unsent: a run killed between claiming and
    /// sending never sent them, so they are no repeat of themselves).
    pub async fn earlier_many(
        &self,
        environment: &str,
        pets: &[PetFields],
        except: &[ClaimRef],
    ) -> Result<Vec<Option<Earlier>>, SharedError> {
        let except_desks: Vec<&str> = except.iter().map(|c| c.desk.as_str()).collect();
        let except_keys: Vec<&str> = except.iter().map(|c| c.key.as_str()).collect();
        let except = (except_desks.as_slice(), except_keys.as_slice());
        let mut answers = Vec::with_capacity(pets.len());
        for chunk in pets.chunks(MAX_BATCH) {
            answers.extend(self.earlier_batch(environment, chunk, except).await?);
        }
        Ok(answers)
    }

    async fn earlier_batch(
        &self,
        environment: &str,
        pets: &[PetFields],
        (except_desks, except_keys): (&[&str], &[&str]),
    ) -> Result<Vec<Option<Earlier>>, SharedError> {
        let step = Step::Read("look for earlier creates in the shared record");
        let fingerprints: Vec<Fingerprint> = pets.iter().map(Fingerprint::of).collect();
        let mut groups: Vec<String> = fingerprints.iter().map(Fingerprint::group).collect();
        groups.sort_unstable();
        groups.dedup();
        let limit = i64::try_from(groups.len() * MAX_STATUSES_PER_PET).unwrap_or(i64::MAX);
        // The best claim per pet and status; which status matches is decided per row below.
        let sql = format!(
            "SELECT DISTINCT ON (pet_group, status) pet_group, status, {EARLIER_COLUMNS}
               FROM petstore_claims
              WHERE environment = $1 AND pet_group = ANY($2) AND state <> 'refused'
                AND (desk, claim_key) NOT IN
                    (SELECT * FROM unnest($4::text[], $5::text[]) AS except_(desk, claim_key))
              ORDER BY pet_group, status, (pet_id IS NOT NULL) DESC, claimed_at DESC
              LIMIT $3"
        );
        let rows = self
            .client
            .query(
                &sql,
                &[&environment, &groups, &limit, &except_desks, &except_keys],
            )
            .await
            .map_err(|e| query(step, &e))?;
        if i64::try_from(rows.len()).unwrap_or(i64::MAX) >= limit && limit > 0 {
            return Err(SharedError::Unreadable {
                what: format!("more than {MAX_STATUSES_PER_PET} statuses for one pet"),
            });
        }
        let mut by_group: HashMap<String, Vec<(Option<String>, Earlier)>> = HashMap::new();
        for row in &rows {
            let group: String = row.try_get(0).map_err(|e| query(step, &e))?;
            let status: Option<String> = row.try_get(1).map_err(|e| query(step, &e))?;
            let earlier = earlier_of(row, 2)?;
            by_group.entry(group).or_default().push((status, earlier));
        }
        Ok(fingerprints
            .iter()
            .map(|fingerprint| {
                by_group
                    .get(&fingerprint.group())?
                    .iter()
                    .filter(|(status, _)| fingerprint.status_matches(status.as_deref()))
                    .map(|(_, earlier)| earlier)
                    .max_by_key(|earlier| (earlier.pet_id.is_some(), earlier.at))
                    .cloned()
            })
            .collect())
    }

    /// Claims in `environment` still `claimed` after `older_than` (by the database's clock)
    /// whose desk has no session holding its liveness lock ([`Shared::hold_desk`]): their
    /// desks died or lost the database between claiming and settling. Each blocks its pet as
    /// "may have been added" until the caller, having listed the service, settles it (found →
    /// created; the lists read to their end without it → refused; otherwise unknown).
    /// At most [`MAX_UNSETTLED`], oldest first.
    ///
    /// Both conditions, because a desk of an older build holds no lock, and a desk that lost
    /// the database while still sending lets go of it: `older_than` is what keeps such a desk
    /// from being settled under its feet. This session's own desk counts as dead (a session
    /// never conflicts with its own lock): its earlier runs' claims are listed too.
    pub async fn unsettled_of_dead_desks(
        &self,
        environment: &str,
        older_than: Duration,
    ) -> Result<Vec<Unsettled>, SharedError> {
        let step = Step::Read("list unsettled claims in the shared record");
        let seconds = older_than.as_secs_f64();
        // The exclusive lock is had only when no session holds the desk's shared one; taken
        // for this statement alone.
        let desk_lock = desk_lock_key("desk");
        let sql = format!(
            "SELECT desk, claim_key, name, category_id, status, claimed_at
                   FROM petstore_claims
                  WHERE environment = $1 AND state = 'claimed'
                    AND claimed_at < now() - make_interval(secs => $2)
                    AND pg_try_advisory_xact_lock({desk_lock})
                  ORDER BY claimed_at, desk, claim_key
                  LIMIT $3"
        );
        let rows = self
            .client
            .query(&sql, &[&environment, &seconds, &MAX_UNSETTLED])
            .await
            .map_err(|e| query(step, &e))?;
        rows.iter()
            .map(|row| {
                let get_err = |e: tokio_postgres::Error| query(step, &e);
                Ok(Unsettled {
                    claim: ClaimRef {
                        environment: environment.to_owned(),
                        desk: row.try_get(0).map_err(get_err)?,
                        key: row.try_get(1).map_err(get_err)?,
                    },
                    pet: PetFields {
                        // Whole (the schema bounds it): the caller looks for it in the lists.
                        name: row.try_get(2).map_err(get_err)?,
                        category_id: row.try_get(3).map_err(get_err)?,
                        status: row.try_get(4).map_err(get_err)?,
                    },
                    claimed_at: row.try_get(5).map_err(get_err)?,
                })
            })
            .collect()
    }
}
