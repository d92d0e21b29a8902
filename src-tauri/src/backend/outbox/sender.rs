//! The sender of each environment's outbox: it runs at start-up (entries left from before a
//! restart), after each change the person makes, when the CLI changed the file, and again on its
//! own when sending becomes possible: at the quota's reset, or with a backoff while there is no
//! connection (a create that provably never left costs nothing), so the app notices the
//! connection back without a button. A refused key stops it until the key or address changes;
//! creates that kept ending unknown stop it until the person acts on an entry.
//!
//! Everything goes through `petstore_bulk::send_outbox` at background priority: the person's own
//! requests go first, and every rule of "never twice" is the core's.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use chrono::Utc;
use petstore_bulk::{QueueReason, SendOutcome, SendReport, SendStop, send_outbox};
use petstore_client::{Environment, Priority};

use super::super::Backend;
use crate::convert::instant;
use crate::dto::{QueueWhy, SenderState};

/// The first wait after "no connection"; it doubles up to [`OFFLINE_MOST`].
pub const OFFLINE_FIRST: Duration = Duration::from_secs(5);
pub const OFFLINE_MOST: Duration = Duration::from_secs(60);
/// When another program sends the outbox, the next look.
const ANOTHER_SENDER_AGAIN: Duration = Duration::from_secs(10);
/// How often an idle sender looks whether the file changed (the CLI queued or sent).
const LOOK_EVERY: Duration = Duration::from_secs(2);
/// After a quota's reset, a moment for the clocks to agree.
const AFTER_RESET: Duration = Duration::from_millis(500);

/// A desktop notification of the outbox: one when an outbox was emptied, one per refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutboxNotice {
    /// Every entry left the outbox; `sent` were added by this run.
    Emptied {
        environment: Environment,
        sent: usize,
    },
    /// The service refused an entry, in its words.
    Refused {
        environment: Environment,
        name: String,
        message: String,
    },
}

/// When the sender looks next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    Now,
    After(Duration),
    /// When woken (a change, a new key), or when the file changed.
    WhenWoken,
}

/// The outbox file's size and time, to notice another program's change.
type Stamp = Option<(u64, SystemTime)>;

impl Backend {
    /// Runs every environment's sender until the app ends. Called once: by the app at start-up
    /// (`lib.rs`), by a test.
    pub async fn run_outboxes(&self) {
        tokio::join!(
            self.outbox_sender(Environment::Sandbox),
            self.outbox_sender(Environment::Staging),
            self.outbox_sender(Environment::Production),
        );
    }

    async fn outbox_sender(&self, env: Environment) {
        let mut next = Next::Now;
        let mut backoff = OFFLINE_FIRST;
        loop {
            let stamp = self.outbox_stamp(env).await;
            self.wait_for(env, next, stamp).await;
            next = self.send_round(env, &mut backoff).await;
        }
    }

    async fn wait_for(&self, env: Environment, next: Next, mut stamp: Stamp) {
        let woken = self.outboxes.wakes[super::index(env)].notified();
        tokio::pin!(woken);
        match next {
            Next::Now => {}
            Next::After(wait) => {
                tokio::select! {
                    () = &mut woken => {}
                    () = tokio::time::sleep(wait) => {}
                }
            }
            Next::WhenWoken => loop {
                tokio::select! {
                    () = &mut woken => return,
                    () = tokio::time::sleep(LOOK_EVERY) => {
                        let now = self.outbox_stamp(env).await;
                        if now != stamp {
                            // Another program changed it: the windows hear, and what waits goes.
                            if let Ok(view) = self.outbox_view(env).await {
                                self.tell_outbox(view, None);
                            }
                            return;
                        }
                        stamp = now;
                    }
                }
            },
        }
    }

    async fn outbox_stamp(&self, env: Environment) -> Stamp {
        let path: PathBuf = self.outbox_of(env).await?.path().to_owned();
        let meta = tokio::fs::metadata(path).await.ok()?;
        Some((meta.len(), meta.modified().ok()?))
    }

