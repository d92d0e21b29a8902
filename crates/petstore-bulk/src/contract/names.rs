//! The category names an import file gives beside the numbers: a `categoryName`
//! (or `category_name`) column, or a `category` column beside `categoryId`. They are never sent
//! (the service knows categories by number only); the app adds them to this computer's list of
//! the environment the file is imported to, never replacing a name already there. The rules of a
//! name are the list's (`petstore-local`), which checks each offered name.

use std::collections::HashSet;

use serde::Serialize;

use super::ParsedFile;

/// A category's name as a file gives it, with the first line it is on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NamedCategory {
    pub line: u64,
    pub id: i64,
    /// As written.
    pub name: String,
}

impl ParsedFile {
    /// The names beside the numbers of the valid rows, in file order: each id and name once
    /// (ignoring case and surrounding spaces), so an id given two names shows both. A cell that
    /// is empty or a whole number (a second copy of the id) is no name.
    pub fn category_names(&self) -> Vec<NamedCategory> {
        let mut seen = HashSet::new();
        self.valid_rows()
            .filter_map(|(row, pet)| {
                let name = row.category_name.as_deref()?.trim();
                let number = name
                    .strip_prefix(['-', '+'])
                    .unwrap_or(name)
                    .bytes()
                    .all(|b| b.is_ascii_digit());
                if number || !seen.insert((pet.category_id, name.to_lowercase())) {
                    return None;
                }
                Some(NamedCategory {
                    line: row.line,
                    id: pet.category_id,
                    name: name.to_owned(),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
