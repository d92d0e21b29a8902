use super::*;
use crate::dto::{AppErrorKind, ClientErrorKind, ErrorKind};
use chrono::DateTime;
use petstore_client::{ApiError, Environment, NetworkCause, WaitReason};
use petstore_local::UnreadableSettings;

/// The whole message a 400 carries for the form's field.
fn server_text(error: &CommandError) -> Option<&str> {
    match error {
        CommandError::BadRequest(refused) => refused.server_text.as_deref(),
        _ => None,
    }
}

#[test]
fn the_server_message_names_the_field() {
    assert_eq!(
        field_named_by_server("invalid_field", "categoryId must be 1 or more; got 0."),
        Some(Field::CategoryId)
    );
    assert_eq!(
        field_named_by_server("missing_field", "name is required: give the pet a name."),
        Some(Field::Name)
    );
    assert_eq!(
        field_named_by_server("invalid_limit", "limit must be ..."),
        Some(Field::Limit)
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
    assert_eq!(out.kind(), ClientErrorKind::BadRequest);
    let CommandError::BadRequest(refused) = &out else {
        panic!("{out:?}")
    };
    assert_eq!(refused.answer.status, Some(400));
    assert_eq!(refused.answer.code.as_deref(), Some("invalid_field"));
    assert!(
        refused
            .answer
            .server_message
            .as_deref()
            .unwrap_or("")
            .contains("1001")
    );
    assert_eq!(out.field(), Some(Field::Name));
}

#[test]
fn rate_limits_say_when_to_retry_and_why() {
    let retry_at = DateTime::from_timestamp(1_900_000_000, 0).expect("valid");
    let out = CommandError::from(Error::RateLimited {
        retry_at,
        reason: WaitReason::QuotaExhausted,
        server: None,
    });
    assert_eq!(out.kind(), ClientErrorKind::RateLimited);
    let CommandError::RateLimited(limited) = &out else {
        panic!("{out:?}")
    };
    assert_eq!(
        limited.retry_at.as_deref(),
        Some("2030-03-17T17:46:40.000Z")
    );
    assert_eq!(limited.wait_reason, Some(WaitReason::QuotaExhausted));
    assert_eq!(limited.answer.status, Some(429));
}

/// A real refused connection (a port nothing listens on) through the real client.
#[tokio::test]
async fn a_refused_connection_gives_a_cause_not_the_os_text() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("addr").port()
    };
    let base =
        petstore_client::BaseUrl::parse(&format!("http://127.0.0.1:{port}/v1")).expect("address");
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
    assert_eq!(out.kind(), ClientErrorKind::Network);
    assert!(
        matches!(
            out,
            CommandError::Network {
                cause: Some(NetworkCause::Refused),
                ..
            }
        ),
        "{out:?}"
    );
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

/// What the UI shows is decided here: the server's words as one plain sentence (none when
/// they only restate the code), the whole message for the form's field, and whether the
/// status is a gateway's.
#[test]
fn the_server_words_and_the_gateway_cross_as_facts() {
    let out = CommandError::from(Error::Server(ApiError {
        status: 503,
        code: "service_unavailable".into(),
        message: "Service Unavailable".into(),
    }));
    assert_eq!(
        out.answer().expect("an answer").server_message,
        None,
        "only the code again"
    );
    assert!(out.answer().expect("an answer").gateway);
    let json = serde_json::to_value(&out).expect("json");
    assert_eq!(json["gateway"], true);

    let out = CommandError::from(Error::Unauthorized(ApiError {
        status: 401,
        code: "invalid_api_key".into(),
        message: "The API key is not valid for this server. Check the key set for this environment (the sandbox accepts its demo key).".into(),
    }));
    assert_eq!(
        out.answer().expect("an answer").server_message.as_deref(),
        Some("The API key is not valid for this server.")
    );
    assert!(!out.answer().expect("an answer").gateway);
    let json = serde_json::to_value(&out).expect("json");
    assert!(json.get("gateway").is_none(), "left out when false: {json}");

    let out = CommandError::from(Error::Server(ApiError {
        status: 500,
        code: "internal_server_error".into(),
        message: "Internal Server Error".into(),
    }));
    assert_eq!(
        (
            out.answer().expect("an answer").server_message.as_deref(),
            out.answer().expect("an answer").gateway
        ),
        (None, false)
    );
    let out = CommandError::from(Error::UnexpectedResponse {
        status: 504,
        snippet: "upstream timed out".into(),
    });
    assert!(out.answer().expect("an answer").gateway);
    assert_eq!(
        out.answer().expect("an answer").server_message.as_deref(),
        Some("upstream timed out.")
    );
    assert_eq!(server_text(&out), None, "no Error body");
    let out = CommandError::from(Error::ResponseTooLarge {
        limit_bytes: 8 * 1024 * 1024,
    });
    assert_eq!(
        serde_json::to_value(&out).expect("json")["sizeLimit"],
        serde_json::json!({"value": 8, "unit": "mib"})
    );
}

