//! Forgetting old entries: older than the retention's age, and the oldest beyond its count.
//! Deletes go in chunks, each its own short transaction, so another process's writer (or this
//! one's next batch) never waits long behind a big clean-up.

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use crate::codec::millis;
use crate::error::ActivityError;
use crate::model::Retention;

/// Rows deleted per statement.
pub const CHUNK: i64 = 5_000;

/// Returns how many entries were deleted.
pub(crate) fn prune(
    connection: &Connection,
    retention: Retention,
    now: DateTime<Utc>,
) -> Result<u64, ActivityError> {
    let mut deleted = 0;
    let cutoff = now - TimeDelta::days(i64::from(retention.max_age_days));
    deleted += in_chunks(|chunk| {
        connection.execute(
            "DELETE FROM activity WHERE id IN (
                 SELECT id FROM activity WHERE started_at < ?1 ORDER BY started_at LIMIT ?2)",
            params![millis(cutoff), chunk],
        )
    })?;

    // The newest entry beyond the count, in listing order (time, then id): it and every older
    // one go.
    let beyond = i64::try_from(retention.max_entries).unwrap_or(i64::MAX);
    let first_to_go: Option<(i64, i64)> = connection
        .query_row(
            "SELECT started_at, id FROM activity ORDER BY started_at DESC, id DESC
             LIMIT 1 OFFSET ?1",
            [beyond],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()?;
    if let Some((started_at, id)) = first_to_go {
        deleted += in_chunks(|chunk| {
            connection.execute(
                "DELETE FROM activity WHERE id IN (
                     SELECT id FROM activity
                     WHERE started_at <= ?1 AND (started_at < ?1 OR id <= ?2)
                     ORDER BY started_at, id LIMIT ?3)",
                params![started_at, id, chunk],
            )
        })?;
    }
    if deleted > 0 {
        log::info!("activity history: {deleted} old entries pruned");
    }
    Ok(deleted)
}

fn in_chunks(mut delete: impl FnMut(i64) -> rusqlite::Result<usize>) -> Result<u64, ActivityError> {
    let mut total = 0u64;
    loop {
        let deleted = delete(CHUNK)?;
        total += deleted as u64;
        if (deleted as i64) < CHUNK {
            return Ok(total);
        }
    }
}
