//! Asking an address whether it speaks this interface before any key is given to it: Settings'
//! "Test the address" for an address typed but not saved. No key goes with it, so it can be
//! asked of any server; one request, not paced by a key's governor and not recorded as a key's
//! use (it spends no key's quota).

use super::PetstoreClient;
use super::body::{self, BodyError};
use super::decode;
use super::request::transport_failure;
use crate::error::Error;
use crate::limits;

/// What an address said to `GET /pets?limit=1` sent without a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeylessAnswer {
    /// 401 with the spec's Error body (`code` and `message`): it answers and speaks this
    /// interface; a key is what it asks for.
    KeyAsked,
    /// 200 with a Pets body: it answers and speaks this interface, even without a key.
    Open,
    /// It answered, but not as this interface does (a web page, a 404, other JSON): `status` is
    /// what it answered.
    NotThisInterface { status: u16 },
}

impl PetstoreClient {
    /// `GET /pets?limit=1` without the Authorization header. `Err` only when no answer came
    /// (the network's cause, or a timeout); any answer is one of [`KeylessAnswer`].
    pub async fn probe_without_key(&self) -> Result<KeylessAnswer, Error> {
        let mut url = self.shared.base_url.join("pets");
        url.query_pairs_mut().append_pair("limit", "1");
        let timeout = self.attempt_timeout()?;
        let sent = self
            .shared
            .http
            .get(url)
            .header(http::header::ACCEPT, "application/json")
            .timeout(timeout)
            .send()
            .await;
        let mut response = match sent {
            Ok(response) => response,
            Err(e) => return Err(transport_failure(e, self.shared.proxy_credentials).1),
        };
        let status = response.status().as_u16();
        let body = match body::read_bounded(&mut response, limits::body_cap(status)).await {
            Ok(body) => body,
            // Larger than any answer of this interface to one pet: not it.
            Err(BodyError::TooLarge { .. }) => {
                return Ok(KeylessAnswer::NotThisInterface { status });
            }
            Err(BodyError::Transport(e)) => {
                return Err(transport_failure(e, self.shared.proxy_credentials).1);
            }
        };
        log::info!(target: super::LOG_TARGET, "keyless probe of {}: HTTP {status}", self.shared.base_url.as_str());
        Ok(classify(status, &body))
    }
}

/// The answer's meaning, from its status and body alone.
fn classify(status: u16, body: &[u8]) -> KeylessAnswer {
    match status {
        401 if is_error_body(body) => KeylessAnswer::KeyAsked,
        200 if decode::pets(status, body, 1).is_ok() => KeylessAnswer::Open,
        _ => KeylessAnswer::NotThisInterface { status },
    }
}

/// The spec's Error body: an object with a string `code` and `message`, and `status`, when
/// present, a number (the HTTP status wins where they differ, as everywhere).
fn is_error_body(body: &[u8]) -> bool {
    let Ok(serde_json::Value::Object(map)) = serde_json::from_slice::<serde_json::Value>(body)
    else {
        return false;
    };
    let text = |field: &str| map.get(field).is_some_and(serde_json::Value::is_string);
    text("code") && text("message") && map.get("status").is_none_or(serde_json::Value::is_number)
}

#[cfg(test)]
mod tests {
    use super::{KeylessAnswer, classify};

    #[test]
    fn only_the_specs_answers_prove_the_interface() {
        let error =
            br#"{"code":"unauthorized","message":"Missing or invalid API key.","status":401}"#;
        assert_eq!(classify(401, error), KeylessAnswer::KeyAsked);
        assert_eq!(classify(200, b"[]"), KeylessAnswer::Open);
        assert_eq!(
            classify(200, br#"[{"id":1,"name":"Rex","categoryId":2}]"#),
            KeylessAnswer::Open
        );
        // A login page, a bare 401, another service's JSON, a 404: answers, but not this interface.
        for (status, body) in [
            (401, &b"<html>Sign in</html>"[..]),
            (401, b""),
            (401, br#"{"error":"unauthorized"}"#),
            (200, b"<!doctype html><title>Welcome</title>"),
            (200, br#"{"pets":[]}"#),
            (
                404,
                br#"{"code":"not_found","message":"No route.","status":404}"#,
            ),
        ] {
            assert_eq!(
                classify(status, body),
                KeylessAnswer::NotThisInterface { status },
                "{status} {}",
                String::from_utf8_lossy(body)
            );
        }
    }
}
