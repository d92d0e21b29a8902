//! Every failure becomes a [`CommandError`]: its kind and the facts the UI words it from (the
//! HTTP status, the server's code and readable message, the field, when to retry and why, the
//! environment, the exact problem, a network cause). No sentence is built here: the UI's
//! `messages.ts` is the one place an error becomes words, in the person's local time.

use petstore_client::{
    ByteSize, ConfigError, Error, ForgetError, InvalidInput, WaitKept, is_gateway_status,
    server_words,
};
use petstore_local::LocalError;
use petstore_local::keychain::KeychainError;

use crate::convert::instant;
use crate::dto::{AppErrorKind, ClientErrorKind, CommandError, ErrorKind, Problem, Reason};

/// Fields of a Pet or a list query the server's messages may name.
const SERVER_FIELDS: [&str; 4] = ["name", "categoryId", "status", "limit"];

impl CommandError {
    pub fn new(kind: impl Into<ErrorKind>) -> CommandError {
        CommandError {
            kind: kind.into(),
            problem: None,
            status: None,
            code: None,
            server_message: None,
            server_text: None,
            gateway: false,
            field: None,
            retry_at: None,
            wait_reason: None,
            environment: None,
            cause: None,
            size_limit: None,
            detail: None,
            reason: None,
            line: None,
            column: None,
            category: None,
            auto_config: None,
            network: None,
        }
    }

    pub fn problem(kind: impl Into<ErrorKind>, problem: Problem) -> CommandError {
        CommandError {
            problem: Some(problem),
            ..CommandError::new(kind)
        }
    }

    pub fn with_field(mut self, field: &str) -> CommandError {
        self.field = Some(field.to_owned());
        self
    }

    pub fn with_environment(mut self, environment: petstore_client::Environment) -> CommandError {
        self.environment = Some(environment);
        self
    }

    pub fn with_detail(mut self, detail: impl Into<String>) -> CommandError {
        self.detail = Some(detail.into());
        self
    }

    pub fn with_reason(mut self, reason: impl Into<Reason>) -> CommandError {
        self.reason = Some(reason.into());
        self
    }
}

impl From<Error> for CommandError {
    fn from(error: Error) -> Self {
        CommandError::from(&error)
    }
}

impl From<&Error> for CommandError {
    fn from(error: &Error) -> Self {
        match error {
            Error::InvalidInput(input) => input.clone().into(),
            Error::Configuration(config) => config.clone().into(),
            other => from_client(other),
        }
    }
}

fn from_client(error: &Error) -> CommandError {
    let kind = error.kind();
    let mut out = CommandError::new(kind);
    if let Some(api) = error.api_error() {
        out.status = Some(api.status);
        out.code = Some(api.code.clone());
        out.server_message = server_words(&api.message, Some(&api.code));
        // Whole (bounded by the client), for the create form's field.
        out.server_text = Some(api.message.clone());
        if kind == ClientErrorKind::BadRequest {
            out.field = field_named_by_server(&api.code, &api.message).map(str::to_owned);
        }
    }
    match error {
        Error::RateLimited {
            retry_at, reason, ..
        } => {
            out.status = Some(429);
            out.retry_at = Some(instant(*retry_at));
            out.wait_reason = Some(*reason);
        }
        Error::UnexpectedResponse { status, snippet } => {
            out.status = Some(*status);
            out.server_message = server_words(snippet, None);
        }
        Error::Decode { status, path, .. } => {
            out.status = Some(*status);
            out.detail = (!path.is_empty()).then(|| path.clone());
        }
        Error::Network {
            cause, auto_config, ..
        } => {
            out.cause = Some(*cause);
            out.auto_config.clone_from(auto_config);
        }
        Error::OutcomeUnknown { why, .. } => out.reason = Some((*why).into()),
        Error::ResponseTooLarge { limit_bytes } => {
            out.size_limit = Some(ByteSize::of(*limit_bytes));
        }
        _ => {}
    }
    out.gateway = out.status.is_some_and(is_gateway_status);
    out
}

/// Which field a 400 is about, when the server's words say so unambiguously: its code
/// (`invalid_limit`), the message's first word (`categoryId must be 1 or more`), or the only
/// field the message names.
pub fn field_named_by_server(code: &str, message: &str) -> Option<&'static str> {
    match code {
        "invalid_limit" => return Some("limit"),
        "invalid_status" => return Some("status"),
        _ => {}
    }
    let words: Vec<&str> = message
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let first = words.first()?;
    if let Some(field) = SERVER_FIELDS.iter().find(|f| *f == first) {
        return Some(field);
    }
    let mut named = SERVER_FIELDS.iter().filter(|f| words.contains(f));
    match (named.next(), named.next()) {
        (Some(field), None) => Some(field),
        _ => None,
    }
}

