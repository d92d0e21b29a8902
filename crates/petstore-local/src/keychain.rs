//! One API key per environment in the OS keychain: service [`SERVICE`], account = the environment name.
//!
//! The store is chosen once, at start-up ([`Keychain::system`]), and kept in the [`Keychain`] value rather
//! than in keyring-core's process-wide default store: a test that hands in a mock store can never be
//! silently switched to the real keychain, nor the other way round.
//!
//! The Linux store talks to the Secret Service through zbus' blocking API, which runs its own tokio
//! runtime: call these methods outside any async runtime, or from `tokio::task::spawn_blocking`.

use std::sync::Arc;

use keyring_core::{CredentialStore, Entry, Error as StoreError};
use zeroize::Zeroizing;

use petstore_client::{ApiKey, Environment, ProxyUrl};

use crate::proxy_secret::{self, ProxyPassword, proxy_of};

/// The application identifier, used as the keychain "service" of every entry.
pub const SERVICE: &str = crate::APP_ID;

/// The keychain account of the proxy's password (the API keys' accounts are environment names).
pub const PROXY_ACCOUNT: &str = "proxy";

/// The start of the keychain account of a shared store's database password (issue 41), followed
/// by the store's address (`postgres://user@host:port/db`, no password): an entry of its own, so
/// clearing an API key or the proxy's password never touches it, and a password is only ever
/// sent to the store it was typed for (as the proxy's is).
pub const SHARED_STORE_ACCOUNT: &str = "shared-store ";

/// A keychain failure, in words a person can act on. Never carries a key, not even part of one.
#[derive(Debug, thiserror::Error)]
pub enum KeychainError {
    #[error(
        "No keychain is reachable on this system (on Linux: install and unlock a Secret Service \
         such as gnome-keyring). Details: {detail}"
    )]
    Unavailable { detail: String },
    #[error("The keychain is locked or refused access: unlock it and try again. Details: {detail}")]
    Locked { detail: String },
    #[error("The API key is too long for this keychain: it holds at most {limit} bytes.")]
    TooLong { limit: u32 },
    #[error(
        "The keychain entry for {env} does not hold a valid API key: store it again with \
         `petstore key set --env {env}`."
    )]
    Corrupt { env: Environment },
    #[error("The keychain failed: {0}")]
    Other(String),
}

/// What a person may know about a stored key: whether there is one, and its masked form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyStatus {
    pub stored: bool,
    pub masked: Option<String>,
}

/// Access to the per-environment API keys in one credential store.
#[derive(Clone)]
pub struct Keychain {
    store: Arc<CredentialStore>,
}

impl std::fmt::Debug for Keychain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keychain")
            .field("store", &self.store.vendor())
            .finish()
    }
}

impl Keychain {
    /// The platform's own store: Secret Service (Linux), Keychain (macOS), Credential Manager (Windows).
    pub fn system() -> Result<Keychain, KeychainError> {
        let store = platform_store().map_err(|err| KeychainError::Unavailable {
            detail: describe(&err),
        })?;
        Ok(Keychain { store })
    }

    /// A keychain over a store of the caller's choice (tests use `keyring_core::mock::Store`).
    pub fn with_store(store: Arc<CredentialStore>) -> Keychain {
        Keychain { store }
    }

    /// The key stored for `env`, if any.
    pub fn get(&self, env: Environment) -> Result<Option<ApiKey>, KeychainError> {
        match self.entry(env)?.get_password() {
            Ok(secret) => ApiKey::new(secret)
                .map(Some)
                .map_err(|_| KeychainError::Corrupt { env }),
            Err(StoreError::NoEntry) => Ok(None),
            Err(StoreError::BadEncoding(_)) => Err(KeychainError::Corrupt { env }),
            Err(err) => Err(map_error(err)),
        }
    }

