//! Where the API key for a command comes from: PETSTORE_API_KEY, else the keychain, else
//! (sandbox only) the demo key.
//!
//! Runs before any async runtime exists: the Linux keychain store drives its own runtime.

use petstore_client::keychain::{Keychain, KeychainError};
use petstore_client::{ApiKey, Environment, SANDBOX_DEMO_KEY};

use crate::exit::CliError;

pub const ENV_VAR: &str = "PETSTORE_API_KEY";

pub fn resolve(env: Environment) -> Result<ApiKey, CliError> {
    if let Some(key) = from_env_var()? {
        return Ok(key);
    }
    let stored = Keychain::system().and_then(|keychain| keychain.get(env));
    match (stored, env) {
        (Ok(Some(key)), _) => Ok(key),
        // The sandbox works out of the box, with or without a keychain.
        (Ok(None) | Err(KeychainError::Unavailable { .. }), Environment::Sandbox) => demo_key(),
        (Ok(None), _) => Err(CliError::MissingKey { env }),
        (Err(source @ KeychainError::Unavailable { .. }), _) => {
            Err(CliError::KeychainUnavailable { env, source })
        }
        (Err(err), _) => Err(err.into()),
    }
}

fn from_env_var() -> Result<Option<ApiKey>, CliError> {
    match std::env::var(ENV_VAR) {
        Ok(text) if !text.trim().is_empty() => ApiKey::new(text.trim().to_string())
            .map(Some)
            .map_err(CliError::BadEnvKey),
        // Unset, empty or not UTF-8: as if absent, so an exported-but-empty variable falls
        // back to the keychain.
        _ => Ok(None),
    }
}

fn demo_key() -> Result<ApiKey, CliError> {
    ApiKey::new(SANDBOX_DEMO_KEY.to_string())
        .map_err(|err| CliError::Internal(format!("the demo key is refused: {err}")))
}
