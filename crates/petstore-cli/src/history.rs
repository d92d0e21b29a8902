//! This computer's activity history: recording every request of a network command (the same
//! SQLite file as the desktop app's, by way of a spool: `history/spool.rs`), `petstore log` and
//! `petstore quota --history`. Reading sends nothing. The history never stops a command: a spool
//! that cannot be created is logged, and the command runs unrecorded.

mod spool;

pub use spool::{Recording, helper};

use std::path::PathBuf;
use std::time::Duration;

use chrono::Utc;
use petstore_activity::{ActivityStore, Entry, Filter, Retention, Source, WindowSummary};
use petstore_client::Outcome;
use petstore_local::Settings;
use serde_json::{Value, json};

use crate::args::{Cli, LogArgs, QuotaArgs};
use crate::exit::CliError;
use crate::output::{self, count, pad, truncate};
use crate::words::{Msg, say};

/// How long a reading waits in all for spools still locked: a helper moving one in takes a few
/// milliseconds; a command still running elsewhere holds its own spool until it ends, and its
/// entries show at the next reading after that.
const SPOOL_WAIT: Duration = Duration::from_secs(2);

fn path() -> Option<PathBuf> {
    let dir = petstore_local::data_dir()?;
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join(petstore_activity::ACTIVITY_FILE))
}

fn open(path: &std::path::Path, settings: &Settings) -> Result<ActivityStore, CliError> {
    let prefs = settings.activity.clone().unwrap_or_default().effective();
    let retention = Retention {
        max_age_days: prefs.retention_days,
        max_entries: prefs.max_entries,
    };
    let opened = ActivityStore::open(path, retention).map_err(|error| CliError::History {
        path: path.display().to_string(),
        error,
    })?;
    if let Some(kept) = &opened.moved_aside {
        eprintln!(
            "{}",
            say(Msg::HistoryMovedAside, &[("path", &kept.display())])
        );
    }
    Ok(opened.store)
}

/// The history with every pending spool moved in first, so it shows what was recorded.
fn open_for_reading() -> Result<ActivityStore, CliError> {
    let path = path().ok_or(CliError::NoDataDir)?;
    let store = open(&path, &Settings::load().unwrap_or_default())?;
    let ingested = store.ingest_spools(SPOOL_WAIT);
    log::debug!("activity spools moved in before reading: {ingested:?}");
    Ok(store)
}

fn history_error(store: &ActivityStore) -> impl Fn(petstore_activity::ActivityError) -> CliError {
    let path = store.path().display().to_string();
    move |error| CliError::History {
        path: path.clone(),
        error,
    }
}

/// `petstore log`.
pub fn log(cli: &Cli, args: &LogArgs) -> Result<(), CliError> {
    let store = open_for_reading()?;
    let filter = Filter {
        environment: cli.env,
        base_url: cli.base_url.as_ref().map(|url| url.as_str().to_owned()),
        outcome: args.outcome,
        since: args.since.map(|since| since.instant(Utc::now())),
        ..Filter::default()
    };
    let entries = store
        .query(&filter, 0, args.limit)
        .map_err(history_error(&store))?;
    if cli.json {
        let list: Vec<Value> = entries.iter().map(entry_json).collect();
        return output::print_json(&list);
    }
    if entries.is_empty() {
        return output::print(&say(Msg::NoRequests, &[]));
    }
    let mut text = format!(
        "{}  {}  {}  {}  {}  {}\n",
        pad(&say(Msg::ColumnWhen, &[]), 19),
        pad(&say(Msg::ColumnEnv, &[]), 10),
        pad(&say(Msg::ColumnRequest, &[]), 30),
        pad(&say(Msg::ColumnStatus, &[]), 6),
        pad(&say(Msg::ColumnTime, &[]), 8),
        say(Msg::ColumnResult, &[])
    );
    for entry in &entries {
        let record = &entry.record;
        let request = format!("{} {}", record.method, record.path);
        text.push_str(&format!(
            "{}  {}  {}  {}  {}  {}\n",
            pad(&stamp(record.started_at), 19),
            pad(record.environment.as_str(), 10),
            pad(&truncate(&request, 30), 30),
            pad(&record.status.map_or("-".into(), |s| s.to_string()), 6),
            pad(
                &format!("{} ms", count(record.duration.as_millis() as u64)),
                8
            ),
            result_text(entry)
        ));
    }
    output::print(&text)
}

