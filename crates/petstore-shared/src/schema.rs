//! The store's tables: created and upgraded by refinery's numbered migrations (`migrations/`),
//! after checks refinery does not make: that the database is ours (or empty), and that its
//! schema is not newer than this build knows (refinery would run nothing and say nothing, and
//! this build would then write to tables it does not understand).

use tokio_postgres::Client;

use crate::error::{SharedError, Step, query};

refinery::embed_migrations!("migrations");

/// refinery's history of applied migrations, named for us: another program's refinery in the
/// same database (its `refinery_schema_history`) is never mistaken for ours.
pub const HISTORY_TABLE: &str = "petstore_schema_history";
/// The table whose one row says "this database is a Petstore Admin store".
pub const MARKER_TABLE: &str = "petstore_store";

/// Held (session-wide) by the desk that upgrades: two desks connecting first at the same moment
/// take turns, and the second finds the work done. Any fixed number; ours by convention.
const UPGRADE_LOCK: i64 = 0x7065_7473_746f_7265; // "petstore"
/// How long a desk waits for another desk's upgrade of the schema (longer than a claim's wait:
/// a migration may rewrite a table).
const UPGRADE_WAIT: std::time::Duration = std::time::Duration::from_secs(120);

/// The highest migration this build has.
pub fn known_version() -> i64 {
    migrations::runner()
        .get_migrations()
        .iter()
        .map(|migration| i64::from(migration.version()))
        .max()
        .unwrap_or(0)
}

/// What the database holds before anything is changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Found {
    marker: bool,
    /// Tables, ours among them (only the marker proves which are ours). An empty history of
    /// ours, left by an upgrade cut before its transaction, does not count: refinery creates
    /// that table outside the migrations' transaction.
    others: i64,
    /// The highest applied migration, when the history table exists.
    version: Option<i64>,
}

async fn inspect(client: &Client) -> Result<Found, SharedError> {
    let step = Step::Read("read which tables the database holds");
    let row = client
        .query_one(
            "SELECT to_regclass($1) IS NOT NULL, to_regclass($2) IS NOT NULL",
            &[&MARKER_TABLE, &HISTORY_TABLE],
        )
        .await
        .map_err(|e| query(step, &e))?;
    let marker: bool = row.try_get(0).map_err(|e| query(step, &e))?;
    let history: bool = row.try_get(1).map_err(|e| query(step, &e))?;
    let version = if history {
        let sql = format!("SELECT max(version)::int8 FROM {HISTORY_TABLE}");
        let row = client
            .query_one(&sql, &[])
            .await
            .map_err(|e| query(step, &e))?;
        row.try_get::<_, Option<i64>>(0)
            .map_err(|e| query(step, &e))?
    } else {
        None
    };
    // Every table and view in the schema our tables go to (the first of the search path, as
    // CREATE TABLE picks it). Other schemas are left alone: a managed PostgreSQL may keep its
    // own tables there, and nothing of ours can collide with them.
    let row = client
        .query_one(
            "SELECT count(*) FROM pg_catalog.pg_class c
               JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
              WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
                AND n.nspname = current_schema()
                AND c.oid IS DISTINCT FROM to_regclass($1)",
            &[&HISTORY_TABLE],
        )
        .await
        .map_err(|e| query(step, &e))?;
    let mut others: i64 = row.try_get(0).map_err(|e| query(step, &e))?;
    if version.is_some() {
        // A history with rows but no marker: not ours to upgrade.
        others += 1;
    }
    Ok(Found {
        marker,
        others,
        version,
    })
}

/// Refuses a database that is someone else's or newer than this build.
fn judge(found: Found, database: &str) -> Result<(), SharedError> {
    if !found.marker && found.others > 0 {
        return Err(SharedError::NotOurs {
            database: crate::error::bounded(database),
        });
    }
    let known = known_version();
    match found.version {
        Some(version) if version > known => Err(SharedError::SchemaTooNew {
            found: version,
            known,
        }),
        _ => Ok(()),
    }
}

/// Checks the database, then brings its schema up to this build's (nothing to do, and no
/// privilege beyond a desk's needed, when it already is).
pub(crate) async fn prepare(client: &mut Client, database: &str) -> Result<(), SharedError> {
    let found = inspect(client).await?;
    judge(found, database)?;
    if found.marker && found.version == Some(known_version()) {
        return Ok(());
    }
    let step = Step::Own("create or upgrade the shared store's tables");
    // Another desk's upgrade may take longer than a claim's lock wait: wait for it longer.
    client
        .batch_execute(&format!("SET lock_timeout = {}", UPGRADE_WAIT.as_millis()))
        .await
        .map_err(|e| query(step, &e))?;
    client
        .execute("SELECT pg_advisory_lock($1)", &[&UPGRADE_LOCK])
        .await
        .map_err(|e| query(step, &e))?;
    let upgraded = upgrade(client, database).await;
    // A lost connection releases the lock by itself; an error here changes nothing upgraded.
    let unlocked = client
        .execute("SELECT pg_advisory_unlock($1)", &[&UPGRADE_LOCK])
        .await;
    upgraded?;
    unlocked.map_err(|e| query(step, &e))?;
    client
        .batch_execute(&format!(
            "SET lock_timeout = {}",
            crate::LOCK_WAIT.as_millis()
        ))
        .await
        .map_err(|e| query(step, &e))
}

async fn upgrade(client: &mut Client, database: &str) -> Result<(), SharedError> {
    // Another desk may have upgraded while this one waited for the lock.
    let found = inspect(client).await?;
    judge(found, database)?;
    if found.marker && found.version == Some(known_version()) {
        return Ok(());
    }
    let step = Step::Own("create or upgrade the shared store's tables");
    // All pending migrations and their history rows in one transaction: a cut connection
    // leaves the schema as it was.
    let mut runner = migrations::runner().set_grouped(true);
    runner.set_migration_table_name(HISTORY_TABLE);
    runner
        .run_async(client)
        .await
        .map_err(|error| migration_error(step, &error))?;
    Ok(())
}

fn migration_error(step: Step, error: &refinery::Error) -> SharedError {
    use std::error::Error as _;
    let mut current = error.source();
    while let Some(cause) = current {
        if let Some(postgres) = cause.downcast_ref::<tokio_postgres::Error>() {
            return query(step, postgres);
        }
        current = cause.source();
    }
    SharedError::Unreadable {
        what: crate::error::bounded(&format!("the schema history ({error})")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(marker: bool, others: i64, version: Option<i64>) -> Found {
        Found {
            marker,
            others,
            version,
        }
    }

    #[test]
    fn an_empty_database_or_ours_is_accepted() {
        assert!(judge(found(false, 0, None), "db").is_ok());
        assert!(judge(found(true, 3, Some(known_version())), "db").is_ok());
    }

    #[test]
    fn tables_without_our_marker_are_someone_elses() {
        let error = judge(found(false, 1, None), "crm").unwrap_err();
        assert!(matches!(error, SharedError::NotOurs { .. }), "{error:?}");
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let error = judge(found(true, 2, Some(known_version() + 1)), "db").unwrap_err();
        assert!(
            matches!(error, SharedError::SchemaTooNew { found, known }
                if found == known_version() + 1 && known == known_version()),
            "{error:?}"
        );
    }

    #[test]
    fn this_build_knows_its_migrations() {
        assert!(known_version() >= 1);
    }
}
