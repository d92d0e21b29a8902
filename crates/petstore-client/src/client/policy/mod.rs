//! What to do after one attempt: the whole retry decision, as a pure function of how the attempt
//! ended, which attempt of what kind of call it was, and the [`RetryPolicy`]. No I/O, no clock,
//! no governor: the loop in `send` reads the clock, passes it in, and acts on the [`Verdict`].
//!
//! The rules (as in gax's retry policy, a request that is not idempotent is repeated only when it
//! provably never left):
//! - a 2xx read whole is the answer;
//! - a 429 is sent again once the governor lets go (it holds every request of the key until the
//!   server's time), for every method: the server said it did nothing;
//! - a transport failure or a 502/503/504 is sent again after a jittered backoff when repeating
//!   is safe: a read always, a create only when it never left;
//! - whatever else leaves a create's fate open (a timeout, a lost connection, any 5xx, a
//!   redirect, a success too large to read) is `OutcomeUnknown`, never a second create.
//!
//! Retries also cost tokens from a budget shared by the key (as in the AWS SDKs' standard
//! retry); the loop takes them, since the budget is shared state.

mod backoff;
#[cfg(test)]
mod tests;

use std::time::Duration;

use bytes::Bytes;
use chrono::{DateTime, Utc};
use http::HeaderMap;

use super::decode;
use crate::error::{ApiError, Error, OutcomeCause};
use crate::events::WaitReason;
use crate::limits::ByteSize;
use crate::ratelimit::{RateLimitSnapshot, parse_retry_after};
use crate::retry::{RETRY_COST, RetryPolicy, TIMEOUT_RETRY_COST, TransportFailure};
use backoff::{Transient, after, attempts_left, back_off};

/// Whether sending a call twice can do anything twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CallKind {
    /// A read: repeating it is harmless.
    Idempotent,
    /// A create: repeating it may store a second pet.
    NotIdempotent,
}

/// How one attempt ended.
#[derive(Debug)]
pub(super) enum Outcome {
    Answered(Answered),
    /// No answer was read. `error` is what the caller gets if this is final (for a network
    /// failure, with the reqwest error as its source).
    Failed {
        failure: TransportFailure,
        error: Error,
    },
}

/// An answer's head and what was read of its body.
#[derive(Debug)]
pub(super) struct Answered {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Body,
    pub snapshot: Option<RateLimitSnapshot>,
    /// When sending may resume, if the governor took a wait from this answer (a 429's, a
    /// Retry-After's).
    pub resume: Option<DateTime<Utc>>,
}

#[derive(Debug)]
pub(super) enum Body {
    /// Read whole. Empty when an error answer's body was lost: the status says enough.
    Read(Bytes),
    /// Passed its cap (see `limits`) and was not read further.
    TooLarge { limit_bytes: u64 },
}

impl Body {
    /// What an error's decoder gets: nothing of a body that was not read.
    fn bytes(&self) -> &[u8] {
        match self {
            Body::Read(bytes) => bytes,
            Body::TooLarge { .. } => &[],
        }
    }
}

/// Which attempt of which call, and when it ended.
#[derive(Debug)]
pub(super) struct Attempt {
    /// 1-based.
    pub number: u32,
    pub kind: CallKind,
    /// When the attempt ended, read by the loop (this module reads no clock).
    pub now: DateTime<Utc>,
    /// When the call gives up, if it has a deadline.
    pub deadline: Option<DateTime<Utc>>,
    /// The error the service last answered this call with (a 429's or a 5xx's body), reported
    /// if a later wait ends the call as `RateLimited`.
    pub server: Option<ApiError>,
}

/// The decision about one attempt, and a wait to remember for later runs and other programs.
#[derive(Debug)]
pub(super) struct Verdict {
    pub next: Next,
    /// A wait this answer imposed (a 429's, a 5xx's Retry-After).
    pub remember: Option<DateTime<Utc>>,
}

#[derive(Debug)]
pub(super) enum Next {
    /// The call's answer: a 2xx, read whole.
    Return(Reply),
    /// Stop with `error`. `reason` is what the request log adds (`None`: nothing).
    Fail {
        error: Error,
        reason: Option<String>,
    },
    /// Stop: a create may have been stored, so it is not sent again. `server`: the Error body of
    /// an answer that left it open (a 5xx's), kept for the account of the request.
    OutcomeUnknown {
        reason: String,
        why: OutcomeCause,
        server: Option<ApiError>,
    },
    /// Send again, if the shared retry budget grants the cost.
    Retry(Retry),
}

/// A 2xx answer, before the loop adds the URL it came from.
#[derive(Debug)]
pub(super) struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Bytes,
    pub snapshot: Option<RateLimitSnapshot>,
}

