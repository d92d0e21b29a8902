//! One spooled record as one JSON line: the row's values in the row's own spelling (times in
//! milliseconds, names as the columns store them), so a line maps to a row by the same rules as
//! [`codec`](crate::codec) and a value this version cannot read is a skipped line, never a panic.

use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_client::{Environment, Operation, Outcome, PetNote, RateLimitSnapshot, RequestRecord};
use serde::{Deserialize, Serialize};

use crate::codec;
use crate::model::Source;

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Line {
    source: String,
    started_at: i64,
    environment: String,
    base_url: String,
    operation: String,
    method: String,
    path: String,
    status: Option<u16>,
    duration_ms: u64,
    attempts: u32,
    waited_ms: u64,
    rate_limited: u32,
    outcome: String,
    error_kind: Option<String>,
    server_code: Option<String>,
    server_message: Option<String>,
    rate_limit: Option<LineRateLimit>,
    pet: Option<LinePet>,
    pets_returned: Option<u32>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LineRateLimit {
    limit: Option<u64>,
    remaining: Option<u64>,
    reset_at: Option<i64>,
    window: String,
    plan: Option<String>,
    observed_at: i64,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LinePet {
    name: Option<String>,
    category_id: Option<i64>,
    id: Option<i64>,
}

impl Line {
    pub(crate) fn new(source: Source, record: &RequestRecord) -> Line {
        Line {
            source: source.as_str().to_owned(),
            started_at: codec::millis(record.started_at),
            environment: record.environment.as_str().to_owned(),
            base_url: record.base_url.clone(),
            operation: record.operation.as_str().to_owned(),
            method: record.method.to_owned(),
            path: record.path.clone(),
            status: record.status,
            duration_ms: u64::try_from(record.duration.as_millis()).unwrap_or(u64::MAX),
            attempts: record.attempts,
            waited_ms: u64::try_from(record.waited.as_millis()).unwrap_or(u64::MAX),
            rate_limited: record.rate_limited,
            outcome: record.outcome.as_str().to_owned(),
            error_kind: record.error_kind.and_then(codec::error_kind_name),
            server_code: record.server_code.clone(),
            server_message: record.server_message.clone(),
            rate_limit: record.rate_limit.as_ref().map(|s| LineRateLimit {
                limit: s.limit,
                remaining: s.remaining,
                reset_at: s.reset_at.map(codec::millis),
                window: codec::window_name(s.window).to_owned(),
                plan: s.plan.map(|plan| codec::plan_name(plan).to_owned()),
                observed_at: codec::millis(s.observed_at),
            }),
            pet: record.pet.as_ref().map(|pet| LinePet {
                name: pet.name.clone(),
                category_id: pet.category_id,
                id: pet.id,
            }),
            pets_returned: record.pets_returned,
        }
    }

    /// The record back, or the name of the first field this version cannot read.
    pub(crate) fn record(self) -> Result<(Source, RequestRecord), &'static str> {
        let source = Source::parse(&self.source).ok_or("source")?;
        let started_at = time(self.started_at).ok_or("startedAt")?;
        let environment = self
            .environment
            .parse::<Environment>()
            .map_err(|_| "environment")?;
        let operation = Operation::parse(&self.operation).ok_or("operation")?;
        let method = codec::static_method(&self.method).ok_or("method")?;
        let outcome = Outcome::parse(&self.outcome).ok_or("outcome")?;
        let error_kind = match self.error_kind {
            Some(kind) => Some(codec::parse_error_kind(kind).ok_or("errorKind")?),
            None => None,
        };
        let rate_limit = match self.rate_limit {
            Some(rl) => Some(RateLimitSnapshot {
                limit: rl.limit,
                remaining: rl.remaining,
                reset_at: match rl.reset_at {
                    Some(ms) => Some(time(ms).ok_or("rateLimit.resetAt")?),
                    None => None,
                },
                window: codec::parse_window(rl.window).ok_or("rateLimit.window")?,
                plan: match rl.plan {
                    Some(plan) => Some(codec::parse_plan(plan).ok_or("rateLimit.plan")?),
                    None => None,
                },
                observed_at: time(rl.observed_at).ok_or("rateLimit.observedAt")?,
            }),
            None => None,
        };
        let record = RequestRecord {
            started_at,
            environment,
            base_url: self.base_url,
            operation,
            method,
            path: self.path,
            status: self.status,
            duration: Duration::from_millis(self.duration_ms),
            attempts: self.attempts,
            waited: Duration::from_millis(self.waited_ms),
            rate_limited: self.rate_limited,
            outcome,
            error_kind,
            server_code: self.server_code,
            server_message: self.server_message,
            rate_limit,
            pet: self.pet.map(|pet| PetNote {
                name: pet.name,
                category_id: pet.category_id,
                id: pet.id,
            }),
            pets_returned: self.pets_returned,
        };
        Ok((source, record))
    }
}

fn time(ms: i64) -> Option<DateTime<Utc>> {
    codec::from_millis(ms)
}
