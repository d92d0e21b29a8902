//! A record to a row and back. Every value read from the file is checked: a value this version
//! cannot represent is an [`ActivityError::BadValue`] naming the row and column, never a panic.

use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_client::{
    Environment, ErrorKind, Operation, Outcome, PetNote, Plan, QuotaWindow, RateLimitSnapshot,
    RequestRecord,
};
use rusqlite::types::FromSql;
use rusqlite::{Row, Statement, params};

use crate::error::ActivityError;
use crate::model::{Entry, Resolution, ResolutionKind, Source};

pub(crate) const INSERT: &str = "INSERT INTO activity (started_at, environment, base_url, source,
    operation, method, path, status, duration_ms, attempts, waited_ms, rate_limited, outcome,
    error_kind, server_code, server_message, rl_limit, rl_remaining, rl_reset_at, rl_window,
    rl_plan, rl_observed_at, pet_name, pet_name_folded, pet_category_id, pet_id, pets_returned)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
    ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27)";

/// The columns an [`Entry`] is read from, in the order [`entry_from_row`] reads them.
pub(crate) const ENTRY_COLUMNS: [&str; 30] = [
    "id",
    "started_at",
    "environment",
    "base_url",
    "source",
    "operation",
    "method",
    "path",
    "status",
    "duration_ms",
    "attempts",
    "waited_ms",
    "rate_limited",
    "outcome",
    "error_kind",
    "server_code",
    "server_message",
    "rl_limit",
    "rl_remaining",
    "rl_reset_at",
    "rl_window",
    "rl_plan",
    "rl_observed_at",
    "pet_name",
    "pet_category_id",
    "pet_id",
    "pets_returned",
    "resolution_kind",
    "resolution_pet_id",
    "resolution_at",
];

/// `id, started_at, …` for a SELECT.
pub(crate) fn entry_columns_sql() -> String {
    ENTRY_COLUMNS.join(", ")
}

/// Inserts one record with a statement prepared from [`INSERT`] (once per batch).
pub(crate) fn insert(
    statement: &mut Statement<'_>,
    source: Source,
    record: &RequestRecord,
) -> rusqlite::Result<()> {
    let snapshot = record.rate_limit.as_ref();
    let pet = record.pet.as_ref();
    let pet_name = pet.and_then(|pet| pet.name.as_deref());
    statement.execute(params![
        millis(record.started_at),
        record.environment.as_str(),
        record.base_url,
        source.as_str(),
        record.operation.as_str(),
        record.method,
        record.path,
        record.status,
        duration_millis(record.duration),
        record.attempts,
        duration_millis(record.waited),
        record.rate_limited,
        record.outcome.as_str(),
        record.error_kind.and_then(error_kind_name),
        record.server_code,
        record.server_message,
        snapshot.and_then(|s| s.limit).map(clamp),
        snapshot.and_then(|s| s.remaining).map(clamp),
        snapshot.and_then(|s| s.reset_at).map(millis),
        snapshot.map(|s| window_name(s.window)),
        snapshot.and_then(|s| s.plan).map(plan_name),
        snapshot.map(|s| millis(s.observed_at)),
        pet_name,
        pet_name.map(str::to_lowercase),
        pet.and_then(|pet| pet.category_id),
        pet.and_then(|pet| pet.id),
        record.pets_returned,
    ])?;
    Ok(())
}

