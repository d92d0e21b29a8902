//! Every page of a list, following `Link: rel="next"` (same origin only: the client refuses
//! others), handed over page by page so nothing needs the whole catalog in memory; and a survey
//! that says how much of the catalog it could see.
//!
//! The interface shows no paging, so a conforming server may answer a full page and name no next
//! one. Such a list did not end: it "may hold more". Every caller is told which it was, and
//! nothing built on a list that did not end may call itself complete.

use std::collections::HashSet;

use petstore_client::{Limit, ListQuery, Pet, PetStatus, PetstoreClient};
use serde::Serialize;

/// The most pages followed: 10 million pets at 100 a page. A server that links on beyond this
/// (or back to a page already read) is stopped rather than followed for ever.
pub const MAX_PAGES: usize = 100_000;

#[derive(Debug, thiserror::Error)]
pub enum PagesError<E: std::error::Error + 'static> {
    #[error(transparent)]
    Client(#[from] petstore_client::Error),
    #[error(transparent)]
    Sink(E),
    #[error(
        "The service kept announcing more pages ({pages} read, or a page already read was announced again); stopped there. Please report this to the service's operator."
    )]
    Endless { pages: usize },
}

/// What one list (of every pet, or of one status) handed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listed {
    /// Pets handed over.
    pub count: u64,
    /// The list ended: a page shorter than its limit, or a `Link` chain followed to its end.
    /// False when it stopped at a full page that named no next page.
    pub complete: bool,
}

/// Calls `each` with every page of pets of `status` (all when `None`), in the server's order.
pub async fn for_each_page<E: std::error::Error + 'static>(
    client: &PetstoreClient,
    status: Option<PetStatus>,
    each: impl FnMut(&[Pet]) -> Result<(), E>,
) -> Result<Listed, PagesError<E>> {
    for_each_page_of(client, status, largest_page(), each).await
}

/// Pages of 100, the most the interface allows: the fewest requests, and the most seen from a
/// server that cannot page.
fn largest_page() -> Limit {
    Limit::new(u32::from(Limit::MAX)).unwrap_or_default()
}

/// [`for_each_page`] with pages of `limit`.
async fn for_each_page_of<E: std::error::Error + 'static>(
    client: &PetstoreClient,
    status: Option<PetStatus>,
    limit: Limit,
    mut each: impl FnMut(&[Pet]) -> Result<(), E>,
) -> Result<Listed, PagesError<E>> {
    let query = ListQuery { status, limit };
    let mut page = client.list_pets(&query).await?.value;
    let mut seen = HashSet::new();
    let mut count = 0u64;
    loop {
        count += page.pets.len() as u64;
        each(&page.pets).map_err(PagesError::Sink)?;
        let Some(next) = page.next.take() else {
            return Ok(Listed {
                count,
                complete: !page.may_have_more,
            });
        };
        if seen.len() >= MAX_PAGES || !seen.insert(next.as_str().to_owned()) {
            return Err(PagesError::Endless { pages: seen.len() });
        }
        page = client.next_page(&next).await?.value;
    }
}

/// Which lists a survey read to their end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Coverage {
    /// The list of every pet ended.
    pub all: bool,
    /// Each status's list ended, in [`PetStatus::ALLOWED`] order.
    pub by_status: [bool; 3],
}

impl Coverage {
    /// Every pet the service holds was seen. The interface's statuses are three, so their three
    /// lists read to the end cover the catalog as well as the whole list does.
    pub fn complete(&self) -> bool {
        self.all || self.by_status.iter().all(|ended| *ended)
    }

    /// A pet of `status` (`None`: any, as when the service chose it) would have been seen.
    pub fn covers(&self, status: Option<&PetStatus>) -> bool {
        self.complete() || status.and_then(slot).is_some_and(|i| self.by_status[i])
    }
}

/// What [`survey`] handed over, and how much of the catalog that was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Surveyed {
    pub count: u64,
    pub coverage: Coverage,
    /// The list asked for (every pet, or one status's) was read to its end, by one means or
    /// the other.
    pub complete: bool,
}

/// Every pet of `status` (all when `None`) that the service lets a client see, by every means
/// the interface gives, each pet handed to `each` once. The whole list comes first; when it
/// stops at a full page with no way on (and no status was asked), each status's list is read
/// too, and the pets not seen yet are handed over. A status asked for is read as that status's
/// list alone.
pub async fn survey<E: std::error::Error + 'static>(
    client: &PetstoreClient,
    status: Option<PetStatus>,
    each: impl FnMut(&[Pet]) -> Result<(), E>,
) -> Result<Surveyed, PagesError<E>> {
    survey_in_pages_of(client, status, largest_page(), each).await
}

/// [`survey`] asking pages of `limit` (`petstore list --name-contains --limit N`).
pub async fn survey_in_pages_of<E: std::error::Error + 'static>(
    client: &PetstoreClient,
    status: Option<PetStatus>,
    limit: Limit,
    mut each: impl FnMut(&[Pet]) -> Result<(), E>,
) -> Result<Surveyed, PagesError<E>> {
    if let Some(status) = status {
        let mut coverage = Coverage::default();
        let listed = for_each_page_of(client, Some(status.clone()), limit, each).await?;
        if let Some(i) = slot(&status) {
            coverage.by_status[i] = listed.complete;
        }
        return Ok(Surveyed {
            count: listed.count,
            coverage,
            complete: listed.complete,
        });
    }
    let mut seen = HashSet::new();
    let whole = for_each_page_of(client, None, limit, |pets| {
        seen.extend(pets.iter().map(|pet| pet.id));
        each(pets)
    })
    .await?;
    let mut coverage = Coverage {
        all: whole.complete,
        by_status: [whole.complete; 3],
    };
    let mut count = whole.count;
    if !whole.complete {
        for (i, status) in PetStatus::ALLOWED.into_iter().enumerate() {
            let listed = for_each_page_of(client, Some(status), limit, |pets| {
                let new: Vec<Pet> = pets
                    .iter()
                    .filter(|pet| seen.insert(pet.id))
                    .cloned()
                    .collect();
                count += new.len() as u64;
                each(&new)
            })
            .await?;
            coverage.by_status[i] = listed.complete;
        }
    }
    Ok(Surveyed {
        count,
        coverage,
        complete: coverage.complete(),
    })
}

/// The place of a status the interface lists in [`Coverage::by_status`].
fn slot(status: &PetStatus) -> Option<usize> {
    PetStatus::ALLOWED.iter().position(|known| known == status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_of_the_three_status_lists_is_the_catalog() {
        let sold_only = Coverage {
            all: false,
            by_status: [false, false, true],
        };
        assert!(!sold_only.complete());
        assert!(sold_only.covers(Some(&PetStatus::Sold)));
        assert!(!sold_only.covers(Some(&PetStatus::Available)));
        assert!(!sold_only.covers(None), "a status the service chose");
        assert!(!sold_only.covers(Some(&PetStatus::Other("lost".into()))));
        let three = Coverage {
            all: false,
            by_status: [true; 3],
        };
        assert!(three.complete() && three.covers(None));
        let whole = Coverage {
            all: true,
            by_status: [false; 3],
        };
        assert!(whole.covers(Some(&PetStatus::Other("lost".into()))));
    }
}
