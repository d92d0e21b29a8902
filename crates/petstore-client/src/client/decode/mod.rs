//! Turning an HTTP answer into a value or a typed error. The HTTP status decides the error type;
//! the body only adds the server's `code` and `message`.

use serde_json::Value;

mod pets;
#[cfg(test)]
mod props;
#[cfg(test)]
mod tests;

use crate::error::{ApiError, Error};
use crate::model::{FieldError, Pet};

pub(crate) use pets::pets;
#[cfg(feature = "fuzzing")]
pub(crate) use pets::pets_slowly;

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
                // Cleaned first: a value of nothing but control characters is no value.
                map.get(field)
                    .and_then(Value::as_str)
                    .map(|s| clean(s, SNIPPET_CHARS))
                    .filter(|s| !s.is_empty())
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
        return Error::UnexpectedResponse {
            status,
            snippet: redirect_text(headers),
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

/// "redirect to <Location> not followed", short and printable. Redirects are never followed
/// (see `client::http_client`): this says where it pointed.
pub(crate) fn redirect_text(headers: &http::HeaderMap) -> String {
    let location = headers
        .get(http::header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("nowhere");
    clean(
        &format!("redirect to {location} not followed"),
        SNIPPET_CHARS,
    )
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
