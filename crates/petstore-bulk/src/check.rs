//! Check now: is the pet of a create in doubt in the service's lists? The newest pet of the same
//! name and category, looked for with a bound on what it costs the key.
//!
//! A check reads at most [`CHECK_MAX_PAGES`] pages, over the list of every pet and, when that
//! list stops at a full page with no way on, the status lists after it. It reads fewer when the
//! order of the list decides the question sooner: a list served newest first (ids strictly
//! falling, over at least two pets) holds every pet created since the entry before the first pet
//! this computer knew to exist before it (`known_before`); past that pet nothing newer follows,
//! so the check stops there, as it does at the first match (the newest). This reads ids as
//! growing with creation, which a newest-first list shows of the service; any other order is
//! read as it comes, up to the bound. A check that stopped at the bound, or at a list that did
//! not end, never calls the pet "not there": `covered` is false.

use std::collections::HashSet;
use std::convert::Infallible;

use petstore_client::{Limit, ListQuery, Pet, PetStatus, PetstoreClient};

use crate::pages::PagesError;

/// The most pages one check reads: 5,000 pets at 100 a page, under a minute of the Free plan's
/// requests. A catalog beyond it in an order that cannot decide sooner is "could not be
/// checked"; the person can still look the pet up, or dismiss the entry.
pub const CHECK_MAX_PAGES: usize = 50;

/// The pet in doubt, as the create sent it.
#[derive(Debug, Clone, Copy)]
pub struct Wanted<'a> {
    pub name: &'a str,
    pub category_id: i64,
    /// The highest id of a pet known to exist before the create was sent (this computer's
    /// history), if any: where a newest-first list stops being worth reading.
    pub known_before: Option<i64>,
}

/// What a check saw.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// The newest pet of that name and category seen.
    pub found: Option<Pet>,
    /// Everywhere the pet could be was read: the lists ended, or their order showed the rest
    /// is older than the create. False when the check stopped at its bound or at a list that
    /// did not end; then "not found" would be a guess.
    pub covered: bool,
    /// Pages requested.
    pub pages: usize,
}

/// Looks for `wanted` within `max_pages` pages (the app gives [`CHECK_MAX_PAGES`]).
pub async fn look_for(
    client: &PetstoreClient,
    wanted: Wanted<'_>,
    max_pages: usize,
) -> Result<Checked, PagesError<Infallible>> {
    let mut reader = Reader {
        client,
        left: max_pages,
        read: 0,
    };
    let mut search = Search::new(wanted);
    let whole = reader.read(None, &mut search).await?;
    let covered = match whole {
        End::Ended | End::Decided => true,
        End::Bound => false,
        End::Open => {
            // A list of every pet that did not end: the three status lists hold them all.
            let mut all_ended = true;
            for status in PetStatus::ALLOWED {
                search.new_list();
                match reader.read(Some(status), &mut search).await? {
                    End::Ended | End::Decided => {}
                    End::Open | End::Bound => all_ended = false,
                }
            }
            all_ended
        }
    };
    let found = search.best;
    Ok(Checked {
        covered: covered || found.is_some(),
        found,
        pages: reader.read,
    })
}

/// How one list's reading ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// Read to its end.
    Ended,
    /// Its order settled the question before its end.
    Decided,
    /// A full page with no way on: it may hold more.
    Open,
    /// The check's pages ran out first.
    Bound,
}

struct Reader<'a> {
    client: &'a PetstoreClient,
    left: usize,
    read: usize,
}

impl Reader<'_> {
    /// Reads the list of `status` (every pet when `None`) while `search` wants more and pages
    /// are left.
    async fn read(
        &mut self,
        status: Option<PetStatus>,
        search: &mut Search<'_>,
    ) -> Result<End, PagesError<Infallible>> {
        let query = ListQuery {
            status,
            limit: Limit::new(u32::from(Limit::MAX)).unwrap_or_default(),
        };
        if !self.take() {
            return Ok(End::Bound);
        }
        let mut page = self.client.list_pets(&query).await?.value;
        let mut followed = HashSet::new();
        loop {
            if search.see(&page.pets) == Seen::Decided {
                return Ok(End::Decided);
            }
            let Some(next) = page.next.take() else {
                return Ok(if page.may_have_more {
                    End::Open
                } else {
                    End::Ended
                });
            };
            if !followed.insert(next.as_str().to_owned()) {
                return Err(PagesError::Endless {
                    pages: followed.len(),
                });
            }
            if !self.take() {
                return Ok(End::Bound);
            }
            page = self.client.next_page(&next).await?.value;
        }
    }

    fn take(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        self.read += 1;
        true
    }
}

/// Whether a page settled the question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    More,
    Decided,
}

