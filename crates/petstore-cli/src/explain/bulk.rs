//! Imports and exports: the file, its rows, the journal, the listings, and why an import ended
//! without every row created.

use std::path::Path;

use petstore_bulk::category_list::{MAX_LIST_BYTES, MAX_LIST_ROWS};
use petstore_bulk::{
    ContractError, ExportError, ImportError, JournalError, MAX_FILE_BYTES, MAX_NAME_CHARS,
    MAX_ROWS, PagesError, RowProblem, Stop,
};

use super::io;
use crate::exit::Incomplete;
use crate::words::{BulkMsg, say};

pub fn in_file(path: &Path, error: &ContractError) -> String {
    say(
        BulkMsg::InFile,
        &[("path", &path.display()), ("why", &contract(error))],
    )
}

pub fn contract(error: &ContractError) -> String {
    match error {
        ContractError::TooLarge { bytes } => {
            let max = crate::output::count(MAX_FILE_BYTES as u64);
            let rows = crate::output::count(MAX_ROWS as u64);
            match bytes {
                Some(bytes) => say(
                    BulkMsg::TooLarge,
                    &[
                        ("bytes", &crate::output::count(*bytes)),
                        ("max", &max),
                        ("rows", &rows),
                    ],
                ),
                None => say(BulkMsg::TooLargeUnknown, &[("max", &max), ("rows", &rows)]),
            }
        }
        ContractError::TooManyRows => say(BulkMsg::TooManyRows, &[("max", &MAX_ROWS)]),
        ContractError::NotUtf8 { line } => say(BulkMsg::NotUtf8, &[("line", line)]),
        ContractError::Empty => say(BulkMsg::Empty, &[]),
        ContractError::MissingColumn { missing, found } => {
            let found = match found.is_empty() {
                true => say(BulkMsg::NoColumns, &[]),
                false => found
                    .iter()
                    .map(|name| format!("\"{name}\""))
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            say(
                BulkMsg::MissingColumn,
                &[("column", &missing.header()), ("found", &found)],
            )
        }
        ContractError::DuplicateColumn {
            column,
            first,
            second,
        } => say(
            BulkMsg::DuplicateColumn,
            &[
                ("column", &column.header()),
                ("first", first),
                ("second", second),
            ],
        ),
        ContractError::Malformed { line, message } => {
            say(BulkMsg::Malformed, &[("line", line), ("detail", message)])
        }
        ContractError::ListTooLarge { bytes } => say(
            BulkMsg::ListTooLarge,
            &[("bytes", bytes), ("max", &MAX_LIST_BYTES)],
        ),
        ContractError::ListTooLong => say(BulkMsg::ListTooLong, &[("max", &MAX_LIST_ROWS)]),
        ContractError::EmptyList => say(BulkMsg::EmptyList, &[]),
    }
}

pub fn row_problem(problem: &RowProblem) -> String {
    match problem {
        RowProblem::NameEmpty => say(BulkMsg::RowNameEmpty, &[]),
        RowProblem::NameTooLong { chars } => say(
            BulkMsg::RowNameTooLong,
            &[("chars", chars), ("max", &MAX_NAME_CHARS)],
        ),
        RowProblem::CategoryIdEmpty => say(BulkMsg::RowCategoryIdEmpty, &[]),
        RowProblem::CategoryIdNotANumber { given } => {
            say(BulkMsg::RowCategoryIdNotANumber, &[("given", given)])
        }
        RowProblem::CategoryIdNotPositive { given } => {
            say(BulkMsg::RowCategoryIdNotPositive, &[("given", given)])
        }
        RowProblem::StatusUnknown { given } => say(BulkMsg::RowStatusUnknown, &[("given", given)]),
    }
}

pub fn import(error: &ImportError) -> String {
    match error {
        ImportError::Journal(journal) => self::journal(journal),
        ImportError::Created(created) => say(
            BulkMsg::CreatedRecord,
            &[
                ("path", &created.path.display()),
                ("why", &io(&created.source)),
            ],
        ),
        ImportError::ListingBefore(listing) => say(
            BulkMsg::ListingBefore,
            &[("why", &pages(listing, |never| match *never {}))],
        ),
    }
}

pub fn export(error: &ExportError) -> String {
    match error {
        ExportError::Listing(listing) => pages(listing, write),
        ExportError::Write(error) => write(error),
        ExportError::Exists { path } => say(
            BulkMsg::ExportExists,
            &[
                ("path", &path.display()),
                (
                    "backup",
                    &petstore_bulk::export::backup_path(path).display(),
                ),
            ],
        ),
    }
}

fn write(error: &std::io::Error) -> String {
    say(BulkMsg::ExportWrite, &[("why", &io(error))])
}

fn pages<E: std::error::Error + 'static>(
    error: &PagesError<E>,
    sink: impl Fn(&E) -> String,
) -> String {
    match error {
        PagesError::Client(error) => super::api(error),
        PagesError::Sink(error) => sink(error),
        PagesError::Endless { pages } => say(BulkMsg::Endless, &[("pages", pages)]),
    }
}

