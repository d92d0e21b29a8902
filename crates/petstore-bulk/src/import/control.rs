//! Driving a running import from outside (the app's buttons, the CLI's Ctrl+C) and watching it.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_client::RateLimitSnapshot;
use serde::Serialize;
use tokio::sync::watch;

/// Pause, resume and cancel a running import. Cheap to clone; every clone drives the same run.
/// Cancelling stops sending after the request in flight (never cut mid-request: its outcome
/// would become unknown); what was created stays created.
#[derive(Debug, Clone)]
pub struct ImportControl {
    state: Arc<watch::Sender<Wanted>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Run,
    Pause,
    Cancel,
}

impl Default for ImportControl {
    fn default() -> Self {
        ImportControl {
            state: Arc::new(watch::Sender::new(Wanted::Run)),
        }
    }
}

impl ImportControl {
    pub fn pause(&self) {
        self.set(Wanted::Pause);
    }

    pub fn resume(&self) {
        self.set(Wanted::Run);
    }

    pub fn cancel(&self) {
        self.state.send_replace(Wanted::Cancel);
    }

    pub fn is_paused(&self) -> bool {
        *self.state.borrow() == Wanted::Pause
    }

    pub fn is_cancelled(&self) -> bool {
        *self.state.borrow() == Wanted::Cancel
    }

    /// A cancel is final: pause and resume do not undo it.
    fn set(&self, wanted: Wanted) {
        self.state.send_if_modified(|state| {
            let change = *state != Wanted::Cancel && *state != wanted;
            if change {
                *state = wanted;
            }
            change
        });
    }

    /// Returns when the import is cancelled (never, if it is not).
    pub(super) async fn cancelled(&self) {
        let mut rx = self.state.subscribe();
        // The sender lives in `self`: waiting cannot fail while we are here.
        let _ = rx.wait_for(|state| *state == Wanted::Cancel).await;
    }

    /// Returns at once while running; waits while paused. `false` when cancelled.
    pub(super) async fn may_go(&self) -> bool {
        let mut rx = self.state.subscribe();
        match rx.wait_for(|state| *state != Wanted::Pause).await {
            Ok(state) => *state == Wanted::Run,
            Err(_) => false,
        }
    }
}

/// What the import is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// Listing the pets present before the import (once per import, for reconciliation).
    ListingBefore,
    Sending,
    /// Listing the pets to find rows whose outcome was unknown.
    Reconciling,
    /// Sending rows that stayed unknown, because the person said so.
    Resending,
    Finished,
}

/// A live picture of the run, on a `watch` channel: the latest state, never a backlog.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub phase: Phase,
    /// Valid rows of the file this import handles: all but the repeats it leaves out.
    pub total: usize,
    pub created: usize,
    /// Created by an earlier run of this import, not sent again.
    pub skipped: usize,
    pub failed: usize,
    pub unknown: usize,
    /// Repeats of pets already created (by this computer, or earlier in the file), left out:
    /// not in `total`.
    pub repeated: usize,
    pub paused: bool,
    /// Rows still to send, at the pace the quota allows (`None` until the quota is known).
    #[serde(serialize_with = "seconds")]
    pub time_left: Option<Duration>,
    pub quota: Option<RateLimitSnapshot>,
    /// The import sends nothing until then: it waits out a rate-limit wait the key must honour.
    pub waiting_until: Option<DateTime<Utc>>,
}

fn seconds<S: serde::Serializer>(value: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(duration) => s.serialize_some(&duration.as_secs()),
        None => s.serialize_none(),
    }
}

impl Progress {
    /// The picture before anything was done: listing, `total` rows to go.
    pub fn new(total: usize) -> Progress {
        Progress {
            phase: Phase::ListingBefore,
            total,
            created: 0,
            skipped: 0,
            failed: 0,
            unknown: 0,
            repeated: 0,
            paused: false,
            time_left: None,
            quota: None,
            waiting_until: None,
        }
    }

    /// Rows with an outcome so far.
    pub fn done(&self) -> usize {
        self.created + self.skipped + self.failed + self.unknown
    }
}
