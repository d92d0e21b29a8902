//! Every failure becomes a [`CommandError`]: its kind and the facts the UI words it from (the
//! HTTP status, the server's code and readable message, the field, when to retry and why, the
//! environment, the exact problem, a network cause). No sentence is built here: the UI's
//! `messages.ts` is the one place an error becomes words, in the person's local time.

use petstore_client::{
    ByteSize, ConfigError, Error, ForgetError, InvalidInput, WaitKept, WaitReason,
    is_gateway_status, server_words,
};
use petstore_local::LocalError;
use petstore_local::keychain::KeychainError;

use crate::convert::instant;
use crate::dto::{
    Answer, CommandError, ConfigurationProblem, Field, KeychainProblem, Limited, Reason, Refused,
    Unknown, WaitKeptProblem,
};

/// Fields of a Pet or a list query the server's messages may name.
const SERVER_FIELDS: [(&str, Field); 4] = [
    ("name", Field::Name),
    ("categoryId", Field::CategoryId),
    ("status", Field::Status),
    ("limit", Field::Limit),
];

impl CommandError {
    /// The input field or setting the failure concerns, when it names one.
    pub fn field(&self) -> Option<Field> {
        use crate::dto::CategoryFailure as C;
        use ConfigurationProblem as P;
        match self {
            CommandError::BadRequest(refused) => refused.field,
            CommandError::InvalidInput { field, .. } => *field,
            CommandError::Configuration(problem) => match &**problem {
                P::MissingBaseUrl { field, .. }
                | P::InvalidBaseUrl { field, .. }
                | P::InsecureBaseUrl { field, .. }
                | P::KeyWouldMove { field, .. }
                | P::NetworkSettings { field, .. } => *field,
                P::MissingApiKey { .. } => Some(Field::Key),
                _ => None,
            },
            CommandError::Keychain(
                KeychainProblem::KeychainUnavailable { field }
                | KeychainProblem::KeychainLocked { field },
            ) => *field,
            CommandError::Category(failure) => match &**failure {
                C::CategoryRefused { field, .. } => *field,
                C::CategoryListInvalid { .. } => None,
            },
            _ => None,
        }
    }

    /// The service's answer, for the kinds that come with one.
    pub fn answer(&self) -> Option<&Answer> {
        match self {
            CommandError::Unauthorized(answer)
            | CommandError::NotFound(answer)
            | CommandError::Gone(answer)
            | CommandError::Server(answer)
            | CommandError::UnexpectedResponse(answer) => Some(answer),
            CommandError::BadRequest(refused) => Some(&refused.answer),
            CommandError::RateLimited(limited) => Some(&limited.answer),
            CommandError::OutcomeUnknown(unknown) => Some(&unknown.answer),
            _ => None,
        }
    }

    /// When asking again makes sense (RFC 3339), and why the wait is, for the waits.
    pub fn retry_at(&self) -> Option<(&str, Option<WaitReason>)> {
        match self {
            CommandError::RateLimited(limited) => limited
                .retry_at
                .as_deref()
                .map(|at| (at, limited.wait_reason)),
            CommandError::WaitKept(WaitKeptProblem::ServiceWait {
                retry_at,
                wait_reason,
            }) => Some((retry_at, Some(*wait_reason))),
            CommandError::WaitKept(WaitKeptProblem::WaitClearedRecently { retry_at }) => {
                Some((retry_at, None))
            }
            _ => None,
        }
    }

    /// Input refused before anything was sent, about `field`.
    pub fn input(field: Field, given: Option<String>) -> CommandError {
        CommandError::InvalidInput {
            field: Some(field),
            given,
        }
    }

    pub fn configuration(problem: ConfigurationProblem) -> CommandError {
        CommandError::Configuration(Box::new(problem))
    }

    pub fn file(problem: crate::dto::FileProblem) -> CommandError {
        CommandError::File(Box::new(problem))
    }

    pub fn import(problem: crate::dto::ImportProblem) -> CommandError {
        CommandError::Import(Box::new(problem))
    }

