//! The quota history and the per-window summaries, on crafted records whose answers are known.

mod common;

use chrono::{DateTime, TimeDelta, Utc};
use petstore_activity::{Filter, MAX_POINTS, Source};
use petstore_client::{Operation, Outcome, Plan, QuotaWindow, RateLimitSnapshot, RequestRecord};

use common::{BASE_URL, STAGING_URL, at, create, list, open, record_all};

/// A list answered with a minute-window reading of `remaining`, resetting at `reset`.
fn reading(started_at: DateTime<Utc>, remaining: u64, reset: DateTime<Utc>) -> RequestRecord {
    let mut record = list(started_at, remaining);
    if let Some(snapshot) = record.rate_limit.as_mut() {
        snapshot.reset_at = Some(reset);
    }
    record
}

fn rate_limited(started_at: DateTime<Utc>, reset: DateTime<Utc>) -> RequestRecord {
    let mut record = reading(started_at, 0, reset);
    record.status = Some(429);
    record.outcome = Outcome::Error;
    record.attempts = 2;
    record.rate_limited = 2;
    record
}

#[test]
fn few_readings_are_kept_as_they_are_with_resets_429s_and_requests() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let minute = |m: i64| at(0) + TimeDelta::minutes(m);
    let mut records = vec![
        reading(minute(0), 59, minute(1)),
        reading(minute(0) + TimeDelta::seconds(20), 58, minute(1)),
        rate_limited(minute(0) + TimeDelta::seconds(40), minute(1)),
        reading(minute(1) + TimeDelta::seconds(5), 59, minute(2)),
        create(minute(1) + TimeDelta::seconds(6), "Rex", Outcome::Ok),
        // Before the range, announcing a reset inside it.
        reading(minute(-1) + TimeDelta::seconds(30), 40, minute(0)),
        // Another server: none of it counts.
        {
            let mut other = rate_limited(minute(0) + TimeDelta::seconds(30), minute(1));
            other.base_url = STAGING_URL.to_owned();
            other
        },
    ];
    // A create's readings count as points too (it has a snapshot: remaining 40).
    records[4].rate_limit.as_mut().unwrap().reset_at = Some(minute(2));
    record_all(&store, Source::App, records);

    let history = store.quota_history(BASE_URL, minute(0), minute(2)).unwrap();
    let remaining: Vec<u64> = history.points.iter().map(|p| p.remaining).collect();
    assert_eq!(remaining, [59, 58, 0, 59, 40]);
    assert_eq!(history.points[0].limit, 60);
    assert_eq!(history.points[0].window, QuotaWindow::Minute);
    assert_eq!(
        history.points[0].at,
        minute(0) + TimeDelta::milliseconds(84),
        "read time"
    );
    assert_eq!(history.resets, [minute(0), minute(1), minute(2)]);
    // One per 429 answer: that list was answered 429 twice.
    let limited = minute(0) + TimeDelta::seconds(40);
    assert_eq!(history.rate_limited, [limited, limited]);
    assert_eq!(
        history.requests_by_operation,
        [
            (Operation::ListPets, 5), // the 429 took two attempts
            (Operation::NextPage, 0),
            (Operation::CreatePet, 1),
            (Operation::GetPet, 0),
        ]
    );
}

#[test]
fn many_readings_are_bucketed_keeping_each_buckets_lowest() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let since = at(0);
    let until = at(3_600);
    // 3,600 readings, one a second, with remaining going down and up; one deep dip.
    let remaining_at = |i: i64| {
        if i == 1_234 {
            0
        } else {
            30 + ((i * 7) % 29) as u64
        }
    };
    record_all(
        &store,
        Source::App,
        (0..3_600).map(|i| reading(at(i), remaining_at(i), at(i - i % 60 + 60))),
    );

    let history = store.quota_history(BASE_URL, since, until).unwrap();
    assert!(history.points.len() <= MAX_POINTS);
    assert!(
        history.points.len() >= MAX_POINTS - 1,
        "{}",
        history.points.len()
    );
    assert!(
        history.points.iter().any(|p| p.remaining == 0),
        "the dip is kept"
    );
    let span = (until - since).num_milliseconds();
    let bucket = |t: DateTime<Utc>| (t - since).num_milliseconds() * MAX_POINTS as i64 / span;
    for point in &history.points {
        // The point's reading started 84 ms before it was read.
        let started = point.at - TimeDelta::milliseconds(84);
        let lowest = (0..3_600)
            .filter(|i| bucket(at(*i)) == bucket(started))
            .map(remaining_at)
            .min()
            .unwrap();
        assert_eq!(point.remaining, lowest, "bucket of {started}");
    }
    assert!(
        history.points.windows(2).all(|w| w[0].at < w[1].at),
        "oldest first"
    );
    assert_eq!(history.resets.len(), 60);
    assert_eq!(
        history.requests_by_operation[0],
        (Operation::ListPets, 3_600)
    );
}

