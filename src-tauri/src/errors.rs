//! Every failure becomes a [`CommandError`]: its kind and the facts the UI words it from (the
//! HTTP status, the server's code and readable message, the field, when to retry and why, the
//! environment, the exact problem, a network cause). No sentence is built here: the UI's
//! `messages.ts` is the one place an error becomes words, in the person's local time.

use petstore_client::{
    ConfigError, Error, ForgetError, InvalidInput, WaitKept, readable_server_text,
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
            field: None,
            retry_at: None,
            wait_reason: None,
            environment: None,
            cause: None,
            limit_bytes: None,
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
        // Whole (bounded by the client), for the create form's field; the UI shortens it.
        out.server_message = Some(api.message.clone());
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
            out.server_message = readable_server_text(snippet);
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
            out.limit_bytes = Some(u32::try_from(*limit_bytes).unwrap_or(u32::MAX));
        }
        _ => {}
    }
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
                limit_bytes: Some(limit),
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
mod tests {
    use super::*;
    use chrono::DateTime;
    use petstore_client::{ApiError, Environment, NetworkCause, WaitReason};

    #[test]
    fn the_server_message_names_the_field() {
        assert_eq!(
            field_named_by_server("invalid_field", "categoryId must be 1 or more; got 0."),
            Some("categoryId")
        );
        assert_eq!(
            field_named_by_server("missing_field", "name is required: give the pet a name."),
            Some("name")
        );
        assert_eq!(
            field_named_by_server("invalid_limit", "limit must be ..."),
            Some("limit")
        );
        assert_eq!(
            field_named_by_server("x", "The body must have name and categoryId."),
            None,
            "two fields named: not told"
        );
        assert_eq!(field_named_by_server("x", "Something else."), None);
    }

    #[test]
    fn a_bad_request_keeps_the_server_words() {
        let error = Error::BadRequest(ApiError {
            status: 400,
            code: "invalid_field".into(),
            message: "name is 1001 characters long; the most allowed is 1000.".into(),
        });
        let out = CommandError::from(error);
        assert_eq!(out.kind, ClientErrorKind::BadRequest);
        assert_eq!(out.status, Some(400));
        assert_eq!(out.code.as_deref(), Some("invalid_field"));
        assert!(out.server_message.as_deref().unwrap_or("").contains("1001"));
        assert_eq!(out.field.as_deref(), Some("name"));
    }

    #[test]
    fn rate_limits_say_when_to_retry_and_why() {
        let retry_at = DateTime::from_timestamp(1_900_000_000, 0).expect("valid");
        let out = CommandError::from(Error::RateLimited {
            retry_at,
            reason: WaitReason::QuotaExhausted,
            server: None,
        });
        assert_eq!(out.kind, ClientErrorKind::RateLimited);
        assert_eq!(out.retry_at.as_deref(), Some("2030-03-17T17:46:40.000Z"));
        assert_eq!(out.wait_reason, Some(WaitReason::QuotaExhausted));
        assert_eq!(out.status, Some(429));
    }