fn result_text(entry: &Entry) -> String {
    let record = &entry.record;
    let mut text = match (record.outcome, record.error_kind) {
        (Outcome::Ok, _) => say(Msg::ResultOk, &[]),
        // A lookup of an id the service does not have: an answer, not a failure.
        (Outcome::NotFound, _) => say(Msg::ResultNotFound, &[]),
        (Outcome::Unknown, _) => match &entry.resolution {
            Some(_) => say(Msg::ResultUnknownSettled, &[]),
            None => say(Msg::ResultUnknown, &[]),
        },
        (Outcome::Error, Some(kind)) => say(Msg::ResultFailedKind, &[("kind", &kind_name(kind))]),
        (Outcome::Error, None) => say(Msg::ResultFailed, &[]),
    };
    if record.attempts > 1 {
        text.push_str(&say(Msg::ResultAttempts, &[("n", &record.attempts)]));
    }
    if record.rate_limited > 0 {
        text.push_str(&format!(", {} × 429", record.rate_limited));
    }
    if let Some(pet) = &record.pet
        && let Some(name) = &pet.name
    {
        text.push_str(&format!(", \"{}\"", truncate(name, 40)));
        if let Some(id) = pet.id {
            text.push_str(&say(Msg::ResultIsPet, &[("id", &id)]));
        }
    }
    if let Some(n) = record.pets_returned {
        text.push_str(&say(Msg::ResultPets, &[("n", &n)]));
    }
    text
}

/// An entry as `petstore log --json` prints it: camelCase, ids as JSON numbers, instants RFC 3339.
fn entry_json(entry: &Entry) -> Value {
    let record = &entry.record;
    json!({
        "id": entry.id,
        "at": record.started_at.to_rfc3339(),
        "environment": record.environment,
        "baseUrl": record.base_url,
        "source": match entry.source { Source::App => "app", Source::Cli => "cli" },
        "operation": record.operation,
        "method": record.method,
        "path": record.path,
        "status": record.status,
        "durationMs": record.duration.as_millis() as u64,
        "attempts": record.attempts,
        "waitedMs": record.waited.as_millis() as u64,
        "rateLimited": record.rate_limited,
        "outcome": record.outcome,
        "errorKind": record.error_kind,
        "serverCode": record.server_code,
        "serverMessage": record.server_message,
        "rateLimit": record.rate_limit.as_ref().map(|q| json!({
            "limit": q.limit,
            "remaining": q.remaining,
            "resetAt": q.reset_at.map(|t| t.to_rfc3339()),
            "window": q.window,
        })),
        "pet": record.pet.as_ref().map(|p| json!({
            "name": p.name,
            "categoryId": p.category_id,
            "id": p.id,
        })),
        "petsReturned": record.pets_returned,
        "resolved": entry.resolution.as_ref().map(|r| json!({
            "kind": format!("{:?}", r.kind).to_lowercase(),
            "petId": r.pet_id,
            "at": r.at.to_rfc3339(),
        })),
    })
}

/// `petstore quota --history`: per window, the requests sent, the 429s and the lowest remaining.
pub fn quota(cli: &Cli, args: &QuotaArgs) -> Result<(), CliError> {
    let store = open_for_reading()?;
    let now = Utc::now();
    let since = args
        .since
        .map_or(now - chrono::TimeDelta::days(1), |since| since.instant(now));
    let filter = Filter {
        environment: cli.env,
        base_url: cli.base_url.as_ref().map(|url| url.as_str().to_owned()),
        since: Some(since),
        ..Filter::default()
    };
    let windows = store.windows(&filter).map_err(history_error(&store))?;
    if cli.json {
        let list: Vec<Value> = windows.iter().map(window_json).collect();
        return output::print_json(&list);
    }
    if windows.is_empty() {
        return output::print(&say(Msg::NoRequestsSince, &[("since", &stamp(since))]));
    }
    let mut text = format!(
        "{}  {}  {}  {}  {}  {}\n",
        pad(&say(Msg::ColumnWindowFrom, &[]), 19),
        pad(&say(Msg::ColumnEnv, &[]), 10),
        pad(&say(Msg::ColumnRenewedAt, &[]), 19),
        pad(&say(Msg::ColumnSent, &[]), 8),
        pad(&say(Msg::Column429s, &[]), 5),
        say(Msg::ColumnLowestRemaining, &[])
    );
    for window in &windows {
        let lowest = match (window.lowest_remaining, window.limit) {
            (Some(low), Some(limit)) => say(
                Msg::LowestOf,
                &[("low", &count(low)), ("limit", &count(limit))],
            ),
            (Some(low), None) => count(low),
            _ => "-".to_owned(),
        };
        text.push_str(&format!(
            "{}  {}  {}  {}  {}  {}\n",
            pad(&stamp(window.first), 19),
            pad(window.environment.as_str(), 10),
            pad(&window.reset_at.map_or("-".into(), stamp), 19),
            pad(&count(window.requests), 8),
            pad(&count(window.rate_limited), 5),
            lowest
        ));
    }
    output::print(&text)
}

fn window_json(window: &WindowSummary) -> Value {
    json!({
        "environment": window.environment,
        "baseUrl": window.base_url,
        "window": window.window,
        "from": window.first.to_rfc3339(),
        "resetAt": window.reset_at.map(|t| t.to_rfc3339()),
        "requests": window.requests,
        "rateLimited": window.rate_limited,
        "lowestRemaining": window.lowest_remaining,
        "limit": window.limit,
    })
}

/// A past moment in a table: local date and time, to the second.
fn stamp(at: chrono::DateTime<Utc>) -> String {
    at.with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M:%S")
        .to_string()
}

/// The kind as `--json` names it (`rateLimited`, `network`, …).
pub fn kind_name(kind: petstore_client::ErrorKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_default()
}
