//! The table and its versions. `PRAGMA user_version` says which steps a file has had; a step,
//! once released, never changes (files in the wild have it): new needs are new steps.

use rusqlite::{Connection, TransactionBehavior};

use crate::error::ActivityError;

/// Step `n` (1-based) takes a file from version `n - 1` to `n`.
const MIGRATIONS: &[&str] = &[
    // v1: one row per operation. Times are milliseconds since the epoch (UTC); durations are
    // milliseconds. The rate-limit snapshot is flattened into rl_* (rl_window is set exactly
    // when there was one). pet_name_folded is the lowercase name the search matches, since
    // SQLite's own lower() and LIKE fold ASCII only. No column holds a header or a key.
    "CREATE TABLE activity (
        id INTEGER PRIMARY KEY,
        started_at INTEGER NOT NULL,
        environment TEXT NOT NULL,
        base_url TEXT NOT NULL,
        source TEXT NOT NULL,
        operation TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        status INTEGER,
        duration_ms INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        waited_ms INTEGER NOT NULL,
        rate_limited INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        error_kind TEXT,
        server_code TEXT,
        server_message TEXT,
        rl_limit INTEGER,
        rl_remaining INTEGER,
        rl_reset_at INTEGER,
        rl_window TEXT,
        rl_plan TEXT,
        rl_observed_at INTEGER,
        pet_name TEXT,
        pet_name_folded TEXT,
        pet_category_id INTEGER,
        pet_id INTEGER,
        pets_returned INTEGER
    );
    -- Newest first (the index holds the rowid too, so it also orders ties by id), age pruning.
    CREATE INDEX activity_started ON activity (started_at);
    -- One server's time range: the quota history.
    CREATE INDEX activity_base_url_started ON activity (base_url, started_at);",
    // v2: how an unconfirmed create was settled, and an index holding only the unsettled ones
    // (the header badge counts them on every new entry).
    "ALTER TABLE activity ADD COLUMN resolution_kind TEXT;
    ALTER TABLE activity ADD COLUMN resolution_pet_id INTEGER;
    ALTER TABLE activity ADD COLUMN resolution_at INTEGER;
    CREATE INDEX activity_unconfirmed ON activity (started_at)
        WHERE operation = 'createPet' AND outcome = 'unknown' AND resolution_kind IS NULL;",
    // v3: the day-window readings alone (rare: most answers describe the minute), so today's
    // day limit is found at once instead of by walking back through every minute reading.
    "CREATE INDEX activity_day_readings ON activity (base_url, started_at)
        WHERE rl_window = 'day';",
    // v4: a lookup answered 404 is its own outcome, `notFound` (an answer, not a
    // failure); the lookups recorded before as failures with that answer become what they were.
    "UPDATE activity SET outcome = 'notFound'
        WHERE operation = 'getPet' AND outcome = 'error' AND error_kind = 'notFound';",
    // v5: the CLI's spool files moved in, by name, each in the transaction that imported it: a
    // spool found again (its delete did not happen, or two ingests took it) is not imported twice.
    "CREATE TABLE spool_imported (
        name TEXT PRIMARY KEY NOT NULL,
        imported_at INTEGER NOT NULL
    ) WITHOUT ROWID;",
];

/// The newest schema this version reads and writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

pub(crate) fn user_version(connection: &Connection) -> rusqlite::Result<i64> {
    connection.pragma_query_value(None, "user_version", |row| row.get(0))
}

/// Brings the file up to [`SCHEMA_VERSION`], all steps in one immediate transaction: another
/// process opening the same file at the same moment waits (busy timeout) and then finds the work
/// done. A newer file is refused inside that transaction, before anything is written.
pub(crate) fn migrate(connection: &mut Connection) -> Result<(), ActivityError> {
    if user_version(connection)? == SCHEMA_VERSION {
        return Ok(());
    }
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let found = user_version(&transaction)?;
    if found > SCHEMA_VERSION {
        return Err(ActivityError::NewerSchema {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    // A negative version is no version we ever wrote; starting from 0 would re-create the table
    // over someone else's: refuse it like a newer one.
    let Ok(from) = usize::try_from(found) else {
        return Err(ActivityError::NewerSchema {
            found,
            supported: SCHEMA_VERSION,
        });
    };
    for (index, step) in MIGRATIONS.iter().enumerate().skip(from) {
        transaction.execute_batch(step)?;
        log::info!("activity history: schema step {} applied", index + 1);
    }
    transaction.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    transaction.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_gets_every_step_and_a_second_run_changes_nothing() {
        let mut connection = Connection::open_in_memory().unwrap();
        migrate(&mut connection).unwrap();
        assert_eq!(user_version(&connection).unwrap(), SCHEMA_VERSION);
        migrate(&mut connection).unwrap();
        assert_eq!(user_version(&connection).unwrap(), SCHEMA_VERSION);
        let indexes: i64 = connection
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'activity'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(indexes, 4);
    }

    #[test]
    fn a_newer_file_is_refused() {
        let mut connection = Connection::open_in_memory().unwrap();
        connection
            .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        let error = migrate(&mut connection).unwrap_err();
        assert!(
            matches!(error, ActivityError::NewerSchema { found, supported }
            if found == SCHEMA_VERSION + 1 && supported == SCHEMA_VERSION)
        );
    }
}