    /// Store (or replace) the key for `env`.
    pub fn set(&self, env: Environment, key: &ApiKey) -> Result<(), KeychainError> {
        self.entry(env)?
            .set_password(key.expose_secret())
            .map_err(|err| scrub(map_error(err), key))
    }

    /// Remove the key for `env`; `true` when there was one.
    pub fn clear(&self, env: Environment) -> Result<bool, KeychainError> {
        match self.entry(env)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(StoreError::NoEntry) => Ok(false),
            Err(err) => Err(map_error(err)),
        }
    }

    /// Whether a key is stored for `env`, and its masked form.
    pub fn status(&self, env: Environment) -> Result<KeyStatus, KeychainError> {
        let key = self.get(env)?;
        Ok(KeyStatus {
            stored: key.is_some(),
            masked: key.map(|k| k.masked()),
        })
    }

    /// The proxy's password (an entry of its own, account [`PROXY_ACCOUNT`]) for `proxy`: only
    /// when it was stored for that proxy ([`crate::proxy_secret`]). An entry from before entries
    /// named their proxy is bound to `proxy` now, its first use.
    pub fn proxy_password_for(&self, proxy: &ProxyUrl) -> Result<ProxyPassword, KeychainError> {
        let entry = match self.proxy_entry()?.get_password() {
            Ok(secret) => Zeroizing::new(secret),
            Err(StoreError::NoEntry) => return Ok(ProxyPassword::None),
            Err(err) => return Err(map_error(err)),
        };
        let wanted = proxy_of(proxy);
        Ok(match proxy_secret::decode(&entry) {
            proxy_secret::Stored::Bound {
                proxy: stored,
                password,
            } if stored == wanted => ProxyPassword::For(password),
            proxy_secret::Stored::Bound { proxy: stored, .. } => {
                ProxyPassword::ForAnotherProxy { proxy: stored }
            }
            proxy_secret::Stored::Unbound(password) => {
                if let Err(error) = self.set_proxy_password(proxy, &password) {
                    log::warn!("the proxy password could not be tied to its proxy: {error}");
                }
                ProxyPassword::For(password)
            }
        })
    }

    /// Store (or replace) the password of `proxy`; no other proxy will be sent it.
    pub fn set_proxy_password(
        &self,
        proxy: &ProxyUrl,
        password: &str,
    ) -> Result<(), KeychainError> {
        let entry = proxy_secret::encode(&proxy_of(proxy), password);
        self.proxy_entry()?
            .set_password(&entry)
            .map_err(|err| match map_error(err) {
                // A store's message could echo what it was given.
                KeychainError::Other(_) => {
                    KeychainError::Other("the proxy password was not stored".into())
                }
                other => other,
            })
    }

    /// Remove the proxy's password; `true` when there was one.
    pub fn clear_proxy_password(&self) -> Result<bool, KeychainError> {
        match self.proxy_entry()?.delete_credential() {
            Ok(()) => Ok(true),
            Err(StoreError::NoEntry) => Ok(false),
            Err(err) => Err(map_error(err)),
        }
    }

    /// The database password stored for the shared store at `store` (its address), if any.
    pub fn shared_store_password(
        &self,
        store: &str,
    ) -> Result<Option<Zeroizing<String>>, KeychainError> {
        match self.shared_store_entry(store)?.get_password() {
            Ok(secret) => Ok(Some(Zeroizing::new(secret))),
            Err(StoreError::NoEntry) => Ok(None),
            Err(err) => Err(map_error(err)),
        }
    }

    /// Store (or replace) the database password of the shared store at `store`.
    pub fn set_shared_store_password(
        &self,
        store: &str,
        password: &str,
    ) -> Result<(), KeychainError> {
        self.shared_store_entry(store)?
            .set_password(password)
            .map_err(|err| match map_error(err) {
                // A store's message could echo what it was given.
                KeychainError::Other(_) => {
                    KeychainError::Other("the shared store's password was not stored".into())
                }
                other => other,
            })
    }

    /// Remove the password of the shared store at `store`; `true` when there was one.
    pub fn clear_shared_store_password(&self, store: &str) -> Result<bool, KeychainError> {
        match self.shared_store_entry(store)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(StoreError::NoEntry) => Ok(false),
            Err(err) => Err(map_error(err)),
        }
    }

    fn shared_store_entry(&self, store: &str) -> Result<Entry, KeychainError> {
        self.store
            .build(SERVICE, &format!("{SHARED_STORE_ACCOUNT}{store}"), None)
            .map_err(map_error)
    }

    fn proxy_entry(&self) -> Result<Entry, KeychainError> {
        self.store
            .build(SERVICE, PROXY_ACCOUNT, None)
            .map_err(map_error)
    }

    fn entry(&self, env: Environment) -> Result<Entry, KeychainError> {
        self.store
            .build(SERVICE, &env.to_string(), None)
            .map_err(map_error)
    }
}

