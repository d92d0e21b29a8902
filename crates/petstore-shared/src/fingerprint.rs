//! Recognising the same pet across desks, by the rule the local record uses
//! (`petstore_bulk::created::Fingerprint`): the name as the service stores it, compared without
//! case and with runs of spaces as one, the category and the status; a missing status (the
//! service chose) matches any status.
//!
//! Computed here from the pet's fields rather than taken from petstore-bulk, which this crate
//! must not depend on (the bulk crate and the shells will depend on this one). The tests below
//! pin the same texts as petstore-bulk's `Fingerprint::text` tests.

use serde::{Deserialize, Serialize};

/// A pet as a create sends it (the fields the service is given).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PetFields {
    pub name: String,
    pub category_id: i64,
    /// The status as the service spells it (`available`, …); `None`: the service chooses.
    pub status: Option<String>,
}

/// What makes two creates the same pet.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint {
    name: String,
    category_id: i64,
    status: Option<String>,
}

impl Fingerprint {
    pub fn of(pet: &PetFields) -> Fingerprint {
        Fingerprint {
            name: normal_name(&pet.name),
            category_id: pet.category_id,
            status: pet.status.clone(),
        }
    }

    /// The stable text stored in the shared store: `[category, status or null, name]` as JSON,
    /// so no name or status can be mistaken for a separator. Never change it: claims written
    /// by every earlier version are compared with it.
    pub fn text(&self) -> String {
        serde_json::json!([self.category_id, self.status, self.name]).to_string()
    }

    /// The part that must be equal (the status may be left open): `[category, name]`.
    pub fn group(&self) -> String {
        serde_json::json!([self.category_id, self.name]).to_string()
    }

    pub fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }

    /// Whether a pet of status `other` is the same pet as this one (their groups equal).
    pub(crate) fn status_matches(&self, other: Option<&str>) -> bool {
        self.status.is_none() || other.is_none() || self.status.as_deref() == other
    }
}

fn normal_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pet(name: &str, category_id: i64, status: Option<&str>) -> Fingerprint {
        Fingerprint::of(&PetFields {
            name: name.into(),
            category_id,
            status: status.map(str::to_owned),
        })
    }

    #[test]
    fn case_and_spacing_do_not_make_another_pet() {
        assert_eq!(
            pet("  Rex   the  Dog ", 1, None),
            pet("rex the dog", 1, None)
        );
        // The same texts, to the character, as petstore-bulk's `Fingerprint::text` tests.
        assert_eq!(
            pet("ALPHA", 2, Some("sold")).text(),
            r#"[2,"sold","alpha"]"#
        );
        assert_eq!(
            pet("  Rex   the  Dog ", 1, None).text(),
            r#"[1,null,"rex the dog"]"#
        );
        assert_eq!(pet("Rex", 1, None).text(), r#"[1,null,"rex"]"#);
        assert_eq!(pet("Rex", 1, Some("sold")).group(), r#"[1,"rex"]"#);
        assert_ne!(pet("Rex", 1, None), pet("Rex", 2, None));
    }

    #[test]
    fn a_missing_status_matches_any() {
        let open = pet("Rex", 1, None);
        let sold = pet("Rex", 1, Some("sold"));
        assert!(open.status_matches(Some("sold")));
        assert!(sold.status_matches(None));
        assert!(sold.status_matches(Some("sold")));
        assert!(!sold.status_matches(Some("available")));
    }

    #[test]
    fn separators_in_names_cannot_collide() {
        assert_ne!(
            pet("a\",\"b", 1, None).text(),
            pet("b", 1, Some("a")).text()
        );
    }
}
