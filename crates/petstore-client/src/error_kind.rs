//! What kind of failure a request ended with: a leaf, so what records requests (the activity
//! sink) can name it without depending on the errors themselves.

use serde::{Deserialize, Serialize};

/// What kind of failure, for scripts and the UI (`errorKind` in JSON). The desktop app's kinds are
/// these plus its own; in its TypeScript this one is `ClientErrorKind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ClientErrorKind"))]
#[serde(rename_all = "camelCase")]
pub enum ErrorKind {
    Unauthorized,
    NotFound,
    Gone,
    BadRequest,
    RateLimited,
    Server,
    UnexpectedResponse,
    Decode,
    Timeout,
    Network,
    OutcomeUnknown,
    InvalidInput,
    Configuration,
    ResponseTooLarge,
}