    /// An address setting refused: the same problem, about the setting `field`.
    pub fn about_address(self, field: Option<Field>) -> CommandError {
        use ConfigurationProblem as P;
        match self {
            CommandError::Configuration(mut problem) => {
                match &mut *problem {
                    P::MissingBaseUrl { field: at, .. }
                    | P::InvalidBaseUrl { field: at, .. }
                    | P::InsecureBaseUrl { field: at, .. }
                    | P::KeyWouldMove { field: at, .. } => *at = field,
                    _ => {}
                }
                CommandError::Configuration(problem)
            }
            other => other,
        }
    }
}

impl From<Error> for CommandError {
    fn from(error: Error) -> Self {
        CommandError::from(&error)
    }
}

impl From<&Error> for CommandError {
    fn from(error: &Error) -> Self {
        from_client(error)
    }
}

/// The service's answer, as the UI shows it.
fn answer_of(error: &Error) -> Answer {
    let mut answer = Answer::default();
    if let Some(api) = error.api_error() {
        answer.status = Some(api.status);
        answer.code = Some(api.code.clone());
        answer.server_message = server_words(&api.message, Some(&api.code));
    }
    answer
}

fn with_status(mut answer: Answer, status: u16) -> Answer {
    answer.status = Some(status);
    answer.gateway = is_gateway_status(status);
    answer
}

fn from_client(error: &Error) -> CommandError {
    let answer = answer_of(error);
    let answer = match answer.status {
        Some(status) => with_status(answer, status),
        None => answer,
    };
    match error {
        Error::Unauthorized(_) => CommandError::Unauthorized(answer),
        Error::NotFound(_) => CommandError::NotFound(answer),
        Error::Gone(_) => CommandError::Gone(answer),
        Error::Server(_) => CommandError::Server(answer),
        Error::BadRequest(api) => CommandError::BadRequest(Box::new(Refused {
            answer,
            field: field_named_by_server(&api.code, &api.message),
            // Whole (bounded by the client), for the create form's field.
            server_text: Some(api.message.clone()),
        })),
        Error::RateLimited {
            retry_at, reason, ..
        } => CommandError::RateLimited(Box::new(Limited {
            answer: with_status(answer, 429),
            retry_at: Some(instant(*retry_at)),
            wait_reason: Some(*reason),
            may_queue: false,
        })),
        Error::UnexpectedResponse { status, snippet } => {
            CommandError::UnexpectedResponse(with_status(
                Answer {
                    server_message: server_words(snippet, None),
                    ..answer
                },
                *status,
            ))
        }
        Error::Decode { status, path, .. } => CommandError::Decode {
            status: Some(*status),
            json_path: (!path.is_empty()).then(|| path.clone()),
        },
        Error::Timeout => CommandError::Timeout,
        Error::Network {
            cause, auto_config, ..
        } => CommandError::Network {
            cause: Some(*cause),
            auto_config: auto_config.clone(),
            may_queue: false,
        },
        Error::OutcomeUnknown { why, .. } => CommandError::OutcomeUnknown(Box::new(Unknown {
            answer,
            reason: Some((*why).into()),
        })),
        Error::ResponseTooLarge { limit_bytes } => CommandError::ResponseTooLarge {
            size_limit: Some(ByteSize::of(*limit_bytes)),
        },
        Error::InvalidInput(input) => input.clone().into(),
        Error::Configuration(config) => config.clone().into(),
    }
}

/// Which field a 400 is about, when the server's words say so unambiguously: its code
/// (`invalid_limit`), the message's first word (`categoryId must be 1 or more`), or the only
/// field the message names.
pub fn field_named_by_server(code: &str, message: &str) -> Option<Field> {
    match code {
        "invalid_limit" => return Some(Field::Limit),
        "invalid_status" => return Some(Field::Status),
        _ => {}
    }
    let words: Vec<&str> = message
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let first = words.first()?;
    if let Some((_, field)) = SERVER_FIELDS.iter().find(|(name, _)| name == first) {
        return Some(*field);
    }
    let mut named = SERVER_FIELDS
        .iter()
        .filter(|(name, _)| words.contains(name));
    match (named.next(), named.next()) {
        (Some((_, field)), None) => Some(*field),
        _ => None,
    }
}

