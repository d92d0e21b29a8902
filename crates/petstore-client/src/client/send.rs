//! The attempt loop: every attempt goes through the governor; 429s, 5xx and transport failures
//! are retried only where that is safe (a create is never sent twice unless it provably never
//! left or was answered 429).

use std::time::Duration;

use bytes::Bytes;
use chrono::{DateTime, Utc};
use http::{HeaderMap, HeaderValue, Method};
use url::Url;
use zeroize::Zeroizing;

use super::{PetstoreClient, decode};
use crate::error::{ApiError, ConfigError, Error};
use crate::events::WaitReason;
use crate::ratelimit::{Observation, RateLimitSnapshot, parse_retry_after};
use crate::retry::{self, RetryDecision, TransportFailure};

/// One request, possibly sent several times.
pub(super) struct Call {
    method: Method,
    url: Url,
    body: Option<Vec<u8>>,
    idempotent: bool,
}

impl Call {
    pub(super) fn get(url: Url) -> Call {
        Call {
            method: Method::GET,
            url,
            body: None,
            idempotent: true,
        }
    }

    pub(super) fn post(url: Url, body: Vec<u8>) -> Call {
        Call {
            method: Method::POST,
            url,
            body: Some(body),
            idempotent: false,
        }
    }
}

/// A 2xx answer, read whole.
pub(super) struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    /// As reqwest collected it: shared, not copied.
    pub body: Bytes,
    /// The URL that answered (for resolving relative links).
    pub url: Url,
    pub snapshot: Option<RateLimitSnapshot>,
}

/// How one attempt ended, before deciding what to do about it.
enum Outcome {
    Answered {
        status: u16,
        headers: HeaderMap,
        body: Bytes,
        snapshot: Option<RateLimitSnapshot>,
        resume: Option<DateTime<Utc>>,
    },
    Failed(TransportFailure, Error),
}

impl PetstoreClient {
    /// Lets later runs honour a wait this one learnt: a 429's, or an exhausted quota's (see
    /// [`crate::ratelimit::WaitMemory`]).
    fn remember_wait(&self, until: DateTime<Utc>) {
        let shared = &self.shared;
        if let (Some(memory), Some(key)) = (&shared.wait_memory, &shared.api_key) {
            memory.remember(shared.base_url.as_str(), key, until, shared.clock.now());
        }
    }