/// Reads a row selected with [`ENTRY_COLUMNS`].
pub(crate) fn entry_from_row(row: &Row<'_>) -> Result<Entry, ActivityError> {
    let id: i64 = row.get(0)?;
    let mut columns = Columns { row, id, next: 1 };
    let started_at = columns.time()?;
    let environment = columns.parsed(|text: String| text.parse::<Environment>().ok())?;
    let base_url: String = columns.take()?;
    let source = columns.parsed(|text: String| Source::parse(&text))?;
    let operation = columns.parsed(|text: String| Operation::parse(&text))?;
    let method = columns.parsed(|text: String| static_method(&text))?;
    let path: String = columns.take()?;
    let status =
        columns.parsed(|status: Option<i64>| opt(status.map(|n| u16::try_from(n).ok())))?;
    let duration = columns.parsed(|ms: i64| u64::try_from(ms).ok().map(Duration::from_millis))?;
    let attempts = columns.parsed(|n: i64| u32::try_from(n).ok())?;
    let waited = columns.parsed(|ms: i64| u64::try_from(ms).ok().map(Duration::from_millis))?;
    let rate_limited = columns.parsed(|n: i64| u32::try_from(n).ok())?;
    let outcome = columns.parsed(|text: String| Outcome::parse(&text))?;
    let error_kind = columns.parsed(|text: Option<String>| opt(text.map(parse_error_kind)))?;
    let server_code: Option<String> = columns.take()?;
    let server_message: Option<String> = columns.take()?;
    let rl_limit = columns.parsed(|n: Option<i64>| opt(n.map(|n| u64::try_from(n).ok())))?;
    let rl_remaining = columns.parsed(|n: Option<i64>| opt(n.map(|n| u64::try_from(n).ok())))?;
    let rl_reset_at = columns.parsed(|ms: Option<i64>| opt(ms.map(from_millis)))?;
    let rl_window = columns.parsed(|text: Option<String>| opt(text.map(parse_window)))?;
    let rl_plan = columns.parsed(|text: Option<String>| opt(text.map(parse_plan)))?;
    let rl_observed_at = columns.parsed(|ms: Option<i64>| opt(ms.map(from_millis)))?;
    let pet_name: Option<String> = columns.take()?;
    let pet_category_id: Option<i64> = columns.take()?;
    let pet_id: Option<i64> = columns.take()?;
    let pets_returned = columns.parsed(|n: Option<i64>| opt(n.map(|n| u32::try_from(n).ok())))?;
    let resolution_kind =
        columns.parsed(|text: Option<String>| opt(text.map(|t| ResolutionKind::parse(&t))))?;
    let resolution_pet_id: Option<i64> = columns.take()?;
    let resolution_at = columns.parsed(|ms: Option<i64>| opt(ms.map(from_millis)))?;

    let rate_limit = rl_window.map(|window| RateLimitSnapshot {
        limit: rl_limit,
        remaining: rl_remaining,
        reset_at: rl_reset_at,
        window,
        plan: rl_plan,
        observed_at: rl_observed_at.unwrap_or(started_at),
    });
    let pet =
        (pet_name.is_some() || pet_category_id.is_some() || pet_id.is_some()).then_some(PetNote {
            name: pet_name,
            category_id: pet_category_id,
            id: pet_id,
        });
    let resolution = match (resolution_kind, resolution_at) {
        (Some(kind), Some(at)) => Some(Resolution {
            kind,
            pet_id: resolution_pet_id,
            at,
        }),
        (None, _) => None,
        (Some(_), None) => {
            return Err(ActivityError::BadValue {
                id,
                column: "resolution_at",
            });
        }
    };
    Ok(Entry {
        id,
        source,
        resolution,
        record: RequestRecord {
            started_at,
            environment,
            base_url,
            operation,
            method,
            path,
            status,
            duration,
            attempts,
            waited,
            rate_limited,
            outcome,
            error_kind,
            server_code,
            server_message,
            rate_limit,
            pet,
            pets_returned,
        },
    })
}

/// Reads the columns of one row in order, naming the column in any error.
struct Columns<'r, 's> {
    row: &'r Row<'s>,
    id: i64,
    next: usize,
}

impl Columns<'_, '_> {
    fn take<T: FromSql>(&mut self) -> Result<T, ActivityError> {
        let value = self.row.get(self.next)?;
        self.next += 1;
        Ok(value)
    }

    /// Reads a column as `S` and converts it; `None` from `convert` is a value out of range.
    fn parsed<S: FromSql, T>(
        &mut self,
        convert: impl FnOnce(S) -> Option<T>,
    ) -> Result<T, ActivityError> {
        let column = ENTRY_COLUMNS.get(self.next).copied().unwrap_or("?");
        let stored: S = self.take()?;
        convert(stored).ok_or(ActivityError::BadValue {
            id: self.id,
            column,
        })
    }

    fn time(&mut self) -> Result<DateTime<Utc>, ActivityError> {
        self.parsed(from_millis)
    }
}

/// For a nullable column: NULL → `Some(None)`; a converted value → `Some(Some(value))`; a value
/// that failed to convert → `None` (a bad value).
fn opt<T>(value: Option<Option<T>>) -> Option<Option<T>> {
    value.map_or(Some(None), |converted| converted.map(Some))
}

pub(crate) fn millis(time: DateTime<Utc>) -> i64 {
    time.timestamp_millis()
}

pub(crate) fn from_millis(ms: i64) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp_millis(ms)
}

fn duration_millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// SQLite integers are signed: a count past `i64::MAX` (a server's nonsense) is kept as the most
/// that fits, rather than refusing the record.
fn clamp(count: u64) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

pub(crate) fn window_name(window: QuotaWindow) -> &'static str {
    match window {
        QuotaWindow::Minute => "minute",
        QuotaWindow::Day => "day",
        QuotaWindow::Unknown => "unknown",
    }
}

pub(crate) fn parse_window(text: String) -> Option<QuotaWindow> {
    [QuotaWindow::Minute, QuotaWindow::Day, QuotaWindow::Unknown]
        .into_iter()
        .find(|window| window_name(*window) == text)
}

pub(crate) fn plan_name(plan: Plan) -> &'static str {
    match plan {
        Plan::Free => "free",
        Plan::Pro => "pro",
        Plan::Business => "business",
    }
}

pub(crate) fn parse_plan(text: String) -> Option<Plan> {
    Plan::ALL.into_iter().find(|plan| plan_name(*plan) == text)
}

/// The kind's JSON name (`rateLimited`, …): the name scripts and the UI already know, so the
/// stored text needs no second table to keep in step.
pub(crate) fn error_kind_name(kind: ErrorKind) -> Option<String> {
    match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(name)) => Some(name),
        _ => None,
    }
}

pub(crate) fn parse_error_kind(text: String) -> Option<ErrorKind> {
    serde_json::from_value(serde_json::Value::String(text)).ok()
}

/// The record's method is a `&'static str`: the stored text maps back to the same constant.
pub(crate) fn static_method(text: &str) -> Option<&'static str> {
    ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
        .into_iter()
        .find(|method| *method == text)
}