fn journal(error: &JournalError) -> String {
    match error {
        JournalError::Io { path, source, .. } => say(
            BulkMsg::JournalIo,
            &[("path", &path.display()), ("why", &io(source))],
        ),
        JournalError::Busy { path } => say(BulkMsg::JournalBusy, &[("path", &path.display())]),
        JournalError::Damaged { path, line, reason } => say(
            BulkMsg::JournalDamaged,
            &[
                ("path", &path.display()),
                ("line", line),
                ("detail", reason),
            ],
        ),
    }
}

pub fn incomplete(why: &Incomplete) -> String {
    match why {
        Incomplete::Stopped(Stop::Cancelled) => say(BulkMsg::Cancelled, &[]),
        Incomplete::Stopped(Stop::Failed { kind, cause, .. }) => say(
            BulkMsg::StoppedBy,
            &[("why", &stop_cause(*kind, cause.as_ref()))],
        ),
        Incomplete::Stopped(Stop::ReconcileFailed { kind, cause, .. }) => say(
            BulkMsg::ReconcileFailed,
            &[("why", &stop_cause(*kind, cause.as_ref()))],
        ),
        Incomplete::Stopped(Stop::KeptFailing {
            rows, kind, cause, ..
        }) => say(
            BulkMsg::KeptFailing,
            &[("n", rows), ("why", &stop_cause(*kind, cause.as_ref()))],
        ),
        Incomplete::Unchecked { rows, lines } => {
            say(BulkMsg::UncheckedRows, &[("n", rows), ("lines", lines)])
        }
        Incomplete::Unknown {
            rows,
            lines,
            resent,
        } => {
            let hint = match resent {
                true => say(BulkMsg::UnknownAfterResend, &[]),
                false => say(BulkMsg::UnknownHint, &[]),
            };
            say(
                BulkMsg::UnknownRows,
                &[("n", rows), ("lines", lines), ("hint", &hint)],
            )
        }
        Incomplete::Refused { rows, lines } => {
            say(BulkMsg::RefusedRows, &[("n", rows), ("lines", lines)])
        }
    }
}

/// The client's error when the import kept it, else its kind as `--json` names it.
fn stop_cause(
    kind: petstore_client::ErrorKind,
    cause: Option<&petstore_bulk::StopCause>,
) -> String {
    match cause {
        Some(cause) => super::api(cause.error()),
        None => say(
            BulkMsg::StopKind,
            &[("kind", &crate::history::kind_name(kind))],
        ),
    }
}

pub fn export_incomplete(count: u64) -> String {
    say(
        BulkMsg::ExportMayBeIncomplete,
        &[("count", &crate::output::count(count))],
    )
}

/// "already added on 24 Nov from shelter.csv line 2, pet 41", or "same pet as line 3".
pub fn repeat(repeat: &petstore_bulk::Repeat) -> String {
    use petstore_bulk::{CreateSource, Repeat};
    match repeat {
        Repeat::InFile { line } => say(BulkMsg::RepeatInFile, &[("line", line)]),
        Repeat::Earlier(earlier) => {
            let from = match &earlier.source {
                CreateSource::Import { file_name, line } => say(
                    BulkMsg::FromFileLine,
                    &[("file", file_name), ("line", line)],
                ),
                CreateSource::Form => say(BulkMsg::FromForm, &[]),
                CreateSource::AddAgain => say(BulkMsg::FromAddAgain, &[]),
                CreateSource::CommandLine => say(BulkMsg::FromCommandLine, &[]),
                CreateSource::Outbox => say(crate::words::OutboxMsg::FromOutbox, &[]),
            };
            let local = earlier.at.with_timezone(&chrono::Local);
            use chrono::Datelike;
            let date = crate::words::date(local.day(), local.month0(), local.year());
            if let Some(desk) = &earlier.desk {
                if earlier.in_progress {
                    let time = crate::output::clock_time(earlier.at);
                    let values: [(&str, &dyn std::fmt::Display); 3] =
                        [("desk", desk), ("time", &time), ("from", &from)];
                    return say(crate::words::StoreMsg::RepeatInProgressBy, &values);
                }
                let values: [(&str, &dyn std::fmt::Display); 3] =
                    [("desk", desk), ("date", &date), ("from", &from)];
                return match earlier.pet_id {
                    Some(id) => {
                        let mut with_id = values.to_vec();
                        with_id.push(("id", &id));
                        say(crate::words::StoreMsg::RepeatEarlierBy, &with_id)
                    }
                    None => say(crate::words::StoreMsg::RepeatMaybeBy, &values),
                };
            }
            match earlier.pet_id {
                Some(id) => say(
                    BulkMsg::RepeatEarlier,
                    &[("date", &date), ("from", &from), ("id", &id)],
                ),
                None => say(BulkMsg::RepeatMaybe, &[("date", &date), ("from", &from)]),
            }
        }
    }
}
