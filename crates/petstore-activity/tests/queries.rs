//! Reading back: every field as recorded, filters, search, pages newest first, unconfirmed
//! creates and their settling, the CSV export, and a writer that never makes `record` wait.

mod common;

use std::time::{Duration, Instant};

use chrono::TimeDelta;
use petstore_activity::{CSV_HEADER, Filter, Resolution, ResolutionKind, Source};
use petstore_client::{Environment, ErrorKind, Operation, Outcome, RequestRecord};
use rusqlite::Connection;

use common::{STAGING_URL, at, create, list, open, record_all};

fn staging(mut record: RequestRecord) -> RequestRecord {
    record.environment = Environment::Staging;
    record.base_url = STAGING_URL.to_owned();
    record
}

/// Ten entries over ten seconds: lists, creates of each outcome, a lookup, a staging 429.
fn history() -> Vec<RequestRecord> {
    let mut lookup = list(at(6), 53);
    lookup.operation = Operation::GetPet;
    lookup.path = "/pets/4242".to_owned();
    lookup.pets_returned = None;
    lookup.pet = Some(petstore_client::PetNote {
        name: None,
        category_id: None,
        id: Some(4242),
    });
    let mut limited = staging(list(at(8), 0));
    limited.status = Some(429);
    limited.rate_limited = 2;
    limited.attempts = 3;
    limited.outcome = Outcome::Error;
    limited.error_kind = Some(ErrorKind::RateLimited);
    vec![
        list(at(0), 59),
        create(at(1), "Rex", Outcome::Ok),
        create(at(2), "Éclair de Lune", Outcome::Unknown),
        create(at(3), "=HYPERLINK(\"http://evil\")", Outcome::Error),
        staging(list(at(4), 58)),
        staging(create(at(5), "rexona", Outcome::Unknown)),
        lookup,
        list(at(7), 52),
        limited,
        create(at(9), "Bella", Outcome::Ok),
    ]
}

fn names(entries: &[petstore_activity::Entry]) -> Vec<String> {
    entries
        .iter()
        .map(|entry| {
            entry
                .record
                .pet
                .as_ref()
                .and_then(|pet| pet.name.clone())
                .unwrap_or_else(|| entry.record.operation.as_str().to_owned())
        })
        .collect()
}

#[test]
fn every_field_comes_back_as_recorded_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let records = history();
    record_all(&store, Source::Cli, records.clone());

    let entries = store.query(&Filter::default(), 0, 100).unwrap();
    assert_eq!(entries.len(), records.len());
    for (entry, record) in entries.iter().zip(records.iter().rev()) {
        assert_eq!(&entry.record, record);
        assert_eq!(entry.source, Source::Cli);
        assert_eq!(entry.resolution, None);
        assert_eq!(store.get(entry.id).unwrap().as_ref(), Some(entry));
    }
    assert_eq!(store.get(-1).unwrap(), None);

    let page = store.query(&Filter::default(), 3, 4).unwrap();
    assert_eq!(page, entries[3..7].to_vec());
    assert!(store.query(&Filter::default(), 100, 10).unwrap().is_empty());
}

#[test]
fn filters_narrow_the_listing_and_the_count_alike() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    record_all(&store, Source::App, history());

    let check = |filter: Filter, expected: &[&str]| {
        let entries = store.query(&filter, 0, 100).unwrap();
        assert_eq!(names(&entries), expected, "{filter:?}");
        assert_eq!(store.count(&filter).unwrap(), expected.len() as u64);
    };
    check(
        Filter {
            environment: Some(Environment::Staging),
            ..Filter::default()
        },
        &["listPets", "rexona", "listPets"],
    );
    check(
        Filter {
            base_url: Some(STAGING_URL.to_owned()),
            outcome: Some(Outcome::Unknown),
            ..Filter::default()
        },
        &["rexona"],
    );
    check(
        Filter {
            operation: Some(Operation::CreatePet),
            outcome: Some(Outcome::Ok),
            ..Filter::default()
        },
        &["Bella", "Rex"],
    );
    check(
        Filter {
            since: Some(at(2)),
            until: Some(at(4)),
            ..Filter::default()
        },
        &["listPets", "=HYPERLINK(\"http://evil\")", "Éclair de Lune"],
    );
    // A name substring, case-insensitive beyond ASCII.
    check(
        Filter {
            search: Some("REX".to_owned()),
            ..Filter::default()
        },
        &["rexona", "Rex"],
    );
    check(
        Filter {
            search: Some("éCLAIR".to_owned()),
            ..Filter::default()
        },
        &["Éclair de Lune"],
    );
    // A number: the exact id (of a lookup here), never a substring of one.
    check(
        Filter {
            search: Some("4242".to_owned()),
            ..Filter::default()
        },
        &["getPet"],
    );
    check(
        Filter {
            search: Some("424".to_owned()),
            ..Filter::default()
        },
        &[],
    );
    // Wildcards of LIKE are plain text here.
    check(
        Filter {
            search: Some("%".to_owned()),
            ..Filter::default()
        },
        &[],
    );
}