    pub(super) async fn execute(&self, call: Call) -> Result<Answer, Error> {
        let auth = self.authorization()?;
        let shared = &self.shared;
        let policy = &shared.retry;
        let max_attempts = policy.max_attempts.max(1);
        let mut last_server_error: Option<ApiError> = None;
        let mut attempt = 1;
        loop {
            let permit = shared
                .governor
                .acquire(self.deadline)
                .await
                .map_err(|limited| {
                    // A quota spent or a 429 wait too long for this call: the next run must
                    // not send before it either.
                    self.remember_wait(limited.retry_at);
                    Error::RateLimited {
                        retry_at: limited.retry_at,
                        reason: limited.reason,
                        server: last_server_error.clone(),
                    }
                })?;
            let timeout = self.attempt_timeout()?;
            let outcome = match self.send_once(&call, &auth, timeout).await {
                Ok(response) => {
                    let status = response.status().as_u16();
                    let headers = response.headers().clone();
                    let now = shared.clock.now();
                    let snapshot = RateLimitSnapshot::from_headers(&headers, now);
                    let retry_after = parse_retry_after(&headers, now);
                    let resume = permit.finish(Observation {
                        status,
                        snapshot: snapshot.clone(),
                        retry_after,
                    });
                    match response.bytes().await {
                        Ok(body) => Outcome::Answered {
                            status,
                            headers,
                            body,
                            snapshot,
                            resume,
                        },
                        Err(e) => transport_outcome(&e),
                    }
                }
                Err(e) => {
                    // No answer read: let the next waiting request go.
                    drop(permit);
                    transport_outcome(&e)
                }
            };
            let last_attempt = attempt >= max_attempts;
            let (decision, (error, reason), cost) = match outcome {
                Outcome::Answered {
                    status,
                    headers,
                    body,
                    snapshot,
                    resume,
                } => {
                    if (200..300).contains(&status) {
                        return Ok(Answer {
                            status,
                            headers,
                            body,
                            url: call.url,
                            snapshot,
                        });
                    }
                    if status == 429 {
                        if let Some(until) = resume {
                            self.remember_wait(until);
                        }
                        let server = decode::api_error(status, &body);
                        if !last_attempt && shared.governor.withdraw_retry(retry::RETRY_COST) {
                            // The governor holds the next acquire until the server's time.
                            last_server_error = server;
                            attempt += 1;
                            continue;
                        }
                        let retry_at = resume
                            .or_else(|| parse_retry_after(&headers, shared.clock.now()))
                            .unwrap_or_else(|| shared.clock.now() + policy.min_retry_after);
                        return Err(Error::RateLimited {
                            retry_at,
                            reason: WaitReason::RateLimited,
                            server,
                        });
                    }
                    let error = decode::failure(status, &headers, &body);
                    if !(500..600).contains(&status) {
                        return Err(error);
                    }
                    let decision = retry::decide(policy, call.idempotent, attempt, Ok(status));
                    let reason = format!("the service answered HTTP {status}");
                    (decision, (error, reason), retry::RETRY_COST)
                }
                Outcome::Failed(failure, error) => {
                    let decision = retry::decide(policy, call.idempotent, attempt, Err(failure));
                    let reason = match failure {
                        TransportFailure::Timeout => "the service did not answer in time",
                        TransportFailure::ConnectionLost => {
                            "the connection was lost before the answer arrived"
                        }
                        TransportFailure::NeverSent => "the request could not be sent",
                    };
                    let cost = match failure {
                        TransportFailure::Timeout => retry::TIMEOUT_RETRY_COST,
                        _ => retry::RETRY_COST,
                    };
                    (decision, (error, reason.to_owned()), cost)
                }
            };
            match decision {
                RetryDecision::RetryAfter(delay) if !last_attempt => {
                    self.back_off(delay, cost, error).await?;
                    attempt += 1;
                }
                RetryDecision::OutcomeUnknown => return Err(Error::OutcomeUnknown { reason }),
                RetryDecision::RetryAfter(_) | RetryDecision::GiveUp => return Err(error),
            }
        }
    }

    /// `Bearer <key>`, marked sensitive so it never shows in reqwest's or hyper's output.
    fn authorization(&self) -> Result<HeaderValue, Error> {
        let key = self
            .shared
            .api_key
            .as_ref()
            .ok_or(ConfigError::MissingApiKey {
                environment: self.shared.environment,
            })?;
        let text = Zeroizing::new(format!("Bearer {}", key.expose_secret()));
        // ApiKey only holds visible ASCII, so this cannot fail for a key that exists.
        let mut value =
            HeaderValue::from_str(&text).map_err(|_| crate::error::InvalidInput::ApiKey)?;
        value.set_sensitive(true);
        Ok(value)
    }

    /// The request timeout, shortened to what is left before the deadline.
    fn attempt_timeout(&self) -> Result<Duration, Error> {
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

    async fn send_once(
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

    /// Sleeps before a retry, unless that would pass the deadline or the shared retry budget
    /// is spent (then `error` stands).
    async fn back_off(&self, delay: Duration, cost: u32, error: Error) -> Result<(), Error> {
        let governor = &self.shared.governor;
        let until = self.shared.clock.now()
            + chrono::Duration::from_std(delay).unwrap_or(chrono::Duration::MAX);
        if self.deadline.is_some_and(|deadline| until >= deadline) || !governor.withdraw_retry(cost)
        {
            return Err(error);
        }
        governor.backoff(delay).await;
        Ok(())
    }
}

/// A reqwest failure as the retry rules see it, and as the caller will if it is final.
fn transport_outcome(e: &reqwest::Error) -> Outcome {
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
            message: root_cause(e),
        }
    };
    Outcome::Failed(failure, error)
}

/// The innermost cause ("Connection refused (os error 111)"), which says more to a person
/// than reqwest's outer "error sending request".
fn root_cause(e: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = e;
    while let Some(inner) = cause.source() {
        cause = inner;
    }
    cause.to_string()
}
