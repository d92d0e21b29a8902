//! Bearer keys: reading `Authorization` and finding the key's plan.

use std::collections::HashMap;

use axum::http::{HeaderMap, header};

use crate::config::{KeySpec, Plan};
use crate::errors::ApiError;

/// The configured keys. A key listed twice keeps the plan listed last.
#[derive(Debug)]
pub(crate) struct KeyRing {
    plans: HashMap<String, Plan>,
}

impl KeyRing {
    pub fn new(keys: &[KeySpec]) -> Self {
        KeyRing {
            plans: keys
                .iter()
                .map(|spec| (spec.key.clone(), spec.plan))
                .collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.plans.len()
    }

    /// The key named by the request's bearer token and its plan.
    pub fn authenticate(&self, headers: &HeaderMap) -> Result<(String, Plan), ApiError> {
        let token = bearer_token(headers).map_err(|err| match err {
            BearerError::Missing => ApiError::MissingKey,
            BearerError::Malformed => ApiError::MalformedAuthorization,
        })?;
        self.plans
            .get_key_value(token)
            .map(|(key, plan)| (key.clone(), *plan))
            .ok_or(ApiError::UnknownKey)
    }
}

/// Why a request carries no usable bearer token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BearerError {
    /// No `Authorization` header, or `Bearer` with nothing after it.
    Missing,
    /// Several headers, another scheme, or a value that is not text.
    Malformed,
}

/// The token of the request's single `Authorization: Bearer <token>` header.
pub(crate) fn bearer_token(headers: &HeaderMap) -> Result<&str, BearerError> {
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let value = values.next().ok_or(BearerError::Missing)?;
    if values.next().is_some() {
        return Err(BearerError::Malformed);
    }
    let text = value.to_str().map_err(|_| BearerError::Malformed)?;
    // Servers trim trailing spaces from header values, so `Bearer ` arrives as `Bearer`.
    let (scheme, token) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
    // The scheme name is case-insensitive (RFC 9110 section 11.1).
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(BearerError::Malformed);
    }
    let token = token.trim();
    if token.is_empty() {
        return Err(BearerError::Missing);
    }
    Ok(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ring() -> KeyRing {
        KeyRing::new(&[
            KeySpec {
                key: "k1".into(),
                plan: Plan::Free,
            },
            KeySpec {
                key: "k1".into(),
                plan: Plan::Pro,
            },
        ])
    }

    fn with_auth(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn reads_bearer_keys() {
        assert_eq!(
            ring().authenticate(&with_auth("Bearer k1")).unwrap().1,
            Plan::Pro
        );
        assert_eq!(
            ring().authenticate(&with_auth("bearer k1")).unwrap().1,
            Plan::Pro
        );
        assert!(matches!(
            ring().authenticate(&HeaderMap::new()),
            Err(ApiError::MissingKey)
        ));
        assert!(matches!(
            ring().authenticate(&with_auth("Bearer ")),
            Err(ApiError::MissingKey)
        ));
        assert!(matches!(
            ring().authenticate(&with_auth("Basic azE6")),
            Err(ApiError::MalformedAuthorization)
        ));
        assert!(matches!(
            ring().authenticate(&with_auth("Bearer k2")),
            Err(ApiError::UnknownKey)
        ));
    }
}