#[test]
fn unconfirmed_creates_are_listed_until_resolved() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    record_all(&store, Source::App, history());

    let unconfirmed = store.unconfirmed().unwrap();
    assert_eq!(names(&unconfirmed), ["rexona", "Éclair de Lune"]);
    assert_eq!(store.unconfirmed_count().unwrap(), 2);

    let found = Resolution {
        kind: ResolutionKind::Found,
        pet_id: Some(1234),
        at: at(60),
    };
    let resolved = store.resolve(unconfirmed[0].id, found).unwrap().unwrap();
    assert_eq!(resolved.resolution, Some(found));
    assert_eq!(resolved.record, unconfirmed[0].record);
    assert_eq!(names(&store.unconfirmed().unwrap()), ["Éclair de Lune"]);
    assert_eq!(store.unconfirmed_count().unwrap(), 1);
    // The found id is searchable.
    let by_id = Filter {
        search: Some("1234".to_owned()),
        ..Filter::default()
    };
    assert_eq!(names(&store.query(&by_id, 0, 10).unwrap()), ["rexona"]);

    let dismissed = Resolution {
        kind: ResolutionKind::Dismissed,
        pet_id: None,
        at: at(61),
    };
    store
        .resolve(unconfirmed[1].id, dismissed)
        .unwrap()
        .unwrap();
    assert_eq!(store.unconfirmed_count().unwrap(), 0);
    assert_eq!(store.resolve(999_999, dismissed).unwrap(), None);
}

#[test]
fn the_listing_uses_its_index() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let connection = Connection::open(store.path()).unwrap();
    let plan = |sql: &str| -> String {
        let mut statement = connection
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap();
        let rows = statement
            .query_map([], |row| row.get::<_, String>(3))
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        rows.join(" | ")
    };
    let listing = plan("SELECT * FROM activity ORDER BY started_at DESC, id DESC LIMIT 100");
    assert!(listing.contains("activity_started"), "{listing}");
    assert!(!listing.contains("TEMP B-TREE"), "no sort: {listing}");
    let unconfirmed = plan(
        "SELECT * FROM activity WHERE operation = 'createPet' AND outcome = 'unknown'
         AND resolution_kind IS NULL ORDER BY started_at DESC, id DESC",
    );
    assert!(
        unconfirmed.contains("activity_unconfirmed"),
        "{unconfirmed}"
    );
    let range =
        plan("SELECT * FROM activity WHERE base_url = 'x' AND started_at >= 1 AND started_at <= 2");
    assert!(range.contains("activity_base_url_started"), "{range}");
    let day = plan(
        "SELECT rl_limit FROM activity WHERE base_url = 'x' AND started_at <= 2
         AND rl_window = 'day' AND rl_limit IS NOT NULL ORDER BY started_at DESC, id DESC LIMIT 1",
    );
    assert!(day.contains("activity_day_readings"), "{day}");
    let probe = plan(
        "SELECT (SELECT min(started_at) FROM activity), (SELECT max(started_at) FROM activity),
             (SELECT max(id) FROM activity)",
    );
    assert!(
        !probe.contains("SCAN activity"),
        "no whole-table scan: {probe}"
    );
}

