//! Figures for BENCHMARKS.md: the database's size per 100,000 entries, the time to
//! open a store of 200,000 entries and read its first 100 rows newest first (with and without
//! filters), and what `record` costs the caller. Asserts nothing about time.
//!
//! `cargo run --release -p petstore-activity --example activity_bench`

use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use petstore_activity::{ACTIVITY_FILE, ActivityStore, Filter, Retention, Source};
use petstore_client::{
    Environment, ErrorKind, Operation, Outcome, PetNote, Plan, QuotaWindow, RateLimitSnapshot,
    RequestRecord,
};

const URLS: [(Environment, &str); 3] = [
    (Environment::Production, "https://api.petstore.example/v1"),
    (Environment::Staging, "https://staging.petstore.example/v1"),
    (Environment::Sandbox, "http://127.0.0.1:4780"),
];
const NAMES: [&str; 8] = [
    "Biscuit",
    "Luna",
    "Mr. Whiskers",
    "Rex",
    "Éclair",
    "Pepper",
    "Noodle",
    "Captain Fluff",
];

/// A small deterministic generator (no dependency for a bench's variety).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % below
    }
}

/// Entry `i` of `total`, spread over the last 60 days: mostly list pages, a fifth creates with
/// names, a few lookups, errors and 429s, three environments (production the busiest).
fn record(i: u64, total: u64, now: DateTime<Utc>, rng: &mut Lcg) -> RequestRecord {
    let started_at = now - TimeDelta::milliseconds(((total - i) * 60 * 86_400_000 / total) as i64);
    let (environment, base_url) = URLS[[0, 0, 0, 1, 1, 2][rng.next(6) as usize]];
    let kind = rng.next(100);
    let remaining = rng.next(60);
    let mut record = RequestRecord {
        started_at,
        environment,
        base_url: base_url.to_owned(),
        operation: Operation::ListPets,
        method: "GET",
        path: "/pets?limit=100&status=available".to_owned(),
        status: Some(200),
        duration: Duration::from_millis(40 + rng.next(300)),
        attempts: 1,
        waited: Duration::ZERO,
        rate_limited: 0,
        outcome: Outcome::Ok,
        error_kind: None,
        server_code: None,
        server_message: None,
        rate_limit: Some(RateLimitSnapshot {
            limit: Some(60),
            remaining: Some(remaining),
            reset_at: Some(started_at + TimeDelta::seconds(60 - started_at.timestamp() % 60)),
            window: QuotaWindow::Minute,
            plan: Some(Plan::Free),
            observed_at: started_at + TimeDelta::milliseconds(120),
        }),
        pet: None,
        pets_returned: Some(100),
    };
    match kind {
        0..=39 => {}
        40..=69 => {
            record.operation = Operation::NextPage;
            record.path = format!(
                "/pets?limit=100&cursor=eyJhZnRlciI6{:08x}",
                rng.next(1 << 32)
            );
            record.pets_returned = Some(rng.next(101) as u32);
        }
        70..=89 => {
            let name = format!("{} {}", NAMES[rng.next(8) as usize], rng.next(10_000));
            record.operation = Operation::CreatePet;
            record.method = "POST";
            record.path = "/pets".to_owned();
            record.status = Some(201);
            record.pets_returned = None;
            record.pet = Some(PetNote {
                name: Some(name),
                category_id: Some(rng.next(20) as i64 + 1),
                id: Some(1_000_000 + i as i64),
            });
            if kind == 89 {
                record.status = None;
                record.outcome = Outcome::Unknown;
                record.error_kind = Some(ErrorKind::OutcomeUnknown);
                if let Some(pet) = record.pet.as_mut() {
                    pet.id = None;
                }
            }
        }
        90..=94 => {
            record.operation = Operation::GetPet;
            record.path = format!("/pets/{}", 1_000_000 + rng.next(i + 1));
            record.pets_returned = None;
            record.pet = Some(PetNote {
                name: None,
                category_id: None,
                id: Some(1_000_000 + rng.next(i + 1) as i64),
            });
        }
        95..=97 => {
            record.status = Some(400);
            record.outcome = Outcome::Error;
            record.error_kind = Some(ErrorKind::BadRequest);
            record.server_code = Some("invalid_parameter".to_owned());
            record.server_message = Some("limit must be between 1 and 100".to_owned());
        }
        _ => {
            record.status = Some(429);
            record.outcome = Outcome::Error;
            record.error_kind = Some(ErrorKind::RateLimited);
            record.attempts = 3;
            record.rate_limited = 3;
            record.waited = Duration::from_secs(12);
            if let Some(snapshot) = record.rate_limit.as_mut() {
                snapshot.remaining = Some(0);
            }
        }
    }
    record
}