/// The pure part: matches, and what the order of one list shows.
#[derive(Debug)]
struct Search<'a> {
    wanted: Wanted<'a>,
    best: Option<Pet>,
    /// The list's pets so far: how many, the last id, and whether every id fell.
    seen: usize,
    last_id: Option<i64>,
    falling: bool,
}

impl<'a> Search<'a> {
    fn new(wanted: Wanted<'a>) -> Self {
        Search {
            wanted,
            best: None,
            seen: 0,
            last_id: None,
            falling: true,
        }
    }

    /// The next list starts: its order is its own.
    fn new_list(&mut self) {
        self.seen = 0;
        self.last_id = None;
        self.falling = true;
    }

    /// One page, in the list's order. The order is judged on the whole page first, so one
    /// page that merely starts falling decides nothing.
    fn see(&mut self, pets: &[Pet]) -> Seen {
        for pet in pets {
            if self.last_id.is_some_and(|last| pet.id >= last) {
                self.falling = false;
            }
            self.last_id = Some(pet.id);
        }
        self.seen += pets.len();
        let newest_first = self.falling && self.seen >= 2;
        for pet in pets {
            if newest_first
                && self
                    .wanted
                    .known_before
                    .is_some_and(|before| pet.id <= before)
            {
                // This pet and every one after it existed before the create was sent.
                return Seen::Decided;
            }
            if pet.name == self.wanted.name && pet.category_id == self.wanted.category_id {
                // The newest match: the create in doubt came after any older namesake.
                if self.best.as_ref().is_none_or(|b| pet.id > b.id) {
                    self.best = Some(pet.clone());
                }
                if newest_first {
                    return Seen::Decided;
                }
            }
        }
        Seen::More
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pet(id: i64, name: &str) -> Pet {
        Pet {
            id,
            name: name.to_owned(),
            category_id: 3,
            status: None,
            extra: serde_json::Map::new(),
        }
    }

    fn pets(ids: impl IntoIterator<Item = i64>) -> Vec<Pet> {
        ids.into_iter().map(|id| pet(id, "other")).collect()
    }

    fn wanted(known_before: Option<i64>) -> Wanted<'static> {
        Wanted {
            name: "Kai",
            category_id: 3,
            known_before,
        }
    }

    #[test]
    fn a_newest_first_list_stops_at_the_first_pet_known_before() {
        let mut search = Search::new(wanted(Some(40)));
        assert_eq!(search.see(&pets((45..=60).rev())), Seen::More);
        assert_eq!(search.see(&pets((30..=44).rev())), Seen::Decided);
        assert!(search.best.is_none());
    }

    #[test]
    fn a_newest_first_list_stops_at_the_newest_match_and_ignores_older_namesakes() {
        let mut search = Search::new(wanted(Some(10)));
        let mut page = pets([50, 49]);
        page.push(pet(48, "Kai"));
        page.push(pet(47, "Kai"));
        assert_eq!(search.see(&page), Seen::Decided);
        assert_eq!(search.best.map(|p| p.id), Some(48));

        let mut search = Search::new(wanted(Some(48)));
        assert_eq!(search.see(&page), Seen::Decided);
        assert!(search.best.is_none(), "pet 48 was there before the create");
    }

    #[test]
    fn any_other_order_decides_nothing() {
        // Ascending, the sandbox's order: the newest comes last.
        let mut search = Search::new(wanted(Some(40)));
        assert_eq!(search.see(&pets(1..=100)), Seen::More);
        let mut tail = pets(101..=150);
        tail.push(pet(151, "Kai"));
        assert_eq!(search.see(&tail), Seen::More);
        assert_eq!(search.best.map(|p| p.id), Some(151));
        // A page that starts falling and then does not.
        let mut search = Search::new(wanted(Some(40)));
        assert_eq!(search.see(&pets([90, 30, 95])), Seen::More);
        // Falling within a page, rising across pages.
        let mut search = Search::new(wanted(Some(40)));
        assert_eq!(search.see(&pets([90, 80])), Seen::More);
        assert_eq!(search.see(&pets([85, 20])), Seen::More);
    }

    #[test]
    fn one_pet_is_no_order_and_nothing_known_before_is_no_stop() {
        let mut search = Search::new(wanted(Some(40)));
        assert_eq!(
            search.see(&pets([30])),
            Seen::More,
            "one pet shows no order"
        );
        let mut search = Search::new(wanted(None));
        assert_eq!(search.see(&pets((1..=100).rev())), Seen::More);
    }

    #[test]
    fn each_list_is_judged_on_its_own_order() {
        let mut search = Search::new(wanted(Some(40)));
        assert_eq!(search.see(&pets(1..=10)), Seen::More);
        search.new_list();
        assert_eq!(search.see(&pets([60, 50, 39])), Seen::Decided);
    }
}
