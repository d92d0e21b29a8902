//! What can go wrong with the activity history, as types the shells turn into their own words.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum ActivityError {
    /// The file was written by a newer version (its `user_version` is above what this one knows).
    /// Refused before anything is written: downgrading it could lose or garble what the newer
    /// version keeps.
    #[error(
        "The activity history was written by a newer version of Petstore Admin (schema {found}; this version reads up to {supported}). It was left as it is: update to see it."
    )]
    NewerSchema { found: i64, supported: i64 },
    /// The file cannot be opened or created at all (a missing folder, permissions, a read-only
    /// disk, or a corrupt file that could not be moved aside).
    #[error(
        "The activity history {} cannot be opened: {cause}. Requests still work; they are not recorded until this is fixed.",
        .path.display()
    )]
    Unavailable { path: PathBuf, cause: String },
    /// A stored value this version cannot read back (edited by hand, or a bug): the row's id and
    /// column, so it can be found.
    #[error(
        "Activity entry {id} has a value that cannot be read in its column {column}; the history may have been edited outside the app."
    )]
    BadValue { id: i64, column: &'static str },
    /// Writing an export failed (the destination, not the history).
    #[error("Could not write the activity export: {0}")]
    Write(#[source] std::io::Error),
    #[error("The activity history could not be read or written: {0}")]
    Sqlite(#[from] rusqlite::Error),
}
