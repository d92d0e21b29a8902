//! Every failure becomes a [`CommandError`]: a kind, a message for a person, the server's code and
//! message, the field it concerns when that can be told, and when to retry.

use petstore_client::{ConfigError, Error, InvalidInput};
use petstore_local::LocalError;
use petstore_local::keychain::KeychainError;

use crate::convert::instant;
use crate::dto::{AppErrorKind, ClientErrorKind, CommandError, ErrorKind};

/// Fields of a Pet or a list query the server's messages may name.
const SERVER_FIELDS: [&str; 4] = ["name", "categoryId", "status", "limit"];

impl CommandError {
    pub fn new(kind: impl Into<ErrorKind>, message: impl Into<String>) -> CommandError {
        CommandError {
            kind: kind.into(),
            message: message.into(),
            code: None,
            server_message: None,
            field: None,
            retry_at: None,
        }
    }

    pub fn with_field(mut self, field: &str) -> CommandError {
        self.field = Some(field.to_owned());
        self
    }
}

impl From<Error> for CommandError {
    fn from(error: Error) -> Self {
        match error {
            Error::InvalidInput(input) => input.into(),
            Error::Configuration(config) => config.into(),
            other => from_client(&other),
        }
    }
}

fn from_client(error: &Error) -> CommandError {
    let kind = error.kind();
    let mut out = CommandError::new(kind, error.to_string());
    if let Some(api) = error.api_error() {
        out.code = Some(api.code.clone());
        out.server_message = Some(api.message.clone());
        if kind == ClientErrorKind::BadRequest {
            out.field = field_named_by_server(&api.code, &api.message).map(str::to_owned);
        }
    }
    if let Error::RateLimited { retry_at, .. } = error {
        out.retry_at = Some(instant(*retry_at));
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
        let field = match &input {
            InvalidInput::Limit { .. } => "limit",
            InvalidInput::Status { .. } => "status",
            InvalidInput::Name => "name",
            InvalidInput::CategoryId { .. } => "categoryId",
            InvalidInput::ApiKey => "key",
            InvalidInput::PetId { .. } => "id",
        };
        CommandError::new(
            ClientErrorKind::InvalidInput,
            capitalised(&input.to_string()),
        )
        .with_field(field)
    }
}

impl From<ConfigError> for CommandError {
    fn from(config: ConfigError) -> Self {
        let field = match &config {
            ConfigError::MissingBaseUrl { environment } => environment.settings_field(),
            ConfigError::MissingApiKey { .. } => Some("key"),
            _ => None,
        };
        let message = match &config {
            // The library's words name no shell; the app's place for a key is Settings.
            ConfigError::MissingApiKey { .. } => {
                format!("{config} Set one in Settings (it is kept in the OS keychain).")
            }
            _ => config.to_string(),
        };
        let error = CommandError::new(ClientErrorKind::Configuration, message);
        match field {
            Some(field) => error.with_field(field),
            None => error,
        }
    }
}

impl From<LocalError> for CommandError {
    fn from(error: LocalError) -> Self {
        match error {
            LocalError::Config(config) => config.into(),
            other => CommandError::new(ClientErrorKind::Configuration, other.to_string()),
        }
    }
}

impl From<KeychainError> for CommandError {
    fn from(error: KeychainError) -> Self {
        CommandError::new(AppErrorKind::Keychain, error.to_string())
    }
}

/// The client's input messages start in lower case ("name must not be empty."), being made to
/// follow a field name; a message shown alone starts with a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::DateTime;
    use petstore_client::{ApiError, Environment, WaitReason};

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
        assert_eq!(out.code.as_deref(), Some("invalid_field"));
        assert!(out.server_message.as_deref().unwrap_or("").contains("1001"));
        assert_eq!(out.field.as_deref(), Some("name"));
        assert!(
            out.message.contains("Correct it and try again"),
            "{}",
            out.message
        );
    }

    #[test]
    fn rate_limits_say_when_to_retry() {
        let retry_at = DateTime::from_timestamp(1_900_000_000, 0).expect("valid");
        let out = CommandError::from(Error::RateLimited {
            retry_at,
            reason: WaitReason::RateLimited,
            server: None,
        });
        assert_eq!(out.kind, ClientErrorKind::RateLimited);
        assert_eq!(out.retry_at.as_deref(), Some("2030-03-17T17:46:40.000Z"));
    }

    #[test]
    fn input_and_configuration_errors_name_their_field() {
        let out = CommandError::from(Error::from(InvalidInput::Name));
        assert_eq!(
            (out.kind, out.field.as_deref()),
            (
                ErrorKind::Client(ClientErrorKind::InvalidInput),
                Some("name")
            )
        );
        assert!(
            out.message.starts_with("Name must not be empty"),
            "{}",
            out.message
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
    }

    /// The client's words name no shell; the app points to its own Settings, never to the CLI's
    /// PETSTORE_API_KEY (which the app does not read).
    #[test]
    fn a_missing_key_points_to_settings() {
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
        assert!(out.message.contains("staging"), "{}", out.message);
        assert!(out.message.contains("Settings"), "{}", out.message);
        assert!(!out.message.contains("PETSTORE_API_KEY"), "{}", out.message);
    }

    #[test]
    fn unreadable_settings_are_a_configuration_error() {
        let out = CommandError::from(LocalError::SettingsUnreadable {
            path: "/tmp/settings.json".into(),
            line: Some(3),
            column: Some(7),
            problem: "trailing comma".into(),
        });
        assert_eq!(out.kind, ClientErrorKind::Configuration);
        assert!(out.message.contains("line 3, column 7"), "{}", out.message);
        let out = CommandError::from(LocalError::from(ConfigError::MissingBaseUrl {
            environment: Environment::Production,
        }));
        assert_eq!(out.field.as_deref(), Some("productionUrl"));
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
        let out = CommandError::new(ClientErrorKind::OutcomeUnknown, "check").with_field("name");
        let json = serde_json::to_value(&out).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"kind": "outcomeUnknown", "message": "check", "code": null,
                "serverMessage": null, "field": "name", "retryAt": null})
        );
    }
}
