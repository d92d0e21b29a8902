//! Turning an HTTP answer into a value or a typed error. The HTTP status decides the error type;
//! the body only adds the server's `code` and `message`.

use serde_json::Value;

use crate::error::{ApiError, Error};
use crate::model::{FieldError, Pet, json_type};

/// Longest body excerpt kept in an error.
pub(crate) const SNIPPET_CHARS: usize = 200;

/// What a non-2xx body said.
enum ErrorBody {
    Api(ApiError),
    NotJson(String),
}

/// Lenient reading of an Error body: missing or ill-typed fields fall back to the status's
/// reason; the HTTP status always wins over the body's `status`.
fn read_error_body(status: u16, body: &[u8]) -> ErrorBody {
    let fallback = ApiError::from_status(status);
    if body.iter().all(u8::is_ascii_whitespace) {
        return ErrorBody::Api(fallback);
    }
    match serde_json::from_slice::<Value>(body) {
        Err(_) => ErrorBody::NotJson(snippet(body)),
        Ok(Value::Object(map)) => {
            let text = |field: &str| {
                map.get(field)
                    .and_then(Value::as_str)
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| clean(s, SNIPPET_CHARS))
            };
            ErrorBody::Api(ApiError {
                status,
                code: text("code").unwrap_or(fallback.code),
                message: text("message").unwrap_or(fallback.message),
            })
        }
        Ok(_) => ErrorBody::Api(fallback),
    }
}

/// The server's Error body of a 429, when it sent one.
pub(crate) fn api_error(status: u16, body: &[u8]) -> Option<ApiError> {
    match read_error_body(status, body) {
        ErrorBody::Api(e) => Some(e),
        ErrorBody::NotJson(_) => None,
    }
}

/// The error for a non-2xx answer other than 429 (which the attempt loop handles).
pub(crate) fn failure(status: u16, headers: &http::HeaderMap, body: &[u8]) -> Error {
    if (300..400).contains(&status) {
        // Redirects are never followed (see `client::http_client`): say where it pointed.
        let location = headers
            .get(http::header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("nowhere");
        return Error::UnexpectedResponse {
            status,
            snippet: clean(
                &format!("redirect to {location} not followed"),
                SNIPPET_CHARS,
            ),
        };
    }
    let api = match read_error_body(status, body) {
        ErrorBody::NotJson(snippet) => return Error::UnexpectedResponse { status, snippet },
        ErrorBody::Api(api) => api,
    };
    match status {
        400 => Error::BadRequest(api),
        401 => Error::Unauthorized(api),
        404 => Error::NotFound(api),
        410 => Error::Gone(api),
        500..=599 => Error::Server(api),
        _ => Error::UnexpectedResponse {
            status,
            snippet: if body.is_empty() {
                api.message
            } else {
                snippet(body)
            },
        },
    }
}

/// A short, printable excerpt of a body: control characters dropped, whitespace collapsed.
pub(crate) fn snippet(body: &[u8]) -> String {
    clean(&String::from_utf8_lossy(body), SNIPPET_CHARS)
}

fn clean(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut pending_space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if c.is_control() {
            continue;
        }
        let needed = if pending_space { 2 } else { 1 };
        if count + needed > max_chars {
            break;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(c);
        count += needed;
    }
    out
}

fn parse_json(status: u16, body: &[u8]) -> Result<Value, Error> {
    serde_json::from_slice(body).map_err(|_| Error::UnexpectedResponse {
        status,
        snippet: snippet(body),
    })
}

fn decode_error(status: u16, prefix: &str, e: FieldError) -> Error {
    let path = match (prefix.is_empty(), e.field.is_empty()) {
        (_, true) => prefix.to_owned(),
        (true, false) => e.field.to_owned(),
        (false, false) => format!("{prefix}.{}", e.field),
    };
    Error::Decode {
        status,
        path,
        message: e.message,
    }
}

/// A `Pets` body: an array of Pet. One bad required field fails the list, naming it
/// (`[3].categoryId`); unknown fields and status values never do.
pub(crate) fn pets(status: u16, body: &[u8]) -> Result<Vec<Pet>, Error> {
    match serde_json::from_slice(body) {
        Ok(pets) => Ok(pets),
        Err(fast) => Err(explain_pets(status, body, &fast)),
    }
}

/// Re-reads a body the fast path refused, to say which field is wrong.
fn explain_pets(status: u16, body: &[u8], fast: &serde_json::Error) -> Error {
    match pets_slowly(status, body) {
        Err(error) => error,
        Ok(_) => Error::Decode {
            status,
            path: String::new(),
            message: fast.to_string(),
        },
    }
}

fn pets_slowly(status: u16, body: &[u8]) -> Result<Vec<Pet>, Error> {
    let items = match parse_json(status, body)? {
        Value::Array(items) => items,
        other => {
            return Err(Error::Decode {
                status,
                path: String::new(),
                message: format!("expected an array of pets, found {}", json_type(&other)),
            });
        }
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            Pet::from_json(item).map_err(|e| decode_error(status, &format!("[{i}]"), e))
        })
        .collect()
}

