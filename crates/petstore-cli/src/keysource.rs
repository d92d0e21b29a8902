//! Where the API key for a command comes from, and where a stored key may go.
//!
//! - `PETSTORE_API_KEY` is the caller's explicit choice: it goes to whatever address they gave.
//! - A key stored in the keychain for an environment goes only to that environment's own
//!   address (same scheme, host and port), unless `--trust-url` says otherwise, and never to a
//!   `--base-url` given without `--env` unless that is exactly an environment's address.
//! - The sandbox's demo key is public, not a secret: it is the fallback for the sandbox, and for
//!   a loopback `--base-url` that nothing else applies to (a sandbox on another port).
//!
//! Runs before any async runtime exists: the Linux keychain store drives its own runtime.

use std::fmt;

use petstore_client::{ApiKey, BaseUrl, Environment, SANDBOX_DEMO_KEY};
use petstore_local::keychain::{Keychain, KeychainError};

use crate::exit::CliError;

pub const ENV_VAR: &str = "PETSTORE_API_KEY";

/// Where a key came from, for messages and logs (never the key itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySource {
    EnvVar,
    Keychain(Environment),
    SandboxDemo,
}

impl fmt::Display for KeySource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeySource::EnvVar => write!(f, "the API key in {ENV_VAR}"),
            KeySource::Keychain(env) => write!(f, "the API key stored in the keychain for {env}"),
            KeySource::SandboxDemo => f.write_str("the sandbox's public demo key"),
        }
    }
}

/// A key and where it came from.
#[derive(Debug)]
pub struct Resolved {
    pub key: ApiKey,
    pub source: KeySource,
}

/// The key for `env`, sent to `env`'s own configured address.
pub fn for_environment(env: Environment) -> Result<Resolved, CliError> {
    if let Some(key) = from_env_var()? {
        return Ok(key);
    }
    stored_or_demo(env)
}

/// The key for `--env env --base-url url`. A stored key goes there only when `url` has the
/// origin of `env`'s configured address (`configured`), or when the person said `--trust-url`.
pub fn for_environment_at(
    env: Environment,
    url: &BaseUrl,
    configured: Option<&BaseUrl>,
    trust_url: bool,
) -> Result<Resolved, CliError> {
    if let Some(key) = from_env_var()? {
        return Ok(key);
    }
    let resolved = stored_or_demo(env)?;
    // `join("")` is the base address itself as a URL: the one origin check BaseUrl has.
    let own_server = configured.is_some_and(|own| own.same_origin(&url.join("")));
    if resolved.source == KeySource::Keychain(env) && !own_server && !trust_url {
        return Err(CliError::KeyForAnotherServer {
            env,
            url: url.to_string(),
            configured: configured.map(ToString::to_string),
        });
    }
    Ok(resolved)
}

/// The key for a `--base-url url` given without `--env`: `PETSTORE_API_KEY`; else the key
/// stored for an environment whose configured address is exactly `url` (`candidates`, most
/// likely first); else, on loopback, the sandbox's demo key. Also says which environment the
/// key belongs to, when one does.
pub fn for_address(
    url: &BaseUrl,
    candidates: &[Environment],
) -> Result<(Option<Environment>, Resolved), CliError> {
    if let Some(key) = from_env_var()? {
        return Ok((candidates.first().copied(), key));
    }
    let mut unreachable = None;
    for &env in candidates {
        match Keychain::system().and_then(|keychain| keychain.get(env)) {
            Ok(Some(key)) => {
                let source = KeySource::Keychain(env);
                return Ok((Some(env), Resolved { key, source }));
            }
            Ok(None) => {}
            Err(source @ KeychainError::Unavailable { .. }) => {
                unreachable.get_or_insert(CliError::KeychainUnavailable { env, source });
            }
            Err(err) => return Err(err.into()),
        }
    }
    if url.is_loopback() {
        return Ok((candidates.first().copied(), demo_key()?));
    }
    Err(match (unreachable, candidates.first()) {
        (Some(err), _) => err,
        (None, Some(&env)) => CliError::MissingKey { env },
        (None, None) => CliError::NoKeyForAddress {
            url: url.to_string(),
        },
    })
}

/// The key stored for `env`, else (sandbox only) the demo key.
fn stored_or_demo(env: Environment) -> Result<Resolved, CliError> {
    let stored = Keychain::system().and_then(|keychain| keychain.get(env));
    match (stored, env) {
        (Ok(Some(key)), _) => Ok(Resolved {
            key,
            source: KeySource::Keychain(env),
        }),
        // The sandbox works out of the box, with or without a keychain.
        (Ok(None) | Err(KeychainError::Unavailable { .. }), Environment::Sandbox) => demo_key(),
        (Ok(None), _) => Err(CliError::MissingKey { env }),
        (Err(source @ KeychainError::Unavailable { .. }), _) => {
            Err(CliError::KeychainUnavailable { env, source })
        }
        (Err(err), _) => Err(err.into()),
    }
}

fn from_env_var() -> Result<Option<Resolved>, CliError> {
    match std::env::var(ENV_VAR) {
        Ok(text) if !text.trim().is_empty() => ApiKey::new(text.trim().to_string())
            .map(|key| {
                Some(Resolved {
                    key,
                    source: KeySource::EnvVar,
                })
            })
            .map_err(CliError::BadEnvKey),
        // Unset, empty or not UTF-8: as if absent, so an exported-but-empty variable falls
        // back to the keychain.
        _ => Ok(None),
    }
}

fn demo_key() -> Result<Resolved, CliError> {
    let key = ApiKey::new(SANDBOX_DEMO_KEY.to_string())
        .map_err(|err| CliError::Internal(format!("the demo key is refused: {err}")))?;
    Ok(Resolved {
        key,
        source: KeySource::SandboxDemo,
    })
}
