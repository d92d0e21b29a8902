//! The quota as the history saw it: remaining over time (downsampled for a chart), resets, 429s,
//! requests per operation, today's use, and per-window summaries for the CLI.

use chrono::{DateTime, TimeDelta, Utc};
use petstore_client::{Environment, Operation, Plan, QuotaWindow};
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::codec::{from_millis, millis, parse_plan, parse_window};
use crate::error::ActivityError;
use crate::filter::Clause;
use crate::model::{DayUse, Filter, QuotaHistory, QuotaPoint, WindowSummary};
use crate::query::day_start;

/// The most points a history holds: a chart 720 pixels wide needs no more.
pub const MAX_POINTS: usize = 720;

/// How far before the range a request may have announced a reset that falls inside it: a
/// day's window is announced up to a day ahead (the client refuses resets further ahead).
const RESET_LOOKBACK: TimeDelta = TimeDelta::hours(25);

/// How far back the latest plan is looked for.
const PLAN_LOOKBACK: TimeDelta = TimeDelta::days(7);

/// The readings of one server with a remaining and a limit, started within the range.
const READINGS: &str = "FROM activity WHERE base_url = ?1 AND started_at >= ?2 AND started_at <= ?3
    AND rl_remaining IS NOT NULL AND rl_limit IS NOT NULL AND rl_window IS NOT NULL";

