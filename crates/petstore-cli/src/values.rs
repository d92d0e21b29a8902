//! The values of the command line, checked as clap reads them: each refusal says what is
//! wrong and what to give instead, in the run's language.

use std::time::Duration;

use petstore_client::{
    BaseUrl, Environment, Limit, MIN_CATEGORY_ID, PetStatus, parse_category_id, parse_pet_id,
};

use crate::words::{HelpMsg, say};

/// A value refused while reading the command line, in the run's language (clap shows it
/// after its own "invalid value" frame, see `main`).
#[derive(Debug, PartialEq)]
pub struct ArgError(String);

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ArgError {}

fn refused(msg: HelpMsg, text: &str) -> ArgError {
    ArgError(say(msg, &[("text", &text)]))
}

pub fn parse_format(text: &str) -> Result<petstore_bulk::ExportFormat, ArgError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "csv" => Ok(petstore_bulk::ExportFormat::Csv),
        "json" => Ok(petstore_bulk::ExportFormat::Json),
        _ => Err(refused(HelpMsg::NotAFormat, text)),
    }
}

/// `--since`: a span back from now, or the start of a local date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    Ago(chrono::TimeDelta),
    Date(chrono::NaiveDate),
}

impl Since {
    pub fn instant(self, now: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
        match self {
            Since::Ago(span) => now - span,
            Since::Date(date) => date
                .and_hms_opt(0, 0, 0)
                .and_then(|midnight| midnight.and_local_timezone(chrono::Local).earliest())
                .map_or(now, |local| local.with_timezone(&chrono::Utc)),
        }
    }
}

/// `30m`, `1h`, `7d` (up to ten years), or a date `2026-11-20`.
pub fn parse_since(text: &str) -> Result<Since, ArgError> {
    let text = text.trim();
    let wrong = || refused(HelpMsg::NotASince, text);
    if let Ok(date) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Ok(Since::Date(date));
    }
    let unit = text.chars().last().ok_or_else(wrong)?;
    let number: i64 = text[..text.len() - unit.len_utf8()]
        .parse()
        .ok()
        .filter(|n| (1..=3650 * 24 * 60).contains(n))
        .ok_or_else(wrong)?;
    let span = match unit {
        'm' => chrono::TimeDelta::try_minutes(number),
        'h' => chrono::TimeDelta::try_hours(number),
        'd' => chrono::TimeDelta::try_days(number),
        _ => None,
    };
    span.filter(|span| *span <= chrono::TimeDelta::days(3650))
        .map(Since::Ago)
        .ok_or_else(wrong)
}

pub fn parse_outcome(text: &str) -> Result<petstore_client::Outcome, ArgError> {
    petstore_client::Outcome::parse(text.trim()).ok_or_else(|| refused(HelpMsg::NotAnOutcome, text))
}

pub fn parse_env(text: &str) -> Result<Environment, ArgError> {
    text.parse()
        .map_err(|_| refused(HelpMsg::NotAnEnvironment, text))
}

pub fn parse_base_url(text: &str) -> Result<BaseUrl, ArgError> {
    BaseUrl::parse(text).map_err(|err| ArgError(crate::explain::config(&err)))
}

pub fn parse_status(text: &str) -> Result<PetStatus, ArgError> {
    match text.parse::<PetStatus>() {
        Ok(status @ (PetStatus::Available | PetStatus::Pending | PetStatus::Sold)) => Ok(status),
        _ => Err(refused(HelpMsg::NotAStatus, text)),
    }
}

pub fn parse_limit(text: &str) -> Result<Limit, ArgError> {
    let n: u32 = text
        .trim()
        .parse()
        .map_err(|_| refused(HelpMsg::NotALimit, text))?;
    Limit::new(n).map_err(|_| refused(HelpMsg::NotALimit, text))
}

/// The most entries `petstore log` shows.
const MAX_LOG_ENTRIES: u32 = 10_000;

pub fn parse_log_limit(text: &str) -> Result<u32, ArgError> {
    text.trim()
        .parse()
        .ok()
        .filter(|n| (1..=MAX_LOG_ENTRIES).contains(n))
        .ok_or_else(|| {
            ArgError(say(
                HelpMsg::NotAnEntryCount,
                &[("text", &text), ("max", &MAX_LOG_ENTRIES)],
            ))
        })
}

/// The longest `--timeout`: a day is more than any wait the client honours, and keeps every
/// deadline computed from it far inside what a date can hold.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);
/// The shortest: below a millisecond nothing could be sent at all.
pub const MIN_TIMEOUT: Duration = Duration::from_millis(1);

