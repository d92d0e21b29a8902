//! What an import did to each row, for the end screen, `--report` and `--json`.

use std::io::Write;

use petstore_client::spreadsheet::guard;
use petstore_client::{ErrorKind, PetStatus};
use serde::Serialize;

use crate::contract::{Row, RowProblem};
use crate::created::{CreateSource, Repeat};
use crate::journal::{RowState, UnknownReason};

/// The outcome of one row of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "outcome")]
pub enum Outcome {
    /// Created by this run (or found by reconciliation).
    Created {
        id: i64,
    },
    /// Created by an earlier run of this import: not sent again.
    Skipped {
        id: i64,
    },
    Invalid {
        problems: Vec<RowProblem>,
    },
    /// Refused by the service (not created); `kind` is the client's error kind.
    Failed {
        kind: String,
    },
    /// Sent, outcome unknown, and not found among the new pets (or not looked for yet). Resent
    /// only when the person says so.
    Unknown {
        reason: UnknownReason,
    },
    /// Not sent: the same pet was already created (or may have been) by this computer, or an
    /// earlier row of the file is the same pet, and the person did not choose to create repeats.
    Repeated {
        repeat: Repeat,
    },
    /// Not sent: the import was cancelled or stopped first.
    NotSent,
}

impl Outcome {
    /// The outcome of a row from its journal state, given the state it had when this run began
    /// and why it repeats a pet when it is not to be sent for that.
    pub(super) fn of(state: &RowState, at_start: &RowState, repeat: Option<&Repeat>) -> Outcome {
        match (state, at_start) {
            (RowState::Pending | RowState::Failed { .. }, _) if repeat.is_some() => {
                Outcome::Repeated {
                    repeat: repeat.cloned().unwrap_or(Repeat::InFile { line: 0 }),
                }
            }
            (RowState::Created { id }, RowState::Created { .. }) => Outcome::Skipped { id: *id },
            (RowState::Created { id }, _) => Outcome::Created { id: *id },
            (RowState::Failed { kind }, _) => Outcome::Failed { kind: kind.clone() },
            (RowState::Sent, _) => Outcome::Unknown {
                reason: UnknownReason::Outcome,
            },
            (RowState::Unknown { reason }, _) => Outcome::Unknown { reason: *reason },
            (RowState::Pending, _) => Outcome::NotSent,
        }
    }

    fn word(&self) -> &'static str {
        match self {
            Outcome::Created { .. } => "created",
            Outcome::Skipped { .. } => "skipped",
            Outcome::Invalid { .. } => "invalid",
            Outcome::Failed { .. } => "failed",
            Outcome::Unknown { .. } => "unknown",
            // A pet this computer added before is not a repeat of anything in the file.
            Outcome::Repeated {
                repeat: Repeat::Earlier(_),
            } => "already added",
            Outcome::Repeated { .. } => "repeat",
            Outcome::NotSent => "not sent",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RowReport {
    pub index: usize,
    pub line: u64,
    pub name: String,
    pub category_id: String,
    /// The status the row gives: for an invalid row what its cell held (a value that is none of
    /// the statuses as `Other`); `None` when the row gives none.
    pub status: Option<PetStatus>,
    #[serde(flatten)]
    pub outcome: Outcome,
}

impl RowReport {
    pub(super) fn new(row: &Row, outcome: Outcome) -> RowReport {
        RowReport {
            index: row.index,
            line: row.line,
            name: row
                .pet
                .as_ref()
                .map_or_else(|| row.cells.name.clone(), |p| p.name.clone()),
            category_id: row.pet.as_ref().map_or_else(
                || row.cells.category_id.clone(),
                |p| p.category_id.to_string(),
            ),
            status: row
                .pet
                .as_ref()
                .map_or_else(|| status_given(&row.cells.status), |p| p.status.clone()),
            outcome,
        }
    }
}

/// What an invalid row's status cell held, so its report shows what the file said: one of the
/// statuses, another value as written, or `None` when the cell was empty.
fn status_given(cell: &str) -> Option<PetStatus> {
    let text = cell.trim();
    if text.is_empty() {
        return None;
    }
    Some(
        text.parse()
            .unwrap_or_else(|_| PetStatus::Other(text.to_owned())),
    )
}

/// The report file's status cell for a row whose file gave none (the service decided).
const STATUS_NOT_GIVEN: &str = "not given";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub created: usize,
    pub skipped: usize,
    pub invalid: usize,
    pub failed: usize,
    pub unknown: usize,
    /// Valid rows not sent because they repeat a pet (see [`Outcome::Repeated`]).
    pub repeated: usize,
    pub not_sent: usize,
}

/// Why a run ended before every row had an outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "stop")]
pub enum Stop {
    Cancelled,
    /// A failure that every further row would meet too (the key refused, the quota spent
    /// beyond the wait allowed, the network gone). `message` is the client's, for a person.
    Failed {
        kind: ErrorKind,
        message: String,
        /// The client's error itself, for words in a person's language (`message` is English).
        #[serde(skip)]
        cause: Option<StopCause>,
    },
    /// [`super::MAX_UNKNOWN_IN_A_ROW`] rows in a row had an unknown outcome (5xx, timeout,
    /// dropped connection): the service is failing, so the rest was not sent. What was sent
    /// was reconciled; running the import again resumes it.
    KeptFailing {
        rows: usize,
        kind: ErrorKind,
        message: String,
        /// The last of those errors.
        #[serde(skip)]
        cause: Option<StopCause>,
    },
    /// The pets could not be listed to reconcile the unknown rows; they stay unknown.
    ReconcileFailed {
        kind: ErrorKind,
        message: String,
        /// The client's error, when the listing failed on one (not on endless pages).
        #[serde(skip)]
        cause: Option<StopCause>,
    },
}

/// The client error that stopped an import, shared by the report's copies. Two are equal when
/// they are the same error (the client's errors carry I/O sources, which do not compare).
#[derive(Debug, Clone)]
pub struct StopCause(std::sync::Arc<petstore_client::Error>);

impl StopCause {
    pub fn new(error: petstore_client::Error) -> StopCause {
        StopCause(std::sync::Arc::new(error))
    }

