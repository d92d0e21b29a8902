//! Recognising the same pet: an earlier create by this computer, or an earlier row of the
//! same file.

use std::collections::{BTreeMap, HashMap};

use petstore_client::NewPet;

use super::{CreatedPets, Earlier, Entry, Line, Repeat, row_key};

/// What makes two creates the same pet: the name as the service stores it (trimmed), compared
/// without case and with runs of spaces as one (a fix of "alpha" to "Alpha" in a spreadsheet
/// is the same pet), the category and the status. A missing status (the service chose) matches
/// any status.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint {
    name: String,
    category_id: i64,
    status: Option<String>,
}

impl Fingerprint {
    pub fn of(pet: &NewPet) -> Fingerprint {
        Fingerprint {
            name: normal_name(&pet.name),
            category_id: pet.category_id,
            status: pet.status.as_ref().map(|s| s.as_str().to_owned()),
        }
    }

    /// The fingerprint as stable text, `[category, status or null, "name"]` in JSON: the text
    /// the shared store keeps (`petstore_shared::Fingerprint::text`, computed there from the
    /// same fields by the same rule), so a pet is the same pet on this computer and across
    /// desks. Never change it: both records compare with what earlier versions wrote.
    pub fn text(&self) -> String {
        serde_json::json!([self.category_id, self.status, self.name]).to_string()
    }

    fn same_pet(&self, other: &Fingerprint) -> bool {
        self.name == other.name
            && self.category_id == other.category_id
            && (self.status.is_none() || other.status.is_none() || self.status == other.status)
    }

    /// Name and category: the part that must be equal (the status may be left open).
    fn group(&self) -> (String, i64) {
        (self.name.clone(), self.category_id)
    }
}

fn normal_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Line {
    fn fingerprint(&self) -> Fingerprint {
        Fingerprint {
            name: normal_name(&self.name),
            category_id: self.category_id,
            status: self.status.clone(),
        }
    }
}

impl CreatedPets {
    /// The newest earlier create of the same pet, leaving out the entry `except` (a row is
    /// no repeat of itself).
    pub fn earlier(&self, pet: &NewPet, except: Option<&str>) -> Option<Earlier> {
        let fingerprint = Fingerprint::of(pet);
        newest(
            self.entries()
                .filter(|entry| entry.key.is_none() || entry.key.as_deref() != except)
                .filter(|entry| entry.line.fingerprint().same_pet(&fingerprint)),
        )
    }

    /// Why each row of `rows` (index, pet, line) would repeat a pet: an earlier create by this
    /// computer (rows an earlier run of this same import created included: they were added),
    /// or an earlier row of the same rows. A row of the import whose journal is `own_journal`
    /// and that its journal does not know as sent (`unsent`) is no repeat of its own entry: a
    /// run killed between the two records never sent it.
    pub fn repeats<'a>(
        &self,
        rows: impl IntoIterator<Item = (usize, &'a NewPet, u64)>,
        own_journal: Option<&str>,
        unsent: impl Fn(usize) -> bool,
    ) -> BTreeMap<usize, Repeat> {
        let mut index: HashMap<(String, i64), Vec<&Entry>> = HashMap::new();
        for entry in self.entries() {
            index
                .entry(entry.line.fingerprint().group())
                .or_default()
                .push(entry);
        }
        let mut in_file: HashMap<(String, i64), Vec<(Fingerprint, u64)>> = HashMap::new();
        let mut found = BTreeMap::new();
        for (row, pet, line) in rows {
            let fingerprint = Fingerprint::of(pet);
            let group = fingerprint.group();
            let itself = own_journal
                .filter(|_| unsent(row))
                .map(|own| row_key(own, row));
            let earlier = newest(
                index
                    .get(&group)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|entry| entry.key.is_none() || entry.key != itself)
                    .filter(|entry| entry.line.fingerprint().same_pet(&fingerprint)),
            );
            let same_rows = in_file.entry(group).or_default();
            if let Some(earlier) = earlier {
                found.insert(row, Repeat::Earlier(earlier));
            } else if let Some((_, first)) =
                same_rows.iter().find(|(f, _)| f.same_pet(&fingerprint))
            {
                found.insert(row, Repeat::InFile { line: *first });
            }
            same_rows.push((fingerprint, line));
        }
        found
    }
}

/// The entry to name: a confirmed create before one whose outcome is unknown, then the newest.
fn newest<'a>(entries: impl Iterator<Item = &'a Entry>) -> Option<Earlier> {
    entries
        .max_by_key(|entry| (entry.id.is_some(), entry.seq))
        .map(|entry| Earlier {
            at: entry.line.at,
            source: entry.line.source.clone(),
            pet_id: entry.id,
            desk: None,
            in_progress: false,
        })
}

#[cfg(test)]
mod tests {
    use petstore_client::PetStatus;

    use super::*;

    /// The same cases, to the character, as petstore-shared's `fingerprint.rs` tests.
    #[test]
    fn the_stable_text_is_the_shared_stores() {
        let pet = |name: &str, category_id, status| {
            Fingerprint::of(&NewPet::new(name, category_id, status).unwrap())
        };
        assert_eq!(
            pet("ALPHA", 2, Some(PetStatus::Sold)).text(),
            r#"[2,"sold","alpha"]"#
        );
        assert_eq!(
            pet("  Rex   the  Dog ", 1, None).text(),
            r#"[1,null,"rex the dog"]"#
        );
    }
}
