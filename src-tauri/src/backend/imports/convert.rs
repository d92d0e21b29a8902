//! `petstore-bulk`'s types into the IPC types of `dto::imports`.

use std::path::Path;

use petstore_bulk::{About, Estimate, ImportReport, Outcome, Phase, Progress, UnknownReason};
use petstore_client::Environment;

use super::{Job, Preview};
use crate::dto::{
    CategoryMerge, CommandError, ImportCounts, ImportEstimate, ImportPhase, ImportPreview,
    ImportProgress, ImportResult, ImportTime, ImportWait, PREVIEW_VALID_ROWS, PreviewRow, Repeat,
    ReportRow, ResumableImport, RowProblem, UnfinishedImport,
};

/// Counts beyond u32 cannot happen (100,000 rows at most); saturate rather than wrap.
fn n(value: impl TryInto<u32>) -> u32 {
    value.try_into().unwrap_or(u32::MAX)
}

pub(super) fn preview(
    preview: &Preview,
    estimate: &Estimate,
    with_repeats: &Estimate,
    resumable: Option<&petstore_bulk::UnfinishedImport>,
    category_names: Option<CategoryMerge>,
    repeats: &petstore_bulk::Repeats,
) -> ImportPreview {
    let file = &preview.file;
    let invalid = file.invalid_rows().count();
    let valid = file.rows.len() - invalid;
    // Every row that needs the person's eye first (invalid, then repeats), then the others.
    let repeated = repeats
        .rows
        .keys()
        .filter_map(|index| file.rows.get(*index));
    let others = file
        .valid_rows()
        .map(|(row, _)| row)
        .filter(|row| !repeats.rows.contains_key(&row.index))
        .take(PREVIEW_VALID_ROWS);
    let rows = file
        .invalid_rows()
        .chain(repeated)
        .chain(others)
        .map(|row| PreviewRow {
            index: n(row.index),
            line: n(row.line),
            name: row.cells.name.clone(),
            category_id: row.cells.category_id.clone(),
            status: row.cells.status.clone(),
            category_name: row.category_name.clone().unwrap_or_default(),
            problems: row
                .problems
                .iter()
                .map(|problem| RowProblem {
                    column: problem.column().header().to_owned(),
                    problem: problem.into(),
                })
                .collect(),
            repeat: repeats.rows.get(&row.index).map(repeat),
            formula_name: row.name_may_run_as_formula(),
        })
        .collect();
    ImportPreview {
        path: preview.path.display().to_string(),
        file_name: super::file_name(&preview.path),
        environment: preview.env,
        production: preview.env == Environment::Production,
        base_url: preview.base_url.clone(),
        total_rows: n(file.rows.len()),
        valid_rows: n(valid),
        invalid_rows: n(invalid),
        rows,
        ignored_columns: file.ignored_columns.clone(),
        estimate: import_estimate(estimate),
        estimate_with_repeats: import_estimate(with_repeats),
        edited: preview.edited,
        resumable: resumable.map(|u| ResumableImport {
            created: n(u.created),
            unknown: n(u.unknown),
        }),
        category_names,
        repeats: n(repeats.sendable),
    }
}

fn import_estimate(estimate: &Estimate) -> ImportEstimate {
    ImportEstimate {
        requests: n(estimate.requests),
        time: estimate.about().map(|about| match about {
            About::UnderAMinute => ImportTime::UnderAMinute,
            About::Minutes(count) => ImportTime::Minutes { count: n(count) },
            About::Hours(count) => ImportTime::Hours { count: n(count) },
            About::Days(count) => ImportTime::Days { count: n(count) },
        }),
        day_limited: estimate.day_limited,
        plan: estimate.plan,
        per_minute: estimate.per_minute.map(n),
        per_day: estimate.per_day.map(n),
        wait: estimate.wait_until.map(|until| ImportWait {
            until: crate::convert::instant(until),
            too_long: estimate.wait_too_long,
        }),
    }
}

fn repeat(repeat: &petstore_bulk::Repeat) -> Repeat {
    match repeat {
        petstore_bulk::Repeat::InFile { line } => Repeat::InFile { line: n(*line) },
        petstore_bulk::Repeat::Earlier(earlier) => Repeat::Earlier(earlier.into()),
    }
}