#[cfg(target_os = "linux")]
fn platform_store() -> Result<Arc<CredentialStore>, StoreError> {
    let store: Arc<CredentialStore> = zbus_secret_service_keyring_store::Store::new()?;
    Ok(store)
}

#[cfg(target_os = "macos")]
fn platform_store() -> Result<Arc<CredentialStore>, StoreError> {
    let store: Arc<CredentialStore> = apple_native_keyring_store::keychain::Store::new()?;
    Ok(store)
}

#[cfg(target_os = "windows")]
fn platform_store() -> Result<Arc<CredentialStore>, StoreError> {
    let store: Arc<CredentialStore> = windows_native_keyring_store::Store::new()?;
    Ok(store)
}

#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "windows")))]
fn platform_store() -> Result<Arc<CredentialStore>, StoreError> {
    Err(StoreError::NotSupportedByStore(
        "this operating system has no supported keychain".to_string(),
    ))
}

fn map_error(err: StoreError) -> KeychainError {
    match err {
        StoreError::NoDefaultStore => KeychainError::Unavailable {
            detail: describe(&err),
        },
        StoreError::NoStorageAccess(_) => KeychainError::Locked {
            detail: describe(&err),
        },
        StoreError::TooLong(_, limit) => KeychainError::TooLong { limit },
        // These carry the stored bytes: never let them near a message.
        StoreError::BadEncoding(_) | StoreError::BadDataFormat(..) => {
            KeychainError::Other("the stored entry is unreadable; store the key again".to_string())
        }
        StoreError::Ambiguous(entries) => KeychainError::Other(format!(
            "{} keychain entries match; clear the key and store it again",
            entries.len()
        )),
        other => KeychainError::Other(describe(&other)),
    }
}

/// The store's own words, minus the variants whose Display could echo stored data.
fn describe(err: &StoreError) -> String {
    match err {
        StoreError::PlatformFailure(inner) | StoreError::NoStorageAccess(inner) => {
            inner.to_string()
        }
        StoreError::BadEncoding(_) | StoreError::BadDataFormat(..) => {
            "unreadable entry".to_string()
        }
        StoreError::Ambiguous(entries) => format!("{} matching entries", entries.len()),
        other => other.to_string(),
    }
}

/// Belt and braces: a platform message that somehow quotes the key loses it.
fn scrub(err: KeychainError, key: &ApiKey) -> KeychainError {
    let secret = key.expose_secret();
    let clean = |s: String| {
        if !secret.is_empty() && s.contains(secret) {
            s.replace(secret, "[redacted]")
        } else {
            s
        }
    };
    match err {
        KeychainError::Unavailable { detail } => KeychainError::Unavailable {
            detail: clean(detail),
        },
        KeychainError::Locked { detail } => KeychainError::Locked {
            detail: clean(detail),
        },
        KeychainError::Other(message) => KeychainError::Other(clean(message)),
        other => other,
    }
}

#[cfg(test)]
mod tests;
