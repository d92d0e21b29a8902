//! Every create this computer's record holds for one environment, for a desk joining a store
//! shared with other desks (issue 41), which brings its own record in once.

use chrono::{DateTime, Utc};

use super::{CreateSource, CreatedPets};

/// One create as recorded here: created (with its id) or "may have been added" (no id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    /// Its key in the record; a create kept without one (the form, `add`) gets
    /// `joined:<pet id>`, stable across runs, so bringing the record in twice adds nothing.
    pub key: String,
    pub name: String,
    pub category_id: i64,
    pub status: Option<String>,
    pub source: CreateSource,
    pub at: DateTime<Utc>,
    pub pet_id: Option<i64>,
}

impl CreatedPets {
    /// Every create recorded (refused ones are not: they made no pet), oldest first.
    pub fn recorded(&self) -> Vec<Recorded> {
        let mut entries: Vec<_> = self.entries().collect();
        entries.sort_by_key(|entry| entry.seq);
        entries
            .into_iter()
            .filter_map(|entry| {
                let key = match (&entry.key, entry.id) {
                    (Some(key), _) => key.clone(),
                    (None, Some(id)) => format!("joined:{id}"),
                    // A keyless entry is always a created one; nothing to name it by otherwise.
                    (None, None) => return None,
                };
                Some(Recorded {
                    key,
                    name: entry.line.name.clone(),
                    category_id: entry.line.category_id,
                    status: entry.line.status.clone(),
                    source: entry.line.source.clone(),
                    at: entry.line.at,
                    pet_id: entry.id,
                })
            })
            .collect()
    }
}
