//! The request log, target [`crate::LOG_TARGET`]: method, path and query, status, duration,
//! attempt, waits and retries. Info for each answer, warn for retries, waits and failures,
//! debug for more. Never a header value, never the key, never a body (nor a pet's name, which
//! only ever travels in a body).

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use http::Method;
use url::Url;

use super::LOG_TARGET;
use crate::limits::ByteSize;

/// One attempt of one call, as the log names it.
pub(super) struct Trace {
    method: Method,
    /// Path and query: the host is the configured base address, known to whoever reads this.
    target: String,
    attempt: u32,
}

/// `GET /v1/pets?limit=20`: the call as each line of the log begins.
impl std::fmt::Display for Trace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.method, self.target)
    }
}

impl Trace {
    pub(super) fn new(method: &Method, url: &Url, attempt: u32) -> Trace {
        let target = match url.query() {
            Some(query) => format!("{}?{query}", url.path()),
            None => url.path().to_owned(),
        };
        Trace {
            method: method.clone(),
            target,
            attempt,
        }
    }

    pub(super) fn answered(&self, status: u16, started: Instant, bytes: usize) {
        let (call, attempt) = (self, self.attempt);
        let ms = millis(started.elapsed());
        log::info!(target: LOG_TARGET, "{call} -> {status} in {ms} ms (attempt {attempt})");
        log::debug!(target: LOG_TARGET, "{call}: {bytes} bytes of body read");
    }

    pub(super) fn too_large(&self, status: u16, started: Instant, limit_bytes: u64) {
        let (call, attempt) = (self, self.attempt);
        let ms = millis(started.elapsed());
        log::warn!(
            target: LOG_TARGET,
            "{call} -> {status} in {ms} ms (attempt {attempt}): the answer passed {} and was not read further",
            ByteSize::of(limit_bytes)
        );
    }

    pub(super) fn failed(&self, started: Instant, what: &str) {
        let (call, attempt) = (self, self.attempt);
        let ms = millis(started.elapsed());
        log::warn!(target: LOG_TARGET, "{call} failed after {ms} ms (attempt {attempt}): {what}");
    }

    pub(super) fn retrying_after_429(&self, resume: Option<DateTime<Utc>>) {
        let (call, attempt) = (self, self.attempt);
        match resume {
            Some(until) => log::warn!(
                target: LOG_TARGET,
                "{call}: rate limited (HTTP 429, attempt {attempt}); trying again after {until}"
            ),
            None => log::warn!(
                target: LOG_TARGET,
                "{call}: rate limited (HTTP 429, attempt {attempt}); trying again"
            ),
        }
    }

    pub(super) fn retrying(&self, waited: Duration, max_attempts: u32, reason: &str) {
        let (call, attempt) = (self, self.attempt);
        let next = attempt + 1;
        let ms = millis(waited);
        log::warn!(
            target: LOG_TARGET,
            "{call}: retrying (attempt {next} of {max_attempts}) after a {ms} ms backoff: {reason}"
        );
    }

    pub(super) fn gave_up(&self, reason: &str) {
        let (call, attempt) = (self, self.attempt);
        log::warn!(target: LOG_TARGET, "{call}: failed at attempt {attempt}: {reason}");
    }

    pub(super) fn gave_up_waiting(&self, retry_at: DateTime<Utc>) {
        let call = self;
        log::warn!(
            target: LOG_TARGET,
            "{call}: not sent: requests are held until {retry_at}, later than this call may wait"
        );
    }

    pub(super) fn outcome_unknown(&self, reason: &str) {
        let (call, attempt) = (self, self.attempt);
        log::warn!(
            target: LOG_TARGET,
            "{call}: outcome unknown at attempt {attempt} ({reason}); not sent again"
        );
    }
}

fn millis(duration: Duration) -> u128 {
    duration.as_millis()
}