#[test]
fn an_html_body_is_reduced_to_its_title() {
    let out = CommandError::from(Error::UnexpectedResponse {
        status: 502,
        snippet: "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>".into(),
    });
    assert_eq!(out.kind(), ClientErrorKind::UnexpectedResponse);
    assert_eq!(out.answer().expect("an answer").status, Some(502));
    assert_eq!(
        out.answer().expect("an answer").server_message.as_deref(),
        Some("502 Bad Gateway.")
    );
    let untitled = CommandError::from(Error::UnexpectedResponse {
        status: 500,
        snippet: "<html><body><p>oops</p></body></html>".into(),
    });
    assert_eq!(
        untitled.answer().expect("an answer").server_message,
        None,
        "markup without a title is dropped"
    );
}

#[test]
fn input_and_configuration_errors_name_their_field_and_problem() {
    let out = CommandError::from(Error::from(InvalidInput::Name));
    assert_eq!(
        (out.kind(), out.field()),
        (
            ErrorKind::Client(ClientErrorKind::InvalidInput),
            Some(Field::Name)
        )
    );
    let out = CommandError::from(Error::from(InvalidInput::Limit { given: 101 }));
    assert_eq!(
        out,
        CommandError::InvalidInput {
            field: Some(Field::Limit),
            given: Some("101".to_owned())
        }
    );
    let out = CommandError::from(Error::from(ConfigError::MissingBaseUrl {
        environment: Environment::Staging,
    }));
    assert_eq!(
        (out.kind(), out.field()),
        (
            ErrorKind::Client(ClientErrorKind::Configuration),
            Some(Field::StagingUrl)
        )
    );
    assert_eq!(
        out,
        CommandError::configuration(ConfigurationProblem::MissingBaseUrl {
            environment: Environment::Staging,
            field: Some(Field::StagingUrl)
        })
    );
    let out = CommandError::from(ConfigError::InsecureBaseUrl {
        url: "http://example.com/v1".into(),
    });
    assert_eq!(
        out,
        CommandError::configuration(ConfigurationProblem::InsecureBaseUrl {
            address: "http://example.com/v1".to_owned(),
            field: None
        })
    );
}

/// The app's place for a key is Settings: the error says which environment lacks one and
/// carries no sentence naming the CLI's PETSTORE_API_KEY (which the app does not read).
#[test]
fn a_missing_key_names_its_environment() {
    let out = CommandError::from(Error::from(ConfigError::MissingApiKey {
        environment: Environment::Staging,
    }));
    assert_eq!(
        (out.kind(), out.field()),
        (
            ErrorKind::Client(ClientErrorKind::Configuration),
            Some(Field::Key)
        )
    );
    assert_eq!(
        out,
        CommandError::configuration(ConfigurationProblem::MissingApiKey {
            environment: Environment::Staging
        })
    );
    let json = serde_json::to_string(&out).expect("json");
    assert!(!json.contains("PETSTORE_"), "{json}");
}

#[test]
fn unreadable_settings_are_a_configuration_error() {
    let out = CommandError::from(LocalError::SettingsUnreadable(UnreadableSettings {
        path: "/tmp/settings.json".into(),
        line: Some(3),
        column: Some(7),
        problem: "trailing comma".into(),
        fault: petstore_local::SettingsFault::Syntax,
    }));
    assert_eq!(out.kind(), ClientErrorKind::Configuration);
    assert_eq!(
        out,
        CommandError::configuration(ConfigurationProblem::SettingsUnreadable {
            path: "/tmp/settings.json".to_owned(),
            reason: Reason::SettingsSyntax {
                line: Some(3),
                column: Some(7)
            },
            line: Some(3),
            column: Some(7)
        })
    );
    let out = CommandError::from(LocalError::from(ConfigError::MissingBaseUrl {
        environment: Environment::Production,
    }));
    assert_eq!(out.field(), Some(Field::ProductionUrl));
}

#[test]
fn keychain_failures_keep_the_os_details_out() {
    let out = CommandError::from(KeychainError::Unavailable {
        detail: "org.freedesktop.DBus.Error.ServiceUnknown".into(),
    });
    assert_eq!(out.kind(), AppErrorKind::Keychain);
    assert_eq!(
        out,
        CommandError::Keychain(KeychainProblem::KeychainUnavailable { field: None })
    );
    let json = serde_json::to_string(&out).expect("json");
    assert!(!json.contains("DBus"), "{json}");
    let out = CommandError::from(KeychainError::TooLong { limit: 2560 });
    assert_eq!(
        out,
        CommandError::Keychain(KeychainProblem::KeyTooLong {
            size_limit: ByteSize::of(2560)
        })
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
    let out = CommandError::input(Field::Name, None);
    let json = serde_json::to_value(&out).expect("json");
    assert_eq!(
        json,
        serde_json::json!({"kind": "invalidInput", "field": "name", "given": null})
    );
    let problem = CommandError::Keychain(KeychainProblem::KeychainLocked { field: None });
    assert_eq!(
        serde_json::to_value(&problem).expect("json"),
        serde_json::json!({"kind": "keychain", "problem": "keychainLocked", "field": null})
    );
    let bare = serde_json::to_value(CommandError::Timeout).expect("json");
    assert_eq!(bare, serde_json::json!({"kind": "timeout"}));
}

/// The error crosses IPC in every `Result` of the app: it stays small, so no command's
/// result needs an allowance for a large error.
#[test]
fn the_error_is_small() {
    assert!(
        std::mem::size_of::<CommandError>() <= 64,
        "{}",
        std::mem::size_of::<CommandError>()
    );
}
