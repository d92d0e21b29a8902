//! The attempt loop: every attempt goes through the governor; 429s, 5xx and transport failures
//! are retried only where that is safe (a create is never sent twice unless it provably never
//! left or was answered 429).

use std::time::{Duration, Instant};

use bytes::Bytes;
use chrono::{DateTime, Utc};
use http::{HeaderMap, Method};
use url::Url;

use super::body::{self, BodyError};
use super::limits::{self, human_bytes};
use super::request::{self, failure_text, root_cause};
use super::trace::Trace;
use super::{PetstoreClient, decode};
use crate::error::{ApiError, Error};
use crate::events::WaitReason;
use crate::ratelimit::{Observation, RateLimitSnapshot, parse_retry_after};
use crate::retry::{self, RetryDecision, TransportFailure};

/// One request, possibly sent several times.
pub(super) struct Call {
    pub method: Method,
    pub url: Url,
    pub body: Option<Vec<u8>>,
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

/// A 2xx answer, read whole (within [`limits::MAX_SUCCESS_BODY_BYTES`]).
pub(super) struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    /// As it came off the wire: shared, not copied.
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
        /// Empty when the body passed its cap (then `too_large` says which cap).
        body: Bytes,
        too_large: Option<u64>,
        snapshot: Option<RateLimitSnapshot>,
        /// When sending may resume, if this answer imposed a wait.
        resume: Option<DateTime<Utc>>,
    },
    Failed(TransportFailure, Error),
}

impl PetstoreClient {
    /// Lets later runs (and other programs) honour a wait this one learnt: a 429's, a server's
    /// Retry-After, or an exhausted quota's (see [`crate::ratelimit::WaitMemory`]).
    fn remember_wait(&self, until: DateTime<Utc>) {
        let shared = &self.shared;
        if let (Some(memory), Some(key)) = (&shared.wait_memory, &shared.api_key) {
            memory.remember(shared.base_url.as_str(), key, until, shared.clock.now());
        }
    }

