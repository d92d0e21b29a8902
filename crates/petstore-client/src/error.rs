//! What can go wrong, as types. `Display` is the message for a person: what happened and what
//! to do next. None of them ever contains the API key.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::config::Environment;
use crate::events::WaitReason;

/// The server's Error body (spec §2). `status` is the HTTP status of the response, which wins
/// over whatever the body claims.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiError {
    pub status: u16,
    pub code: String,
    pub message: String,
}

impl ApiError {
    /// For a response that carried no usable Error body.
    pub fn from_status(status: u16) -> ApiError {
        let reason = http::StatusCode::from_u16(status)
            .ok()
            .and_then(|s| s.canonical_reason())
            .unwrap_or("Unknown status");
        ApiError {
            status,
            code: reason.to_ascii_lowercase().replace([' ', '-'], "_"),
            message: reason.to_owned(),
        }
    }
}

/// Every failure of a client call. The HTTP status decides the variant.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("The API key was refused ({}). Check that the key set for this environment is the right one and still valid, then set it again.", .0.message)]
    Unauthorized(ApiError),
    #[error("Not found ({}). Check the id, or list the pets to find the one you want.", .0.message)]
    NotFound(ApiError),
    #[error("This operation has been removed from the service ({}). Use the pet list with a status filter instead.", .0.message)]
    Gone(ApiError),
    #[error("The service refused the request as invalid ({}: {}). Correct it and try again.", .0.code, .0.message)]
    BadRequest(ApiError),
    #[error("{}", rate_limited_message(*.retry_at, *.reason))]
    RateLimited {
        retry_at: DateTime<Utc>,
        reason: WaitReason,
        server: Option<ApiError>,
    },
    #[error("The service had a problem (HTTP {}: {}). Try again in a moment.", .0.status, .0.message)]
    Server(ApiError),
    #[error(
        "The server gave an unexpected answer (HTTP {status}): \"{snippet}\". Check that the base address points to the Pet Store service (ending in /v1)."
    )]
    UnexpectedResponse { status: u16, snippet: String },
    #[error("The service's answer does not match the Pet Store interface (HTTP {status}, at {}: {message}). The service may have changed; please report this.", if path.is_empty() { "the top level" } else { path.as_str() })]
    Decode {
        status: u16,
        path: String,
        message: String,
    },
    #[error(
        "The service did not answer in time. Check the connection and try again, or allow a longer timeout."
    )]
    Timeout,
    #[error(
        "Could not reach the service ({message}). Check the network connection and the base address, then try again."
    )]
    Network {
        /// The innermost cause ("Connection refused (os error 111)"), for a person.
        message: String,
        #[source]
        source: reqwest::Error,
    },
    #[error("{}", too_large_message(*.limit_bytes))]
    ResponseTooLarge { limit_bytes: u64 },
    #[error(
        "The pet may or may not have been created: {reason}. List the pets to check before trying again, so it is not added twice."
    )]
    OutcomeUnknown { reason: String },
    #[error(transparent)]
    InvalidInput(#[from] InvalidInput),
    #[error(transparent)]
    Configuration(#[from] ConfigError),
}

fn too_large_message(limit_bytes: u64) -> String {
    format!(
        "The service's answer is too large (more than {}); it was not read further. Check that the base address points to the Pet Store service (ending in /v1).",
        crate::client::limits::human_bytes(limit_bytes)
    )
}

fn rate_limited_message(retry_at: DateTime<Utc>, reason: WaitReason) -> String {
    let when = retry_at.format("%Y-%m-%d %H:%M:%S UTC");
    match reason {
        WaitReason::QuotaExhausted => {
            format!("The request quota for this API key is used up. Try again after {when}.")
        }
        WaitReason::RateLimited => format!(
            "Too many requests with this API key: the service asked to wait. Try again after {when}."
        ),
        WaitReason::Backoff => {
            format!("The service is busy. Try again after {when}.")
        }
    }
}

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

impl Error {
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Unauthorized(_) => ErrorKind::Unauthorized,
            Error::NotFound(_) => ErrorKind::NotFound,
            Error::Gone(_) => ErrorKind::Gone,
            Error::BadRequest(_) => ErrorKind::BadRequest,
            Error::RateLimited { .. } => ErrorKind::RateLimited,
            Error::Server(_) => ErrorKind::Server,
            Error::UnexpectedResponse { .. } => ErrorKind::UnexpectedResponse,
            Error::Decode { .. } => ErrorKind::Decode,
            Error::Timeout => ErrorKind::Timeout,
            Error::Network { .. } => ErrorKind::Network,
            Error::OutcomeUnknown { .. } => ErrorKind::OutcomeUnknown,
            Error::InvalidInput(_) => ErrorKind::InvalidInput,
            Error::Configuration(_) => ErrorKind::Configuration,
            Error::ResponseTooLarge { .. } => ErrorKind::ResponseTooLarge,
        }
    }

    /// The server's Error body, when the failure came with one.
    pub fn api_error(&self) -> Option<&ApiError> {
        match self {
            Error::Unauthorized(e)
            | Error::NotFound(e)
            | Error::Gone(e)
            | Error::BadRequest(e)
            | Error::Server(e) => Some(e),
            Error::RateLimited { server, .. } => server.as_ref(),
            _ => None,
        }
    }
}

