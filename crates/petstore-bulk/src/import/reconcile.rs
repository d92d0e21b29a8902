//! Settling the rows whose create's outcome was lost: among the pets that were not there
//! before the import and that no other row of it created, one with the same name, category and
//! status is that row's pet.

use std::collections::{BTreeMap, BTreeSet};

use petstore_client::{ErrorKind, NewPet, Pet};

use super::{Import, ImportError, Phase, Stop, StopCause, Waited};
use crate::created::row_key;
use crate::journal::{RowState, UnknownReason};
use crate::pages::{PagesError, survey};

impl Import {
    /// Settles the rows whose outcome is unknown, when the run ended or stopped because the
    /// service kept failing (what it sent is looked for; the stop stays the reason).
    pub(super) async fn reconcile_after(
        &mut self,
        stopped: Option<Stop>,
    ) -> Result<Option<Stop>, ImportError> {
        let kept_failing = matches!(stopped, Some(Stop::KeptFailing { .. }));
        if (stopped.is_none() || kept_failing) && self.any_unknown(UnknownFilter::Any) {
            let reconciled = self.reconcile().await?;
            return Ok(stopped.or(reconciled));
        }
        Ok(stopped)
    }

    /// Lists the pets and settles every unknown row: found → created; not found where the list
    /// could be read to its end (whole, or the row's status's) → unknown, not found; elsewhere
    /// → unknown, unchecked (never called "not found", never resent).
    async fn reconcile(&mut self) -> Result<Option<Stop>, ImportError> {
        self.publish(Phase::Reconciling);
        let before = self.journal.before().cloned().unwrap_or_default();
        let claimed = self.journal.created_ids();
        let mut candidates: Vec<Pet> = Vec::new();
        let listing = survey(&self.client, None, |pets| {
            candidates.extend(
                pets.iter()
                    .filter(|pet| !before.contains(&pet.id) && !claimed.contains(&pet.id))
                    .cloned(),
            );
            Ok::<(), std::convert::Infallible>(())
        });
        let listed = self.watched(Phase::Reconciling, listing).await;
        let coverage = match listed {
            Ok(surveyed) => surveyed.coverage,
            Err(error) => {
                let (kind, message, cause) = match error {
                    PagesError::Client(e) => (e.kind(), e.to_string(), Some(StopCause::new(e))),
                    other => (ErrorKind::UnexpectedResponse, other.to_string(), None),
                };
                return Ok(Some(Stop::ReconcileFailed {
                    kind,
                    message,
                    cause,
                }));
            }
        };
        let unknown: Vec<(usize, NewPet)> = self
            .file
            .valid_rows()
            .filter(|(row, _)| {
                matches!(
                    self.journal.state(row.index),
                    RowState::Sent | RowState::Unknown { .. }
                )
            })
            .map(|(row, pet)| (row.index, pet.clone()))
            .collect();
        // A pet looked for where the list did not end may be beyond what was read: only rows
        // the survey covers are matched or called not found.
        let covered: Vec<(usize, &NewPet)> = unknown
            .iter()
            .filter(|(_, pet)| coverage.covers(pet.status.as_ref()))
            .map(|(index, pet)| (*index, pet))
            .collect();
        let found: BTreeMap<usize, i64> = match_rows(&covered, &candidates).into_iter().collect();
        for (index, pet) in &unknown {
            if let Some(&id) = found.get(index) {
                self.record(*index, RowState::Created { id })?;
                let key = row_key(&self.journal_name, *index);
                let source = self.source(*index);
                self.created.record_created(Some(&key), pet, id, source)?;
                continue;
            }
            let reason = if coverage.covers(pet.status.as_ref()) {
                UnknownReason::NotFound
            } else {
                UnknownReason::Unchecked
            };
            self.record(*index, RowState::Unknown { reason })?;
        }
        self.publish(Phase::Reconciling);
        Ok(None)
    }

    /// The pets there before the import, listed once any rate-limit wait in force is over (a
    /// wait met on the way is sat out and the listing starts again); `Err(stop)` when cancelled
    /// or the wait is too long to sit out.
    pub(super) async fn list_ids_when_allowed(
        &self,
    ) -> Result<Result<BTreeSet<i64>, Stop>, ImportError> {
        let mut learnt = None;
        loop {
            match self.wait_out(Phase::ListingBefore, learnt).await {
                Waited::Go => {}
                Waited::Cancelled => return Ok(Err(Stop::Cancelled)),
                Waited::TooLong(stop) => return Ok(Err(stop)),
            }
            match self.watched(Phase::ListingBefore, self.list_ids()).await {
                Ok(ids) => return Ok(Ok(ids)),
                Err(PagesError::Client(petstore_client::Error::RateLimited {
                    retry_at, ..
                })) => {
                    learnt = Some(retry_at);
                }
                Err(error) => return Err(ImportError::ListingBefore(error)),
            }
        }
    }

