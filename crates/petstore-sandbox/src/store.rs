//! The catalogue of pets, ordered by id: in memory, and in a file too when it has one
//! ([`crate::kept`]).

use std::collections::BTreeMap;
use std::io;
use std::ops::Bound;
use std::sync::{Mutex, PoisonError};

use crate::kept::PetsFile;
use crate::pet::Pet;

/// One page of a listing, and whether more pets match after it.
#[derive(Debug)]
pub(crate) struct Page {
    pub pets: Vec<Pet>,
    pub more: bool,
}

#[derive(Debug, Default)]
struct Inner {
    pets: BTreeMap<i64, Pet>,
    next_id: i64,
    /// Where each pet added is also written, when the pets are kept across restarts.
    kept: Option<PetsFile>,
}

#[derive(Debug, Default)]
pub(crate) struct PetStore {
    inner: Mutex<Inner>,
}

impl Inner {
    /// The pet `id` names, or the next free id.
    fn next(&self, name: &str, category_id: i64, status: &str, id: Option<i64>) -> Pet {
        Pet {
            id: id.unwrap_or(self.next_id.max(1)),
            name: name.to_owned(),
            category_id,
            status: status.to_owned(),
        }
    }

    fn put(&mut self, pet: Pet) {
        // Ids only grow, so an id seeded near i64::MAX saturates instead of wrapping to negative ids.
        self.next_id = self.next_id.max(pet.id.saturating_add(1));
        self.pets.insert(pet.id, pet);
    }
}

impl PetStore {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds a pet with the next free id, or with `id` when given (replacing a pet with that id),
    /// in memory only: the demo data before it is written whole, the pets read from the file.
    pub fn insert(&self, name: &str, category_id: i64, status: &str, id: Option<i64>) -> Pet {
        let mut inner = self.lock();
        let pet = inner.next(name, category_id, status, id);
        inner.put(pet.clone());
        pet
    }

    /// Ids given from now on are above `id` (and above every pet's, as always).
    pub fn give_ids_above(&self, id: i64) {
        let mut inner = self.lock();
        inner.next_id = inner.next_id.max(id.saturating_add(1));
    }

    /// Adds a pet as [`PetStore::insert`] does, writing it to the pets file first when there is
    /// one: a pet that could not be kept is not added (its id is not given either).
    pub fn add(
        &self,
        name: &str,
        category_id: i64,
        status: &str,
        id: Option<i64>,
    ) -> io::Result<Pet> {
        let mut inner = self.lock();
        let pet = inner.next(name, category_id, status, id);
        if let Some(kept) = &mut inner.kept {
            kept.append(&pet)?;
        }
        inner.put(pet.clone());
        Ok(pet)
    }

    /// From now on, every pet added is also written to `file`.
    pub fn keep_in(&self, file: PetsFile) {
        self.lock().kept = Some(file);
    }

    /// Every pet, in id order.
    pub fn all(&self) -> Vec<Pet> {
        self.lock().pets.values().cloned().collect()
    }

    pub fn get(&self, id: i64) -> Option<Pet> {
        self.lock().pets.get(&id).cloned()
    }

    /// Pets after `after` (if given) with the given status (if given): in id order, or newest
    /// first (ids falling, `after` then the last id of the page before).
    pub fn list(
        &self,
        status: Option<&str>,
        limit: usize,
        after: Option<i64>,
        newest_first: bool,
    ) -> Page {
        let inner = self.lock();
        let after = after.map_or(Bound::Unbounded, Bound::Excluded);
        let pets: Box<dyn Iterator<Item = (&i64, &Pet)>> = if newest_first {
            Box::new(inner.pets.range((Bound::Unbounded, after)).rev())
        } else {
            Box::new(inner.pets.range((after, Bound::Unbounded)))
        };
        let mut matching = pets
            .map(|(_, pet)| pet)
            .filter(|pet| status.is_none_or(|status| pet.status == status));
        let pets: Vec<Pet> = matching.by_ref().take(limit).cloned().collect();
        let more = matching.next().is_some();
        Page { pets, more }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_ascend_and_survive_large_seeds() {
        let store = PetStore::default();
        assert_eq!(store.insert("a", 1, "available", None).id, 1);
        assert_eq!(store.insert("b", 1, "sold", None).id, 2);
        let big = (1_i64 << 53) + 1;
        assert_eq!(store.insert("c", 1, "reserved", Some(big)).id, big);
        assert_eq!(store.insert("d", 1, "available", None).id, big + 1);
        assert_eq!(store.get(big).map(|p| p.status), Some("reserved".into()));
    }

    #[test]
    fn list_filters_pages_and_reports_more() {
        let store = PetStore::default();
        for n in 0..5 {
            store.insert(
                &format!("p{n}"),
                1,
                if n % 2 == 0 { "available" } else { "sold" },
                None,
            );
        }
        let page = store.list(Some("available"), 2, None, false);
        assert_eq!(
            page.pets.iter().map(|p| p.id).collect::<Vec<_>>(),
            vec![1, 3]
        );
        assert!(page.more);
        let page = store.list(Some("available"), 2, Some(3), false);
        assert_eq!(page.pets.iter().map(|p| p.id).collect::<Vec<_>>(), vec![5]);
        assert!(!page.more);
        assert_eq!(store.list(None, 10, None, false).pets.len(), 5);
    }

    #[test]
    fn newest_first_pages_down_from_the_newest() {
        let store = PetStore::default();
        for n in 0..5 {
            store.insert(&format!("p{n}"), 1, "available", None);
        }
        let ids = |page: Page| page.pets.iter().map(|p| p.id).collect::<Vec<_>>();
        let first = store.list(None, 2, None, true);
        assert!(first.more);
        assert_eq!(ids(first), vec![5, 4]);
        let last = store.list(None, 3, Some(4), true);
        assert!(!last.more);
        assert_eq!(ids(last), vec![3, 2, 1]);
    }
}