    /// Holds the governor until a wait another process (the CLI, another app) remembered on
    /// disk, if there is one. Cheap, and idempotent: asked before every attempt.
    pub(super) fn honour_remembered_wait(&self) {
        let shared = &self.shared;
        let (Some(memory), Some(key)) = (&shared.wait_memory, &shared.api_key) else {
            return;
        };
        let now = shared.clock.now();
        if let Some(until) = memory.not_before(shared.base_url.as_str(), key, now)
            && shared.governor.hold_until(until)
        {
            log::warn!(
                target: super::LOG_TARGET,
                "a rate-limit wait until {until} is remembered for this address and key: holding requests until then"
            );
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
            let trace = Trace::new(&call, attempt);
            self.honour_remembered_wait();
            let permit = shared
                .governor
                .acquire(self.deadline)
                .await
                .map_err(|limited| {
                    // A quota spent or a wait too long for this call: the next run must not
                    // send before it either.
                    self.remember_wait(limited.retry_at);
                    trace.gave_up_waiting(limited.retry_at);
                    Error::RateLimited {
                        retry_at: limited.retry_at,
                        reason: limited.reason,
                        server: last_server_error.clone(),
                    }
                })?;
            let timeout = self.attempt_timeout()?;
            let started = Instant::now();
            let outcome = match self.send_once(&call, &auth, timeout).await {
                Ok(mut response) => {
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
                    let cap = limits::body_cap(status);
                    match body::read_bounded(&mut response, cap).await {
                        Ok(body) => {
                            trace.answered(status, started, body.len());
                            Outcome::Answered {
                                status,
                                headers,
                                body,
                                too_large: None,
                                snapshot,
                                resume,
                            }
                        }
                        Err(BodyError::TooLarge { limit_bytes }) => {
                            trace.too_large(status, started, limit_bytes);
                            Outcome::Answered {
                                status,
                                headers,
                                body: Bytes::new(),
                                too_large: Some(limit_bytes),
                                snapshot,
                                resume,
                            }
                        }
                        // Only a success's body is the answer; an error's only explains it,
                        // and the status says enough without it.
                        Err(BodyError::Transport(e)) if !(200..300).contains(&status) => {
                            trace.answered(status, started, 0);
                            log::debug!(target: super::LOG_TARGET, "the body of the HTTP {status} answer was lost: {}", root_cause(&e));
                            Outcome::Answered {
                                status,
                                headers,
                                body: Bytes::new(),
                                too_large: None,
                                snapshot,
                                resume,
                            }
                        }
                        Err(BodyError::Transport(e)) => failed(e),
                    }
                }
                Err(e) => {
                    // No answer read: let the next waiting request go.
                    drop(permit);
                    failed(e)
                }
            };
            if let Outcome::Failed(failure, _) = &outcome {
                trace.failed(started, failure_text(*failure));
            }
            let last_attempt = attempt >= max_attempts;
            let (decision, error, reason, cost, resume) = match outcome {
                Outcome::Answered {
                    status,
                    headers,
                    body,
                    too_large,
                    snapshot,
                    resume,
                } => {
                    if (200..300).contains(&status) {
                        return match too_large {
                            None => Ok(Answer {
                                status,
                                headers,
                                body,
                                url: call.url,
                                snapshot,
                            }),
                            Some(limit_bytes) if !call.idempotent => {
                                let reason = format!(
                                    "the service answered HTTP {status}, but with more than {} that were not read",
                                    human_bytes(limit_bytes)
                                );
                                trace.outcome_unknown(&reason);
                                Err(Error::OutcomeUnknown { reason })
                            }
                            Some(limit_bytes) => Err(Error::ResponseTooLarge { limit_bytes }),
                        };
                    }
                    if status == 429 {
                        if let Some(until) = resume {
                            self.remember_wait(until);
                        }
                        let server = decode::api_error(status, &body);
                        if !last_attempt && shared.governor.withdraw_retry(retry::RETRY_COST) {
                            // The governor holds the next acquire until the server's time.
                            trace.retrying_after_429(resume);
                            last_server_error = server;
                            attempt += 1;
                            continue;
                        }
                        let retry_at = resume
                            .or_else(|| parse_retry_after(&headers, shared.clock.now()))
                            .unwrap_or_else(|| shared.clock.now() + policy.min_retry_after);
                        trace.gave_up("rate limited");
                        return Err(Error::RateLimited {
                            retry_at,
                            reason: WaitReason::RateLimited,
                            server,
                        });
                    }
                    if (300..400).contains(&status) && !call.idempotent {
                        // Redirects are not followed; the create may have been stored before
                        // whatever answered redirected.
                        let reason = format!(
                            "the service answered HTTP {status}, a {}",
                            decode::redirect_text(&headers)
                        );
                        trace.outcome_unknown(&reason);
                        return Err(Error::OutcomeUnknown { reason });
                    }
                    let error = match too_large {
                        Some(limit_bytes) => Error::ResponseTooLarge { limit_bytes },
                        None => decode::failure(status, &headers, &body),
                    };
                    if !(500..600).contains(&status) {
                        trace.gave_up(&format!("HTTP {status}"));
                        return Err(error);
                    }
                    if let Some(until) = resume {
                        // A server that said when it will be back: remembered like a 429's.
                        self.remember_wait(until);
                    }
                    last_server_error = error.api_error().cloned();
                    let decision = retry::decide(policy, call.idempotent, attempt, Ok(status));
                    let reason = format!("the service answered HTTP {status}");
                    (decision, error, reason, retry::RETRY_COST, resume)
                }
                Outcome::Failed(failure, error) => {
                    let decision = retry::decide(policy, call.idempotent, attempt, Err(failure));
                    let cost = match failure {
                        TransportFailure::Timeout => retry::TIMEOUT_RETRY_COST,
                        _ => retry::RETRY_COST,
                    };
                    (
                        decision,
                        error,
                        failure_text(failure).to_owned(),
                        cost,
                        None,
                    )
                }
            };
            match decision {
                RetryDecision::RetryAfter(delay) if !last_attempt => {
                    // After a Retry-After the governor holds the next attempt until then; the
                    // backoff would only add to it.
                    let delay = if resume.is_some() {
                        Duration::ZERO
                    } else {
                        delay
                    };
                    if let Err(error) = self.back_off(delay, cost, error).await {
                        trace.gave_up(&reason);
                        return Err(error);
                    }
                    trace.retrying(delay, max_attempts, &reason);
                    attempt += 1;
                }
                RetryDecision::OutcomeUnknown => {
                    trace.outcome_unknown(&reason);
                    return Err(Error::OutcomeUnknown { reason });
                }
                RetryDecision::RetryAfter(_) | RetryDecision::GiveUp => {
                    trace.gave_up(&reason);
                    return Err(error);
                }
            }
        }
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
        if !delay.is_zero() {
            governor.backoff(delay).await;
        }
        Ok(())
    }
}

fn failed(e: reqwest::Error) -> Outcome {
    let (failure, error) = request::transport_failure(e);
    Outcome::Failed(failure, error)
}