    async fn list_ids(&self) -> Result<BTreeSet<i64>, PagesError<std::convert::Infallible>> {
        let mut ids = BTreeSet::new();
        survey(&self.client, None, |pets| {
            ids.extend(pets.iter().map(|pet| pet.id));
            Ok(())
        })
        .await?;
        Ok(ids)
    }

    pub(super) fn any_unknown(&self, filter: UnknownFilter) -> bool {
        self.file
            .valid_rows()
            .any(|(row, _)| match self.journal.state(row.index) {
                RowState::Sent => filter == UnknownFilter::Any,
                RowState::Unknown { reason } => {
                    filter == UnknownFilter::Any || reason == UnknownReason::NotFound
                }
                _ => false,
            })
    }
}

/// What a listing says of one create whose outcome nobody knows (a claim a desk that died left
/// in a store shared by desks, issue 41).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Looked {
    /// A pet of the same name, category and status (any, when none was sent) is there.
    Found(i64),
    /// Not there, and every list it could be in was read to its end: provably not created.
    NotThere,
    /// Not seen where a list did not end: it may be beyond what was read.
    Unchecked,
}

/// Lists the service once, as an import's own reconciliation does ([`survey`]: the whole
/// list, then each status's when it did not end), and looks for each of `pets`, matched one
/// to one as an import's unknown rows are: the answers in the order asked. The service has no
/// search, so this reads every page; a list that could not be read at all is the error, and
/// nothing may be concluded from it.
pub async fn look_for_creates(
    client: &petstore_client::PetstoreClient,
    pets: &[NewPet],
) -> Result<Vec<Looked>, PagesError<std::convert::Infallible>> {
    let wanted: BTreeSet<(&str, i64)> = pets
        .iter()
        .map(|pet| (pet.name.as_str(), pet.category_id))
        .collect();
    let mut candidates: Vec<Pet> = Vec::new();
    let surveyed = survey(client, None, |page| {
        candidates.extend(
            page.iter()
                .filter(|pet| wanted.contains(&(pet.name.as_str(), pet.category_id)))
                .cloned(),
        );
        Ok::<(), std::convert::Infallible>(())
    })
    .await?;
    let asked: Vec<(usize, &NewPet)> = pets.iter().enumerate().collect();
    let found: BTreeMap<usize, i64> = match_rows(&asked, &candidates).into_iter().collect();
    Ok(pets
        .iter()
        .enumerate()
        .map(|(index, pet)| match found.get(&index) {
            Some(&id) => Looked::Found(id),
            None if surveyed.coverage.covers(pet.status.as_ref()) => Looked::NotThere,
            None => Looked::Unchecked,
        })
        .collect())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum UnknownFilter {
    Any,
    NotFound,
}

/// Matches `unknown` rows (index, pet) one to one against `candidates` (pets new since the
/// import began and not claimed by any row). A row without a status matches any status (the
/// service chose it). Returns (row index, pet id) for each row found, in row order.
fn match_rows(unknown: &[(usize, &NewPet)], candidates: &[Pet]) -> Vec<(usize, i64)> {
    let mut claimed = BTreeSet::new();
    let mut found = Vec::new();
    for (index, row) in unknown {
        let hit = candidates.iter().find(|pet| {
            !claimed.contains(&pet.id)
                && pet.name == row.name
                && pet.category_id == row.category_id
                && row
                    .status
                    .as_ref()
                    .is_none_or(|s| pet.status.as_ref() == Some(s))
        });
        if let Some(pet) = hit {
            claimed.insert(pet.id);
            found.push((*index, pet.id));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use petstore_client::PetStatus;

    use super::*;

    fn pet(id: i64, name: &str, category_id: i64, status: &str) -> Pet {
        serde_json::from_value(serde_json::json!({
            "id": id, "name": name, "categoryId": category_id, "status": status
        }))
        .unwrap()
    }

    #[test]
    fn one_pet_per_row_and_status_must_agree_when_given() {
        let rex = NewPet::new("Rex", 1, Some(PetStatus::Sold)).unwrap();
        let twin = NewPet::new("Rex", 1, None).unwrap();
        let mia = NewPet::new("Mia", 2, None).unwrap();
        let candidates = [
            pet(10, "Rex", 1, "available"),
            pet(11, "Rex", 1, "sold"),
            pet(12, "Mia", 3, "available"),
        ];
        let found = match_rows(&[(0, &rex), (1, &twin), (2, &mia), (3, &twin)], &candidates);
        assert_eq!(found, vec![(0, 11), (1, 10)]);
    }
}