#[test]
fn the_export_streams_every_filtered_entry_with_formulas_guarded() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    record_all(&store, Source::App, history());
    let filter = Filter {
        operation: Some(Operation::CreatePet),
        ..Filter::default()
    };
    let mut out = Vec::new();
    assert_eq!(store.export_csv(&filter, &mut out).unwrap(), 5);

    let mut reader = csv::Reader::from_reader(out.as_slice());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        CSV_HEADER
    );
    let rows: Vec<csv::StringRecord> = reader.records().collect::<Result<_, _>>().unwrap();
    assert_eq!(rows.len(), 5);
    let column = |name: &str| CSV_HEADER.iter().position(|c| *c == name).unwrap();
    let pet_names: Vec<&str> = rows.iter().map(|row| &row[column("petName")]).collect();
    assert_eq!(
        pet_names,
        [
            "Bella",
            "rexona",
            "'=HYPERLINK(\"http://evil\")",
            "Éclair de Lune",
            "Rex"
        ]
    );
    assert_eq!(&rows[0][column("startedAt")], "2030-03-17T17:46:49.000Z");
    assert_eq!(&rows[0][column("outcome")], "ok");
    assert_eq!(&rows[2][column("errorKind")], "badRequest");
    assert_eq!(&rows[2][column("serverMessage")], "name is too long");
    assert_eq!(&rows[0][column("quotaWindow")], "minute");
    assert_eq!(&rows[0][column("plan")], "free");
}

#[test]
fn record_never_waits_a_full_queue_drops_and_counts() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    // Another process holds the write lock: the writer waits on it (busy timeout) meanwhile.
    let blocker = Connection::open(store.path()).unwrap();
    blocker.execute_batch("BEGIN IMMEDIATE").unwrap();

    let sink = store.sink(Source::App);
    let total = petstore_activity::QUEUE_CAPACITY + 2_500;
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    for i in 0..total {
        let call = Instant::now();
        sink.record(list(at(0) + TimeDelta::milliseconds(i as i64), 10));
        slowest = slowest.max(call.elapsed());
    }
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_secs(5),
        "recording took {elapsed:?}"
    );
    assert!(
        slowest < Duration::from_millis(500),
        "one call took {slowest:?}"
    );
    // The first batch was taken off the queue before the writer blocked; the rest filled it.
    let dropped = store.stats().dropped;
    assert!(dropped >= 1_000, "{dropped} dropped");

    blocker.execute_batch("ROLLBACK").unwrap();
    assert!(store.flush(Duration::from_secs(30)));
    let stats = store.stats();
    assert_eq!(stats.written + stats.dropped, total as u64, "{stats:?}");
    assert_eq!(store.count(&Filter::default()).unwrap(), stats.written);
}

#[test]
fn a_value_edited_outside_the_app_is_a_typed_error_never_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    record_all(&store, Source::App, history());
    let connection = Connection::open(store.path()).unwrap();
    let newest = store.query(&Filter::default(), 0, 1).unwrap()[0].id;
    for (edit, column) in [
        ("outcome = 'maybe'", "outcome"),
        ("attempts = -1", "attempts"),
        ("started_at = 9223372036854775807", "started_at"),
        ("method = 'BREW'", "method"),
        ("rl_window = 'fortnight'", "rl_window"),
        ("error_kind = 'cosmic'", "error_kind"),
        ("resolution_kind = 'found'", "resolution_at"),
    ] {
        let saved = store.get(newest).unwrap().unwrap();
        connection
            .execute(
                &format!("UPDATE activity SET {edit} WHERE id = ?1"),
                [newest],
            )
            .unwrap();
        let error = store.query(&Filter::default(), 0, 10).unwrap_err();
        assert!(
            matches!(error, petstore_activity::ActivityError::BadValue { id, column: c }
                if id == newest && c == column),
            "{edit}: {error:?}"
        );
        assert!(store.get(newest).is_err());
        // Put it back for the next edit.
        connection
            .execute("DELETE FROM activity WHERE id = ?1", [newest])
            .unwrap();
        record_all(&store, Source::App, [saved.record]);
        let newest_now = store.query(&Filter::default(), 0, 1).unwrap()[0].id;
        connection
            .execute(
                "UPDATE activity SET id = ?1 WHERE id = ?2",
                [newest, newest_now],
            )
            .unwrap();
    }
    // A text where a number belongs: SQLite's own type error, typed too.
    connection
        .execute(
            "UPDATE activity SET duration_ms = 'slow' WHERE id = ?1",
            [newest],
        )
        .unwrap();
    let error = store.query(&Filter::default(), 0, 10).unwrap_err();
    assert!(
        matches!(error, petstore_activity::ActivityError::Sqlite(_)),
        "{error:?}"
    );
}
