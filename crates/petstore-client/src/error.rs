//! What can go wrong, as types. `Display` is the message for a person: what happened and what
//! to do next. None of them ever contains the API key.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::config::AutoConfig;
pub use crate::config::{BaseUrlProblem, ConfigError};
pub use crate::error_kind::ErrorKind;
use crate::events::WaitReason;
pub use crate::invalid_input::InvalidInput;
pub use crate::network_cause::NetworkCause;

/// The server's Error body (spec §2). `status` is the HTTP status of the response, which wins
/// over whatever the body claims.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiError {
    pub status: u16,
    pub code: String,
    pub message: String,
}

/// For a log: the status, the server's code and its words as they came (bounded by the client).
impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HTTP {} {}: {:?}", self.status, self.code, self.message)
    }
}

impl ApiError {
    /// The server's message as a person may read it ([`readable_server_text`]: its first
    /// sentence, bounded, markup reduced), or `None` when it only repeats the status's reason.
    pub fn readable_message(&self) -> Option<String> {
        let canonical = ApiError::from_status(self.status).message;
        readable_server_text(&self.message).filter(|text| {
            !text
                .trim_end_matches(['.', '!', '?'])
                .eq_ignore_ascii_case(&canonical)
        })
    }

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
///
/// `Display` is short developer text, for a log: the kind, the status and the server's code and
/// words as they came. A person's sentence is each shell's (the CLI's `explain`, the app's UI),
/// built from these facts in the person's language.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("unauthorized: {0}")]
    Unauthorized(ApiError),
    #[error("not found: {0}")]
    NotFound(ApiError),
    #[error("gone: {0}")]
    Gone(ApiError),
    #[error("bad request: {0}")]
    BadRequest(ApiError),
    #[error("rate limited ({reason:?}) until {retry_at}")]
    RateLimited {
        retry_at: DateTime<Utc>,
        reason: WaitReason,
        server: Option<ApiError>,
    },
    #[error("server error: {0}")]
    Server(ApiError),
    #[error("unexpected response: HTTP {status}: {snippet:?}")]
    UnexpectedResponse { status: u16, snippet: String },
    #[error("undecodable answer: HTTP {status}, at {}: {message}", if path.is_empty() { "the top level" } else { path.as_str() })]
    Decode {
        status: u16,
        path: String,
        message: String,
    },
    #[error("timed out")]
    Timeout,
    #[error("network ({cause:?}{})", if auto_config.is_some() { ", proxy auto-configuration in use" } else { "" })]
    Network {
        /// What went wrong, in a category a person can act on; the OS's own words stay in `source`.
        cause: NetworkCause,
        #[source]
        source: reqwest::Error,
        /// In System mode, the OS's proxy auto-configuration (PAC or WPAD), which petstore
        /// cannot read: the likely reason, and the way out is a Manual proxy.
        auto_config: Option<AutoConfig>,
    },
    #[error("response larger than {}", crate::limits::ByteSize::of(*.limit_bytes))]
    ResponseTooLarge { limit_bytes: u64 },
    #[error("outcome unknown: {reason}")]
    OutcomeUnknown {
        /// A lower-case clause, for the log.
        reason: String,
        /// `reason` as a category, for a shell that words it in the person's language.
        why: OutcomeCause,
        /// The service's Error body when it answered with one (a 5xx): it did answer, and its
        /// words belong to the account of the request wherever it is told.
        server: Option<ApiError>,
    },
    #[error(transparent)]
    InvalidInput(#[from] InvalidInput),
    #[error(transparent)]
    Configuration(#[from] ConfigError),
}

/// Statuses a gateway or proxy in front of the service answers with when the service behind it
/// is down or slow.
pub fn is_gateway_status(status: u16) -> bool {
    matches!(status, 502..=504)
}

/// The server's words worth showing a person: its first sentence, bounded and ending in a full
/// stop, or nothing when the
/// body only repeats the status's reason ("Not Found") or is markup without a title. An HTML page
/// (a proxy's) is reduced to its `<title>`.
pub fn readable_server_text(text: &str) -> Option<String> {
    const MAX_CHARS: usize = 160;
    let text = text.trim();
    let text = if looks_like_markup(text) {
        html_title(text)?
    } else {
        text.to_owned()
    };
    let sentence = first_sentence(&text);
    let sentence = sentence.trim();
    if sentence.is_empty() || sentence.contains('<') {
        return None;
    }
    let bounded: String = if sentence.chars().count() > MAX_CHARS {
        let cut: String = sentence.chars().take(MAX_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    } else {
        sentence.to_owned()
    };
    Some(with_full_stop(&bounded))
}

/// The server's words as a shell shows them beside its own sentence: [`readable_server_text`],
/// or nothing when they hold no word or only restate the `code` the server sent with them
/// ("Internal Server Error" for `internal_server_error`, "Gone" for `gone`).
pub fn server_words(message: &str, code: Option<&str>) -> Option<String> {
    let text = readable_server_text(message)?;
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    let restates_code = code.is_some_and(|code| words.join("_") == code.to_lowercase());
    (!words.is_empty() && !restates_code).then_some(text)
}

fn looks_like_markup(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.starts_with('<')
        || lower.contains("<html")
        || lower.contains("<body")
        || lower.contains("<title")
}

/// The text of an HTML `<title>`, whitespace collapsed; `None` when there is none or it is empty.
fn html_title(html: &str) -> Option<String> {
    let lower = html.to_ascii_lowercase();
    let open = lower.find("<title")?;
    let start = open + lower[open..].find('>')? + 1;
    let end = start + lower[start..].find("</title")?;
    let title = html
        .get(start..end)?
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    (!title.is_empty()).then_some(title)
}

/// Up to and including the first ". ", "! " or "? " (a sentence's end followed by another).
fn first_sentence(text: &str) -> &str {
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if matches!(b, b'.' | b'!' | b'?') && bytes.get(i + 1) == Some(&b' ') {
            return &text[..=i];
        }
    }
    text
}

fn with_full_stop(text: &str) -> String {
    if text.ends_with(['.', '!', '?', '…']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
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
            Error::RateLimited { server, .. } | Error::OutcomeUnknown { server, .. } => {
                server.as_ref()
            }
            _ => None,
        }
    }
}

/// Why a create's outcome is unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutcomeCause {
    /// No answer arrived in time.
    Timeout,
    /// The connection was lost before the answer arrived.
    ConnectionLost,
    /// A 2xx answer larger than the client reads.
    TooLarge { status: u16, limit_bytes: u64 },
    /// A redirect, which is not followed.
    Redirected { status: u16 },
    /// A 5xx answer, which may come after the pet was stored.
    ServerError { status: u16 },
    /// A 2xx answer that is not a pet.
    NotAPet { status: u16 },
}

#[cfg(test)]
mod tests;