    pub fn error(&self) -> &petstore_client::Error {
        &self.0
    }
}

impl PartialEq for StopCause {
    fn eq(&self, other: &StopCause) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for StopCause {}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// An earlier run of this import was resumed.
    pub resumed: bool,
    pub counts: Counts,
    pub stopped: Option<Stop>,
    pub rows: Vec<RowReport>,
}

impl ImportReport {
    pub(super) fn new(resumed: bool, rows: Vec<RowReport>, stopped: Option<Stop>) -> Self {
        let mut counts = Counts::default();
        for row in &rows {
            match row.outcome {
                Outcome::Created { .. } => counts.created += 1,
                Outcome::Skipped { .. } => counts.skipped += 1,
                Outcome::Invalid { .. } => counts.invalid += 1,
                Outcome::Failed { .. } => counts.failed += 1,
                Outcome::Unknown { .. } => counts.unknown += 1,
                Outcome::Repeated { .. } => counts.repeated += 1,
                Outcome::NotSent => counts.not_sent += 1,
            }
        }
        ImportReport {
            resumed,
            counts,
            stopped,
            rows,
        }
    }

    /// Every valid row is created (now or by an earlier run) or a repeat left out, nothing else
    /// is pending.
    pub fn all_created(&self) -> bool {
        let c = self.counts;
        c.failed == 0 && c.unknown == 0 && c.not_sent == 0 && self.stopped.is_none()
    }

    /// The report as CSV: `line,name,categoryId,status,outcome,id,detail`, formula-guarded; a
    /// row that gives no status says "not given" rather than leaving the cell blank.
    pub fn write_csv(&self, out: impl Write) -> csv::Result<()> {
        let mut writer = csv::Writer::from_writer(out);
        writer.write_record([
            "line",
            "name",
            "categoryId",
            "status",
            "outcome",
            "id",
            "detail",
        ])?;
        for row in &self.rows {
            let (id, detail) = match &row.outcome {
                Outcome::Created { id } | Outcome::Skipped { id } => {
                    (id.to_string(), String::new())
                }
                Outcome::Invalid { problems } => (
                    String::new(),
                    problems
                        .iter()
                        .map(|problem| sentence(&problem.to_string()))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                Outcome::Failed { kind } => (String::new(), kind.clone()),
                Outcome::Unknown { reason } => (
                    String::new(),
                    match reason {
                        UnknownReason::Outcome => "outcome unknown, not yet looked for".to_owned(),
                        UnknownReason::NotFound => {
                            "outcome unknown, not found among the new pets".to_owned()
                        }
                        UnknownReason::Unchecked => {
                            "outcome unknown, could not be checked: the service offers no way to list every pet".to_owned()
                        }
                    },
                ),
                Outcome::Repeated { repeat } => (String::new(), repeat_detail(repeat)),
                Outcome::NotSent => (String::new(), String::new()),
            };
            writer.write_record([
                row.line.to_string(),
                guard(&row.name).into_owned(),
                guard(&row.category_id).into_owned(),
                // An invalid row's value can be anything the file held: guarded as well.
                row.status
                    .as_ref()
                    .map_or(STATUS_NOT_GIVEN.into(), |s| guard(s.as_str()))
                    .into_owned(),
                row.outcome.word().to_owned(),
                id,
                guard(&detail).into_owned(),
            ])?;
        }
        writer.flush()?;
        Ok(())
    }
}

/// A problem's words (a clause that follows a colon elsewhere) as a sentence of its own, so
/// several in one cell read "… for example 3. The status …" (issue 38 §5).
fn sentence(clause: &str) -> String {
    let mut chars = clause.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The report file's words for a repeat ("already added on 2026-11-24 from shelter.csv line 2,
/// pet 41").
fn repeat_detail(repeat: &Repeat) -> String {
    match repeat {
        Repeat::InFile { line } => format!("same pet as line {line} of this file"),
        Repeat::Earlier(earlier) => {
            let from = match &earlier.source {
                CreateSource::Import { file_name, line } => format!("{file_name} line {line}"),
                CreateSource::Form => "the New pet form".to_owned(),
                CreateSource::AddAgain => "Add again".to_owned(),
                CreateSource::Outbox => "the outbox".to_owned(),
                CreateSource::CommandLine => "the command line".to_owned(),
            };
            let day = earlier.at.format("%Y-%m-%d");
            if earlier.in_progress {
                let desk = earlier.desk.as_deref().unwrap_or("another desk");
                let since = earlier.at.format("%Y-%m-%d %H:%M UTC");
                return format!(
                    "in progress on {desk} since {since} from {from} (not sent; run the import again later)"
                );
            }
            match earlier.pet_id {
                Some(id) => format!("already added on {day} from {from}, pet {id}"),
                None => format!("may already have been added on {day} from {from} (not confirmed)"),
            }
        }
    }
}