/// A `Pet` body.
pub(crate) fn pet(status: u16, body: &[u8]) -> Result<Pet, Error> {
    match serde_json::from_slice(body) {
        Ok(pet) => Ok(pet),
        Err(fast) => match parse_json(status, body)
            .and_then(|v| Pet::from_json(v).map_err(|e| decode_error(status, "", e)))
        {
            Err(error) => Err(error),
            Ok(_) => Err(Error::Decode {
                status,
                path: String::new(),
                message: fast.to_string(),
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PetStatus;

    #[test]
    fn unknown_fields_and_statuses_are_kept_and_big_ids_exact() {
        let body = br#"[{"id":9007199254740993,"name":"Rex","categoryId":-2,"status":"adopted","tags":["a"]},
                        {"id":1,"name":"Tom","categoryId":1}]"#;
        let list = pets(200, body).unwrap();
        assert_eq!(list[0].id, 9_007_199_254_740_993);
        assert_eq!(list[0].status, Some(PetStatus::Other("adopted".into())));
        assert_eq!(list[0].extra["tags"], serde_json::json!(["a"]));
        assert_eq!(list[1].status, None);
        let back = serde_json::to_value(&list[0]).unwrap();
        assert_eq!(back["tags"], serde_json::json!(["a"]));
        assert_eq!(back["status"], "adopted");
        assert_eq!(back["categoryId"], -2);
    }

    #[test]
    fn the_fast_path_reads_what_the_naming_path_reads() {
        let body = br#"[{"status":null,"id":-1,"extra":{"a":[1,2]},"name":"x\u00e9","categoryId":0},
                        {"id":2,"name":"b","categoryId":3,"status":true},{"name":"c","categoryId":4,"id":5,"status":"sold"},
                        {"id":6,"name":"d","categoryId":1,"status":7},{"id":7,"name":"e","categoryId":1,"status":-1.5},
                        {"id":8,"name":"f","categoryId":1,"status":[1,"x"]},{"id":9,"name":"g","categoryId":1,"status":{"k":1}},
                        {"id":10,"name":"h","categoryId":1,"status":"av\u0061ilable"}]"#;
        let fast: Vec<Pet> = serde_json::from_slice(body).unwrap();
        assert_eq!(fast, pets_slowly(200, body).unwrap());
        assert_eq!(fast[1].status, Some(PetStatus::Other("true".into())));
        assert_eq!(fast[0].name, "x\u{e9}");
        assert_eq!(fast[3].status, Some(PetStatus::Other("7".into())));
        assert_eq!(fast[5].status, Some(PetStatus::Other("[1,\"x\"]".into())));
        assert_eq!(
            fast[7].status,
            Some(PetStatus::Available),
            "escapes are read"
        );
    }

    #[test]
    fn a_bad_required_field_is_named() {
        let body = br#"[{"id":1,"name":"a","categoryId":1},{"id":2,"name":"b","categoryId":"x"}]"#;
        match pets(200, body) {
            Err(Error::Decode {
                status,
                path,
                message,
            }) => {
                assert_eq!((status, path.as_str()), (200, "[1].categoryId"));
                assert!(message.contains("int64"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert!(
            matches!(pets(200, br#"[{"name":"a","categoryId":1}]"#), Err(Error::Decode { path, .. }) if path == "[0].id")
        );
        assert!(
            matches!(pets(200, br#"[{"id":1.5,"name":"a","categoryId":1}]"#), Err(Error::Decode { path, .. }) if path == "[0].id")
        );
        assert!(matches!(pets(200, br#"[7]"#), Err(Error::Decode { path, .. }) if path == "[0]"));
        assert!(
            matches!(pets(200, br#"{"pets":[]}"#), Err(Error::Decode { path, .. }) if path.is_empty())
        );
        assert!(
            matches!(pet(201, br#"{"id":1,"categoryId":1}"#), Err(Error::Decode { path, .. }) if path == "name")
        );
    }

    #[test]
    fn the_status_decides_and_the_body_is_read_leniently() {
        let h = http::HeaderMap::new();
        match failure(
            404,
            &h,
            br#"{"code":"pet_not_found","message":"No pet 7","status":200}"#,
        ) {
            Error::NotFound(e) => assert_eq!(
                e,
                ApiError {
                    status: 404,
                    code: "pet_not_found".into(),
                    message: "No pet 7".into()
                }
            ),
            other => panic!("{other:?}"),
        }
        match failure(400, &h, br#"{"message":42}"#) {
            Error::BadRequest(e) => assert_eq!(
                (e.code.as_str(), e.message.as_str()),
                ("bad_request", "Bad Request")
            ),
            other => panic!("{other:?}"),
        }
        assert!(
            matches!(failure(401, &h, b""), Error::Unauthorized(e) if e.message == "Unauthorized")
        );
        assert!(matches!(failure(410, &h, b"[]"), Error::Gone(_)));
        assert!(matches!(failure(503, &h, b""), Error::Server(e) if e.status == 503));
        assert!(matches!(
            failure(418, &h, b"{}"),
            Error::UnexpectedResponse { status: 418, .. }
        ));
    }

    #[test]
    fn non_json_bodies_become_a_short_clean_snippet() {
        let html = format!(
            "<html>\r\n<body>\u{7}Bad   gateway {}</body></html>",
            "x".repeat(500)
        );
        match failure(502, &http::HeaderMap::new(), html.as_bytes()) {
            Error::UnexpectedResponse { status, snippet } => {
                assert_eq!(status, 502);
                assert!(
                    snippet.starts_with("<html> <body>Bad gateway x"),
                    "{snippet}"
                );
                assert!(snippet.chars().count() <= SNIPPET_CHARS);
                assert!(!snippet.chars().any(char::is_control));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_redirect_names_its_target() {
        let mut h = http::HeaderMap::new();
        h.insert(
            http::header::LOCATION,
            http::HeaderValue::from_static("https://elsewhere.example/v1/pets"),
        );
        match failure(302, &h, b"") {
            Error::UnexpectedResponse { snippet, .. } => {
                assert!(snippet.contains("elsewhere.example"), "{snippet}")
            }
            other => panic!("{other:?}"),
        }
    }
}