    /// A real refused connection (a port nothing listens on) through the real client.
    #[tokio::test]
    async fn a_refused_connection_gives_a_cause_not_the_os_text() {
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
            listener.local_addr().expect("addr").port()
        };
        let base = petstore_client::BaseUrl::parse(&format!("http://127.0.0.1:{port}/v1"))
            .expect("address");
        let config = petstore_client::ClientConfig::new(Environment::Staging, base)
            .with_api_key(petstore_client::ApiKey::new("k".repeat(20)).expect("key"))
            .with_retry(petstore_client::RetryPolicy {
                max_attempts: 1,
                ..petstore_client::RetryPolicy::default()
            });
        let client = petstore_client::PetstoreClient::new(config).expect("client");
        let error = client
            .list_pets(&petstore_client::ListQuery::default())
            .await
            .expect_err("nothing listens");
        assert!(
            matches!(
                error,
                Error::Network {
                    cause: NetworkCause::Refused,
                    ..
                }
            ),
            "{error:?}"
        );
        let out = CommandError::from(error);
        assert_eq!(out.kind, ClientErrorKind::Network);
        assert_eq!(out.cause, Some(NetworkCause::Refused));
        let json = serde_json::to_string(&out).expect("json");
        assert!(!json.contains("os error"), "{json}");
        assert!(json.contains(r#""cause":"refused""#), "{json}");
        assert!(!json.contains("autoConfig"), "none found: left out, {json}");

        // The OS's proxy auto-configuration, when the client found one, reaches the UI as a fact.
        let mut again = client
            .list_pets(&petstore_client::ListQuery::default())
            .await
            .expect_err("nothing listens");
        if let Error::Network { auto_config, .. } = &mut again {
            *auto_config = Some(petstore_client::AutoConfig {
                url: Some("http://wpad.corp.example/proxy.pac".to_owned()),
            });
        }
        let json = serde_json::to_value(CommandError::from(again)).expect("json");
        assert_eq!(
            json["autoConfig"],
            serde_json::json!({ "url": "http://wpad.corp.example/proxy.pac" })
        );
        assert_eq!(json["cause"], "refused");
    }

    #[test]
    fn an_html_body_is_reduced_to_its_title() {
        let out = CommandError::from(Error::UnexpectedResponse {
            status: 502,
            snippet: "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>".into(),
        });
        assert_eq!(out.kind, ClientErrorKind::UnexpectedResponse);
        assert_eq!(out.status, Some(502));
        assert_eq!(out.server_message.as_deref(), Some("502 Bad Gateway."));
        let untitled = CommandError::from(Error::UnexpectedResponse {
            status: 500,
            snippet: "<html><body><p>oops</p></body></html>".into(),
        });
        assert_eq!(
            untitled.server_message, None,
            "markup without a title is dropped"
        );
    }

    #[test]
    fn input_and_configuration_errors_name_their_field_and_problem() {
        let out = CommandError::from(Error::from(InvalidInput::Name));
        assert_eq!(
            (out.kind, out.field.as_deref()),
            (
                ErrorKind::Client(ClientErrorKind::InvalidInput),
                Some("name")
            )
        );
        let out = CommandError::from(Error::from(InvalidInput::Limit { given: 101 }));
        assert_eq!(
            (out.field.as_deref(), out.detail.as_deref()),
            (Some("limit"), Some("101"))
        );
        let out = CommandError::from(Error::from(ConfigError::MissingBaseUrl {
            environment: Environment::Staging,
        }));
        assert_eq!(
            (out.kind, out.field.as_deref()),
            (
                ErrorKind::Client(ClientErrorKind::Configuration),
                Some("stagingUrl")
            )
        );
        assert_eq!(out.problem, Some(Problem::MissingBaseUrl));
        assert_eq!(out.environment, Some(Environment::Staging));
        let out = CommandError::from(ConfigError::InsecureBaseUrl {
            url: "http://example.com/v1".into(),
        });
        assert_eq!(out.problem, Some(Problem::InsecureBaseUrl));
        assert_eq!(out.detail.as_deref(), Some("http://example.com/v1"));
    }

    /// The app's place for a key is Settings: the error says which environment lacks one and
    /// carries no sentence naming the CLI's PETSTORE_API_KEY (which the app does not read).
    #[test]
    fn a_missing_key_names_its_environment() {
        let out = CommandError::from(Error::from(ConfigError::MissingApiKey {
            environment: Environment::Staging,
        }));
        assert_eq!(
            (out.kind, out.field.as_deref()),
            (
                ErrorKind::Client(ClientErrorKind::Configuration),
                Some("key")
            )
        );
        assert_eq!(out.problem, Some(Problem::MissingApiKey));
        assert_eq!(out.environment, Some(Environment::Staging));
        let json = serde_json::to_string(&out).expect("json");
        assert!(!json.contains("PETSTORE_"), "{json}");
    }

    #[test]
    fn unreadable_settings_are_a_configuration_error() {
        let out = CommandError::from(LocalError::SettingsUnreadable {
            path: "/tmp/settings.json".into(),
            line: Some(3),
            column: Some(7),
            problem: "trailing comma".into(),
            fault: petstore_local::SettingsFault::Syntax,
        });
        assert_eq!(out.kind, ClientErrorKind::Configuration);
        assert_eq!(out.problem, Some(Problem::SettingsUnreadable));
        assert_eq!((out.line, out.column), (Some(3), Some(7)));
        assert_eq!(out.detail.as_deref(), Some("/tmp/settings.json"));
        assert_eq!(
            out.reason,
            Some(Reason::SettingsSyntax {
                line: Some(3),
                column: Some(7)
            })
        );
        let out = CommandError::from(LocalError::from(ConfigError::MissingBaseUrl {
            environment: Environment::Production,
        }));
        assert_eq!(out.field.as_deref(), Some("productionUrl"));
    }

    #[test]
    fn keychain_failures_keep_the_os_details_out() {
        let out = CommandError::from(KeychainError::Unavailable {
            detail: "org.freedesktop.DBus.Error.ServiceUnknown".into(),
        });
        assert_eq!(out.kind, AppErrorKind::Keychain);
        assert_eq!(out.problem, Some(Problem::KeychainUnavailable));
        let json = serde_json::to_string(&out).expect("json");
        assert!(!json.contains("DBus"), "{json}");
        let out = CommandError::from(KeychainError::TooLong { limit: 2560 });
        assert_eq!(
            (out.problem, out.limit_bytes),
            (Some(Problem::KeyTooLong), Some(2560))
        );
    }

    #[test]
    fn every_kind_travels_as_a_plain_string() {
        let kinds: [(ErrorKind, &str); 4] = [
            (ClientErrorKind::NotFound.into(), "notFound"),
            (ClientErrorKind::ResponseTooLarge.into(), "responseTooLarge"),
            (AppErrorKind::Keychain.into(), "keychain"),
            (AppErrorKind::CreateInFlight.into(), "createInFlight"),
        ];
        for (kind, wire) in kinds {
            assert_eq!(serde_json::to_value(kind).expect("json"), wire);
            let back: ErrorKind = serde_json::from_value(wire.into()).expect("a kind");
            assert_eq!(back, kind, "{wire}");
        }
        assert!(serde_json::from_value::<ErrorKind>("nonsense".into()).is_err());
    }

    #[test]
    fn serializes_as_the_contract_says() {
        let out = CommandError::new(ClientErrorKind::OutcomeUnknown).with_field("name");
        let json = serde_json::to_value(&out).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"kind": "outcomeUnknown", "problem": null, "status": null,
                "code": null, "serverMessage": null, "field": "name", "retryAt": null,
                "waitReason": null, "environment": null, "cause": null, "limitBytes": null,
                "detail": null, "reason": null, "line": null, "column": null, "category": null,
                "network": null})
        );
        let problem = CommandError::problem(AppErrorKind::Keychain, Problem::KeychainLocked);
        assert_eq!(
            serde_json::to_value(&problem).expect("json")["problem"],
            "keychainLocked"
        );
    }
}
