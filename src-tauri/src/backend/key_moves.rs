//! A stored key goes only where the person said. The key stored for an environment was given for
//! the server its address names; an address on another server (scheme, host or port) gets it only
//! once the person answered "keep the key" for that move. The backend asks for the answer on each
//! path a key could take to a typed address (Settings' Save and Test), so a web view that skips
//! the question cannot send a key to a new server. (The CLI refuses the same without --trust-url.)

use petstore_client::{BaseUrl, Environment};

use super::Backend;
use crate::dto::{CommandError, ConfigurationProblem, Field, KeyMove};

impl Backend {
    /// The address `env` now has, when moving it to `to` would send a stored key to another
    /// server. `None` when nothing would move: the sandbox (its own demo key), no address yet
    /// (the key was given with no server named), the same server, or no key stored.
    pub(super) async fn key_would_move(&self, env: Environment, to: &BaseUrl) -> Option<BaseUrl> {
        if env == Environment::Sandbox {
            return None;
        }
        let from = self.base_url(env, false).await.ok()?;
        if from.same_origin(&to.join("")) {
            return None;
        }
        // A keychain that cannot say counts as holding a key: asking loses nothing.
        match self.keys.get(env).await {
            Ok(None) => None,
            Ok(Some(_)) | Err(_) => Some(from),
        }
    }

    /// Refuses, before anything is sent or saved, to take `env`'s stored key to `to` on another
    /// server unless the person answered `moved` (Keep or Remove).
    pub(super) async fn check_key_move(
        &self,
        env: Environment,
        to: &BaseUrl,
        moved: Option<KeyMove>,
    ) -> Result<Option<KeyMove>, CommandError> {
        let Some(from) = self.key_would_move(env, to).await else {
            return Ok(None);
        };
        match moved {
            Some(answer) => {
                log::info!(
                    "{env}'s address moves from {} to {} on another server; the person chose to {answer:?} the stored key",
                    from.as_str(),
                    to.as_str()
                );
                Ok(Some(answer))
            }
            None => Err(key_would_move(env, &from, to)),
        }
    }
}

/// `keyWouldMove`: `environment`'s stored key would go to `address`, an address on another server
/// than its saved one (`field` names the address's setting). Nothing was sent or saved.
fn key_would_move(env: Environment, from: &BaseUrl, to: &BaseUrl) -> CommandError {
    log::info!(
        "{env}'s stored key was not taken from {} to {} on another server: the person has not answered",
        from.as_str(),
        to.as_str()
    );
    CommandError::configuration(ConfigurationProblem::KeyWouldMove {
        environment: env,
        address: to.as_str().to_owned(),
        field: Field::address_of(env),
    })
}