impl From<InvalidInput> for CommandError {
    fn from(input: InvalidInput) -> Self {
        let (field, given) = match input {
            // `Limit::from_str` reports text that is not a number at all as i64::MIN/MAX.
            InvalidInput::Limit { given } if given == i64::MIN || given == i64::MAX => {
                (Field::Limit, None)
            }
            InvalidInput::Limit { given } => (Field::Limit, Some(given.to_string())),
            InvalidInput::Status { given } => (Field::Status, Some(given)),
            InvalidInput::Name => (Field::Name, None),
            InvalidInput::CategoryId { given } => (Field::CategoryId, Some(given)),
            // Never the key itself.
            InvalidInput::ApiKey => (Field::Key, None),
            InvalidInput::PetId { given } => (Field::Id, Some(given)),
        };
        CommandError::input(field, given)
    }
}

impl From<ConfigError> for CommandError {
    fn from(config: ConfigError) -> Self {
        use ConfigurationProblem as P;
        CommandError::configuration(match config {
            ConfigError::MissingBaseUrl { environment } => P::MissingBaseUrl {
                environment,
                field: Field::address_of(environment),
            },
            ConfigError::InvalidBaseUrl { url, problem, .. } => P::InvalidBaseUrl {
                address: url,
                reason: problem.into(),
                field: None,
            },
            ConfigError::InsecureBaseUrl { url } => P::InsecureBaseUrl {
                address: url,
                field: None,
            },
            ConfigError::MissingApiKey { environment } => P::MissingApiKey { environment },
            ConfigError::ForeignLink { url } => P::ForeignLink { address: url },
            ConfigError::HttpClient { message } => {
                log::warn!("the HTTP client could not be set up: {message}");
                P::HttpClient
            }
            ConfigError::WaitStore { location, message } => {
                log::warn!("the remembered waits ({location}) could not be changed: {message}");
                P::WaitStore { path: location }
            }
        })
    }
}

/// A wait that was not cleared: why, and from when asking again may succeed.
impl From<ForgetError> for CommandError {
    fn from(error: ForgetError) -> Self {
        match error {
            ForgetError::Configuration(config) => config.into(),
            ForgetError::Kept(kept) => {
                let retry_at = instant(kept.again_at());
                CommandError::WaitKept(match kept {
                    WaitKept::ServiceWait { reason, .. } => WaitKeptProblem::ServiceWait {
                        retry_at,
                        wait_reason: reason,
                    },
                    WaitKept::ClearedRecently { .. } => {
                        WaitKeptProblem::WaitClearedRecently { retry_at }
                    }
                })
            }
        }
    }
}

impl From<LocalError> for CommandError {
    fn from(error: LocalError) -> Self {
        use ConfigurationProblem as P;
        match error {
            LocalError::Config(config) => config.into(),
            LocalError::SettingsUnreadable(file) => {
                // The parser's clause is English and not ours: the log keeps it.
                log::warn!("the settings file cannot be read: {}", file.problem);
                CommandError::configuration(P::SettingsUnreadable {
                    path: file.path.display().to_string(),
                    reason: Reason::settings(file.fault, file.line, file.column),
                    line: file.line.map(saturated),
                    column: file.column.map(saturated),
                })
            }
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
                CommandError::configuration(P::SettingsUnwritable {
                    path: path.display().to_string(),
                    reason: Reason::settings(fault, None, None),
                })
            }
            LocalError::Category(refused) => category::category_refused(&refused),
        }
    }
}

fn saturated(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl From<KeychainError> for CommandError {
    fn from(error: KeychainError) -> Self {
        // The OS's details go to the log (they name no key); the person gets the problem.
        log::warn!("keychain: {error}");
        CommandError::Keychain(match error {
            KeychainError::Unavailable { .. } => {
                KeychainProblem::KeychainUnavailable { field: None }
            }
            KeychainError::Locked { .. } => KeychainProblem::KeychainLocked { field: None },
            KeychainError::TooLong { limit } => KeychainProblem::KeyTooLong {
                size_limit: ByteSize::of(limit.into()),
            },
            KeychainError::Corrupt { env } => KeychainProblem::KeyCorrupt { environment: env },
            KeychainError::Other(_) => KeychainProblem::KeychainFailed,
        })
    }
}

pub(crate) mod category;
#[cfg(test)]
mod tests;
