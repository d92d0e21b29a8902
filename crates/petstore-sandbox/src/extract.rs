//! Request extractors whose every refusal is an [`ApiError`], so none of axum's plain-text rejections leak.

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, FailedToBufferBody};
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::{HeaderMap, header, request::Parts};
use serde_json::{Map, Value};

use crate::errors::{ApiError, cut_short};

/// Largest body accepted: a name of 1000 characters fits many times over.
pub(crate) const MAX_BODY_BYTES: usize = 64 * 1024;
pub(crate) const MAX_NAME_CHARS: usize = 1000;
pub(crate) const STATUSES: [&str; 3] = ["available", "pending", "sold"];
const DEFAULT_LIMIT: usize = 20;

/// Query of `GET /pets`: `limit`, `status`, and the sandbox's paging extra `after`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ListQuery {
    pub limit: usize,
    pub status: Option<String>,
    pub after: Option<i64>,
}

impl ListQuery {
    fn parse(query: &str) -> Result<Self, ApiError> {
        let (mut limit, mut status, mut after) = (None, None, None);
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            // The first occurrence of a parameter counts; unknown parameters are ignored.
            match name.as_ref() {
                "limit" if limit.is_none() => limit = Some(value.into_owned()),
                "status" if status.is_none() => status = Some(value.into_owned()),
                "after" if after.is_none() => after = Some(value.into_owned()),
                _ => {}
            }
        }
        let limit = match limit {
            None => DEFAULT_LIMIT,
            Some(text) => match text.parse::<usize>() {
                Ok(n) if (1..=100).contains(&n) => n,
                _ => return Err(ApiError::InvalidLimit(text)),
            },
        };
        if let Some(text) = &status
            && !STATUSES.contains(&text.as_str())
        {
            return Err(ApiError::InvalidStatus(text.clone()));
        }
        let after = match after {
            None => None,
            Some(text) => Some(
                text.parse::<i64>()
                    .map_err(|_| ApiError::InvalidAfter(text))?,
            ),
        };
        Ok(ListQuery {
            limit,
            status,
            after,
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ListQuery {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        ListQuery::parse(parts.uri.query().unwrap_or(""))
    }
}

/// The `{petId}` path segment. A segment that is not an int64 names no pet, so it is a 404.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PetId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for PetId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::NoSuchPath(parts.uri.path().to_owned()))?;
        raw.parse()
            .map(PetId)
            .map_err(|_| ApiError::PetNotFound(raw))
    }
}

/// A validated NewPet body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NewPet {
    pub name: String,
    pub category_id: i64,
    pub status: String,
}

impl<S: Send + Sync> FromRequest<S> for NewPet {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        check_json_content_type(req.headers())?;
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|rejection| match rejection {
                BytesRejection::FailedToBufferBody(FailedToBufferBody::LengthLimitError(_)) => {
                    ApiError::BodyTooLarge(MAX_BODY_BYTES)
                }
                other => ApiError::MalformedJson(other.body_text()),
            })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(ApiError::MalformedJson("the body is empty".into()));
        }
        let value: Value = serde_json::from_slice(&bytes)
            .map_err(|err| ApiError::MalformedJson(err.to_string()))?;
        let Value::Object(fields) = value else {
            return Err(ApiError::NotAnObject);
        };
        validate(&fields)
    }
}

fn check_json_content_type(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(value) = headers.get(header::CONTENT_TYPE) else {
        return Err(ApiError::NotJson("no Content-Type".into()));
    };
    let text = value.to_str().unwrap_or("");
    let essence = text
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    if essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
    {
        Ok(())
    } else {
        Err(ApiError::NotJson(format!(
            "Content-Type `{}`",
            text.chars().take(100).collect::<String>()
        )))
    }
}

