//! What the client tells a history of its requests: one [`RequestRecord`] per operation (a list,
//! a next page, a create, a lookup), however many attempts it took, handed to an
//! [`ActivitySink`] when the operation ends.
//!
//! The client only describes; where records go (the SQLite activity store of `petstore-activity`)
//! is the host program's choice. A record never carries the key or any header value: only the
//! method, the path and query, and what came back.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::environment::Environment;
use crate::error_kind::ErrorKind;
use crate::quota_snapshot::RateLimitSnapshot;

/// Receives one record per finished operation. Called on the request's task, after its answer is
/// decoded: it must not block (queue the record and write it elsewhere).
pub trait ActivitySink: Send + Sync + std::fmt::Debug {
    fn record(&self, record: RequestRecord);

    /// An attempt of an operation that began at `started` was answered 429, at once, before the
    /// operation ends (it may wait minutes for the Retry-After): a history can count the answer
    /// while it is waited out. The operation's record counts it again in `rate_limited` when it
    /// comes; a sink that counts live answers lets that many go for `base_url` then.
    fn answered_429(&self, base_url: &str, started: DateTime<Utc>) {
        let _ = (base_url, started);
    }
}

/// The operation of the spec a request was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Operation {
    /// `GET /pets`.
    ListPets,
    /// A page a previous list's `Link` announced.
    NextPage,
    /// `POST /pets`.
    CreatePet,
    /// `GET /pets/{petId}` (deprecated).
    GetPet,
}

impl Operation {
    pub const ALL: [Operation; 4] = [
        Operation::ListPets,
        Operation::NextPage,
        Operation::CreatePet,
        Operation::GetPet,
    ];

    /// The stable name stored and printed (`listPets`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::ListPets => "listPets",
            Operation::NextPage => "nextPage",
            Operation::CreatePet => "createPet",
            Operation::GetPet => "getPet",
        }
    }

    pub fn parse(text: &str) -> Option<Operation> {
        Operation::ALL.into_iter().find(|op| op.as_str() == text)
    }
}

/// How an operation ended. (`ActivityOutcome` in the app's TypeScript.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ActivityOutcome"))]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    Ok,
    Error,
    /// A create whose outcome was not answered (no answer, or one that leaves it open, such as a
    /// 5xx): it may or may not have been stored.
    Unknown,
    /// A lookup answered 404: the service has no pet with that id. An answer, not a failure;
    /// a 404 to anything else is a failure like any other.
    NotFound,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Error => "error",
            Outcome::Unknown => "unknown",
            Outcome::NotFound => "notFound",
        }
    }

    pub const ALL: [Outcome; 4] = [
        Outcome::Ok,
        Outcome::Error,
        Outcome::Unknown,
        Outcome::NotFound,
    ];

    pub fn parse(text: &str) -> Option<Outcome> {
        Outcome::ALL
            .into_iter()
            .find(|outcome| outcome.as_str() == text)
    }
}

/// The pet a create sent (and the id it got), or the id a lookup asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PetNote {
    /// The name as sent (creates only).
    pub name: Option<String>,
    pub category_id: Option<i64>,
    /// The created pet's id, or the id looked up.
    pub id: Option<i64>,
}

/// One operation as it happened.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestRecord {
    /// When the operation started (the client's clock).
    pub started_at: DateTime<Utc>,
    pub environment: Environment,
    /// The base address, e.g. `https://api.petstore.example/v1`: which server,
    /// whatever environment name it had then.
    pub base_url: String,
    pub operation: Operation,
    pub method: &'static str,
    /// The path and query of the first attempt's URL (never a header; the key is in none of it).
    pub path: String,
    /// The last HTTP status read; `None` when no answer arrived (or nothing was sent).
    pub status: Option<u16>,
    /// From start to end, waits included.
    pub duration: Duration,
    /// Requests put on the wire (0 when refused before sending).
    pub attempts: u32,
    /// Time spent waiting for the rate limit or a backoff before sending.
    pub waited: Duration,
    /// How many attempts were answered 429.
    pub rate_limited: u32,
    pub outcome: Outcome,
    pub error_kind: Option<ErrorKind>,
    /// The server's Error body, when the failure came with one.
    pub server_code: Option<String>,
    pub server_message: Option<String>,
    /// The rate-limit headers of the last answer that had them.
    pub rate_limit: Option<RateLimitSnapshot>,
    /// Creates: the pet sent and its id; lookups: the id asked for.
    pub pet: Option<PetNote>,
    /// Lists: how many pets the page held.
    pub pets_returned: Option<u32>,
}
