//! Every failure the API answers with, and how it becomes an Error body (`code`, `message`, `status`).

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The longest part of a value from outside that a message repeats.
pub(crate) const MAX_ECHOED_CHARS: usize = 100;

/// `text` for a message: whole, or its first [`MAX_ECHOED_CHARS`] characters and an ellipsis.
pub(crate) fn cut_short(text: &str) -> String {
    let mut cut: String = text.chars().take(MAX_ECHOED_CHARS).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

const EXAMPLE_BODY: &str = r#"{"name": "Rex", "categoryId": 1}"#;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("No API key was sent. Send it as the header `Authorization: Bearer <API_KEY>`.")]
    MissingKey,
    #[error(
        "The Authorization header is not a bearer token. Send the key as `Authorization: Bearer <API_KEY>`."
    )]
    MalformedAuthorization,
    #[error(
        "The API key is not valid for this server. Check the key set for this environment (the sandbox accepts its demo key)."
    )]
    UnknownKey,
    #[error(
        "Too many requests for this key's plan. Wait {retry_after} s (see Retry-After) before sending again."
    )]
    RateLimited { retry_after: u64 },
    #[error(
        "This API key is temporarily banned for ignoring Retry-After after a 429. Wait {retry_after} s before sending again, and always honour Retry-After."
    )]
    KeyBanned { retry_after: u64 },
    #[error("limit must be a whole number from 1 to 100; got \"{0}\". Leave it out to get 20.")]
    InvalidLimit(String),
    #[error("status must be one of available, pending, sold; got \"{0}\".")]
    InvalidStatus(String),
    #[error("after must be a pet id (a whole number); got \"{0}\".")]
    InvalidAfter(String),
    #[error(
        "The request body must be JSON sent with `Content-Type: application/json`; got {0}. Send for example {EXAMPLE_BODY}."
    )]
    NotJson(String),
    #[error("The request body is not valid JSON ({0}). Send for example {EXAMPLE_BODY}.")]
    MalformedJson(String),
    #[error(
        "The request body must be a JSON object with name and categoryId, for example {EXAMPLE_BODY}."
    )]
    NotAnObject,
    #[error("{field} is required: {hint}.")]
    MissingField {
        field: &'static str,
        hint: &'static str,
    },
    #[error("{field} {problem}.")]
    InvalidField {
        field: &'static str,
        problem: String,
    },
    #[error("The request body is larger than {0} bytes. Send a smaller body.")]
    BodyTooLarge(usize),
    #[error("No pet has id {0}. List pets to see which ids exist.")]
    PetNotFound(String),
    #[error(
        "There is nothing at {0}. This service answers GET and POST /v1/pets and GET /v1/pets/{{petId}}."
    )]
    NoSuchPath(String),
    #[error("{method} is not supported here; use {allow}.")]
    MethodNotAllowed { method: String, allow: String },
    #[error("The service is unavailable right now (simulated outage). Try again shortly.")]
    Unavailable,
    /// The pets file ([`crate::SandboxConfig::pets_file`]) could not be written: the pet was not
    /// added (nor its id given). The OS's words, which name a local path, stay out of the answer.
    #[error(
        "The sandbox could not write the pet to its file on this computer, so it was not added. Check that the app's data folder can be written to."
    )]
    NotKept,
    /// Refused before anything else, against DNS rebinding; the text says what the request named.
    #[error(
        "This sandbox answers only requests addressed to 127.0.0.1, localhost or [::1] (any port), or to the \
         address it listens on; this one had {0}. Send it to the base address the sandbox printed at start: \
         a name that merely resolves to this machine is refused, against DNS rebinding."
    )]
    MisdirectedRequest(String),
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::MissingKey | ApiError::MalformedAuthorization | ApiError::UnknownKey => {
                StatusCode::UNAUTHORIZED
            }
            ApiError::RateLimited { .. } | ApiError::KeyBanned { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::InvalidLimit(_)
            | ApiError::InvalidStatus(_)
            | ApiError::InvalidAfter(_)
            | ApiError::NotJson(_)
            | ApiError::MalformedJson(_)
            | ApiError::NotAnObject
            | ApiError::MissingField { .. }
            | ApiError::InvalidField { .. } => StatusCode::BAD_REQUEST,
            ApiError::BodyTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::PetNotFound(_) | ApiError::NoSuchPath(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::NotKept => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::MisdirectedRequest(_) => StatusCode::MISDIRECTED_REQUEST,
        }
    }

    /// The machine-readable `code` of the Error body.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::MissingKey => "missing_api_key",
            ApiError::MalformedAuthorization => "malformed_authorization",
            ApiError::UnknownKey => "invalid_api_key",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::KeyBanned { .. } => "key_banned",
            ApiError::InvalidLimit(_) => "invalid_limit",
            ApiError::InvalidStatus(_) => "invalid_status",
            ApiError::InvalidAfter(_) => "invalid_after",
            ApiError::NotJson(_) => "unsupported_content_type",
            ApiError::MalformedJson(_) | ApiError::NotAnObject => "invalid_json",
            ApiError::MissingField { .. } => "missing_field",
            ApiError::InvalidField { .. } => "invalid_field",
            ApiError::BodyTooLarge(_) => "payload_too_large",
            ApiError::PetNotFound(_) | ApiError::NoSuchPath(_) => "not_found",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::Unavailable => "service_unavailable",
            ApiError::NotKept => "not_stored",
            ApiError::MisdirectedRequest(_) => "misdirected_request",
        }
    }

    fn retry_after(&self) -> Option<u64> {
        match self {
            ApiError::RateLimited { retry_after } | ApiError::KeyBanned { retry_after } => {
                Some(*retry_after)
            }
            _ => None,
        }
    }
}

/// The Error body of the spec.
#[derive(Debug, Serialize)]
pub struct ErrorBody {
    pub code: &'static str,
    pub message: String,
    pub status: u16,
}

impl ErrorBody {
    /// The answer with this body, its status and, for a 401, the `WWW-Authenticate` challenge of
    /// `realm`.
    pub(crate) fn response(
        status: StatusCode,
        code: &'static str,
        message: String,
        realm: &'static str,
    ) -> Response {
        let body = ErrorBody {
            code,
            message,
            status: status.as_u16(),
        };
        let mut response = (status, Json(body)).into_response();
        if status == StatusCode::UNAUTHORIZED {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static(realm));
        }
        response
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut response = ErrorBody::response(
            status,
            self.code(),
            self.to_string(),
            "Bearer realm=\"petstore\"",
        );
        let headers = response.headers_mut();
        if let Some(seconds) = self.retry_after() {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        if let ApiError::MethodNotAllowed { allow, .. } = &self
            && let Ok(value) = HeaderValue::from_str(allow)
        {
            headers.insert(header::ALLOW, value);
        }
        response
    }
}