fn validate(fields: &Map<String, Value>) -> Result<NewPet, ApiError> {
    let name = match fields.get("name") {
        None => {
            return Err(ApiError::MissingField {
                field: "name",
                hint: "give the pet a name of 1 to 1000 characters",
            });
        }
        Some(Value::String(name)) if is_blank(name) => {
            return Err(invalid("name", "must not be empty or only spaces".into()));
        }
        Some(Value::String(name)) => {
            let length = name.chars().count();
            if length > MAX_NAME_CHARS {
                return Err(invalid(
                    "name",
                    format!("is {length} characters long; the most allowed is {MAX_NAME_CHARS}"),
                ));
            }
            name.clone()
        }
        Some(other) => {
            return Err(invalid(
                "name",
                format!("must be a string; got {}", given(other)),
            ));
        }
    };

    let category_id = match fields.get("categoryId") {
        None => {
            return Err(ApiError::MissingField {
                field: "categoryId",
                hint: "give the id of the pet's category, a whole number of 1 or more",
            });
        }
        // Only integer literals: OpenAPI 3.0 (JSON Schema draft 4) does not count 1.0 as an integer.
        Some(Value::Number(number)) => match number.as_i64() {
            Some(id) if id >= 1 => id,
            Some(id) => {
                return Err(invalid(
                    "categoryId",
                    format!("must be 1 or more; got {id}"),
                ));
            }
            None => {
                return Err(invalid(
                    "categoryId",
                    format!(
                        "must be a whole number from 1 to {}; got {number}",
                        i64::MAX
                    ),
                ));
            }
        },
        Some(other) => {
            return Err(invalid(
                "categoryId",
                format!("must be a whole number; got {}", given(other)),
            ));
        }
    };

    let status = match fields.get("status") {
        None => "available".to_owned(),
        Some(Value::String(status)) if STATUSES.contains(&status.as_str()) => status.clone(),
        Some(other) => {
            return Err(invalid(
                "status",
                format!(
                    "must be one of available, pending, sold, or left out; got {}",
                    given(other)
                ),
            ));
        }
    };

    Ok(NewPet {
        name,
        category_id,
        status,
    })
}

/// A name of only white space is blank. The information separators U+001C..U+001F count as space too:
/// regex dialects disagree about them (Python's `\s` includes them, Rust's and JavaScript's do not), so
/// the OpenAPI document's pattern names them explicitly and this agrees with it.
fn is_blank(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c))
}

fn invalid(field: &'static str, problem: String) -> ApiError {
    ApiError::InvalidField { field, problem }
}

/// What a field was given, for its message: the JSON as sent (`42`, `"7"`, `[1]`), cut short.
fn given(value: &Value) -> String {
    cut_short(&value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::MAX_ECHOED_CHARS;
    use serde_json::json;

    #[test]
    fn a_wrong_value_is_repeated_as_sent_and_cut_short() {
        assert_eq!(given(&json!("7")), "\"7\"");
        assert_eq!(given(&json!(4.5)), "4.5");
        assert_eq!(given(&json!(null)), "null");
        let long = given(&json!(vec![1; 1000]));
        assert_eq!(long.chars().count(), MAX_ECHOED_CHARS + 1, "{long}");
        assert!(long.starts_with("[1,1,") && long.ends_with('…'), "{long}");
        let refused = check(json!({"name": "Rex", "categoryId": "7"})).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "categoryId must be a whole number; got \"7\"."
        );
    }

    fn check(body: Value) -> Result<NewPet, ApiError> {
        match body {
            Value::Object(fields) => validate(&fields),
            _ => Err(ApiError::NotAnObject),
        }
    }

    #[test]
    fn list_query_defaults_and_bounds() {
        assert_eq!(
            ListQuery::parse("").unwrap(),
            ListQuery {
                limit: 20,
                status: None,
                after: None
            }
        );
        assert_eq!(
            ListQuery::parse("limit=100&status=sold&after=7&x=1")
                .unwrap()
                .after,
            Some(7)
        );
        for bad in [
            "limit=0",
            "limit=101",
            "limit=abc",
            "limit=",
            "limit=-1",
            "limit=1.5",
        ] {
            assert!(
                matches!(ListQuery::parse(bad), Err(ApiError::InvalidLimit(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            ListQuery::parse("status=Sold"),
            Err(ApiError::InvalidStatus(_))
        ));
        assert!(matches!(
            ListQuery::parse("after=x"),
            Err(ApiError::InvalidAfter(_))
        ));
    }

    #[test]
    fn new_pet_rules() {
        let ok = check(json!({"name": "Rex", "categoryId": 2})).unwrap();
        assert_eq!((ok.category_id, ok.status.as_str()), (2, "available"));
        let errors = [
            json!({"categoryId": 1}),
            json!({"name": "  ", "categoryId": 1}),
            json!({"name": "x".repeat(1001), "categoryId": 1}),
            json!({"name": 5, "categoryId": 1}),
            json!({"name": "Rex"}),
            json!({"name": "Rex", "categoryId": 0}),
            json!({"name": "Rex", "categoryId": "1"}),
            json!({"name": "Rex", "categoryId": 1.5}),
            json!({"name": "Rex", "categoryId": 2.0}),
            json!({"name": "\u{1c}", "categoryId": 1}),
            json!({"name": "Rex", "categoryId": 1e19}),
            json!({"name": "Rex", "categoryId": 1, "status": "lost"}),
            json!({"name": "Rex", "categoryId": 1, "status": null}),
        ];
        for body in errors {
            assert!(check(body.clone()).is_err(), "{body}");
        }
        assert!(check(json!({"name": "é".repeat(1000), "categoryId": 1})).is_ok());
    }
}