pub(crate) fn quota_history(
    connection: &Connection,
    base_url: &str,
    since: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<QuotaHistory, ActivityError> {
    let range = params![base_url, millis(since), millis(until)];
    let (readings, windows): (i64, i64) = connection.query_row(
        &format!("SELECT count(*), count(DISTINCT rl_window) {READINGS}"),
        range,
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?;
    let points = if readings <= MAX_POINTS as i64 {
        let sql = format!(
            "SELECT coalesce(rl_observed_at, started_at), rl_remaining, rl_limit, rl_window, id
             {READINGS} ORDER BY started_at, id"
        );
        points(connection, &sql, range)?
    } else {
        // Equal time buckets, as many as keep every window kind under the cap; SQLite takes the
        // other columns of a min() group from the row holding the minimum.
        let buckets = (MAX_POINTS as i64 / windows.max(1)).max(1);
        let span = (millis(until) - millis(since)).max(1);
        let sql = format!(
            "SELECT coalesce(rl_observed_at, started_at), min(rl_remaining), rl_limit, rl_window,
                 id, (started_at - ?2) * {buckets} / {span} AS bucket
             {READINGS} GROUP BY bucket, rl_window ORDER BY bucket, started_at"
        );
        points(connection, &sql, range)?
    };

    let lookback = (until - since).clamp(TimeDelta::zero(), RESET_LOOKBACK);
    let resets = times(
        connection,
        "SELECT DISTINCT rl_reset_at FROM activity
         WHERE base_url = ?1 AND started_at >= ?4 AND started_at <= ?3
           AND rl_reset_at >= ?2 AND rl_reset_at <= ?3
         ORDER BY rl_reset_at",
        params![
            base_url,
            millis(since),
            millis(until),
            millis(since - lookback)
        ],
    )?;
    let rate_limited = answers_429(connection, range)?;
    let requests_by_operation = requests_by_operation(connection, base_url, since, until)?;
    let day_window = day_use(connection, base_url, until)?;
    Ok(QuotaHistory {
        points,
        resets,
        rate_limited,
        requests_by_operation,
        day_window,
    })
}

fn points(
    connection: &Connection,
    sql: &str,
    values: impl rusqlite::Params,
) -> Result<Vec<QuotaPoint>, ActivityError> {
    let mut statement = connection.prepare(sql)?;
    let mut rows = statement.query(values)?;
    let mut points = Vec::new();
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(4)?;
        let bad = |column| ActivityError::BadValue { id, column };
        points.push(QuotaPoint {
            at: from_millis(row.get(0)?).ok_or(bad("rl_observed_at"))?,
            remaining: u64::try_from(row.get::<_, i64>(1)?).map_err(|_| bad("rl_remaining"))?,
            limit: u64::try_from(row.get::<_, i64>(2)?).map_err(|_| bad("rl_limit"))?,
            window: parse_window(row.get(3)?).ok_or(bad("rl_window"))?,
        });
    }
    Ok(points)
}

/// The instants of a one-column query; a value no instant can be is skipped (it cannot be
/// placed on a chart, and one bad row should not hide the rest).
fn times(
    connection: &Connection,
    sql: &str,
    values: impl rusqlite::Params,
) -> Result<Vec<DateTime<Utc>>, ActivityError> {
    let mut statement = connection.prepare(sql)?;
    let mut rows = statement.query(values)?;
    let mut times = Vec::new();
    while let Some(row) = rows.next()? {
        times.extend(from_millis(row.get(0)?));
    }
    Ok(times)
}

/// One instant per 429 answer (an operation answered 429 twice gives its start twice): the one
/// count of 429s the panel, the banner and Activity's "answered 429 twice" share. An entry that
/// ended on a 429 it did not count (written by an older version) counts once.
fn answers_429(
    connection: &Connection,
    range: impl rusqlite::Params,
) -> Result<Vec<DateTime<Utc>>, ActivityError> {
    let mut statement = connection.prepare(
        "SELECT started_at, max(rate_limited, status IS 429) FROM activity
         WHERE base_url = ?1 AND started_at >= ?2 AND started_at <= ?3
           AND (rate_limited > 0 OR status = 429)
         ORDER BY started_at, id",
    )?;
    let mut rows = statement.query(range)?;
    let mut times = Vec::new();
    while let Some(row) = rows.next()? {
        // Bounded: the client counts at most its attempts, a handful; a damaged value is one.
        let answers = row.get::<_, i64>(1)?.clamp(1, 100);
        if let Some(at) = from_millis(row.get(0)?) {
            times.extend(std::iter::repeat_n(at, answers as usize));
        }
    }
    Ok(times)
}

fn requests_by_operation(
    connection: &Connection,
    base_url: &str,
    since: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Vec<(Operation, u64)>, ActivityError> {
    let mut statement = connection.prepare(
        "SELECT operation, sum(attempts) FROM activity
         WHERE base_url = ?1 AND started_at >= ?2 AND started_at <= ?3 GROUP BY operation",
    )?;
    let mut rows = statement.query(params![base_url, millis(since), millis(until)])?;
    let mut counts: Vec<(Operation, u64)> = Operation::ALL.iter().map(|op| (*op, 0)).collect();
    while let Some(row) = rows.next()? {
        let operation: String = row.get(0)?;
        let requests = u64::try_from(row.get::<_, i64>(1)?).unwrap_or(0);
        // An operation this version does not know (a newer one's) is left out of the chart.
        if let Some(slot) = counts.iter_mut().find(|(op, _)| op.as_str() == operation) {
            slot.1 += requests;
        }
    }
    Ok(counts)
}

/// Today (the UTC day of `until`) up to `until`.
fn day_use(
    connection: &Connection,
    base_url: &str,
    until: DateTime<Utc>,
) -> Result<DayUse, ActivityError> {
    let since = day_start(until);
    let used: i64 = connection.query_row(
        "SELECT coalesce(sum(attempts), 0) FROM activity
         WHERE base_url = ?1 AND started_at >= ?2 AND started_at <= ?3",
        params![base_url, millis(since), millis(until)],
        |row| row.get(0),
    )?;
    // The latest day-window reading (any age, found through its own small index): its limit is
    // the day's, its remaining only if from today.
    let day_reading = connection
        .query_row(
            "SELECT rl_limit, rl_remaining, rl_plan, started_at FROM activity
             WHERE base_url = ?1 AND started_at <= ?2 AND rl_window = 'day' AND rl_limit IS NOT NULL
             ORDER BY started_at DESC, id DESC LIMIT 1",
            params![base_url, millis(until)],
            |row| {
                Ok(DayReading {
                    limit: row.get(0)?,
                    remaining: row.get(1)?,
                    plan: row.get(2)?,
                    started_at: row.get(3)?,
                })
            },
        )
        .optional()?;
    // The latest known plan, looked for in the last week only: a server whose answers never
    // name one (custom limits) would otherwise make this walk its whole history every time.
    let latest_plan: Option<Plan> = connection
        .query_row(
            "SELECT rl_plan FROM activity
             WHERE base_url = ?1 AND started_at >= ?2 AND started_at <= ?3 AND rl_plan IS NOT NULL
             ORDER BY started_at DESC, id DESC LIMIT 1",
            params![base_url, millis(until - PLAN_LOOKBACK), millis(until)],
            |row| row.get::<_, String>(0),
        )
        .optional()?
        .and_then(parse_plan);
    let count = |n: Option<i64>| n.and_then(|n| u64::try_from(n).ok());
    let (day_limit, remaining, plan) = match day_reading {
        Some(reading) => (
            count(reading.limit),
            count(reading.remaining).filter(|_| reading.started_at >= millis(since)),
            reading.plan.and_then(parse_plan).or(latest_plan),
        ),
        None => (latest_plan.map(Plan::per_day), None, latest_plan),
    };
    Ok(DayUse {
        since,
        used: u64::try_from(used).unwrap_or(0),
        day_limit,
        remaining,
        plan,
    })
}

/// The latest day-window reading of a server, as stored.
struct DayReading {
    limit: Option<i64>,
    remaining: Option<i64>,
    plan: Option<String>,
    started_at: i64,
}

/// One summary per (server, environment, announced reset, window kind), newest window first.
pub(crate) fn windows(
    connection: &Connection,
    filter: &Filter,
) -> Result<Vec<WindowSummary>, ActivityError> {
    let clause = Clause::new(filter);
    let sql = format!(
        "SELECT base_url, environment, rl_reset_at, rl_window, min(started_at), sum(attempts),
             sum(rate_limited), min(rl_remaining), max(rl_limit), min(id)
         FROM activity {}
         GROUP BY base_url, environment, rl_reset_at, rl_window
         ORDER BY min(started_at) DESC, min(id) DESC",
        clause.sql
    );
    let mut statement = connection.prepare(&sql)?;
    let mut rows = statement.query(clause.params())?;
    let mut summaries = Vec::new();
    while let Some(row) = rows.next()? {
        summaries.push(window_summary(row)?);
    }
    Ok(summaries)
}

fn window_summary(row: &Row<'_>) -> Result<WindowSummary, ActivityError> {
    let id: i64 = row.get(9)?;
    let bad = |column| ActivityError::BadValue { id, column };
    let count = |value: Option<i64>, column| match value {
        None => Ok(None),
        Some(n) => u64::try_from(n).map(Some).map_err(|_| bad(column)),
    };
    let window = match row.get::<_, Option<String>>(3)? {
        None => QuotaWindow::Unknown,
        Some(text) => parse_window(text).ok_or(bad("rl_window"))?,
    };
    Ok(WindowSummary {
        base_url: row.get(0)?,
        environment: row
            .get::<_, String>(1)?
            .parse::<Environment>()
            .map_err(|_| bad("environment"))?,
        reset_at: match row.get::<_, Option<i64>>(2)? {
            None => None,
            Some(ms) => Some(from_millis(ms).ok_or(bad("rl_reset_at"))?),
        },
        window,
        first: from_millis(row.get(4)?).ok_or(bad("started_at"))?,
        requests: count(row.get(5)?, "attempts")?.unwrap_or(0),
        rate_limited: count(row.get(6)?, "rate_limited")?.unwrap_or(0),
        lowest_remaining: count(row.get(7)?, "rl_remaining")?,
        limit: count(row.get(8)?, "rl_limit")?,
    })
}
