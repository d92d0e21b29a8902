//! What a shell needs to claim an import's rows in a store shared with other desks before any
//! is sent (issue 41; the store itself is `petstore-shared`, which this crate does not know):
//! the rows this run would send and their keys, and a way to leave out the rows another desk
//! already added, as repeats naming that desk.

use std::collections::BTreeMap;

use petstore_client::NewPet;

use super::Import;
use crate::created::{Repeat, row_key};

/// A row this run would send: its index, its line in the file, the pet, and its key in the
/// created record (the same key a shared claim is made under).
#[derive(Debug, Clone, PartialEq)]
pub struct RowToSend {
    pub index: usize,
    pub line: u64,
    pub pet: NewPet,
    pub key: String,
}

impl Import {
    /// The journal's name, which the rows' keys start with.
    pub fn journal_name(&self) -> &str {
        &self.journal_name
    }

    /// The rows [`Import::to_send`] counts, in file order.
    pub fn rows_to_send(&self) -> Vec<RowToSend> {
        self.file
            .valid_rows()
            .filter(|(row, _)| {
                self.journal.state(row.index).may_send() && !self.repeats.contains_key(&row.index)
            })
            .map(|(row, pet)| RowToSend {
                index: row.index,
                line: row.line,
                pet: pet.clone(),
                key: row_key(&self.journal_name, row.index),
            })
            .collect()
    }

    /// Leaves `rows` out of this run as repeats (another desk added them): only rows this run
    /// would send; a row already a repeat keeps its own reason.
    pub fn skip_as_repeats(&mut self, rows: BTreeMap<usize, Repeat>) {
        for (index, repeat) in rows {
            if self.journal.state(index).may_send() {
                self.repeats.entry(index).or_insert(repeat);
            }
        }
        self.recount();
    }
}
