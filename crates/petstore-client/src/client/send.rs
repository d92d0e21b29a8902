//! The attempt loop: acquire a permit from the governor, send, read, ask the policy (`policy`)
//! what follows, act. Every attempt goes through the governor; what is retried, and when a
//! create is never sent again, is the policy's to say.

use bytes::Bytes;
use chrono::{DateTime, Utc};
use http::{HeaderMap, Method};
use url::Url;

use super::PetstoreClient;
use super::policy::{self, Attempt, CallKind, Next, Outcome, Reply, Retry, Wait};
use super::record::CallLog;
use super::trace::Trace;
use crate::error::{ApiError, Error};
use crate::ratelimit::{RateLimitSnapshot, RateLimited};
use crate::retry;

/// One request, possibly sent several times.
pub(super) struct Call {
    pub method: Method,
    pub url: Url,
    pub body: Option<Vec<u8>>,
    pub kind: CallKind,
}

impl Call {
    pub(super) fn get(url: Url) -> Call {
        Call {
            method: Method::GET,
            url,
            body: None,
            kind: CallKind::Idempotent,
        }
    }

    pub(super) fn post(url: Url, body: Vec<u8>) -> Call {
        Call {
            method: Method::POST,
            url,
            body: Some(body),
            kind: CallKind::NotIdempotent,
        }
    }
}

/// A 2xx answer, read whole (within [`crate::limits::MAX_SUCCESS_BODY_BYTES`]).
pub(super) struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    /// As it came off the wire: shared, not copied.
    pub body: Bytes,
    /// The URL that answered (for resolving relative links).
    pub url: Url,
    pub snapshot: Option<RateLimitSnapshot>,
}

impl Reply {
    fn answer(self, url: Url) -> Answer {
        let Reply {
            status,
            headers,
            body,
            snapshot,
        } = self;
        Answer {
            status,
            headers,
            body,
            url,
            snapshot,
        }
    }
}

impl PetstoreClient {
    /// Lets later runs (and other programs) honour a wait this one learnt: a 429's, a server's
    /// Retry-After, or an exhausted quota's (see [`crate::WaitStore`]).
    fn remember_wait(&self, until: DateTime<Utc>) {
        let shared = &self.shared;
        if let (Some(memory), Some(key)) = (&shared.wait_store, &shared.api_key) {
            memory.remember(shared.base_url.as_str(), key, until, shared.clock.now());
        }
    }

    /// Holds the governor until a wait another process (the CLI, another app) remembered on
    /// disk, if there is one. Cheap, and idempotent: asked before every attempt.
    pub(super) fn honour_remembered_wait(&self) {
        let shared = &self.shared;
        let (Some(memory), Some(key)) = (&shared.wait_store, &shared.api_key) else {
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

    /// Sends `call` until the policy says it is done: each attempt honours a remembered wait,
    /// takes a permit, sends and reads, then does what [`policy::classify`] decides.
    /// What each attempt answered, and the time spent waiting, goes into `log`.
    pub(super) async fn execute(&self, call: Call, log: &mut CallLog) -> Result<Answer, Error> {
        match self.attempts(call, log).await {
            Err(error) => Err(self.with_auto_config(error).await),
            answered => answered,
        }
    }

    /// A connection that failed for good in System mode carries the OS's proxy
    /// auto-configuration, if it has one: the likely reason (petstore cannot run PAC scripts).
    /// Looked for only now, off the async threads (it may ask `gsettings`).
    async fn with_auto_config(&self, mut error: Error) -> Error {
        if let Error::Network { auto_config, .. } = &mut error
            && self.shared.system_proxy
        {
            *auto_config = tokio::task::spawn_blocking(crate::config::detect_auto_config)
                .await
                .ok()
                .flatten();
        }
        error
    }

    async fn attempts(&self, call: Call, log: &mut CallLog) -> Result<Answer, Error> {
        let auth = self.authorization()?;
        let shared = &self.shared;
        let (mut number, mut server) = (1, None);
        loop {
            let trace = Trace::new(&call.method, &call.url, number);
            self.honour_remembered_wait();
            let asked = shared.clock.now();
            let permit = shared
                .governor
                .acquire_as(self.deadline, self.priority)
                .await;
            log.waited_since(asked, shared.clock.now());
            let permit = match permit {
                Ok(permit) => permit,
                Err(limited) => return Err(self.gave_up_waiting(&trace, limited, server)),
            };
            log.attempts += 1;
            let outcome = self.send_and_read(&call, &auth, permit, &trace).await?;
            match &outcome {
                Outcome::Answered(answered) => {
                    log.answered(answered.status, answered.snapshot.as_ref());
                    if answered.status == 429
                        && let Some(sink) = &shared.activity
                    {
                        // Counted as it happens: the operation's record may be minutes away.
                        let started = log.started.unwrap_or_else(|| shared.clock.now());
                        sink.answered_429(shared.base_url.as_str(), started);
                    }
                }
                _ => log.unanswered(),
            }
            let attempt = Attempt {
                number,
                kind: call.kind,
                now: shared.clock.now(),
                deadline: self.deadline,
                server,
            };
            let verdict = policy::classify(outcome, attempt, &shared.retry, retry::jitter);
            if let Some(until) = verdict.remember {
                self.remember_wait(until);
            }
            match verdict.next {
                Next::Return(reply) => return Ok(reply.answer(call.url)),
                Next::Fail { error, reason } => {
                    if let Some(reason) = reason {
                        trace.gave_up(&reason);
                    }
                    return Err(error);
                }
                Next::OutcomeUnknown {
                    reason,
                    why,
                    server,
                } => {
                    trace.outcome_unknown(&reason);
                    return Err(Error::OutcomeUnknown {
                        reason,
                        why,
                        server,
                    });
                }
                Next::Retry(retry) => {
                    let backoff = shared.clock.now();
                    server = self.prepare_retry(&trace, retry).await?;
                    log.waited_since(backoff, shared.clock.now());
                }
            }
            number += 1;
        }
    }

    /// A quota spent or a wait too long for this call: the next run must not send before it
    /// either. Unless only this bulk request's turn is later (the key is not held): a person's
    /// request may go meanwhile, so nothing is remembered.
    fn gave_up_waiting(
        &self,
        trace: &Trace,
        limited: RateLimited,
        server: Option<ApiError>,
    ) -> Error {
        if limited.key_held {
            self.remember_wait(limited.retry_at);
        }
        trace.gave_up_waiting(limited.retry_at);
        Error::RateLimited {
            retry_at: limited.retry_at,
            reason: limited.reason,
            server,
        }
    }

    /// Takes the retry's cost from the shared budget (when it is spent, the error stands) and
    /// waits as the policy said. Returns the server's error to carry into the next attempt.
    async fn prepare_retry(&self, trace: &Trace, retry: Retry) -> Result<Option<ApiError>, Error> {
        let governor = &self.shared.governor;
        if !governor.withdraw_retry(retry.cost) {
            trace.gave_up(&retry.reason);
            return Err(retry.refused);
        }
        match retry.wait {
            // The governor holds the next acquire until the server's time.
            Wait::Governor { until } => trace.retrying_after_429(until),
            Wait::Backoff(delay) => {
                if !delay.is_zero() {
                    governor.backoff(delay).await;
                }
                let max_attempts = self.shared.retry.max_attempts.max(1);
                trace.retrying(delay, max_attempts, &retry.reason);
            }
        }
        Ok(retry.server)
    }
}