pub(super) fn progress(progress: &Progress, job: &Job, cancelling: bool) -> ImportProgress {
    ImportProgress {
        environment: job.env,
        file_name: job.file_name.clone(),
        phase: match progress.phase {
            Phase::ListingBefore => ImportPhase::ListingBefore,
            Phase::Sending => ImportPhase::Sending,
            Phase::Reconciling => ImportPhase::Reconciling,
            Phase::Resending => ImportPhase::Resending,
            Phase::Finished => ImportPhase::Finished,
        },
        total: n(progress.total),
        created: n(progress.created),
        skipped: n(progress.skipped),
        failed: n(progress.failed),
        unknown: n(progress.unknown),
        paused: progress.paused,
        cancelling,
        seconds_left: progress.time_left.map(|d| n(d.as_secs())),
        waiting_until: progress.waiting_until.map(crate::convert::instant),
    }
}

pub(super) fn result(report: &ImportReport, job: &Job) -> ImportResult {
    let c = report.counts;
    let mut new_ids = Vec::new();
    let mut unknown_rows = Vec::new();
    let mut failed_rows = Vec::new();
    let mut repeated_rows = Vec::new();
    for row in &report.rows {
        let shown = |detail: String| ReportRow {
            line: n(row.line),
            name: row.name.clone(),
            category_id: row.category_id.clone(),
            status: row.status.as_ref().map(ToString::to_string),
            detail,
        };
        match &row.outcome {
            Outcome::Created { id } | Outcome::Skipped { id } => new_ids.push(id.to_string()),
            Outcome::Unknown { reason } => unknown_rows.push(shown(
                match reason {
                    UnknownReason::Outcome => "outcome",
                    UnknownReason::NotFound => "notFound",
                    UnknownReason::Unchecked => "unchecked",
                }
                .to_owned(),
            )),
            Outcome::Failed { kind } => failed_rows.push(shown(kind.clone())),
            Outcome::Repeated { repeat } => repeated_rows.push(shown(
                match repeat {
                    petstore_bulk::Repeat::Earlier(_) => "earlier",
                    petstore_bulk::Repeat::InFile { .. } => "inFile",
                }
                .to_owned(),
            )),
            Outcome::Invalid { .. } | Outcome::NotSent => {}
        }
    }
    // The client's error crosses as every other: the UI words it so. Only the listing's own
    // failures (pages without end) come without one: an answer the interface does not allow.
    let failure = |cause: &Option<petstore_bulk::StopCause>| match cause {
        Some(cause) => CommandError::from(cause.error()),
        None => CommandError::UnexpectedResponse(crate::dto::Answer::default()),
    };
    let (cancelled, stopped, stopped_reconciling) = match &report.stopped {
        None => (false, None, false),
        Some(petstore_bulk::Stop::Cancelled) => (true, None, false),
        Some(
            petstore_bulk::Stop::Failed { cause, .. }
            | petstore_bulk::Stop::KeptFailing { cause, .. },
        ) => (false, Some(failure(cause)), false),
        Some(petstore_bulk::Stop::ReconcileFailed { cause, .. }) => {
            (false, Some(failure(cause)), true)
        }
    };
    let kept_failing = matches!(
        report.stopped,
        Some(petstore_bulk::Stop::KeptFailing { .. })
    );
    ImportResult {
        environment: job.env,
        base_url: job.base_url.clone(),
        file_name: job.file_name.clone(),
        counts: ImportCounts {
            created: n(c.created),
            skipped: n(c.skipped),
            invalid: n(c.invalid),
            failed: n(c.failed),
            unknown: n(c.unknown),
            repeated: n(c.repeated),
            not_sent: n(c.not_sent),
        },
        resumed: report.resumed,
        cancelled,
        stopped,
        stopped_reconciling,
        new_ids,
        unknown_rows,
        failed_rows,
        repeated_rows,
        kept_failing,
    }
}

/// The end screen of a run that ended on an error of its own (the pets could not be listed first,
/// the journal could not be written); the message says what was kept.
pub(super) fn failed_start(job: &Job, error: CommandError) -> ImportResult {
    ImportResult {
        environment: job.env,
        base_url: job.base_url.clone(),
        file_name: job.file_name.clone(),
        counts: ImportCounts::default(),
        resumed: false,
        cancelled: false,
        stopped: Some(error),
        stopped_reconciling: false,
        new_ids: Vec::new(),
        unknown_rows: Vec::new(),
        failed_rows: Vec::new(),
        repeated_rows: Vec::new(),
        kept_failing: false,
    }
}

pub(super) fn unfinished(
    source: &Path,
    origin: &str,
    environment: Option<Environment>,
    created: usize,
    unknown: usize,
) -> UnfinishedImport {
    UnfinishedImport {
        source: source.display().to_string(),
        file_name: super::file_name(source),
        base_url: origin.to_owned(),
        environment,
        created: n(created),
        unknown: n(unknown),
    }
}