/// Input refused before anything was sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidInput {
    #[error("{}", limit_message(*given))]
    Limit { given: i64 },
    #[error("status must be one of available, pending, sold (got \"{given}\").")]
    Status { given: String },
    #[error("name must not be empty.")]
    Name,
    #[error("category id must be a whole number (int64), got \"{given}\".")]
    CategoryId { given: String },
    #[error(
        "The API key must not be empty and may only contain visible ASCII characters (no spaces)."
    )]
    ApiKey,
    #[error("pet id must be a whole number (int64), got \"{given}\".")]
    PetId { given: String },
}

fn limit_message(given: i64) -> String {
    // `Limit::from_str` reports text that is not a number at all as i64::MIN/MAX.
    if given == i64::MIN || given == i64::MAX {
        "limit must be a whole number from 1 to 100.".to_owned()
    } else {
        format!("limit must be a whole number from 1 to 100 (got {given}).")
    }
}

/// The client cannot be set up, or a call cannot be made safely with this setup.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{}", missing_base_url_message(*environment))]
    MissingBaseUrl { environment: Environment },
    #[error("The base address \"{url}\" is not usable: {reason}.")]
    InvalidBaseUrl { url: String, reason: String },
    #[error(
        "The base address \"{url}\" does not use https. Use an https:// address (plain http is only allowed for 127.0.0.1, ::1 and localhost), so the API key never travels in clear text."
    )]
    InsecureBaseUrl { url: String },
    #[error("No API key is set for {environment}.")]
    MissingApiKey { environment: Environment },
    #[error(
        "The next-page address \"{url}\" points to another server than the base address; it was not followed, so the API key is not sent there."
    )]
    ForeignLink { url: String },
    #[error("The HTTP client could not be set up: {message}.")]
    HttpClient { message: String },
    /// The client's [`crate::WaitStore`] could not forget a wait.
    #[error(
        "The remembered rate-limit waits ({location}) could not be changed: {message}. Check that they may be written to, then try again."
    )]
    WaitStore { location: String, message: String },
}

fn missing_base_url_message(environment: Environment) -> String {
    match environment.url_env_var() {
        Some(var) => format!(
            "No base address is set for {environment}. Set {var}, or \"{}\" in the settings file, to an https:// address ending in /v1.",
            environment.settings_field().unwrap_or_default()
        ),
        None => format!("No base address is set for {environment}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_serialize_camel_case() {
        assert_eq!(
            serde_json::to_string(&ErrorKind::OutcomeUnknown).unwrap(),
            "\"outcomeUnknown\""
        );
        assert_eq!(Error::Timeout.kind(), ErrorKind::Timeout);
        assert_eq!(
            Error::from(InvalidInput::Name).kind(),
            ErrorKind::InvalidInput
        );
        let too_large = Error::ResponseTooLarge {
            limit_bytes: 8 * 1024 * 1024,
        };
        assert_eq!(too_large.kind(), ErrorKind::ResponseTooLarge);
        assert_eq!(
            serde_json::to_string(&ErrorKind::ResponseTooLarge).unwrap(),
            "\"responseTooLarge\""
        );
        assert!(
            too_large.to_string().contains("more than 8 MiB"),
            "{too_large}"
        );
    }

    #[test]
    fn messages_say_what_to_do() {
        let retry_at = DateTime::from_timestamp(1_900_000_000, 0).unwrap();
        let limited = Error::RateLimited {
            retry_at,
            reason: WaitReason::RateLimited,
            server: None,
        };
        assert!(
            limited
                .to_string()
                .contains("Try again after 2030-03-17 17:46:40 UTC"),
            "{limited}"
        );
        let outcome = Error::OutcomeUnknown {
            reason: "the connection was lost".into(),
        };
        assert!(
            outcome.to_string().contains("List the pets to check"),
            "{outcome}"
        );
        let gone = Error::Gone(ApiError::from_status(410));
        assert!(gone.to_string().contains("status filter"), "{gone}");
        let missing = ConfigError::MissingApiKey {
            environment: Environment::Staging,
        };
        assert!(missing.to_string().contains("staging"));
        assert!(
            !missing.to_string().contains("PETSTORE_API_KEY"),
            "each shell adds its own hint: {missing}"
        );
    }

    #[test]
    fn api_error_from_status_uses_the_reason() {
        let e = ApiError::from_status(404);
        assert_eq!(
            (e.status, e.code.as_str(), e.message.as_str()),
            (404, "not_found", "Not Found")
        );
        assert_eq!(ApiError::from_status(599).message, "Unknown status");
    }
}
