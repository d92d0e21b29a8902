//! Finding rows whose create's outcome was lost: among the pets that were not there before the
//! import and that no other row of it created, one with the same name, category and status.

use std::collections::BTreeSet;

use petstore_client::{NewPet, Pet};

/// Matches `unknown` rows (index, pet) one to one against `candidates` (pets new since the
/// import began and not claimed by any row). A row without a status matches any status (the
/// service chose it). Returns (row index, pet id) for each row found, in row order.
pub(super) fn match_rows(unknown: &[(usize, &NewPet)], candidates: &[Pet]) -> Vec<(usize, i64)> {
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
