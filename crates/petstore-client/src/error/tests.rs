use super::*;
use crate::environment::Environment;

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
    assert_eq!(too_large.to_string(), "response larger than 8 MiB");
}

/// `Display` is for a log: one line with the kind and the facts as they came, never a next step
/// (each shell words those for a person, in the person's language).
#[test]
fn display_is_one_line_of_developer_text() {
    let retry_at = DateTime::from_timestamp(1_900_000_000, 0).unwrap();
    let limited = Error::RateLimited {
        retry_at,
        reason: WaitReason::RateLimited,
        server: None,
    };
    assert_eq!(
        limited.to_string(),
        "rate limited (RateLimited) until 2030-03-17 17:46:40 UTC"
    );
    let outcome = Error::OutcomeUnknown {
        reason: "the connection was lost".into(),
        why: OutcomeCause::ConnectionLost,
        server: None,
    };
    assert_eq!(
        outcome.to_string(),
        "outcome unknown: the connection was lost"
    );
    let refused = Error::Unauthorized(api(401, SANDBOX_401)).to_string();
    assert_eq!(
        refused,
        format!("unauthorized: HTTP 401 x: {SANDBOX_401:?}"),
        "the server's words whole, quoted"
    );
    let html = "<html><head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>";
    let proxy = Error::UnexpectedResponse {
        status: 502,
        snippet: html.into(),
    }
    .to_string();
    assert!(
        proxy.starts_with("unexpected response: HTTP 502: "),
        "{proxy}"
    );
    let missing = ConfigError::MissingApiKey {
        environment: Environment::Staging,
    };
    assert_eq!(missing.to_string(), "no API key for staging");
    // The sandbox's words have a next step of their own; ours add none.
    assert!(
        !refused.replace(SANDBOX_401, "").contains("Check "),
        "{refused}"
    );
    for text in [limited.to_string(), outcome.to_string(), proxy] {
        assert!(!text.contains('\n'), "one line: {text}");
        for step in ["Try again", "Check ", "List the pets", "PETSTORE_"] {
            assert!(!text.contains(step), "no next step: {text}");
        }
    }
}

/// The sandbox's 401 text: advice of its own, in parentheses.
const SANDBOX_401: &str = "The API key is not valid for this server. Check the key set for this environment (the sandbox accepts its demo key).";

fn api(status: u16, message: &str) -> ApiError {
    ApiError {
        status,
        code: "x".into(),
        message: message.into(),
    }
}

#[test]
fn readable_server_text_is_bounded_and_plain() {
    assert_eq!(readable_server_text("<html><title></title></html>"), None);
    assert_eq!(readable_server_text("   "), None);
    let long = "x".repeat(1000);
    let bounded = readable_server_text(&long).expect("text");
    assert_eq!(bounded.chars().count(), 160);
    assert!(bounded.ends_with('…'));
    assert_eq!(
        readable_server_text("categoryId must be 1 or more; got 0."),
        Some("categoryId must be 1 or more; got 0.".to_owned())
    );
}

/// The cases the UI's own trimming was tested with, now that the UI shows what this gives.
#[test]
fn server_words_are_one_plain_bounded_sentence_that_adds_something() {
    let sandbox_401 = "The API key is not valid for this server. Check the key set for this environment (the sandbox accepts its demo key).";
    assert_eq!(
        server_words(sandbox_401, Some("invalid_api_key")).as_deref(),
        Some("The API key is not valid for this server.")
    );
    let nginx_502 = "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>";
    assert_eq!(
        server_words(nginx_502, None).as_deref(),
        Some("502 Bad Gateway.")
    );
    assert_eq!(server_words("<html><body>down</body></html>", None), None);
    assert_eq!(
        server_words(
            "The service is unavailable right now (simulated outage). Try again shortly.",
            Some("service_unavailable")
        )
        .as_deref(),
        Some("The service is unavailable right now (simulated outage).")
    );
    for (message, plain) in [
        (
            "categoryId 42 does not exist",
            "categoryId 42 does not exist.",
        ),
        ("body is invalid", "body is invalid."),
        (
            "Proxy Authentication Required",
            "Proxy Authentication Required.",
        ),
        ("No pet has the id 99999.", "No pet has the id 99999."),
        (
            "categoryId must be 1 or more; got 0.",
            "categoryId must be 1 or more; got 0.",
        ),
    ] {
        assert_eq!(
            server_words(message, Some("invalid_field")).as_deref(),
            Some(plain)
        );
    }
    let long = server_words(&"x".repeat(2000), Some("not_found")).expect("words");
    assert!(long.chars().count() <= 161, "{long}");
    // Only the code again, or no word at all: nothing to add.
    assert_eq!(server_words("Gone", Some("gone")), None);
    assert_eq!(
        server_words("Internal Server Error", Some("internal_server_error")),
        None
    );
    assert_eq!(
        server_words("Service Unavailable", Some("service_unavailable")),
        None
    );
    assert_eq!(server_words("...", None), None);
    assert_eq!(
        server_words("Gone", Some("pet_gone")).as_deref(),
        Some("Gone.")
    );
}

#[test]
fn gateway_statuses_are_502_to_504() {
    assert!(!is_gateway_status(500));
    assert!(!is_gateway_status(501));
    assert!(is_gateway_status(502));
    assert!(is_gateway_status(503));
    assert!(is_gateway_status(504));
    assert!(!is_gateway_status(505));
    assert!(!is_gateway_status(429));
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
