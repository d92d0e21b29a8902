//! What the client tells us while it works, said once on stderr: a wait on a 429 (when and why).
//! Also remembers whether a wait is under way, so a command cut short by `--timeout` can say
//! when to try again.

use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, Utc};
use petstore_client::ClientEvent;
use petstore_client::events::WaitReason;
use tokio::sync::broadcast;

use crate::output::when;
use crate::words::{Msg, say};

/// The wait under way, if any, shared between the listening task and the command.
#[derive(Debug, Clone, Default)]
pub struct WaitState(Arc<Mutex<Option<DateTime<Utc>>>>);

impl WaitState {
    /// The retry time of the wait under way.
    pub fn current(&self) -> Option<DateTime<Utc>> {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn set(&self, until: Option<DateTime<Utc>>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = until;
    }
}

/// Listens until the client (and with it the sender) is dropped.
pub fn spawn(mut events: broadcast::Receiver<ClientEvent>, state: WaitState) {
    tokio::spawn(async move {
        loop {
            match events.recv().await {
                Ok(ClientEvent::Waiting { until, reason }) => {
                    // Once per wait: a later event for the same wait changes nothing.
                    if state.current() != Some(until) {
                        state.set(Some(until));
                        eprintln!("{}", waiting_message(until, reason));
                    }
                }
                Ok(ClientEvent::Resumed) => state.set(None),
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => break,
            }
        }
    });
}

pub fn waiting_message(until: DateTime<Utc>, reason: WaitReason) -> String {
    say(
        Msg::Waiting,
        &[("until", &when(until)), ("why", &why_waiting(reason))],
    )
}

/// Why requests wait, as a clause.
pub fn why_waiting(reason: WaitReason) -> String {
    let why = match reason {
        WaitReason::RateLimited => Msg::WhyRateLimited,
        WaitReason::QuotaExhausted => Msg::WhyQuotaExhausted,
        // After a 5xx or a connection that failed before any answer: say which could be the case.
        WaitReason::Backoff => Msg::WhyBackoff,
        WaitReason::Paced => Msg::WhyPaced,
    };
    say(why, &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A backoff follows a 5xx or a connection that never got an answer: the notice must not
    /// blame the server for a network that is down.
    #[test]
    fn a_backoff_does_not_blame_the_server_alone() {
        let until = DateTime::from_timestamp(1_900_000_000, 0).expect("valid");
        let text = waiting_message(until, WaitReason::Backoff);
        assert!(text.contains("could not be reached"), "{text}");
        assert!(text.contains("temporary problem"), "{text}");
    }
}
