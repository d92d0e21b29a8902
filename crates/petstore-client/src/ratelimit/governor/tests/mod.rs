//! The governor's rules, driven through `ManualClock`: every wait is asserted exactly and takes
//! no real time. No HTTP here; the client's tests cover the wire.

use std::future::Future;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use tokio::sync::mpsc;

use super::*;

mod after_429;
mod fleet_sim;
mod lifecycle;
mod priority;
mod props;
mod quota;
use crate::clock::ManualClock;
use crate::ratelimit::parse_retry_after;

fn policy() -> RetryPolicy {
    RetryPolicy {
        base_delay: Duration::from_secs(1),
        max_delay: Duration::from_secs(60),
        max_wait: Duration::from_secs(120),
        min_retry_after: Duration::from_secs(1),
        max_retry_after: Duration::from_secs(3600),
        reset_margin: Duration::from_millis(50),
        ..RetryPolicy::default()
    }
}

fn setup(policy: RetryPolicy) -> (Arc<ManualClock>, Arc<Governor>) {
    let clock = Arc::new(ManualClock::default());
    let governor = Governor::new(clock.clone(), policy);
    (clock, governor)
}

fn at(clock: &ManualClock, seconds: i64) -> DateTime<Utc> {
    clock.now() + TimeDelta::seconds(seconds)
}

fn snapshot(
    clock: &ManualClock,
    limit: u64,
    remaining: u64,
    reset: DateTime<Utc>,
) -> RateLimitSnapshot {
    let mut headers = http::HeaderMap::new();
    headers.insert("x-ratelimit-limit", limit.into());
    headers.insert("x-ratelimit-remaining", remaining.into());
    headers.insert("x-ratelimit-reset", reset.timestamp().into());
    RateLimitSnapshot::from_headers(&headers, clock.now()).expect("headers present")
}

fn answer(status: u16, snapshot: Option<RateLimitSnapshot>) -> Observation {
    Observation {
        status,
        snapshot,
        retry_after: None,
    }
}

fn too_many(retry_after: Option<DateTime<Utc>>) -> Observation {
    Observation {
        status: 429,
        snapshot: None,
        retry_after,
    }
}

/// Lets spawned tasks run until they block.
async fn settle() {
    for _ in 0..200 {
        tokio::task::yield_now().await;
    }
}

/// Polls a future once: `Some` if it finished, `None` if it would wait (and is then dropped).
async fn poll_once<F: Future>(future: F) -> Option<F::Output> {
    let mut future = std::pin::pin!(future);
    match std::future::poll_fn(|cx| Poll::Ready(future.as_mut().poll(cx))).await {
        Poll::Ready(output) => Some(output),
        Poll::Pending => None,
    }
}

/// `acquire` that must finish without anyone answering a request: a governor stuck waiting for
/// an answer that never comes fails the test instead of hanging it.
async fn acquire(
    governor: &Governor,
    deadline: Option<DateTime<Utc>>,
) -> Result<Permit, RateLimited> {
    let mut future = std::pin::pin!(governor.acquire(deadline));
    for _ in 0..1000 {
        if let Some(outcome) = poll_once(future.as_mut()).await {
            return outcome;
        }
        tokio::task::yield_now().await;
    }
    panic!("acquire is stuck waiting for an answer");
}

/// `count` tasks that each acquire and hand their permit over.
fn contenders(governor: &Arc<Governor>, count: usize) -> mpsc::UnboundedReceiver<Permit> {
    let (tx, rx) = mpsc::unbounded_channel();
    for _ in 0..count {
        let governor = governor.clone();
        let tx = tx.clone();
        tokio::spawn(async move {
            let permit = acquire(&governor, None).await.expect("no deadline");
            let _ = tx.send(permit);
        });
    }
    rx
}

fn drain(rx: &mut mpsc::UnboundedReceiver<Permit>) -> Vec<Permit> {
    std::iter::from_fn(|| rx.try_recv().ok()).collect()
}