#[test]
fn todays_use_counts_from_midnight_against_the_plans_or_the_servers_day_limit() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let now = at(0); // 2030-03-17T17:46:40Z
    let midnight = DateTime::parse_from_rfc3339("2030-03-17T00:00:00Z")
        .unwrap()
        .to_utc();
    let mut yesterday = reading(midnight - TimeDelta::minutes(5), 10, midnight);
    yesterday.attempts = 7;
    let mut retried = reading(midnight + TimeDelta::hours(2), 50, midnight);
    retried.attempts = 3;
    record_all(
        &store,
        Source::App,
        [
            yesterday,
            retried,
            reading(now - TimeDelta::minutes(1), 55, now),
        ],
    );

    let history = store
        .quota_history(BASE_URL, now - TimeDelta::hours(1), now)
        .unwrap();
    let day = history.day_window;
    assert_eq!(day.since, midnight);
    assert_eq!(day.used, 4, "today's attempts only");
    assert_eq!(day.plan, Some(Plan::Free));
    assert_eq!(day.day_limit, Some(1_000), "the Free plan's spec day limit");
    assert_eq!(day.remaining, None, "no day-window reading");

    // A day-window reading today: the server's own figures win.
    let mut day_reading = list(now - TimeDelta::seconds(10), 0);
    day_reading.rate_limit = Some(RateLimitSnapshot {
        limit: Some(10_000),
        remaining: Some(9_321),
        reset_at: Some(midnight + TimeDelta::days(1)),
        window: QuotaWindow::Day,
        plan: Some(Plan::Pro),
        observed_at: now - TimeDelta::seconds(10),
    });
    record_all(&store, Source::Cli, [day_reading]);
    let day = store
        .quota_history(BASE_URL, now - TimeDelta::hours(1), now)
        .unwrap()
        .day_window;
    assert_eq!(day.used, 5);
    assert_eq!(
        (day.day_limit, day.remaining, day.plan),
        (Some(10_000), Some(9_321), Some(Plan::Pro))
    );

    // Tomorrow, that reading's limit still holds; its remaining no longer does.
    let tomorrow = now + TimeDelta::days(1);
    let day = store
        .quota_history(BASE_URL, tomorrow - TimeDelta::hours(1), tomorrow)
        .unwrap()
        .day_window;
    assert_eq!(
        (day.used, day.day_limit, day.remaining),
        (0, Some(10_000), None)
    );
}

#[test]
fn windows_sum_attempts_and_429s_per_announced_reset() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let minute = |m: i64| at(0) + TimeDelta::minutes(m);
    let mut no_answer = create(minute(1) + TimeDelta::seconds(50), "Rex", Outcome::Unknown);
    no_answer.rate_limit = None;
    record_all(
        &store,
        Source::App,
        [
            reading(minute(0), 59, minute(1)),
            reading(minute(0) + TimeDelta::seconds(10), 31, minute(1)),
            rate_limited(minute(0) + TimeDelta::seconds(50), minute(1)),
            reading(minute(1) + TimeDelta::seconds(1), 58, minute(2)),
            no_answer,
        ],
    );

    let windows = store.windows(&Filter::default()).unwrap();
    assert_eq!(windows.len(), 3);
    let unanswered = &windows[0];
    assert_eq!(
        (unanswered.reset_at, unanswered.window),
        (None, QuotaWindow::Unknown)
    );
    assert_eq!(
        (unanswered.requests, unanswered.lowest_remaining),
        (1, None)
    );
    let second = &windows[1];
    assert_eq!(second.reset_at, Some(minute(2)));
    assert_eq!((second.requests, second.rate_limited), (1, 0));
    let first = &windows[2];
    assert_eq!(first.reset_at, Some(minute(1)));
    assert_eq!(first.first, minute(0));
    assert_eq!(first.window, QuotaWindow::Minute);
    assert_eq!((first.requests, first.rate_limited), (4, 2));
    assert_eq!((first.lowest_remaining, first.limit), (Some(0), Some(60)));
    assert_eq!(first.base_url, BASE_URL);

    let since = Filter {
        since: Some(minute(1)),
        ..Filter::default()
    };
    assert_eq!(store.windows(&since).unwrap().len(), 2);
}

/// A 429 is counted as it is answered, while its operation still waits out the Retry-After
/// (its record comes only when it ends), and once recorded it is counted once, not again.
#[test]
fn a_429_being_waited_out_counts_at_once_and_once_recorded_not_twice() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let sink = store.sink(Source::App);
    let started = at(10);
    let range = (at(0), at(120));
    let count = || {
        store.flush(std::time::Duration::from_secs(5));
        store
            .quota_history(BASE_URL, range.0, range.1)
            .unwrap()
            .rate_limited
    };
    assert_eq!(count(), Vec::<DateTime<Utc>>::new());

    sink.answered_429(BASE_URL, started);
    // Another server's 429 is not this one's.
    sink.answered_429(STAGING_URL, started);
    assert_eq!(
        count(),
        [started],
        "the first answer, while it is waited out"
    );
    sink.answered_429(BASE_URL, started);
    assert_eq!(count(), [started, started], "the second answer");

    // The operation ends: its record counts both answers, and the live ones go.
    let mut record = list(started, 5);
    record.attempts = 3;
    record.rate_limited = 2;
    sink.record(record);
    assert_eq!(count(), [started, started], "recorded, counted once");
    let staging = store
        .quota_history(STAGING_URL, range.0, range.1)
        .unwrap()
        .rate_limited;
    assert_eq!(
        staging,
        [started],
        "the other server's stays live until its record"
    );
}