impl From<InvalidInput> for CommandError {
    fn from(input: InvalidInput) -> Self {
        let (field, given) = match input {
            // `Limit::from_str` reports text that is not a number at all as i64::MIN/MAX.
            InvalidInput::Limit { given } if given == i64::MIN || given == i64::MAX => {
                ("limit", None)
            }
            InvalidInput::Limit { given } => ("limit", Some(given.to_string())),
            InvalidInput::Status { given } => ("status", Some(given)),
            InvalidInput::Name => ("name", None),
            InvalidInput::CategoryId { given } => ("categoryId", Some(given)),
            // Never the key itself.
            InvalidInput::ApiKey => ("key", None),
            InvalidInput::PetId { given } => ("id", Some(given)),
        };
        CommandError {
            detail: given,
            ..CommandError::new(ClientErrorKind::InvalidInput).with_field(field)
        }
    }
}

impl From<ConfigError> for CommandError {
    fn from(config: ConfigError) -> Self {
        let kind = ClientErrorKind::Configuration;
        match config {
            ConfigError::MissingBaseUrl { environment } => {
                let error = CommandError::problem(kind, Problem::MissingBaseUrl)
                    .with_environment(environment);
                match environment.settings_field() {
                    Some(field) => error.with_field(field),
                    None => error,
                }
            }
            ConfigError::InvalidBaseUrl { url, problem, .. } => {
                CommandError::problem(kind, Problem::InvalidBaseUrl)
                    .with_detail(url)
                    .with_reason(problem)
            }
            ConfigError::InsecureBaseUrl { url } => {
                CommandError::problem(kind, Problem::InsecureBaseUrl).with_detail(url)
            }
            ConfigError::MissingApiKey { environment } => {
                CommandError::problem(kind, Problem::MissingApiKey)
                    .with_environment(environment)
                    .with_field("key")
            }
            ConfigError::ForeignLink { url } => {
                CommandError::problem(kind, Problem::ForeignLink).with_detail(url)
            }
            ConfigError::HttpClient { message } => {
                log::warn!("the HTTP client could not be set up: {message}");
                CommandError::problem(kind, Problem::HttpClient)
            }
            ConfigError::WaitStore { location, message } => {
                log::warn!("the remembered waits ({location}) could not be changed: {message}");
                CommandError::problem(kind, Problem::WaitStore).with_detail(location)
            }
        }
    }
}

/// A wait that was not cleared: why, and from when asking again may succeed.
impl From<ForgetError> for CommandError {
    fn from(error: ForgetError) -> Self {
        match error {
            ForgetError::Configuration(config) => config.into(),
            ForgetError::Kept(kept) => {
                let (problem, reason) = match kept {
                    WaitKept::ServiceWait { reason, .. } => (Problem::ServiceWait, Some(reason)),
                    WaitKept::ClearedRecently { .. } => (Problem::WaitClearedRecently, None),
                };
                CommandError {
                    retry_at: Some(instant(kept.again_at())),
                    wait_reason: reason,
                    ..CommandError::problem(AppErrorKind::WaitKept, problem)
                }
            }
        }
    }
}

impl From<LocalError> for CommandError {
    fn from(error: LocalError) -> Self {
        let kind = ClientErrorKind::Configuration;
        match error {
            LocalError::Config(config) => config.into(),
            LocalError::SettingsUnreadable {
                path,
                line,
                column,
                problem,
                fault,
            } => CommandError {
                reason: {
                    // The parser's clause is English and not ours: the log keeps it.
                    log::warn!("the settings file cannot be read: {problem}");
                    Some(Reason::settings(fault, line, column))
                },
                line: line.map(saturated),
                column: column.map(saturated),
                ..CommandError::problem(kind, Problem::SettingsUnreadable)
                    .with_detail(path.display().to_string())
            },
            LocalError::SettingsUnwritable {
                path,
                problem,
                fault,
            } => {
                // The library's clause (an OS error, a size) goes to the log; the UI words the
                // fault.
                log::warn!(
                    "the settings file {} cannot be written: {problem}",
                    path.display()
                );
                CommandError {
                    reason: Some(Reason::settings(fault, None, None)),
                    ..CommandError::problem(kind, Problem::SettingsUnwritable)
                        .with_detail(path.display().to_string())
                }
            }
            LocalError::Category(refused) => crate::backend::category_refused(&refused),
        }
    }
}

fn saturated(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl From<KeychainError> for CommandError {
    fn from(error: KeychainError) -> Self {
        let kind = AppErrorKind::Keychain;
        // The OS's details go to the log (they name no key); the person gets the problem.
        log::warn!("keychain: {error}");
        match error {
            KeychainError::Unavailable { .. } => {
                CommandError::problem(kind, Problem::KeychainUnavailable)
            }
            KeychainError::Locked { .. } => CommandError::problem(kind, Problem::KeychainLocked),
            KeychainError::TooLong { limit } => CommandError {
                size_limit: Some(ByteSize::of(limit.into())),
                ..CommandError::problem(kind, Problem::KeyTooLong)
            },
            KeychainError::Corrupt { env } => {
                CommandError::problem(kind, Problem::KeyCorrupt).with_environment(env)
            }
            KeychainError::Other(_) => CommandError::problem(kind, Problem::KeychainFailed),
        }
    }
}

#[cfg(test)]
mod tests;