fn fill(store: &ActivityStore, from: u64, to: u64, total: u64, now: DateTime<Utc>) {
    let mut rng = Lcg(from + 7);
    let sink = store.sink(Source::App);
    for i in from..to {
        sink.record(record(i, total, now, &mut rng));
        // Stay under the queue's capacity: the bench fills faster than any client records.
        if i % 5_000 == 4_999 {
            store.flush(Duration::from_secs(60));
        }
    }
    assert!(store.flush(Duration::from_secs(60)));
}

fn file_size(path: &Path) -> u64 {
    ["", "-wal"]
        .iter()
        .map(|suffix| {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            std::fs::metadata(name).map_or(0, |meta| meta.len())
        })
        .sum()
}

fn ms(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1_000.0)
}

/// The median and the fastest of `runs` runs of `work`.
fn timed(runs: usize, mut work: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed()
        })
        .collect();
    times.sort();
    (times[runs / 2], times[0])
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(ACTIVITY_FILE);
    let now = Utc::now();
    let total = 200_000;
    let retention = Retention::default();

    let started = Instant::now();
    {
        let store = ActivityStore::open(&path, retention).unwrap().store;
        fill(&store, 0, 100_000, total, now);
    }
    let written = started.elapsed();
    let size_100k = file_size(&path);
    {
        let store = ActivityStore::open(&path, retention).unwrap().store;
        fill(&store, 100_000, total, total, now);
    }
    let size_200k = file_size(&path);
    println!(
        "database size: {:.1} MiB per 100,000 entries (100,000: {:.1} MiB; 200,000: {:.1} MiB)",
        size_200k as f64 / 2.0 / 1_048_576.0,
        size_100k as f64 / 1_048_576.0,
        size_200k as f64 / 1_048_576.0
    );
    println!(
        "writer: 100,000 entries written in {} ({:.0} entries/s)",
        ms(written),
        100_000.0 / written.as_secs_f64()
    );

    // Open and first page, as the Activity view does: open, first 100 rows, the total.
    let (median, fastest) = timed(7, || {
        let store = ActivityStore::open(&path, retention).unwrap().store;
        let rows = store.query(&Filter::default(), 0, 100).unwrap();
        let count = store.count(&Filter::default()).unwrap();
        assert_eq!((rows.len(), count), (100, total));
    });
    println!(
        "open + first 100 rows + count, 200,000 entries: median {}, fastest {}",
        ms(median),
        ms(fastest)
    );

    let store = ActivityStore::open(&path, retention).unwrap().store;
    let (median, _) = timed(7, || {
        ActivityStore::open(&path, retention).unwrap();
    });
    println!("  of which open alone: median {}", ms(median));
    let filters = [
        ("no filter", Filter::default()),
        (
            "environment = staging",
            Filter {
                environment: Some(Environment::Staging),
                ..Filter::default()
            },
        ),
        (
            "operation = createPet",
            Filter {
                operation: Some(Operation::CreatePet),
                ..Filter::default()
            },
        ),
        (
            "outcome = error",
            Filter {
                outcome: Some(Outcome::Error),
                ..Filter::default()
            },
        ),
        (
            "outcome = unknown (1%)",
            Filter {
                outcome: Some(Outcome::Unknown),
                ..Filter::default()
            },
        ),
        (
            "search \"whisk\"",
            Filter {
                search: Some("whisk".to_owned()),
                ..Filter::default()
            },
        ),
        (
            "search an id",
            Filter {
                search: Some("1150000".to_owned()),
                ..Filter::default()
            },
        ),
        (
            "last 24 h",
            Filter {
                since: Some(now - TimeDelta::days(1)),
                ..Filter::default()
            },
        ),
        (
            "staging + error + last 7 days",
            Filter {
                environment: Some(Environment::Staging),
                outcome: Some(Outcome::Error),
                since: Some(now - TimeDelta::days(7)),
                ..Filter::default()
            },
        ),
    ];
    for (name, filter) in &filters {
        let (first_page, _) = timed(7, || {
            store.query(filter, 0, 100).unwrap();
        });
        let (count_time, _) = timed(7, || {
            store.count(filter).unwrap();
        });
        let count = store.count(filter).unwrap();
        println!(
            "  {name:<32} first 100 rows {:>9}, count {:>9} ({count} entries)",
            ms(first_page),
            ms(count_time)
        );
    }
    let (deep, _) = timed(7, || {
        store.query(&Filter::default(), 150_000, 100).unwrap();
    });
    println!("  rows 150,000-150,100 (no filter): {}", ms(deep));
    let (unconfirmed, _) = timed(7, || {
        store.unconfirmed_count().unwrap();
    });
    println!(
        "unconfirmed_count: {} ({} entries)",
        ms(unconfirmed),
        store.unconfirmed_count().unwrap()
    );
    for (name, range) in [
        ("last hour", TimeDelta::hours(1)),
        ("last day", TimeDelta::days(1)),
    ] {
        let (time, _) = timed(7, || {
            store.quota_history(URLS[0].1, now - range, now).unwrap();
        });
        let history = store.quota_history(URLS[0].1, now - range, now).unwrap();
        println!(
            "quota_history, production, {name}: {} ({} points)",
            ms(time),
            history.points.len()
        );
    }
    let (time, _) = timed(3, || {
        store
            .windows(&Filter {
                since: Some(now - TimeDelta::days(1)),
                ..Filter::default()
            })
            .unwrap();
    });
    println!("windows, last day: {}", ms(time));
    let started = Instant::now();
    let exported = store.export_csv(&Filter::default(), io::sink()).unwrap();
    println!(
        "export_csv of {exported} entries: {}",
        ms(started.elapsed())
    );
    let started = Instant::now();
    let pruned = store.prune(now).unwrap();
    println!(
        "prune with nothing to prune: {} ({pruned} pruned)",
        ms(started.elapsed())
    );
    let connection = rusqlite::Connection::open(&path).unwrap();
    let started = Instant::now();
    let check: String = connection
        .query_row("PRAGMA quick_check", [], |row| row.get(0))
        .unwrap();
    println!(
        "(for comparison) PRAGMA quick_check of the whole file: {} ({check})",
        ms(started.elapsed())
    );
    drop(connection);

    // What a request pays: `record` puts the record on the queue. Records are built beforehand
    // so only the call is timed; chunks stay under the queue's capacity.
    let mut rng = Lcg(99);
    let sink = store.sink(Source::Cli);
    let mut spent = Duration::ZERO;
    let calls = 50_000u64;
    for chunk in 0..(calls / 5_000) {
        let records: Vec<RequestRecord> = (0..5_000)
            .map(|i| record(chunk * 5_000 + i, calls, now, &mut rng))
            .collect();
        let started = Instant::now();
        for record in records {
            sink.record(record);
        }
        spent += started.elapsed();
        store.flush(Duration::from_secs(60));
    }
    println!(
        "record (enqueue): {:.0} ns per call over {calls} calls; dropped {}",
        spent.as_nanos() as f64 / calls as f64,
        store.stats().dropped
    );
}
