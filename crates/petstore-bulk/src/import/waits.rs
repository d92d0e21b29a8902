//! Rate-limit waits during an import: the key must honour a wait (a 429's Retry-After, a spent
//! quota's reset, a wait the CLI or another process remembered; not the background pacing that
//! leaves a window's last requests to people, which the time left already counts), and the import honours it
//! itself, saying so in its progress ("waiting until 17:30:01"), rather than sending into it:
//! the client would refuse a request whose wait is longer than it may sleep in one call, and
//! the import used to stop at once on that refusal.

use std::future::Future;

use chrono::{DateTime, Utc};
use petstore_client::{ClientEvent, Error, WaitReason};
use tokio::sync::broadcast::error::RecvError;

use super::{Import, Phase, Stop, StopCause};

pub use crate::estimate::LONGEST_WAIT;

/// What became of a wait.
pub(super) enum Waited {
    /// No wait in force (any more): send.
    Go,
    Cancelled,
    /// Longer than [`LONGEST_WAIT`], or ending after the client's deadline: the run stops,
    /// naming its end.
    TooLong(Stop),
}

impl Import {
    /// The end of the wait the key must honour now (this process's, or one another process
    /// remembered), or of `learnt` (a refusal's retry time), whichever is later; `None` when
    /// requests may go.
    fn wait_in_force(&self, learnt: Option<DateTime<Utc>>) -> Option<DateTime<Utc>> {
        let now = Utc::now();
        // A quota the last answer showed spent (another desk may have spent it) resets then.
        let spent = self
            .client
            .rate_limit()
            .filter(|quota| quota.remaining == Some(0))
            .and_then(|quota| quota.reset_at);
        self.client
            .remembered_wait()
            .max(learnt)
            .max(spent)
            .filter(|until| *until > now)
    }

    /// Sits out the wait in force, with "waiting until" in the progress, before the next request
    /// of `phase`. A cancel ends it at once.
    pub(super) async fn wait_out(&self, phase: Phase, learnt: Option<DateTime<Utc>>) -> Waited {
        let mut waited = false;
        while let Some(until) = self.wait_in_force(learnt) {
            let left = (until - Utc::now()).to_std().unwrap_or_default();
            // The caller's own deadline (`petstore --timeout`) is a promise to the person too: a
            // wait that ends after it stops the run now, naming the wait's end, as the client's
            // refusal did.
            let past_deadline = self
                .client
                .deadline()
                .is_some_and(|deadline| until > deadline);
            if left > LONGEST_WAIT || past_deadline {
                log::info!("import: the service's wait until {until} is too long to sit out");
                let error = Error::RateLimited {
                    retry_at: until,
                    reason: WaitReason::RateLimited,
                    server: None,
                };
                return Waited::TooLong(Stop::Failed {
                    kind: error.kind(),
                    message: error.to_string(),
                    cause: Some(StopCause::new(error)),
                });
            }
            self.publish_waiting(phase, Some(until));
            waited = true;
            tokio::select! {
                () = tokio::time::sleep(left) => {}
                () = self.control.cancelled() => return Waited::Cancelled,
            }
        }
        if waited {
            self.publish(phase);
        }
        Waited::Go
    }

    /// Runs `work` (a request of `phase`), saying "waiting until" in the progress while the
    /// client holds it back (a 429 answered on the way, the quota spent meanwhile).
    pub(super) async fn watched<T>(&self, phase: Phase, work: impl Future<Output = T>) -> T {
        let mut events = self.client.subscribe();
        let mut work = std::pin::pin!(work);
        let mut waiting = false;
        let out = loop {
            tokio::select! {
                out = &mut work => break out,
                event = events.recv() => match event {
                    Ok(ClientEvent::Waiting { until, .. }) => {
                        self.publish_waiting(phase, Some(until));
                        waiting = true;
                    }
                    Ok(ClientEvent::Resumed) if waiting => {
                        self.publish(phase);
                        waiting = false;
                    }
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    // The client holds the sender while it lives: only a finished client closes.
                    Err(RecvError::Closed) => break (&mut work).await,
                },
            }
        };
        if waiting {
            self.publish(phase);
        }
        out
    }
}
