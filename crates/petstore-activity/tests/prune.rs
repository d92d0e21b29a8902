//! Retention: entries past the age or beyond the count are deleted, by a call, at open, and by
//! the writer on its own; the newest are always the ones kept.

mod common;

use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use petstore_activity::{ACTIVITY_FILE, ActivityStore, Filter, Retention, Source};

use common::{at, list, open, record_all};

#[test]
fn entries_older_than_the_age_are_pruned() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let now = at(0);
    let days = |n: i64| now - TimeDelta::days(n);
    record_all(
        &store,
        Source::App,
        [days(120), days(91), days(89), days(1)].map(|t| list(t, 10)),
    );
    assert_eq!(store.prune(now).unwrap(), 2);
    let kept: Vec<_> = store
        .query(&Filter::default(), 0, 10)
        .unwrap()
        .into_iter()
        .map(|e| e.record.started_at)
        .collect();
    assert_eq!(kept, [days(1), days(89)]);

    store.set_retention(Retention {
        max_age_days: 30,
        max_entries: 200_000,
    });
    assert_eq!(store.prune(now).unwrap(), 1);
    assert_eq!(store.count(&Filter::default()).unwrap(), 1);
}

#[test]
fn the_oldest_beyond_the_count_are_pruned_in_chunks_ties_by_id() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    // Three entries per millisecond, so the cut falls inside a tie; more than two chunks go.
    let total = 18_000;
    let keep = 6_001;
    record_all(
        &store,
        Source::App,
        (0..total).map(|i| list(at(0) + TimeDelta::milliseconds(i / 3), 30)),
    );
    let newest: Vec<i64> = store
        .query(&Filter::default(), 0, keep as u32)
        .unwrap()
        .iter()
        .map(|e| e.id)
        .collect();

    store.set_retention(Retention {
        max_age_days: 36_500,
        max_entries: keep,
    });
    // The writer may be pruning side by side (it prunes after its last batch, with the new
    // retention): between them, everything beyond the count goes, and only that.
    let pruned = store.prune(Utc::now()).unwrap();
    assert!(pruned <= total as u64 - keep, "{pruned}");
    let kept: Vec<i64> = store
        .query(&Filter::default(), 0, total as u32)
        .unwrap()
        .iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(kept, newest);
    assert_eq!(store.prune(Utc::now()).unwrap(), 0, "nothing more to do");
}

#[test]
fn the_writer_prunes_at_open_and_after_every_few_hundred_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(ACTIVITY_FILE);
    // To the millisecond, as the store keeps it.
    let now = DateTime::from_timestamp_millis(Utc::now().timestamp_millis()).unwrap();
    {
        let store = open(dir.path());
        record_all(
            &store,
            Source::App,
            (0..3_000).map(|i| list(now - TimeDelta::seconds(3_000 - i), 30)),
        );
    }
    let small = Retention {
        max_age_days: 90,
        max_entries: 1_000,
    };

    // At open: done before the first record is written, so a flush covers it.
    let store = ActivityStore::open(&path, small).unwrap().store;
    record_all(&store, Source::App, [list(now, 30)]);
    assert_eq!(store.count(&Filter::default()).unwrap(), 1_001);
    assert_eq!(store.stats().pruned, 2_000);

    // On its own: after at least PRUNE_EVERY more entries, with no call.
    let more = petstore_activity::PRUNE_EVERY as i64 + 100;
    record_all(
        &store,
        Source::App,
        (0..more).map(|i| list(now + TimeDelta::milliseconds(i + 1), 30)),
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while store.count(&Filter::default()).unwrap() > 1_000 + 100 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let count = store.count(&Filter::default()).unwrap();
    assert!(count <= 1_100, "{count} entries left");
    let newest = store.query(&Filter::default(), 0, 1).unwrap();
    assert_eq!(
        newest[0].record.started_at,
        now + TimeDelta::milliseconds(more)
    );
}