pub fn parse_timeout(text: &str) -> Result<Duration, ArgError> {
    let refused = || {
        ArgError(say(
            HelpMsg::NotATimeout,
            &[
                ("text", &text),
                ("min", &MIN_TIMEOUT.as_secs_f64()),
                ("max", &MAX_TIMEOUT.as_secs()),
            ],
        ))
    };
    let seconds: f64 = text.trim().parse().map_err(|_| refused())?;
    // Also refuses NaN, infinities and -0, which compare false or below the minimum.
    if !(MIN_TIMEOUT.as_secs_f64()..=MAX_TIMEOUT.as_secs_f64()).contains(&seconds) {
        return Err(refused());
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| refused())
}

/// `--category`: a whole number from [`MIN_CATEGORY_ID`] up, the app's rule (so `-5` is refused
/// here, as the app's form refuses it, and never sent).
pub fn parse_category(text: &str) -> Result<i64, ArgError> {
    parse_category_id(text)
        .ok()
        .filter(|id| *id >= MIN_CATEGORY_ID)
        .ok_or_else(|| {
            ArgError(say(
                HelpMsg::NotACategoryId,
                &[
                    ("text", &text),
                    ("min", &MIN_CATEGORY_ID),
                    ("max", &int64(i64::MAX)),
                ],
            ))
        })
}

/// `get ID`: any int64; a number beyond it is named as too large (or small), as the app does.
pub fn parse_pet(text: &str) -> Result<i64, ArgError> {
    parse_pet_id(text).map_err(|_| {
        let digits = text.trim().trim_start_matches(['+', '-']);
        let number = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        match (number, text.trim().starts_with('-')) {
            (true, false) => ArgError(say(
                HelpMsg::PetIdTooLarge,
                &[("text", &text), ("max", &int64(i64::MAX))],
            )),
            (true, true) => ArgError(say(
                HelpMsg::PetIdTooSmall,
                &[("text", &text), ("min", &int64(i64::MIN))],
            )),
            (false, _) => ArgError(say(HelpMsg::NotAPetId, &[("text", &text)])),
        }
    })
}

/// 9,223,372,036,854,775,807 as people read it (the app writes the same).
fn int64(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}", crate::output::count(n.unsigned_abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_bad_values_locally() {
        assert!(parse_limit("0").is_err());
        assert!(parse_limit("101").is_err());
        assert!(parse_limit("x").is_err());
        assert_eq!(parse_limit("100").map(|l| l.get()), Ok(100));
        assert!(parse_status("lost").is_err());
        assert!(parse_status("Available").is_err());
        assert!(parse_timeout("0").is_err());
        assert!(parse_timeout("-1").is_err());
        assert!(parse_timeout("inf").is_err());
        assert_eq!(parse_timeout("1.5"), Ok(Duration::from_millis(1500)));
        for refused in ["1e13", "1e300", "NaN", "-0", "0.0009", "86400.001", "-inf"] {
            assert!(parse_timeout(refused).is_err(), "{refused}");
        }
        assert_eq!(parse_timeout("86400"), Ok(MAX_TIMEOUT));
        assert_eq!(parse_timeout("0.001"), Ok(MIN_TIMEOUT));
        assert_eq!(parse_category("9223372036854775807"), Ok(i64::MAX));
        assert_eq!(parse_category(" 1 "), Ok(1));
        for refused in [
            "-9223372036854775808",
            "0",
            "-5",
            "1.5",
            "9223372036854775808",
        ] {
            assert_eq!(
                parse_category(refused).unwrap_err().to_string(),
                format!(
                    "'{refused}' is not a category id: use a whole number from 1 to \
                     9,223,372,036,854,775,807, for example 3"
                )
            );
        }
        assert_eq!(parse_pet("9223372036854775807"), Ok(i64::MAX));
        assert_eq!(parse_pet("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(
            parse_pet("9223372036854775808").unwrap_err().to_string(),
            "'9223372036854775808' is too large for a pet id: use at most 9,223,372,036,854,775,807"
        );
        assert_eq!(
            parse_pet("-9223372036854775809").unwrap_err().to_string(),
            "'-9223372036854775809' is too small for a pet id: use at least -9,223,372,036,854,775,808"
        );
        assert_eq!(
            parse_pet("4.5").unwrap_err().to_string(),
            "'4.5' is not a pet id: use a whole number, for example 42"
        );
    }
}
