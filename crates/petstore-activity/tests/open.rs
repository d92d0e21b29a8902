//! The file's life: created, reopened, migrated up from the first schema with its data, refused
//! untouched when newer, moved aside when damaged, and never holding a column for a key.

mod common;

use std::fs;
use std::path::Path;

use petstore_activity::{
    ACTIVITY_FILE, ActivityError, ActivityStore, Filter, Resolution, ResolutionKind, Retention,
    SCHEMA_VERSION, Source,
};
use petstore_client::Outcome;
use rusqlite::Connection;

use common::{at, create, list, open, record_all};

/// The first schema exactly as version 1 shipped it: files in the wild have this, whatever the
/// crate's own step 1 becomes, so the migration is tested from here.
const SCHEMA_V1: &str = "CREATE TABLE activity (
    id INTEGER PRIMARY KEY, started_at INTEGER NOT NULL, environment TEXT NOT NULL,
    base_url TEXT NOT NULL, source TEXT NOT NULL, operation TEXT NOT NULL, method TEXT NOT NULL,
    path TEXT NOT NULL, status INTEGER, duration_ms INTEGER NOT NULL, attempts INTEGER NOT NULL,
    waited_ms INTEGER NOT NULL, rate_limited INTEGER NOT NULL, outcome TEXT NOT NULL,
    error_kind TEXT, server_code TEXT, server_message TEXT, rl_limit INTEGER,
    rl_remaining INTEGER, rl_reset_at INTEGER, rl_window TEXT, rl_plan TEXT,
    rl_observed_at INTEGER, pet_name TEXT, pet_name_folded TEXT, pet_category_id INTEGER,
    pet_id INTEGER, pets_returned INTEGER);
    CREATE INDEX activity_started ON activity (started_at);
    CREATE INDEX activity_base_url_started ON activity (base_url, started_at);
    PRAGMA user_version = 1;";

fn user_version(path: &Path) -> i64 {
    Connection::open(path)
        .unwrap()
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .unwrap()
}

#[test]
fn a_new_file_is_created_in_wal_mode_and_reopened_with_its_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(ACTIVITY_FILE);
    let opened = ActivityStore::open(&path, Retention::default()).unwrap();
    assert!(opened.moved_aside.is_none());
    assert_eq!(opened.store.path(), path);
    record_all(
        &opened.store,
        Source::App,
        [list(at(0), 59), list(at(1), 58)],
    );
    drop(opened);

    let store = open(dir.path());
    assert_eq!(store.count(&Filter::default()).unwrap(), 2);
    let mode: String = Connection::open(&path)
        .unwrap()
        .pragma_query_value(None, "journal_mode", |row| row.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(user_version(&path), SCHEMA_VERSION);
}

#[test]
fn the_first_schema_is_migrated_up_with_its_data_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(ACTIVITY_FILE);
    {
        let connection = Connection::open(&path).unwrap();
        connection.execute_batch(SCHEMA_V1).unwrap();
        connection
            .execute_batch(
                "INSERT INTO activity (started_at, environment, base_url, source, operation,
                     method, path, status, duration_ms, attempts, waited_ms, rate_limited,
                     outcome, error_kind, pet_name, pet_name_folded, pet_category_id)
                 VALUES (1900000000000, 'staging', 'https://staging.example', 'cli', 'createPet',
                     'POST', '/pets', NULL, 30000, 1, 0, 0, 'unknown', 'outcomeUnknown',
                     'Rex', 'rex', 3);",
            )
            .unwrap();
    }
    const { assert!(SCHEMA_VERSION > 1, "there is a step after the first") };

    let store = open(dir.path());
    assert_eq!(user_version(&path), SCHEMA_VERSION);
    let entries = store.query(&Filter::default(), 0, 10).unwrap();
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(entry.source, Source::Cli);
    assert_eq!(entry.record.outcome, Outcome::Unknown);
    assert_eq!(
        entry.record.pet.as_ref().unwrap().name.as_deref(),
        Some("Rex")
    );
    assert_eq!(entry.resolution, None);
    // The later step's columns and index work on the old row.
    assert_eq!(store.unconfirmed_count().unwrap(), 1);
    let resolution = Resolution {
        kind: ResolutionKind::Found,
        pet_id: Some(77),
        at: at(60),
    };
    let resolved = store.resolve(entry.id, resolution).unwrap().unwrap();
    assert_eq!(resolved.resolution, Some(resolution));
    assert_eq!(store.unconfirmed_count().unwrap(), 0);
}

