//! At most one create in flight per environment. Creating is not idempotent: a second create sent
//! while the first may still succeed can add the same pet twice, so it is refused before anything
//! is sent, whoever asks (a reopened dialog, a shortcut, a reloaded web view).

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use petstore_client::Environment;

use crate::dto::CommandError;

/// The environments with a create on its way.
#[derive(Debug, Default)]
pub(super) struct InFlightCreates(Mutex<HashSet<Environment>>);

/// Held while a create for its environment runs. Dropping it, on every way out of the command
/// (an answer, an error, or a command future dropped half-way), lets the next create start.
#[derive(Debug)]
pub(super) struct CreateSlot<'a> {
    creates: &'a InFlightCreates,
    env: Environment,
}

impl InFlightCreates {
    /// The slot for `env`, or the error that says a create for it is still on its way.
    pub fn claim(&self, env: Environment) -> Result<CreateSlot<'_>, CommandError> {
        let mut busy = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if !busy.insert(env) {
            return Err(CommandError::CreateInFlight {
                environment: Some(env),
            });
        }
        Ok(CreateSlot { creates: self, env })
    }
}

impl Drop for CreateSlot<'_> {
    fn drop(&mut self) {
        // A poisoned lock still holds a usable set: never panic in a drop.
        self.creates
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.env);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_slot_per_environment_until_it_is_dropped() {
        let creates = InFlightCreates::default();
        let staging = creates.claim(Environment::Staging).expect("free");
        let refused = creates.claim(Environment::Staging).expect_err("busy");
        assert_eq!(
            refused,
            CommandError::CreateInFlight {
                environment: Some(Environment::Staging)
            },
            "names the environment"
        );
        let production = creates
            .claim(Environment::Production)
            .expect("another environment");
        drop(staging);
        let again = creates.claim(Environment::Staging).expect("free again");
        drop((again, production));
        assert!(creates.0.lock().expect("lock").is_empty());
    }
}
