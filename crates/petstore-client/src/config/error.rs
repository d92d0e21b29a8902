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

/// The client cannot be set up, or a call cannot be made safely with this setup.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{}", missing_base_url_message(*environment))]
    MissingBaseUrl { environment: Environment },
    #[error("The base address \"{url}\" is not usable: {reason}.")]
    InvalidBaseUrl {
        url: String,
        /// A lower-case clause, for the log and the CLI.
        reason: String,
        /// `reason` as a category, for a shell that words it in the person's language.
        problem: BaseUrlProblem,
    },
    #[error(
        "The base address \"{url}\" does not use https. Use an https:// address (plain http is only allowed for 127.0.0.1, ::1 and localhost), so the API key never travels in clear text."
    )]
    InsecureBaseUrl { url: String },
    #[error("No API key is set for {environment}.")]
    MissingApiKey { environment: Environment },
    #[error(
        "The next-page address \"{url}\" points outside the base address (another server, or another path on it); it was not followed, so the API key is not sent there."
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