/// Version 3 as it shipped: version 1, then its steps 2 and 3, word for word.
fn schema_v3() -> String {
    SCHEMA_V1.replace("PRAGMA user_version = 1;", "")
        + "ALTER TABLE activity ADD COLUMN resolution_kind TEXT;
    ALTER TABLE activity ADD COLUMN resolution_pet_id INTEGER;
    ALTER TABLE activity ADD COLUMN resolution_at INTEGER;
    CREATE INDEX activity_unconfirmed ON activity (started_at)
        WHERE operation = 'createPet' AND outcome = 'unknown' AND resolution_kind IS NULL;
    CREATE INDEX activity_day_readings ON activity (base_url, started_at)
        WHERE rl_window = 'day';
    PRAGMA user_version = 3;"
}

/// A history recorded before a not-found lookup had its own outcome opens with
/// those lookups as "not found" (an answer, not a failure), every other failure as it was.
#[test]
fn a_version_3_file_opens_with_its_not_found_lookups_as_not_found() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(ACTIVITY_FILE);
    {
        let connection = Connection::open(&path).unwrap();
        connection.execute_batch(&schema_v3()).unwrap();
        let row = |started: i64, operation: &str, status: i64, kind: &str, pet_id: &str| {
            format!(
                "INSERT INTO activity (started_at, environment, base_url, source, operation,
                     method, path, status, duration_ms, attempts, waited_ms, rate_limited,
                     outcome, error_kind, server_code, pet_id)
                 VALUES ({started}, 'sandbox', 'http://127.0.0.1:4780/v1', 'app', '{operation}',
                     'GET', '/v1/pets/41', {status}, 12, 1, 0, 0, 'error', '{kind}', 'x', {pet_id});"
            )
        };
        connection
            .execute_batch(
                &[
                    row(1_900_000_001_000, "getPet", 404, "notFound", "41"),
                    row(1_900_000_002_000, "getPet", 503, "server", "41"),
                    // A list answered 404 (an address that is not the service's) stays a failure.
                    row(1_900_000_003_000, "listPets", 404, "notFound", "NULL"),
                ]
                .concat(),
            )
            .unwrap();
    }
    assert_eq!(user_version(&path), 3);

    let store = open(dir.path());
    assert_eq!(user_version(&path), SCHEMA_VERSION);
    let outcomes: Vec<(i64, Outcome)> = store
        .query(&Filter::default(), 0, 10)
        .unwrap()
        .iter()
        .map(|entry| (entry.id, entry.record.outcome))
        .collect();
    assert_eq!(
        outcomes,
        [
            (3, Outcome::Error),
            (2, Outcome::Error),
            (1, Outcome::NotFound)
        ]
    );
    let not_found = Filter {
        outcome: Some(Outcome::NotFound),
        ..Filter::default()
    };
    assert_eq!(store.count(&not_found).unwrap(), 1);
    let failed = Filter {
        outcome: Some(Outcome::Error),
        search: Some("41".into()),
        ..Filter::default()
    };
    assert_eq!(store.count(&failed).unwrap(), 1, "only the 503");
}

#[test]
fn a_newer_schema_is_refused_and_the_file_left_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(ACTIVITY_FILE);
    {
        let connection = Connection::open(&path).unwrap();
        connection
            .pragma_update(None, "journal_mode", "WAL")
            .unwrap();
        connection
            .execute_batch(&format!(
                "CREATE TABLE activity (id INTEGER PRIMARY KEY, future TEXT);
                 INSERT INTO activity (future) VALUES ('kept');
                 PRAGMA user_version = {};",
                SCHEMA_VERSION + 1
            ))
            .unwrap();
    }
    let before = fs::read(&path).unwrap();

    let error = ActivityStore::open(&path, Retention::default()).unwrap_err();
    assert!(
        matches!(error, ActivityError::NewerSchema { found, supported }
            if found == SCHEMA_VERSION + 1 && supported == SCHEMA_VERSION),
        "{error:?}"
    );
    assert!(error.to_string().contains("newer version"));
    assert!(fs::read(&path).unwrap() == before, "the file is untouched");
    let wal = dir.path().join(format!("{ACTIVITY_FILE}-wal"));
    assert!(
        fs::metadata(&wal).map_or(true, |meta| meta.len() == 0),
        "nothing was written"
    );
    assert_eq!(user_version(&path), SCHEMA_VERSION + 1);
}

/// Every file whose name starts with `activity.sqlite3.corrupt-` in `dir`.
fn moved_copies(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(&format!("{ACTIVITY_FILE}.corrupt-")))
        .collect();
    names.sort();
    names
}

