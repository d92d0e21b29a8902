//! The middleware every API request passes: count it, apply latency, authenticate, rate-limit, inject
//! faults, and put the `X-RateLimit-*` headers on whatever the answer is.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::clock::since_epoch;
use crate::config::Plan;
use crate::errors::ApiError;
use crate::ratelimit::{BucketId, Decision, Quota};
use crate::state::Shared;

/// The client's address, put on each request by the server loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PeerAddr(pub SocketAddr);

/// Marks a response whose connection the server must close instead of sending it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DropConnection;

pub(crate) async fn gate(State(shared): State<Arc<Shared>>, req: Request, next: Next) -> Response {
    let path = req.uri().path();
    if path == "/v1" || path.starts_with("/v1/") {
        shared.count_request();
    }
    let roll = shared.faults.roll();
    if !roll.latency.is_zero() {
        tokio::time::sleep(roll.latency).await;
    }

    let now = since_epoch(shared.clock.now());
    let (decision, auth_error) = match shared.keys.authenticate(req.headers()) {
        Ok((key, plan)) => (shared.limiter.check(BucketId::Key(key), plan, now), None),
        Err(err) => {
            let ip = req
                .extensions()
                .get::<PeerAddr>()
                .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |peer| peer.0.ip());
            let decision = shared
                .limiter
                .check(BucketId::Anonymous(ip), Plan::Free, now);
            (decision, Some(err))
        }
    };

    let mut response = match (decision, auth_error) {
        (Decision::Banned { retry_after, .. }, _) => {
            ApiError::KeyBanned { retry_after }.into_response()
        }
        (Decision::Limited { retry_after, .. }, _) => {
            ApiError::RateLimited { retry_after }.into_response()
        }
        (Decision::Allowed(_), Some(err)) => err.into_response(),
        (Decision::Allowed(_), None) if roll.fail => ApiError::Unavailable.into_response(),
        (Decision::Allowed(_), None) => {
            let mut response = next.run(req).await;
            if roll.drop {
                response.extensions_mut().insert(DropConnection);
            }
            response
        }
    };
    put_quota_headers(response.headers_mut(), decision.quota());
    response
}

fn put_quota_headers(headers: &mut HeaderMap, quota: Quota) {
    for (name, value) in [
        ("x-ratelimit-limit", quota.limit),
        ("x-ratelimit-remaining", quota.remaining),
        ("x-ratelimit-reset", quota.reset),
    ] {
        headers.insert(HeaderName::from_static(name), HeaderValue::from(value));
    }
}
