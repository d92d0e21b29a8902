//! Reading the shared history: a filtered page newest first, continued by keyset, and the day's
//! figure for the quota panel.

use std::time::Duration;

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use serde::Serialize;
use tokio_postgres::Row;
use tokio_postgres::types::ToSql;

use super::{HistoryEntry, RateLimitRead, StoredEntry};
use crate::Shared;
use crate::error::{SharedError, Step, bounded, query};

/// The most entries one page holds (the view shows far fewer at once).
pub const MAX_PAGE: u32 = 1_000;

/// Where a page ended: the next one starts after this row, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Cursor {
    pub started_at: DateTime<Utc>,
    pub id: i64,
}

/// What a page is narrowed to, as the local Activity view's filter: every field set must match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryQuery {
    /// The base address.
    pub environment: Option<String>,
    /// The environment's name the desks gave it (`production`, …), as the local filter has both.
    pub environment_name: Option<String>,
    pub operation: Option<String>,
    pub outcome: Option<String>,
    /// A pet name substring (case-insensitive), or, when it is a whole number, also a pet id.
    pub search: Option<String>,
    /// The page after this row; `None`: the newest page.
    pub after: Option<Cursor>,
    /// Rows wanted, 1 to [`MAX_PAGE`] (0 is taken as 1, more as [`MAX_PAGE`]).
    pub limit: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryPage {
    pub entries: Vec<StoredEntry>,
    /// Where the next page starts; `None` when this one was the last.
    pub next: Option<Cursor>,
}

const COLUMNS: &str = "id, desk, account, local_id, started_at, environment, environment_name,
     operation, method, path, status, duration_ms, attempts, rate_limited, outcome, rl_limit,
     rl_remaining, rl_reset_at, rl_window, pet_name, pet_id, recorded_at";

impl Shared {
    /// A page of every desk's requests, newest first (by the desks' start times, ties by the
    /// store's id), filtered as `query` says.
    pub async fn page(&mut self, query_: &HistoryQuery) -> Result<HistoryPage, SharedError> {
        let step = Step::Read("read the shared history");
        let limit = i64::from(query_.limit.clamp(1, MAX_PAGE));
        let mut terms: Vec<String> = Vec::new();
        let mut values: Vec<Box<dyn ToSql + Sync + Send>> = Vec::new();
        let mut bind = |term: &str, value: Box<dyn ToSql + Sync + Send>| {
            values.push(value);
            terms.push(term.replace('?', &format!("${}", values.len())));
        };
        if let Some(environment) = &query_.environment {
            bind("environment = ?", Box::new(environment.clone()));
        }
        if let Some(name) = &query_.environment_name {
            bind("environment_name = ?", Box::new(name.clone()));
        }
        if let Some(operation) = &query_.operation {
            bind("operation = ?", Box::new(operation.clone()));
        }
        if let Some(outcome) = &query_.outcome {
            bind("outcome = ?", Box::new(outcome.clone()));
        }
        let search = query_.search.as_deref().map(str::trim).unwrap_or_default();
        if !search.is_empty() {
            // ILIKE on the column itself, which the trigram index serves; the user's text is a
            // literal: its wildcards are escaped.
            let pattern = format!("%{}%", escape_like(search));
            bind("pet_name ILIKE ?", Box::new(pattern));
            if let Ok(id) = search.parse::<i64>() {
                // A whole number is also a pet id: the name term widens to either.
                values.push(Box::new(id));
                if let Some(name_term) = terms.last_mut() {
                    *name_term = format!("({name_term} OR pet_id = ${})", values.len());
                }
            }
        }
        if let Some(after) = query_.after {
            values.push(Box::new(after.started_at));
            values.push(Box::new(after.id));
            let n = values.len();
            terms.push(format!("(started_at, id) < (${}, ${n})", n - 1));
        }
        let filter = if terms.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", terms.join(" AND "))
        };
        let sql = format!(
            "SELECT {COLUMNS} FROM petstore_history {filter}
              ORDER BY started_at DESC, id DESC LIMIT {limit}"
        );
        let params: Vec<&(dyn ToSql + Sync)> = values
            .iter()
            .map(|value| value.as_ref() as &(dyn ToSql + Sync))
            .collect();
        let rows = self
            .client
            .query(&sql, &params)
            .await
            .map_err(|e| query(step, &e))?;
        let entries = rows.iter().map(stored_of).collect::<Result<Vec<_>, _>>()?;
        let next = match entries.last() {
            Some(last) if i64::try_from(entries.len()).unwrap_or(0) == limit => Some(Cursor {
                started_at: last.entry.started_at,
                id: last.id,
            }),
            _ => None,
        };
        Ok(HistoryPage { entries, next })
    }

    /// Requests put on the wire (attempts, retries included) by every desk in `environment`
    /// (the base address) during the UTC day `day`: the quota panel's "used today".
    pub async fn day_figure(
        &mut self,
        environment: &str,
        day: NaiveDate,
    ) -> Result<u64, SharedError> {
        let step = Step::Read("count today's requests in the shared history");
        let since = day.and_time(chrono::NaiveTime::MIN).and_utc();
        let until = since + TimeDelta::days(1);
        let row = self
            .client
            .query_one(
                "SELECT coalesce(sum(attempts), 0)::int8 FROM petstore_history
                  WHERE environment = $1 AND started_at >= $2 AND started_at < $3",
                &[&environment, &since, &until],
            )
            .await
            .map_err(|e| query(step, &e))?;
        let used: i64 = row.try_get(0).map_err(|e| query(step, &e))?;
        Ok(u64::try_from(used).unwrap_or(0))
    }
}

