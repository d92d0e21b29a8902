//! Reading the history back: a filtered page newest first, counts, one entry, the unconfirmed
//! creates, and settling one of them.

use chrono::{DateTime, Utc};
use rusqlite::types::Value;
use rusqlite::{Connection, params};

use crate::codec::{self, entry_columns_sql, millis};
use crate::error::ActivityError;
use crate::filter::Clause;
use crate::model::{Entry, Filter, Resolution};

/// Newest first; entries started in the same millisecond by insertion order.
pub(crate) const NEWEST_FIRST: &str = "ORDER BY started_at DESC, id DESC";

/// The terms of the partial index `activity_unconfirmed`, word for word: SQLite only uses a
/// partial index for a query that states its condition.
const UNCONFIRMED: &str =
    "operation = 'createPet' AND outcome = 'unknown' AND resolution_kind IS NULL";

pub(crate) fn query(
    connection: &Connection,
    filter: &Filter,
    offset: u64,
    limit: u32,
) -> Result<Vec<Entry>, ActivityError> {
    let clause = Clause::new(filter);
    let sql = format!(
        "SELECT {} FROM activity {} {NEWEST_FIRST} LIMIT ? OFFSET ?",
        entry_columns_sql(),
        clause.sql
    );
    let mut values = clause.values;
    values.push(Value::Integer(i64::from(limit)));
    values.push(Value::Integer(i64::try_from(offset).unwrap_or(i64::MAX)));
    entries(connection, &sql, &values)
}

pub(crate) fn count(connection: &Connection, filter: &Filter) -> Result<u64, ActivityError> {
    let clause = Clause::new(filter);
    let sql = format!("SELECT count(*) FROM activity {}", clause.sql);
    let count: i64 = connection.query_row(&sql, clause.params(), |row| row.get(0))?;
    Ok(u64::try_from(count).unwrap_or(0))
}

pub(crate) fn get(connection: &Connection, id: i64) -> Result<Option<Entry>, ActivityError> {
    let sql = format!("SELECT {} FROM activity WHERE id = ?", entry_columns_sql());
    Ok(entries(connection, &sql, &[Value::Integer(id)])?.pop())
}

pub(crate) fn unconfirmed(connection: &Connection) -> Result<Vec<Entry>, ActivityError> {
    let sql = format!(
        "SELECT {} FROM activity WHERE {UNCONFIRMED} {NEWEST_FIRST}",
        entry_columns_sql()
    );
    entries(connection, &sql, &[])
}

pub(crate) fn unconfirmed_count(connection: &Connection) -> Result<u64, ActivityError> {
    let sql = format!("SELECT count(*) FROM activity WHERE {UNCONFIRMED}");
    let count: i64 = connection.query_row(&sql, [], |row| row.get(0))?;
    Ok(u64::try_from(count).unwrap_or(0))
}

/// Sets (or replaces) how an entry was settled. `None` when there is no such entry (pruned).
pub(crate) fn resolve(
    connection: &Connection,
    id: i64,
    resolution: Resolution,
) -> Result<Option<Entry>, ActivityError> {
    let changed = connection.execute(
        "UPDATE activity SET resolution_kind = ?1, resolution_pet_id = ?2, resolution_at = ?3
         WHERE id = ?4",
        params![
            resolution.kind.as_str(),
            resolution.pet_id,
            millis(resolution.at),
            id
        ],
    )?;
    if changed == 0 {
        return Ok(None);
    }
    get(connection, id)
}

/// Runs a SELECT of [`codec::ENTRY_COLUMNS`] and reads every row.
fn entries(
    connection: &Connection,
    sql: &str,
    values: &[Value],
) -> Result<Vec<Entry>, ActivityError> {
    let mut statement = connection.prepare(sql)?;
    let mut rows = statement.query(rusqlite::params_from_iter(values.iter()))?;
    let mut entries = Vec::new();
    while let Some(row) = rows.next()? {
        entries.push(codec::entry_from_row(row)?);
    }
    Ok(entries)
}

/// The start of `time`'s UTC day.
pub(crate) fn day_start(time: DateTime<Utc>) -> DateTime<Utc> {
    time.date_naive()
        .and_hms_opt(0, 0, 0)
        .map(|midnight| midnight.and_utc())
        .unwrap_or(time)
}
