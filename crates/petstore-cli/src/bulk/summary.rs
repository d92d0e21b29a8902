//! The import's final counts, and the exit code's reason when rows are left.

use petstore_bulk::{ImportReport, Outcome, Stop, UnknownReason};

use super::{INVALID_SHOWN, named};
use crate::exit::{self, CliError, Incomplete};
use crate::output;
use crate::words::{BulkMsg, say};

/// The final counts on stderr, and the exit code's reason.
pub(super) fn summarize(report: &ImportReport, resend_asked: bool) -> Result<(), CliError> {
    let c = report.counts;
    let not_sent = match c.not_sent {
        0 => String::new(),
        n => say(BulkMsg::NotSent, &[("n", &output::count(n as u64))]),
    };
    let repeated = match c.repeated {
        0 => String::new(),
        n => say(BulkMsg::Repeated, &[("n", &output::count(n as u64))]),
    };
    let counts = [
        ("created", output::count(c.created as u64)),
        ("skipped", output::count(c.skipped as u64)),
        ("invalid", output::count(c.invalid as u64)),
        ("failed", output::count(c.failed as u64)),
        ("unknown", output::count(c.unknown as u64)),
        ("repeated", repeated),
        ("notsent", not_sent),
    ];
    eprintln!("{}", say(BulkMsg::Summary, &named(&counts)));
    let lines = |pick: &dyn Fn(&Outcome) -> bool| -> String {
        let lines: Vec<String> = report
            .rows
            .iter()
            .filter(|row| pick(&row.outcome))
            .take(INVALID_SHOWN)
            .map(|row| row.line.to_string())
            .collect();
        lines.join(", ")
    };
    if let Some(stop) = &report.stopped {
        let code = match stop {
            Stop::Cancelled => exit::IMPORT_INCOMPLETE,
            Stop::Failed { kind, .. }
            | Stop::ReconcileFailed { kind, .. }
            | Stop::KeptFailing { kind, .. } => exit::kind_exit_code(*kind),
        };
        return Err(CliError::ImportIncomplete {
            code,
            why: Incomplete::Stopped(stop.clone()),
        });
    }
    let unchecked = |o: &Outcome| {
        matches!(
            o,
            Outcome::Unknown {
                reason: UnknownReason::Unchecked
            }
        )
    };
    let unchecked_rows = report.rows.iter().filter(|r| unchecked(&r.outcome)).count();
    if unchecked_rows > 0 {
        return Err(CliError::ImportIncomplete {
            code: exit::OUTCOME_UNKNOWN,
            why: Incomplete::Unchecked {
                rows: unchecked_rows,
                lines: lines(&unchecked),
            },
        });
    }
    if c.unknown > 0 {
        let which = lines(&|o| {
            matches!(
                o,
                Outcome::Unknown {
                    reason: UnknownReason::NotFound
                }
            )
        });
        return Err(CliError::ImportIncomplete {
            code: exit::OUTCOME_UNKNOWN,
            why: Incomplete::Unknown {
                rows: c.unknown,
                lines: which,
                resent: resend_asked,
            },
        });
    }
    if c.failed > 0 {
        let which = lines(&|o| matches!(o, Outcome::Failed { .. }));
        return Err(CliError::ImportIncomplete {
            code: exit::IMPORT_INCOMPLETE,
            why: Incomplete::Refused {
                rows: c.failed,
                lines: which,
            },
        });
    }
    Ok(())
}
