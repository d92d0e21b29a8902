//! Turns one operation's attempts into the [`RequestRecord`] an activity sink receives.
//!
//! `CallLog` is filled by the attempt loop (`send`): what each attempt answered and how long the
//! call waited. `Recorder` adds what only the operation knows (the pet sent, the id it got, how
//! many pets a page held) and hands the record over when the operation ends. Without a sink it
//! does nothing but note a few numbers.

use std::time::Duration;

use chrono::{DateTime, Utc};
use url::Url;

use super::PetstoreClient;
use crate::activity::{Operation, Outcome, PetNote, RequestRecord};
use crate::error::{Error, readable_server_text};
use crate::ratelimit::RateLimitSnapshot;

/// A server's error code longer than this is cut (codes are short words; this bounds a record).
const MAX_CODE_CHARS: usize = 100;

/// What the attempt loop saw of one call.
#[derive(Debug, Default)]
pub(super) struct CallLog {
    pub attempts: u32,
    pub status: Option<u16>,
    pub rate_limited: u32,
    pub snapshot: Option<RateLimitSnapshot>,
    pub waited: Duration,
}

impl CallLog {
    /// Adds the time from `since` to `now` (the client's clock, so tests' manual clocks count).
    pub(super) fn waited_since(&mut self, since: DateTime<Utc>, now: DateTime<Utc>) {
        self.waited += elapsed(since, now);
    }

    pub(super) fn answered(&mut self, status: u16, snapshot: Option<&RateLimitSnapshot>) {
        self.status = Some(status);
        if status == 429 {
            self.rate_limited += 1;
        }
        if let Some(snapshot) = snapshot {
            self.snapshot = Some(snapshot.clone());
        }
    }
}

/// One operation from its start to the record of how it ended.
pub(super) struct Recorder {
    operation: Operation,
    method: &'static str,
    path: String,
    started_at: DateTime<Utc>,
    pub log: CallLog,
}

impl Recorder {
    pub(super) fn start(
        client: &PetstoreClient,
        operation: Operation,
        method: &'static str,
        url: &Url,
    ) -> Recorder {
        // Without a sink nothing is described: a plain client pays for no string.
        let path = match (&client.shared.activity, url.query()) {
            (None, _) => String::new(),
            (Some(_), Some(query)) => format!("{}?{query}", url.path()),
            (Some(_), None) => url.path().to_owned(),
        };
        Recorder {
            operation,
            method,
            path,
            started_at: client.shared.clock.now(),
            log: CallLog::default(),
        }
    }

    /// Hands the record to the client's sink, if it has one.
    pub(super) fn finish(
        self,
        client: &PetstoreClient,
        result: Result<(), &Error>,
        pet: Option<PetNote>,
        pets_returned: Option<usize>,
    ) {
        let Some(sink) = &client.shared.activity else {
            return;
        };
        let (outcome, error_kind, server) = match result {
            Ok(()) => (Outcome::Ok, None, None),
            Err(error @ Error::OutcomeUnknown { .. }) => {
                (Outcome::Unknown, Some(error.kind()), None)
            }
            Err(error) => (Outcome::Error, Some(error.kind()), error.api_error()),
        };
        sink.record(RequestRecord {
            started_at: self.started_at,
            environment: client.shared.environment,
            base_url: client.shared.base_url.as_str().to_owned(),
            operation: self.operation,
            method: self.method,
            path: self.path,
            status: self.log.status,
            duration: elapsed(self.started_at, client.shared.clock.now()),
            attempts: self.log.attempts,
            waited: self.log.waited,
            rate_limited: self.log.rate_limited,
            outcome,
            error_kind,
            // Bounded: a server's words are kept as a person would read them, never whole.
            server_code: server.map(|e| e.code.chars().take(MAX_CODE_CHARS).collect()),
            server_message: server.and_then(|e| readable_server_text(&e.message)),
            rate_limit: self.log.snapshot,
            pet,
            pets_returned: pets_returned.map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
        });
    }
}

/// Never negative: a clock set back during a call counts as no time.
fn elapsed(since: DateTime<Utc>, now: DateTime<Utc>) -> Duration {
    (now - since).to_std().unwrap_or_default()
}