/// How to send again.
#[derive(Debug)]
pub(super) struct Retry {
    pub wait: Wait,
    /// Tokens this retry takes from the shared budget.
    pub cost: u32,
    /// Why, for the log (also when the budget refuses).
    pub reason: String,
    /// What the call fails with if the budget refuses.
    pub refused: Error,
    /// The error the service last answered with, for the next [`Attempt::server`].
    pub server: Option<ApiError>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wait {
    /// After a 429: the governor holds the next acquire until the server's time (`until`, when
    /// the answer said) or its own backoff, and that acquire checks the deadline.
    Governor { until: Option<DateTime<Utc>> },
    /// Sleep this long, then send. Zero when the server said when it will be back: the
    /// governor holds the next acquire until then, and a backoff would only add to it.
    Backoff(Duration),
}

/// Decides what follows `outcome`. `jitter` draws a delay in `0..=cap` (the loop passes
/// [`retry::jitter`]; tests pass something they can predict).
pub(super) fn classify(
    outcome: Outcome,
    attempt: Attempt,
    policy: &RetryPolicy,
    jitter: impl FnOnce(Duration) -> Duration,
) -> Verdict {
    match outcome {
        Outcome::Answered(answered) => after_answer(answered, attempt, policy, jitter),
        Outcome::Failed { failure, error } => {
            let reason = failure.text().to_owned();
            // A proxy asking for credentials, a certificate not trusted, a name that does not
            // exist: the same answer comes back until a setting changes. Never retried.
            if let Error::Network { cause, .. } = &error
                && !cause.is_transient()
            {
                return Verdict {
                    next: Next::Fail {
                        error,
                        reason: Some(reason),
                    },
                    remember: None,
                };
            }
            // A request that never left cannot have done anything; a read is safe to repeat.
            let safe =
                failure == TransportFailure::NeverSent || attempt.kind == CallKind::Idempotent;
            let next = if safe {
                // Timeouts hint at an overloaded server: they drain the budget faster.
                let cost = match failure {
                    TransportFailure::Timeout => TIMEOUT_RETRY_COST,
                    _ => RETRY_COST,
                };
                let server = attempt.server.clone();
                let transient = Transient {
                    reason,
                    error,
                    server,
                    cost,
                };
                back_off(transient, &attempt, None, policy, jitter)
            } else {
                let why = match failure {
                    TransportFailure::Timeout => OutcomeCause::Timeout,
                    _ => OutcomeCause::ConnectionLost,
                };
                Next::OutcomeUnknown {
                    reason,
                    why,
                    server: None,
                }
            };
            Verdict {
                next,
                remember: None,
            }
        }
    }
}

fn after_answer(
    answered: Answered,
    attempt: Attempt,
    policy: &RetryPolicy,
    jitter: impl FnOnce(Duration) -> Duration,
) -> Verdict {
    let Answered {
        status,
        headers,
        body,
        snapshot,
        resume,
    } = answered;
    let create = attempt.kind == CallKind::NotIdempotent;
    let only = |next| Verdict {
        next,
        remember: None,
    };
    match (status, body) {
        (200..=299, Body::Read(body)) => only(Next::Return(Reply {
            status,
            headers,
            body,
            snapshot,
        })),
        (200..=299, Body::TooLarge { limit_bytes }) if create => only(Next::OutcomeUnknown {
            reason: format!(
                "the service answered HTTP {status}, but with more than {} that were not read",
                ByteSize::of(limit_bytes)
            ),
            why: OutcomeCause::TooLarge {
                status,
                limit_bytes,
            },
            server: None,
        }),
        (200..=299, Body::TooLarge { limit_bytes }) => only(Next::Fail {
            error: Error::ResponseTooLarge { limit_bytes },
            reason: None,
        }),
        (429, body) => {
            let server = decode::api_error(status, body.bytes());
            // The server's time, else the Retry-After as read now, else the policy's floor.
            let retry_at = resume
                .or_else(|| parse_retry_after(&headers, attempt.now))
                .unwrap_or_else(|| after(attempt.now, policy.min_retry_after));
            let error = Error::RateLimited {
                retry_at,
                reason: WaitReason::RateLimited,
                server: server.clone(),
            };
            let reason = "rate limited".to_owned();
            let next = if attempts_left(&attempt, policy) {
                Next::Retry(Retry {
                    wait: Wait::Governor { until: resume },
                    cost: RETRY_COST,
                    reason,
                    refused: error,
                    server,
                })
            } else {
                Next::Fail {
                    error,
                    reason: Some(reason),
                }
            };
            Verdict {
                next,
                remember: resume,
            }
        }
        // Redirects are not followed; the create may have been stored before whatever
        // answered redirected.
        (300..=399, _) if create => only(Next::OutcomeUnknown {
            reason: format!(
                "the service answered HTTP {status}, a {}",
                decode::redirect_text(&headers)
            ),
            why: OutcomeCause::Redirected { status },
            server: None,
        }),
        (_, body) => {
            let error = match body {
                Body::TooLarge { limit_bytes } => Error::ResponseTooLarge { limit_bytes },
                Body::Read(body) => decode::failure(status, &headers, &body),
            };
            if !(500..=599).contains(&status) {
                return only(Next::Fail {
                    error,
                    reason: Some(format!("HTTP {status}")),
                });
            }
            let reason = format!("the service answered HTTP {status}");
            let next = match status {
                // A server error on a create may come after the pet was stored.
                _ if create => Next::OutcomeUnknown {
                    reason,
                    why: OutcomeCause::ServerError { status },
                    server: error.api_error().cloned(),
                },
                // Gateway and overload answers: worth another try for a read.
                502..=504 => {
                    let server = error.api_error().cloned();
                    let transient = Transient {
                        reason,
                        error,
                        server,
                        cost: RETRY_COST,
                    };
                    back_off(transient, &attempt, resume, policy, jitter)
                }
                _ => Next::Fail {
                    error,
                    reason: Some(reason),
                },
            };
            // A server that said when it will be back: remembered like a 429's.
            Verdict {
                next,
                remember: resume,
            }
        }
    }
}
