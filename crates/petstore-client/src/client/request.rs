//! One attempt on the wire: the authorization header, the attempt's timeout, the request itself,
//! its answer read within the caps, and what a transport failure means for retrying.

use std::time::{Duration, Instant};

use bytes::Bytes;
use http::HeaderValue;

use super::PetstoreClient;
use super::body::{self, BodyError};
use super::policy::{Answered, Body, Outcome};
use super::send::Call;
use super::trace::Trace;
use crate::error::{ConfigError, Error, NetworkCause};
use crate::limits;
use crate::ratelimit::{Observation, Permit, RateLimitSnapshot, parse_retry_after};
use crate::retry::TransportFailure;

impl PetstoreClient {
    /// `Bearer <key>` from the client's one buffer (`auth_header`), marked sensitive so it never
    /// shows in reqwest's or hyper's output.
    pub(super) fn authorization(&self) -> Result<HeaderValue, Error> {
        let header = self
            .shared
            .authorization
            .as_ref()
            .ok_or(ConfigError::MissingApiKey {
                environment: self.shared.environment,
            })?;
        // ApiKey only holds visible ASCII, so this cannot fail for a key that exists.
        Ok(header.value().ok_or(crate::error::InvalidInput::ApiKey)?)
    }

    /// The request timeout, shortened to what is left before the deadline.
    pub(super) fn attempt_timeout(&self) -> Result<Duration, Error> {
        let configured = self.shared.request_timeout;
        let Some(deadline) = self.deadline else {
            return Ok(configured);
        };
        let left = (deadline - self.shared.clock.now())
            .to_std()
            .unwrap_or(Duration::ZERO);
        if left.is_zero() {
            return Err(Error::Timeout);
        }
        Ok(left.min(configured))
    }

    pub(super) async fn send_once(
        &self,
        call: &Call,
        auth: &HeaderValue,
        timeout: Duration,
    ) -> Result<reqwest::Response, reqwest::Error> {
        let mut request = self
            .shared
            .http
            .request(call.method.clone(), call.url.clone())
            .header(http::header::AUTHORIZATION, auth.clone())
            .header(http::header::ACCEPT, "application/json")
            .timeout(timeout);
        if let Some(body) = &call.body {
            request = request
                .header(http::header::CONTENT_TYPE, "application/json")
                .body(body.clone());
        }
        request.send().await
    }

    /// Sends `call` once under `permit`, tells the governor what came back, and reads the body
    /// within its cap, logging the attempt. `Err` only when the deadline passed before sending.
    pub(super) async fn send_and_read(
        &self,
        call: &Call,
        auth: &HeaderValue,
        permit: Permit,
        trace: &Trace,
    ) -> Result<Outcome, Error> {
        let timeout = self.attempt_timeout()?;
        let started = Instant::now();
        let mut response = match self.send_once(call, auth, timeout).await {
            Ok(response) => response,
            Err(e) => {
                // No answer read: let the next waiting request go.
                drop(permit);
                return Ok(failed(e, trace, started, self.shared.proxy_credentials));
            }
        };
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let now = self.shared.clock.now();
        let snapshot = RateLimitSnapshot::from_headers(&headers, now);
        let resume = permit.finish(Observation {
            status,
            snapshot: snapshot.clone(),
            retry_after: parse_retry_after(&headers, now),
        });
        let body = match body::read_bounded(&mut response, limits::body_cap(status)).await {
            Ok(body) => {
                trace.answered(status, started, body.len());
                Body::Read(body)
            }
            Err(BodyError::TooLarge { limit_bytes }) => {
                trace.too_large(status, started, limit_bytes);
                Body::TooLarge { limit_bytes }
            }
            // Only a success's body is the answer; an error's only explains it, and the status
            // says enough without it.
            Err(BodyError::Transport(e)) if !(200..300).contains(&status) => {
                trace.answered(status, started, 0);
                log::debug!(target: super::LOG_TARGET, "the body of the HTTP {status} answer was lost: {}", root_cause(&e));
                Body::Read(Bytes::new())
            }
            Err(BodyError::Transport(e)) => {
                return Ok(failed(e, trace, started, self.shared.proxy_credentials));
            }
        };
        Ok(Outcome::Answered(Answered {
            status,
            headers,
            body,
            snapshot,
            resume,
        }))
    }
}

/// A transport failure, logged, as the policy sees it.
fn failed(e: reqwest::Error, trace: &Trace, started: Instant, proxy_credentials: bool) -> Outcome {
    let (failure, error) = transport_failure(e, proxy_credentials);
    trace.failed(started, failure.text());
    Outcome::Failed { failure, error }
}

/// A reqwest failure as the retry rules see it, and as the caller will if it is final.
pub(super) fn transport_failure(
    e: reqwest::Error,
    proxy_credentials: bool,
) -> (TransportFailure, Error) {
    let failure = if e.is_connect() {
        // The connection was never made (refused, DNS, TLS): the request never left.
        TransportFailure::NeverSent
    } else if e.is_timeout() {
        TransportFailure::Timeout
    } else {
        TransportFailure::ConnectionLost
    };
    let error = if e.is_timeout() {
        Error::Timeout
    } else {
        Error::Network {
            cause: NetworkCause::classify(&e, proxy_credentials),
            source: e,
            // Looked for once the request has failed for good (`send.rs`).
            auto_config: None,
        }
    };
    (failure, error)
}

/// The innermost cause ("Connection reset by peer (os error 104)"), for the debug log only; a
/// person is told the [`NetworkCause`] instead.
fn root_cause(e: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = e;
    while let Some(inner) = cause.source() {
        cause = inner;
    }
    cause.to_string()
}
