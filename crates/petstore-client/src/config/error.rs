//! Why a client cannot be set up, or a call cannot be made safely with its setup.

use crate::environment::Environment;

/// Why a base address is not usable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaseUrlProblem {
    /// Not an address at all.
    NotAnAddress,
    /// Neither http:// nor https://.
    Scheme,
    NoHost,
    /// A user name or password in it.
    Credentials,
    /// A query (?...) or fragment (#...).
    QueryOrFragment,
    /// The path does not end in /v1.
    PathNotV1,
    /// The sandbox's address cannot be changed.
    SandboxFixed,
}

/// The client cannot be set up, or a call cannot be made safely with this setup. `Display` is
/// short developer text, for a log; each shell words these for a person.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("no base address for {environment}")]
    MissingBaseUrl { environment: Environment },
    #[error("base address {url:?} not usable: {reason}")]
    InvalidBaseUrl {
        url: String,
        /// A lower-case clause, for the log.
        reason: String,
        /// `reason` as a category, for a shell that words it in the person's language.
        problem: BaseUrlProblem,
    },
    #[error("base address {url:?} is plain http to a host that is not this computer")]
    InsecureBaseUrl { url: String },
    #[error("no API key for {environment}")]
    MissingApiKey { environment: Environment },
    #[error("next-page address {url:?} outside the base address: not followed")]
    ForeignLink { url: String },
    #[error("HTTP client not set up: {message}")]
    HttpClient { message: String },
    /// The client's [`crate::WaitStore`] could not forget a wait.
    #[error("remembered waits at {location} not changed: {message}")]
    WaitStore { location: String, message: String },
}
