//! The rows that repeat a pet this computer already created in the environment (or an
//! earlier row of the file): left out of an import unless the person allows repeats.

use std::collections::BTreeMap;
use std::path::Path;

use crate::contract::ParsedFile;
use crate::created::{CreatedError, CreatedPets, Repeat};
use crate::journal::{JournalId, RowState};

/// The valid rows of `file` that repeat a pet in `created` (leaving out the rows of the import
/// whose journal is `own_journal`) or an earlier row of the file.
pub(super) fn repeats_in(
    file: &ParsedFile,
    created: &CreatedPets,
    own_journal: &str,
    unsent: impl Fn(usize) -> bool,
) -> BTreeMap<usize, Repeat> {
    let rows = file
        .valid_rows()
        .map(|(row, pet)| (row.index, pet, row.line));
    created.repeats(rows, Some(own_journal), unsent)
}

/// What a preview or a dry run says of the rows that repeat a pet, before any journal is
/// locked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Repeats {
    /// Every valid row that repeats a pet, and why: also those an earlier run of this same
    /// content created (they were added: the journal skips them).
    pub rows: BTreeMap<usize, Repeat>,
    /// Of those, the rows a run would send if the person allows repeats (the others are the
    /// journal's, never sent again).
    pub sendable: usize,
    /// The valid rows a run would send without repeats: neither settled by an earlier run of
    /// this content nor repeats.
    pub to_send: usize,
}

/// The rows of `file_bytes` (parsed as `file`) that an import to `base_url` would not send
/// because they repeat a pet.
pub fn repeats_of(
    data_dir: &Path,
    file_bytes: &[u8],
    file: &ParsedFile,
    base_url: &str,
) -> Result<Repeats, CreatedError> {
    let created = CreatedPets::open(data_dir, base_url)?;
    let id = JournalId::new(file_bytes, base_url);
    let states = crate::journal::states(data_dir, &id);
    let unsent = |row: usize| states.get(&row).is_none_or(RowState::may_send);
    let rows = repeats_in(file, &created, id.name(), unsent);
    let sendable = rows.keys().filter(|row| unsent(**row)).count();
    let to_send = file
        .valid_rows()
        .filter(|(row, _)| unsent(row.index) && !rows.contains_key(&row.index))
        .count();
    Ok(Repeats {
        rows,
        sendable,
        to_send,
    })
}
