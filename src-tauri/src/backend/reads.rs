//! Reads (list, next page, lookup, connection test) can be called off per environment: when the
//! person cancels a long wait, or when the environment's address or key changes and what is on its
//! way is aimed at the old server. A cancelled read ends at once with `cancelled`; the client's
//! future is dropped, which leaves its pacing state clean (its waits are cancel-safe).
//!
//! Creates never go through here: a create whose request may have left stays the app's until it
//! answers (see `creates.rs`).

use std::future::Future;

use petstore_client::Environment;
use tokio::sync::watch;

use super::Backend;
use crate::dto::{AppEvent, CommandError, EnvironmentUpdated};

impl Backend {
    /// `env`'s address or key changed: what is on its way to the old one is cancelled (reads
    /// only: a create that may have left finishes), its client (with the old server's quota) is
    /// dropped, and the UI is told, so it reloads from the new one.
    pub(super) fn connection_changed(&self, env: Environment) {
        log::info!("the address or key of {env} changed: its reads in flight are cancelled");
        self.reads.cancel(env);
        self.clients.forget(env);
        // A sender stopped by a refused key tries the new one.
        self.outbox_connection_changed(env);
        self.events
            .0
            .emit(AppEvent::EnvironmentUpdated(EnvironmentUpdated {
                environment: env,
            }));
    }

    /// Ends every read of `env` on its way now ("Cancel" beside a long wait); they answer
    /// `cancelled`. A create is never cancelled.
    pub fn cancel_requests(&self, env: Environment) {
        log::info!("reads of {env} cancelled by the person");
        self.reads.cancel(env);
    }
}

/// One generation counter per environment; a cancel bumps it, and every read of that
/// environment started before the bump ends.
#[derive(Debug)]
pub(super) struct Reads {
    generations: [watch::Sender<u64>; Environment::ALL.len()],
}

impl Default for Reads {
    fn default() -> Self {
        Reads {
            generations: std::array::from_fn(|_| watch::Sender::new(0)),
        }
    }
}

impl Reads {
    fn of(&self, env: Environment) -> &watch::Sender<u64> {
        let index = Environment::ALL
            .iter()
            .position(|e| *e == env)
            .unwrap_or_default();
        &self.generations[index]
    }

    /// Ends every read of `env` that is on its way now (reads started later are not affected).
    pub fn cancel(&self, env: Environment) {
        self.of(env)
            .send_modify(|generation| *generation = generation.wrapping_add(1));
    }

    /// Runs `read` for `env` unless [`Reads::cancel`] is called for `env` first. The read is
    /// registered before it starts, so a cancel that comes while it resolves its client (an
    /// address about to change) ends it too.
    pub async fn run<T>(
        &self,
        env: Environment,
        read: impl Future<Output = Result<T, CommandError>>,
    ) -> Result<T, CommandError> {
        // `subscribe` marks the current generation as seen: only a later cancel wakes it.
        let mut cancelled = self.of(env).subscribe();
        tokio::select! {
            outcome = read => outcome,
            // The sender lives as long as `self`, which this borrow outlives: `changed` cannot fail.
            _ = cancelled.changed() => {
                log::info!("a read of {env} was cancelled before it finished");
                Err(CommandError::Cancelled {
                    environment: Some(env),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_cancel_ends_only_reads_of_that_environment_already_on_their_way() {
        let reads = std::sync::Arc::new(Reads::default());
        let slow = |value: u32| async move {
            tokio::time::sleep(Duration::from_millis(300)).await;
            Ok::<u32, CommandError>(value)
        };
        let staging = tokio::spawn({
            let reads = reads.clone();
            async move { reads.run(Environment::Staging, slow(1)).await }
        });
        let production = tokio::spawn({
            let reads = reads.clone();
            async move { reads.run(Environment::Production, slow(2)).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        reads.cancel(Environment::Staging);
        let error = staging.await.expect("joined").expect_err("cancelled");
        assert_eq!(
            error,
            CommandError::Cancelled {
                environment: Some(Environment::Staging)
            }
        );
        assert_eq!(production.await.expect("joined").expect("not cancelled"), 2);
        // A read started after the cancel runs.
        assert_eq!(
            reads
                .run(Environment::Staging, slow(3))
                .await
                .expect("new read"),
            3
        );
    }
}