    /// One look at `env`'s outbox: sends what waits, and says when to look again.
    async fn send_round(&self, env: Environment, backoff: &mut Duration) -> Next {
        let (Some(outbox), Some(data_dir)) = (self.outbox_of(env).await, self.data_dir.clone())
        else {
            return Next::WhenWoken;
        };
        if matches!(
            self.outboxes.sender_state(env),
            SenderState::Unauthorized | SenderState::KeptFailing { .. }
        ) {
            return Next::WhenWoken;
        }
        let entries = match self.read_entries(env, outbox.clone()).await {
            Ok(entries) => entries,
            Err(error) => {
                log::warn!("the outbox of {env} could not be read: {error:?}");
                return Next::WhenWoken;
            }
        };
        let to_send = entries.iter().any(|entry| {
            matches!(
                entry.state,
                petstore_bulk::EntryState::Waiting | petstore_bulk::EntryState::Sending { .. }
            )
        });
        if !to_send {
            self.set_sender(env, SenderState::Idle, &entries);
            return Next::WhenWoken;
        }
        let client = match self.client(env).await {
            Ok(client) => client.with_priority(Priority::Background),
            Err(error) => {
                log::info!("the outbox of {env} cannot be sent now: {:?}", error.kind());
                return self.wait_offline(env, backoff, &entries);
            }
        };
        self.set_sender(env, SenderState::Sending, &entries);
        let sent = send_outbox(&outbox, &data_dir, &client, |outcome| {
            let entries = outbox.entries().unwrap_or_default();
            self.tell_outbox(self.view_of(env, &entries), Some(outcome));
        })
        .await;
        let report = match sent {
            Ok(report) => report,
            Err(error) => {
                log::warn!("the outbox of {env} could not be sent: {error}");
                let entries = outbox.entries().unwrap_or_default();
                return self.wait_offline(env, backoff, &entries);
            }
        };
        self.notify_outbox(env, &report);
        let entries = outbox.entries().unwrap_or_default();
        log::info!(
            "outbox of {env}: {} outcomes, {} left, stop {:?}",
            report.outcomes.len(),
            report.left,
            report.stop.as_ref().map(stop_name)
        );
        match report.stop {
            None => {
                *backoff = OFFLINE_FIRST;
                self.set_sender(env, SenderState::Idle, &entries);
                Next::WhenWoken
            }
            Some(SendStop::AnotherSender) => {
                let retry_at = instant(Utc::now() + ANOTHER_SENDER_AGAIN);
                self.set_sender(env, SenderState::AnotherSender { retry_at }, &entries);
                Next::After(ANOTHER_SENDER_AGAIN)
            }
            Some(SendStop::Unauthorized { .. }) => {
                self.set_sender(env, SenderState::Unauthorized, &entries);
                Next::WhenWoken
            }
            Some(SendStop::KeptFailing { in_a_row }) => {
                let in_a_row = u32::try_from(in_a_row).unwrap_or(u32::MAX);
                self.set_sender(env, SenderState::KeptFailing { in_a_row }, &entries);
                Next::WhenWoken
            }
            Some(SendStop::CannotSendNow {
                reason: QueueReason::QuotaSpent { until: Some(until) },
                ..
            }) => {
                *backoff = OFFLINE_FIRST;
                let wait = (until - Utc::now()).to_std().unwrap_or_default() + AFTER_RESET;
                let why = QueueWhy::QuotaSpent {
                    until: Some(instant(until)),
                };
                let retry_at = instant(until);
                self.set_sender(env, SenderState::Waiting { why, retry_at }, &entries);
                Next::After(wait)
            }
            Some(SendStop::CannotSendNow { .. }) => self.wait_offline(env, backoff, &entries),
        }
    }

    /// No connection (or no client): look again after the backoff, which doubles.
    fn wait_offline(
        &self,
        env: Environment,
        backoff: &mut Duration,
        entries: &[petstore_bulk::OutboxEntry],
    ) -> Next {
        let wait = *backoff;
        *backoff = (*backoff * 2).min(OFFLINE_MOST);
        let retry_at = instant(Utc::now() + wait);
        let state = SenderState::Waiting {
            why: QueueWhy::Offline,
            retry_at,
        };
        self.set_sender(env, state, entries);
        Next::After(wait)
    }

    /// The sender's state; the windows hear when it changed.
    fn set_sender(
        &self,
        env: Environment,
        state: SenderState,
        entries: &[petstore_bulk::OutboxEntry],
    ) {
        let before = self.outboxes.state().senders.insert(env, state.clone());
        if before.as_ref() != Some(&state) {
            self.tell_outbox(self.view_of(env, entries), None);
        }
    }

    /// One notification when the outbox was emptied, one per refused entry.
    fn notify_outbox(&self, env: Environment, report: &SendReport) {
        for outcome in &report.outcomes {
            if let SendOutcome::Refused { entry, message } = outcome {
                self.notifier.0.outbox(&OutboxNotice::Refused {
                    environment: env,
                    name: entry.name.clone(),
                    message: message.clone(),
                });
            }
        }
        let sent = report
            .outcomes
            .iter()
            .filter(|o| matches!(o, SendOutcome::Sent { .. }))
            .count();
        let left_any = report.outcomes.iter().any(|o| {
            matches!(
                o,
                SendOutcome::Sent { .. } | SendOutcome::AlreadyAdded { .. }
            )
        });
        if report.left == 0 && left_any {
            self.notifier.0.outbox(&OutboxNotice::Emptied {
                environment: env,
                sent,
            });
        }
    }
}

fn stop_name(stop: &SendStop) -> &'static str {
    match stop {
        SendStop::AnotherSender => "another sender",
        SendStop::Unauthorized { .. } => "unauthorized",
        SendStop::CannotSendNow { .. } => "cannot send now",
        SendStop::KeptFailing { .. } => "kept failing",
    }
}