/// `text` matched literally by LIKE (its `\`, `%` and `_` escaped; `\` is LIKE's escape).
fn escape_like(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// A [`StoredEntry`] from a row of [`COLUMNS`]; a figure out of range is `Unreadable`.
fn stored_of(row: &Row) -> Result<StoredEntry, SharedError> {
    let step = Step::Read("read the shared history");
    let get_err = |e: tokio_postgres::Error| query(step, &e);
    let unreadable = |what: &str| SharedError::Unreadable {
        what: format!("a history entry's {}", bounded(what)),
    };
    let status: Option<i32> = row.try_get(10).map_err(get_err)?;
    let status = match status {
        Some(status) => Some(u16::try_from(status).map_err(|_| unreadable("status"))?),
        None => None,
    };
    let duration_ms: i64 = row.try_get(11).map_err(get_err)?;
    let count = |index: usize, what: &str| -> Result<u32, SharedError> {
        let n: i32 = row.try_get(index).map_err(get_err)?;
        u32::try_from(n).map_err(|_| unreadable(what))
    };
    let rl_limit: Option<i64> = row.try_get(15).map_err(get_err)?;
    let rl_remaining: Option<i64> = row.try_get(16).map_err(get_err)?;
    let rl_window: Option<String> = row.try_get(18).map_err(get_err)?;
    let rate_limit = match (rl_limit, rl_remaining, rl_window) {
        (Some(limit), Some(remaining), Some(window)) => Some(RateLimitRead {
            limit: u64::try_from(limit).map_err(|_| unreadable("rate limit"))?,
            remaining: u64::try_from(remaining).map_err(|_| unreadable("rate limit"))?,
            reset_at: row.try_get(17).map_err(get_err)?,
            window,
        }),
        _ => None,
    };
    Ok(StoredEntry {
        id: row.try_get(0).map_err(get_err)?,
        entry: HistoryEntry {
            desk: row.try_get(1).map_err(get_err)?,
            account: row.try_get(2).map_err(get_err)?,
            local_id: row.try_get(3).map_err(get_err)?,
            started_at: row.try_get(4).map_err(get_err)?,
            environment: row.try_get(5).map_err(get_err)?,
            environment_name: row.try_get(6).map_err(get_err)?,
            operation: row.try_get(7).map_err(get_err)?,
            method: row.try_get(8).map_err(get_err)?,
            path: row.try_get(9).map_err(get_err)?,
            status,
            duration: Duration::from_millis(
                u64::try_from(duration_ms).map_err(|_| unreadable("duration"))?,
            ),
            attempts: count(12, "attempts")?,
            rate_limited: count(13, "count of 429s")?,
            outcome: row.try_get(14).map_err(get_err)?,
            rate_limit,
            pet_name: row.try_get(19).map_err(get_err)?,
            pet_id: row.try_get(20).map_err(get_err)?,
        },
        recorded_at: row.try_get(21).map_err(get_err)?,
    })
}

#[cfg(test)]
mod tests {
    use super::escape_like;

    #[test]
    fn a_search_is_literal() {
        assert_eq!(escape_like("50%_off\\"), "50\\%\\_off\\\\");
        assert_eq!(escape_like("Rex"), "Rex");
    }
}
