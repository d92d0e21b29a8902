//! Bulk work over the Pet Store client: the CSV contract of an import, a journal that
//! a crash cannot make lie, the import itself (paced at background priority, resumable,
//! reconciled, never sending a row twice when the first may have succeeded), and a streaming
//! export.
//!
//! Tauri-free: the caller gives the data folder (`petstore_local::data_dir()`, the same for the
//! app and the CLI) and the client; the app's import dialog and the `petstore import` and
//! `petstore export` commands are thin layers over this crate.
//!
//! ```text
//! contract::parse(bytes)            -> ParsedFile (rows, problems, ignored columns)
//! Import::prepare(dir, bytes, file, client) -> Import (journal open; resumed()?; estimate())
//! import.control() / import.progress()      -> pause/resume/cancel, live Progress
//! import.run(ImportOptions).await   -> ImportReport (per row outcome, counts, stop reason)
//! export::export(client, status, format, names, writer).await; export::SafeFile for files
//! category_list::parse_list(bytes) / write_list(names, writer): the shared list of names
//! check::look_for(client, wanted, max_pages).await -> Checked: Check now, bounded
//! Outbox::new(dir, base_url).queue(pet, reason, allow_repeat) / send_outbox(..).await: later, once
//! ```

pub mod category_list;
pub mod check;
pub mod contract;
pub mod created;
pub mod estimate;
pub mod export;
pub mod import;
pub mod journal;
pub mod outbox;
pub mod pages;
pub mod shared_desk;

pub use check::{CHECK_MAX_PAGES, Checked, Wanted, look_for};
pub use contract::{
    Cells, Column, Columns, ContractError, MAX_FILE_BYTES, MAX_NAME_CHARS, MAX_ROWS, NamedCategory,
    ParsedFile, Row, RowProblem, parse, parse_read,
};
pub use created::{
    Claim, CreateSource, CreatedError, CreatedPets, Earlier, Recorded, Repeat, Settled,
    may_have_created, single_key,
};
pub use estimate::{About, Estimate};
pub use export::{ExportError, ExportFormat, SafeFile, export, export_counting};
pub use import::{
    Counts, Import, ImportControl, ImportError, ImportOptions, ImportReport, Looked,
    MAX_UNKNOWN_IN_A_ROW, Outcome, Phase, Progress, Repeats, RowReport, RowToSend, Stop, StopCause,
    look_for_creates, repeats_of,
};
pub use journal::{
    Journal, JournalError, JournalId, RowState, UnfinishedImport, UnknownReason, unfinished,
};
pub use outbox::{
    EntryState, MAX_OUTBOX_ENTRIES, Outbox, OutboxEntry, OutboxError, QueueReason, SendOutcome,
    SendReport, SendStop, may_queue, send_outbox,
};
pub use pages::{
    Coverage, Listed, PagesError, Surveyed, for_each_page, survey, survey_in_pages_of,
};
