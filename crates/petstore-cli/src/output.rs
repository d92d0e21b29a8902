//! What a person or a script sees on stdout: aligned tables and sentences, or the API's JSON.

use std::io::Write;

use chrono::{DateTime, Datelike, Local, Utc};
use petstore_client::{Pet, Plan, QuotaWindow, RateLimitSnapshot};
use serde::Serialize;

use crate::exit::CliError;
use crate::words::{Msg, say};

/// Names longer than this are cut with an ellipsis so one long name cannot break the table.
const NAME_WIDTH: usize = 32;

/// Writes `text` to stdout. A closed pipe (`petstore list | head`) is not a failure.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Stdout(err)),
        _ => Ok(()),
    }
}

pub fn print_json<T: Serialize + ?Sized>(value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|err| CliError::Internal(format!("could not encode JSON: {err}")))?;
    print(&format!("{text}\n"))
}

/// A table of pets: id, name, category, status; columns aligned, names truncated.
pub fn pet_table(pets: &[Pet]) -> String {
    let header = [
        Msg::ColumnId,
        Msg::ColumnName,
        Msg::ColumnCategory,
        Msg::ColumnStatus,
    ]
    .map(|column| say(column, &[]));
    let rows: Vec<[String; 4]> = pets
        .iter()
        .map(|pet| {
            [
                pet.id.to_string(),
                truncate(&pet.name, NAME_WIDTH),
                pet.category_id.to_string(),
                pet.status
                    .as_ref()
                    .map_or_else(|| "-".to_string(), ToString::to_string),
            ]
        })
        .collect();
    columns(&header, &rows)
}

/// `header` and `rows` as aligned columns, two spaces apart, each line without trailing spaces.
pub fn columns<const N: usize>(header: &[String; N], rows: &[[String; N]]) -> String {
    let mut widths = header.each_ref().map(|h| h.chars().count());
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut table = String::new();
    for row in std::iter::once(header).chain(rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, width)| pad(cell, width))
            .collect();
        table.push_str(cells.join("  ").trim_end());
        table.push('\n');
    }
    table
}

pub fn truncate(text: &str, max: usize) -> String {
    // Control characters (a newline in a name) would break the row.
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if clean.chars().count() <= max {
        clean
    } else {
        let mut cut: String = clean.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

pub fn pad(cell: &str, width: usize) -> String {
    let fill = width.saturating_sub(cell.chars().count());
    format!("{cell}{}", " ".repeat(fill))
}

/// The quota as `petstore quota --json` prints it.
#[derive(Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct QuotaJson {
    pub limit: Option<u64>,
    pub remaining: Option<u64>,
    /// Unix seconds, as in `X-RateLimit-Reset`.
    pub reset: Option<i64>,
    pub reset_at: Option<String>,
    pub window: QuotaWindow,
    pub plan: Option<Plan>,
    /// RFC 3339: the rate-limit wait this computer remembers for the address and key, if one
    /// is in force; nothing is sent before it.
    pub rate_limited_until: Option<String>,
}

impl From<&RateLimitSnapshot> for QuotaJson {
    fn from(s: &RateLimitSnapshot) -> Self {
        QuotaJson {
            limit: s.limit,
            remaining: s.remaining,
            reset: s.reset_at.map(|t| t.timestamp()),
            reset_at: s.reset_at.map(|t| t.to_rfc3339()),
            window: s.window,
            plan: s.plan,
            rate_limited_until: None,
        }
    }
}

impl QuotaJson {
    /// The same shape when the service sent no rate-limit headers, so scripts need one parser.
    pub fn unknown() -> Self {
        QuotaJson {
            limit: None,
            remaining: None,
            reset: None,
            reset_at: None,
            window: QuotaWindow::Unknown,
            plan: None,
            rate_limited_until: None,
        }
    }

    pub fn with_wait(self, until: Option<DateTime<Utc>>) -> Self {
        QuotaJson {
            rate_limited_until: until.map(|t| t.to_rfc3339()),
            ..self
        }
    }
}

pub fn quota_text(s: &RateLimitSnapshot) -> String {
    let unknown = || say(Msg::Unknown, &[]);
    let count = |n: Option<u64>| n.map_or_else(unknown, |n| n.to_string());
    let window = say(
        match s.window {
            QuotaWindow::Minute => Msg::PerMinute,
            QuotaWindow::Day => Msg::PerDay,
            QuotaWindow::Unknown => Msg::WindowUnknown,
        },
        &[],
    );
    // Plan names are the service's own (Free, Pro, Business), the same in every language.
    let plan = match s.plan {
        Some(Plan::Free) => say(Msg::Plan, &[("plan", &"Free")]),
        Some(Plan::Pro) => say(Msg::Plan, &[("plan", &"Pro")]),
        Some(Plan::Business) => say(Msg::Plan, &[("plan", &"Business")]),
        None => String::new(),
    };
    let reset = s.reset_at.map_or_else(unknown, when);
    say(
        Msg::QuotaText,
        &[
            ("limit", &count(s.limit)),
            ("window", &window),
            ("plan", &plan),
            ("remaining", &count(s.remaining)),
            ("reset", &reset),
        ],
    )
}

/// A moment for a person: local wall-clock time and how far away it is.
pub fn when(at: DateTime<Utc>) -> String {
    format!("{} ({})", clock_time(at), distance(at))
}

/// The same, saying that the time is local: "14:05:10 local time (in 2 min)".
pub fn when_local(at: DateTime<Utc>) -> String {
    say(
        Msg::LocalTime,
        &[("time", &clock_time(at)), ("distance", &distance(at))],
    )
}

/// "14:05:10", with the date when it is not today.
pub fn clock_time(at: DateTime<Utc>) -> String {
    let local = at.with_timezone(&Local);
    let day = if local.date_naive() == Local::now().date_naive() {
        String::new()
    } else {
        say(
            Msg::OnDate,
            &[(
                "date",
                &crate::words::date(local.day(), local.month0(), local.year()),
            )],
        )
    };
    format!("{}{day}", local.format("%H:%M:%S"))
}

/// "in 12 s", "in 5 min", "in 3 h", or "now".
pub fn distance(at: DateTime<Utc>) -> String {
    let millis = u64::try_from((at - Utc::now()).num_milliseconds()).unwrap_or(0);
    let seconds = millis.div_ceil(1000);
    match seconds {
        0 => say(Msg::Now, &[]),
        1..=119 => say(Msg::InSeconds, &[("n", &seconds)]),
        120..=7199 => say(Msg::InMinutes, &[("n", &seconds.div_ceil(60))]),
        _ => say(Msg::InHours, &[("n", &seconds.div_ceil(3600))]),
    }
}

/// 10,000 as people read it.
pub fn count(n: u64) -> String {
    petstore_bulk::estimate::count(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncates_long_names_with_an_ellipsis() {
        assert_eq!(truncate("Rex", 5), "Rex");
        assert_eq!(truncate("Alexander", 5), "Alex…");
        assert_eq!(truncate("Zoë the great", 4), "Zoë…");
        assert_eq!(truncate("two\nlines", 20), "two lines");
    }

    #[test]
    fn pads_by_characters_not_bytes() {
        assert_eq!(pad("é", 3), "é  ");
        assert_eq!(pad("long", 2), "long");
    }
}
