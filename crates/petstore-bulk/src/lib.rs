//! Bulk work over the Pet Store client (issue 11): the CSV contract of an import, a journal that
//! a crash cannot make lie, the import itself (paced, resumable, reconciled, never sending a row
//! twice when the first may have succeeded), and a streaming export.
//!
//! Tauri-free and file-system-light: the caller gives the data folder (the app's, or the CLI's,
//! which is the same one) and the client; the app's import dialog and the `petstore import` and
//! `petstore export` commands are thin layers over this crate.

pub mod contract;
pub mod journal;

pub use contract::{
    Cells, Column, Columns, ContractError, MAX_FILE_BYTES, MAX_NAME_CHARS, MAX_ROWS, ParsedFile,
    Row, RowProblem, parse,
};
pub use journal::{Journal, JournalError, JournalId, RowState, UnknownReason};
