//! Journals read from outside a run, without their lock: the rows' states for a preview,
//! and the imports left unfinished for the app to offer to resume.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::read::{Replayed, read_bounded, replay};
use super::{JOURNAL_FOLDER, JournalId, RowState};

/// The rows' states in the journal of `id`, read without locking it (for a preview); empty
/// when there is none or it cannot be read.
pub fn states(data_dir: &Path, id: &JournalId) -> BTreeMap<usize, RowState> {
    let path = data_dir.join(JOURNAL_FOLDER).join(id.file_name());
    read_unlocked(&path).map_or_else(BTreeMap::new, |replayed| replayed.rows)
}

/// A journal read without its lock, up to its last whole line; `None` when it cannot be read
/// or is damaged (then it is left as it is).
fn read_unlocked(path: &Path) -> Option<Replayed> {
    let mut file = File::open(path).ok()?;
    let text = read_bounded(&mut file).ok()?;
    let whole = text.rfind('\n').map_or(0, |end| end + 1);
    replay(&text[..whole], path, None).ok()
}

/// An import a run began and did not finish, for the app to offer to resume after a restart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UnfinishedImport {
    pub journal: PathBuf,
    /// The base address it imports to.
    pub origin: String,
    /// The file it read, when the run recorded it.
    pub source: Option<PathBuf>,
    pub created: usize,
    /// Rows whose outcome is unknown (to reconcile).
    pub unknown: usize,
}

/// Imports in `data_dir` that were started and not finished (journals that are damaged or
/// unreadable are left out, and left alone).
pub fn unfinished(data_dir: &Path) -> Vec<UnfinishedImport> {
    let Ok(entries) = std::fs::read_dir(data_dir.join(JOURNAL_FOLDER)) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|ext| ext != "journal") {
            continue;
        }
        let Some(replayed) = read_unlocked(&path) else {
            continue;
        };
        if replayed.finished {
            continue;
        }
        let count =
            |pick: fn(&RowState) -> bool| replayed.rows.values().filter(|s| pick(s)).count();
        found.push(UnfinishedImport {
            created: count(|s| matches!(s, RowState::Created { .. })),
            unknown: count(|s| matches!(s, RowState::Sent | RowState::Unknown { .. })),
            origin: replayed.origin.clone(),
            source: replayed.source.clone(),
            journal: path,
        });
    }
    found.sort_by(|a, b| a.journal.cmp(&b.journal));
    found
}