/// Opens the damaged file at `path`: it is moved aside and reported, the new store works.
fn assert_moved_aside_and_fresh(path: &Path, damaged: &[u8]) {
    let opened =
        ActivityStore::open(path, Retention::default()).expect("a damaged file is no error");
    let moved = opened.moved_aside.expect("the move is reported");
    let name = moved.file_name().unwrap().to_string_lossy().into_owned();
    let stamp = name
        .strip_prefix(&format!("{ACTIVITY_FILE}.corrupt-"))
        .unwrap();
    assert_eq!(stamp.len(), "20300317T201320Z".len(), "{name}");
    assert!(stamp.starts_with("20") && stamp.ends_with('Z') && stamp.as_bytes()[8] == b'T');
    assert!(
        fs::read(&moved).unwrap() == damaged,
        "the damaged file is kept as it was"
    );

    let store = opened.store;
    assert_eq!(store.count(&Filter::default()).unwrap(), 0);
    record_all(&store, Source::App, [list(at(0), 59)]);
    assert_eq!(store.count(&Filter::default()).unwrap(), 1);
}

#[test]
fn a_file_that_is_no_database_is_moved_aside_with_its_companions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(ACTIVITY_FILE);
    let garbage = b"this is not a database, only text pretending to be one\n".repeat(200);
    fs::write(&path, &garbage).unwrap();
    fs::write(
        dir.path().join(format!("{ACTIVITY_FILE}-wal")),
        b"stale wal",
    )
    .unwrap();
    fs::write(
        dir.path().join(format!("{ACTIVITY_FILE}-shm")),
        b"stale shm",
    )
    .unwrap();

    assert_moved_aside_and_fresh(&path, &garbage);
    let copies = moved_copies(dir.path());
    assert_eq!(copies.len(), 3, "{copies:?}");
    assert!(
        copies[1].ends_with("-shm") && copies[2].ends_with("-wal"),
        "{copies:?}"
    );
    assert_eq!(fs::read(dir.path().join(&copies[2])).unwrap(), b"stale wal");
}

/// A history of `n` entries, closed and checkpointed into the main file (no -wal left).
fn written_history(path: &Path, n: i64) {
    {
        let store = open(path.parent().unwrap());
        record_all(
            &store,
            Source::App,
            (0..n).map(|i| create(at(i), &format!("pet {i}"), Outcome::Ok)),
        );
    }
    let connection = Connection::open(path).unwrap();
    connection
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .unwrap();
    connection
        .pragma_update(None, "journal_mode", "DELETE")
        .unwrap();
}

#[test]
fn a_torn_file_is_moved_aside() {
    for keep in [TornAt::Bytes(100), TornAt::Half] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(ACTIVITY_FILE);
        written_history(&path, 3_000);
        let mut bytes = fs::read(&path).unwrap();
        let len = match keep {
            TornAt::Bytes(n) => n,
            TornAt::Half => bytes.len() / 2,
        };
        bytes.truncate(len);
        fs::write(&path, &bytes).unwrap();
        assert_moved_aside_and_fresh(&path, &bytes);
    }
}

enum TornAt {
    Bytes(usize),
    Half,
}

#[test]
fn a_file_damaged_inside_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(ACTIVITY_FILE);
    written_history(&path, 3_000);
    let mut bytes = fs::read(&path).unwrap();
    // Every page after the first (the header and the schema stay readable) overwritten.
    let page = 4096;
    for byte in bytes.iter_mut().skip(page) {
        *byte = 0xA5;
    }
    fs::write(&path, &bytes).unwrap();
    assert_moved_aside_and_fresh(&path, &bytes);
}

#[test]
fn a_folder_that_does_not_exist_is_unavailable() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing").join(ACTIVITY_FILE);
    let error = ActivityStore::open(&path, Retention::default()).unwrap_err();
    assert!(
        matches!(&error, ActivityError::Unavailable { path: p, .. } if *p == path),
        "{error:?}"
    );
    assert!(!path.parent().unwrap().exists(), "no folder is created");
}

#[test]
fn no_column_could_hold_a_key_or_a_header() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let connection = Connection::open(store.path()).unwrap();
    // Every table's columns: the entries', and the names of the spool files moved in.
    let mut statement = connection
        .prepare(
            "SELECT p.name FROM sqlite_master m, pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name IN ('activity', 'spool_imported')",
        )
        .unwrap();
    let columns: Vec<String> = statement
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(columns.contains(&"imported_at".to_owned()), "{columns:?}");
    for column in &columns {
        for word in [
            "key",
            "header",
            "auth",
            "token",
            "secret",
            "cookie",
            "credential",
        ] {
            assert!(
                !column.contains(word),
                "column {column} could hold a {word}"
            );
        }
    }
    let tables: i64 = connection
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(tables, 2, "two tables, the ones checked");
}
