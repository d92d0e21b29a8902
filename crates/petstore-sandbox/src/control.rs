//! Who may use the `/_sandbox` control routes: nobody unless the sandbox was started with them on, and
//! then only a client that shows the random token the sandbox made at start (the binary prints it), so a
//! web page or another user on this machine cannot switch faults on behind a demo's back.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use subtle::ConstantTimeEq;

use crate::auth::{BearerError, bearer_token};
use crate::errors::ErrorBody;

/// Random bytes in a token: 256 bits, far beyond guessing.
const TOKEN_BYTES: usize = 32;

/// The control token of one sandbox run, as lowercase hex.
pub(crate) struct ControlToken(String);

impl std::fmt::Debug for ControlToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ControlToken(<redacted>)")
    }
}

impl ControlToken {
    /// A new token from the operating system's random source.
    pub fn generate() -> std::io::Result<Self> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes).map_err(|err| {
            std::io::Error::other(format!("cannot make a fault-control token: {err}"))
        })?;
        Ok(ControlToken(
            bytes.iter().map(|byte| format!("{byte:02x}")).collect(),
        ))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Compared in constant time, so response timing does not tell how much of a guess was right.
    fn is(&self, offered: &str) -> bool {
        self.0.as_bytes().ct_eq(offered.as_bytes()).into()
    }
}

/// Every refusal of the control routes, as an Error body.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ControlError {
    #[error(
        "The fault-control route is off. Start the sandbox with --faults; it then prints a control token \
         to send as `Authorization: Bearer <control token>`."
    )]
    Off,
    #[error(
        "The fault-control route needs the control token the sandbox printed at start. Send it as \
         `Authorization: Bearer <control token>`."
    )]
    MissingToken,
    #[error(
        "The Authorization header is not a bearer token. Send the control token the sandbox printed at \
         start as `Authorization: Bearer <control token>`."
    )]
    MalformedAuthorization,
    #[error(
        "That is not this sandbox's control token (a new one is made at every start). Send the one it \
         printed at start as `Authorization: Bearer <control token>`."
    )]
    WrongToken,
    #[error("{0}")]
    InvalidFaults(String),
}

impl ControlError {
    fn status(&self) -> StatusCode {
        match self {
            ControlError::Off => StatusCode::NOT_FOUND,
            ControlError::MissingToken
            | ControlError::MalformedAuthorization
            | ControlError::WrongToken => StatusCode::UNAUTHORIZED,
            ControlError::InvalidFaults(_) => StatusCode::BAD_REQUEST,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ControlError::Off => "fault_control_off",
            ControlError::MissingToken => "missing_control_token",
            ControlError::MalformedAuthorization => "malformed_authorization",
            ControlError::WrongToken => "invalid_control_token",
            ControlError::InvalidFaults(_) => "invalid_faults",
        }
    }
}

impl IntoResponse for ControlError {
    fn into_response(self) -> Response {
        ErrorBody::response(
            self.status(),
            self.code(),
            self.to_string(),
            "Bearer realm=\"petstore-sandbox-control\"",
        )
    }
}

/// Lets a control request through only with `Authorization: Bearer <control token>`.
pub(crate) async fn require_token(
    State(token): State<Arc<ControlToken>>,
    req: Request,
    next: Next,
) -> Response {
    let refusal = match bearer_token(req.headers()) {
        Ok(offered) if token.is(offered) => return next.run(req).await,
        Ok(_) => ControlError::WrongToken,
        Err(BearerError::Missing) => ControlError::MissingToken,
        Err(BearerError::Malformed) => ControlError::MalformedAuthorization,
    };
    refusal.into_response()
}

/// What the control route answers, whatever the method, when the sandbox was started without it.
pub(crate) async fn off() -> ControlError {
    ControlError::Off
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_hex_and_compare_whole() {
        let one = ControlToken::generate().unwrap();
        let two = ControlToken::generate().unwrap();
        assert_eq!(one.as_str().len(), 2 * TOKEN_BYTES);
        assert!(one.as_str().bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(one.as_str(), two.as_str());
        assert!(one.is(one.as_str()));
        assert!(!one.is(two.as_str()));
        assert!(!one.is(&one.as_str()[..TOKEN_BYTES]));
        assert!(!one.is(""));
        assert!(!format!("{one:?}").contains(one.as_str()));
    }
}
