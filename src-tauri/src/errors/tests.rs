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
    assert_eq!(out.server_message, None, "only the code again");
    assert_eq!(out.server_text.as_deref(), Some("Service Unavailable"));
    assert!(out.gateway);
    let json = serde_json::to_value(&out).expect("json");
    assert_eq!(json["gateway"], true);

    let out = CommandError::from(Error::Unauthorized(ApiError {
        status: 401,
        code: "invalid_api_key".into(),
        message: "The API key is not valid for this server. Check the key set for this environment (the sandbox accepts its demo key).".into(),
    }));
    assert_eq!(
        out.server_message.as_deref(),
        Some("The API key is not valid for this server.")
    );
    assert!(!out.gateway);
    let json = serde_json::to_value(&out).expect("json");
    assert!(json.get("gateway").is_none(), "left out when false: {json}");

    let out = CommandError::from(Error::Server(ApiError {
        status: 500,
        code: "internal_server_error".into(),
        message: "Internal Server Error".into(),
    }));
    assert_eq!((out.server_message, out.gateway), (None, false));
    let out = CommandError::from(Error::UnexpectedResponse {
        status: 504,
        snippet: "upstream timed out".into(),
    });
    assert!(out.gateway);
    assert_eq!(out.server_message.as_deref(), Some("upstream timed out."));
    assert_eq!(out.server_text, None, "no Error body");
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
        (out.problem, out.size_limit),
        (Some(Problem::KeyTooLong), Some(ByteSize::of(2560)))
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
            "waitReason": null, "environment": null, "cause": null, "sizeLimit": null,
            "detail": null, "reason": null, "line": null, "column": null, "category": null,
            "network": null})
    );
    let problem = CommandError::problem(AppErrorKind::Keychain, Problem::KeychainLocked);
    assert_eq!(
        serde_json::to_value(&problem).expect("json")["problem"],
        "keychainLocked"
    );
}
