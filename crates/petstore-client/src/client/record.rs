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
    /// When the operation began (set by its `Recorder`): what a live 429 is told by.
    pub started: Option<DateTime<Utc>>,
}

impl CallLog {
    /// Adds the time from `since` to `now` (the client's clock, so tests' manual clocks count).
    pub(super) fn waited_since(&mut self, since: DateTime<Utc>, now: DateTime<Utc>) {
        self.waited += elapsed(since, now);
    }

    /// An attempt that got no answer: the status is the last attempt's, so a record never says
    /// the service answered a request whose last attempt it did not (a 429 before a lost retry is
    /// counted in `rate_limited`).
    pub(super) fn unanswered(&mut self) {
        self.status = None;
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
        let started_at = client.shared.clock.now();
        Recorder {
            operation,
            method,
            path,
            started_at,
            log: CallLog {
                started: Some(started_at),
                ..CallLog::default()
            },
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
        let outcome = match result {
            Ok(()) => Outcome::Ok,
            Err(Error::OutcomeUnknown { .. }) => Outcome::Unknown,
            // The service's answer that it has no pet with that id: an answer, not a failure.
            Err(Error::NotFound(_)) if self.operation == Operation::GetPet => Outcome::NotFound,
            Err(_) => Outcome::Error,
        };
        let error_kind = result.err().map(Error::kind);
        // Whenever the service answered with an Error body, also a 5xx that left a create's
        // outcome unknown: the same account as the error the caller gets.
        let server = result.err().and_then(Error::api_error);
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
