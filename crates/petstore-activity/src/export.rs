//! The filtered history as CSV, streamed row by row (a whole history never sits in memory), with
//! every text cell a spreadsheet could run as a formula guarded.

use std::io::Write;

use petstore_client::spreadsheet::guard;
use rusqlite::Connection;

use crate::codec::{self, entry_columns_sql, error_kind_name, plan_name, window_name};
use crate::error::ActivityError;
use crate::filter::Clause;
use crate::model::{Entry, Filter};
use crate::query::NEWEST_FIRST;

/// The export's columns (camelCase, as the app's JSON names them).
pub const CSV_HEADER: [&str; 29] = [
    "id",
    "startedAt",
    "environment",
    "baseUrl",
    "source",
    "operation",
    "method",
    "path",
    "status",
    "durationMs",
    "attempts",
    "waitedMs",
    "rateLimited",
    "outcome",
    "errorKind",
    "serverCode",
    "serverMessage",
    "quotaLimit",
    "quotaRemaining",
    "quotaResetAt",
    "quotaWindow",
    "plan",
    "petName",
    "petCategoryId",
    "petId",
    "petsReturned",
    "resolution",
    "resolvedPetId",
    "resolvedAt",
];

/// Writes the header and every entry `filter` matches, newest first. Returns how many entries.
pub(crate) fn export_csv(
    connection: &Connection,
    filter: &Filter,
    out: impl Write,
) -> Result<u64, ActivityError> {
    let clause = Clause::new(filter);
    let sql = format!(
        "SELECT {} FROM activity {} {NEWEST_FIRST}",
        entry_columns_sql(),
        clause.sql
    );
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record(CSV_HEADER).map_err(write_error)?;
    let mut statement = connection.prepare(&sql)?;
    let mut rows = statement.query(clause.params())?;
    let mut count = 0u64;
    while let Some(row) = rows.next()? {
        let entry = codec::entry_from_row(row)?;
        writer.write_record(cells(&entry)).map_err(write_error)?;
        count += 1;
    }
    writer.flush().map_err(ActivityError::Write)?;
    Ok(count)
}

/// One entry's cells: numbers and instants as they are, every text guarded (paths, the
/// server's words and pet names come from outside).
fn cells(entry: &Entry) -> Vec<String> {
    let record = &entry.record;
    let quota = record.rate_limit.as_ref();
    let pet = record.pet.as_ref();
    let text = |value: &str| guard(value).into_owned();
    let number = |value: Option<String>| value.unwrap_or_default();
    let instant = |value: chrono::DateTime<chrono::Utc>| {
        value.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
    };
    vec![
        entry.id.to_string(),
        instant(record.started_at),
        record.environment.as_str().to_owned(),
        text(&record.base_url),
        entry.source.as_str().to_owned(),
        record.operation.as_str().to_owned(),
        text(record.method),
        text(&record.path),
        number(record.status.map(|s| s.to_string())),
        record.duration.as_millis().to_string(),
        record.attempts.to_string(),
        record.waited.as_millis().to_string(),
        record.rate_limited.to_string(),
        record.outcome.as_str().to_owned(),
        record
            .error_kind
            .and_then(error_kind_name)
            .unwrap_or_default(),
        text(record.server_code.as_deref().unwrap_or_default()),
        text(record.server_message.as_deref().unwrap_or_default()),
        number(quota.and_then(|q| q.limit).map(|n| n.to_string())),
        number(quota.and_then(|q| q.remaining).map(|n| n.to_string())),
        quota
            .and_then(|q| q.reset_at)
            .map(instant)
            .unwrap_or_default(),
        quota
            .map(|q| window_name(q.window))
            .unwrap_or_default()
            .to_owned(),
        quota
            .and_then(|q| q.plan)
            .map(plan_name)
            .unwrap_or_default()
            .to_owned(),
        text(pet.and_then(|p| p.name.as_deref()).unwrap_or_default()),
        number(pet.and_then(|p| p.category_id).map(|n| n.to_string())),
        number(pet.and_then(|p| p.id).map(|n| n.to_string())),
        number(record.pets_returned.map(|n| n.to_string())),
        entry
            .resolution
            .map(|r| r.kind.as_str())
            .unwrap_or_default()
            .to_owned(),
        number(
            entry
                .resolution
                .and_then(|r| r.pet_id)
                .map(|n| n.to_string()),
        ),
        entry.resolution.map(|r| instant(r.at)).unwrap_or_default(),
    ]
}

fn write_error(error: csv::Error) -> ActivityError {
    ActivityError::Write(std::io::Error::other(error.to_string()))
}
