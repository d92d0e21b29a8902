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
mod tests {
    use super::*;
    use keyring_core::mock;

    const SECRET: &str = "pk_test_0123456789abcd";

    fn keychain() -> (Keychain, Arc<mock::Store>) {
        let store = mock::Store::new().expect("mock store");
        (Keychain::with_store(store.clone()), store)
    }

    fn key() -> ApiKey {
        ApiKey::new(SECRET.to_string()).expect("valid key")
    }

    /// Makes the next call on the mock entry for `env` fail with `err`.
    fn fail_next(store: &Arc<mock::Store>, env: Environment, err: StoreError) {
        let store: Arc<CredentialStore> = store.clone();
        let entry = store.build(SERVICE, &env.to_string(), None).expect("entry");
        let cred: &mock::Cred = entry.as_any().downcast_ref().expect("mock credential");
        cred.set_error(err);
    }

    fn assert_no_secret(err: &KeychainError) {
        let shown = format!("{err} {err:?}");
        assert!(!shown.contains(SECRET), "the key leaked into: {shown}");
    }

    #[test]
    fn set_then_get_round_trips_per_environment() {
        let (keychain, _store) = keychain();
        keychain.set(Environment::Staging, &key()).expect("set");
        let got = keychain
            .get(Environment::Staging)
            .expect("get")
            .expect("stored");
        assert_eq!(got.expose_secret(), SECRET);
        assert!(
            keychain
                .get(Environment::Production)
                .expect("get")
                .is_none()
        );
    }

    fn proxy(url: &str) -> ProxyUrl {
        ProxyUrl::parse(url).expect("proxy address")
    }

    #[test]
    fn the_proxy_password_is_an_entry_of_its_own_beside_the_keys() {
        let (keychain, store) = keychain();
        let corp = proxy("http://proxy.corp.example:3128");
        assert_eq!(
            keychain.proxy_password_for(&corp).expect("get"),
            ProxyPassword::None
        );
        keychain.set(Environment::Production, &key()).expect("set");
        keychain
            .set_proxy_password(&corp, "pr0xy pass")
            .expect("set");
        let store: Arc<CredentialStore> = store;
        let entry = store.build(SERVICE, PROXY_ACCOUNT, None).expect("entry");
        assert!(
            entry
                .get_password()
                .expect("stored")
                .ends_with("\npr0xy pass")
        );
        assert_eq!(
            keychain.proxy_password_for(&corp).expect("get"),
            ProxyPassword::For(Zeroizing::new("pr0xy pass".to_owned()))
        );
        assert_eq!(
            keychain
                .get(Environment::Production)
                .expect("get")
                .unwrap()
                .expose_secret(),
            SECRET,
            "the key is untouched"
        );
        assert!(keychain.clear_proxy_password().expect("clear"));
        assert!(!keychain.clear_proxy_password().expect("clear"));
        assert_eq!(
            keychain.proxy_password_for(&corp).expect("get"),
            ProxyPassword::None
        );
        assert!(
            keychain
                .get(Environment::Production)
                .expect("get")
                .is_some()
        );
    }

    #[test]
    fn a_password_goes_only_to_the_proxy_it_was_stored_for() {
        let (keychain, _store) = keychain();
        let corp = proxy("http://proxy.corp.example:3128");
        keychain
            .set_proxy_password(&corp, "pr0xy pass")
            .expect("set");
        // The same proxy written with capitals or a trailing slash: the same proxy.
        assert!(matches!(
            keychain
                .proxy_password_for(&proxy("http://PROXY.corp.example:3128/"))
                .expect("get"),
            ProxyPassword::For(_)
        ));
        for other in [
            "http://proxy.corp.example.evil:3128",
            "http://proxy.corp.example:8080",
            "https://proxy.corp.example:3128",
        ] {
            assert_eq!(
                keychain.proxy_password_for(&proxy(other)).expect("get"),
                ProxyPassword::ForAnotherProxy {
                    proxy: "http://proxy.corp.example:3128".to_owned()
                },
                "{other}"
            );
        }
    }

    #[test]
    fn an_old_entry_without_its_proxy_is_tied_to_the_first_it_is_used_with() {
        let (keychain, store) = keychain();
        let store: Arc<CredentialStore> = store;
        let entry = store.build(SERVICE, PROXY_ACCOUNT, None).expect("entry");
        entry.set_password("old plain password").expect("raw set");
        let corp = proxy("http://proxy.corp.example:3128");
        assert_eq!(
            keychain.proxy_password_for(&corp).expect("get"),
            ProxyPassword::For(Zeroizing::new("old plain password".to_owned()))
        );
        assert!(matches!(
            keychain
                .proxy_password_for(&proxy("http://elsewhere.example:3128"))
                .expect("get"),
            ProxyPassword::ForAnotherProxy { .. }
        ));
    }

    #[test]
    fn entries_use_the_app_identifier_and_environment_name() {
        let (keychain, store) = keychain();
        keychain.set(Environment::Production, &key()).expect("set");
        let store: Arc<CredentialStore> = store;
        let entry = store.build(SERVICE, "production", None).expect("entry");
        assert_eq!(entry.get_password().expect("stored"), SECRET);
    }

    #[test]
    fn status_shows_only_the_masked_form() {
        let (keychain, _store) = keychain();
        let empty = keychain.status(Environment::Production).expect("status");
        assert_eq!(
            empty,
            KeyStatus {
                stored: false,
                masked: None
            }
        );
        keychain.set(Environment::Production, &key()).expect("set");
        let status = keychain.status(Environment::Production).expect("status");
        assert!(status.stored);
        let masked = status.masked.expect("masked");
        assert_eq!(masked, key().masked());
        assert!(!masked.contains(SECRET));
    }

    #[test]
    fn clear_says_whether_there_was_a_key() {
        let (keychain, _store) = keychain();
        keychain.set(Environment::Sandbox, &key()).expect("set");
        assert!(keychain.clear(Environment::Sandbox).expect("clear"));
        assert!(!keychain.clear(Environment::Sandbox).expect("clear again"));
        assert!(keychain.get(Environment::Sandbox).expect("get").is_none());
    }

    #[test]
    fn a_locked_store_is_reported_as_locked() {
        let (keychain, store) = keychain();
        fail_next(
            &store,
            Environment::Production,
            StoreError::NoStorageAccess("collection is locked".into()),
        );
        let err = keychain.get(Environment::Production).expect_err("locked");
        assert!(matches!(err, KeychainError::Locked { .. }), "{err:?}");
        assert!(err.to_string().contains("unlock"), "{err}");
    }

    #[test]
    fn a_too_long_key_names_the_limit() {
        let (keychain, store) = keychain();
        fail_next(
            &store,
            Environment::Production,
            StoreError::TooLong("password encoded as UTF-16".into(), 2560),
        );
        let err = keychain
            .set(Environment::Production, &key())
            .expect_err("too long");
        assert!(
            matches!(err, KeychainError::TooLong { limit: 2560 }),
            "{err:?}"
        );
        assert!(err.to_string().contains("2560"), "{err}");
    }

    #[test]
    fn a_missing_default_store_is_unavailable() {
        let (keychain, store) = keychain();
        fail_next(&store, Environment::Staging, StoreError::NoDefaultStore);
        let err = keychain
            .clear(Environment::Staging)
            .expect_err("unavailable");
        assert!(matches!(err, KeychainError::Unavailable { .. }), "{err:?}");
        assert!(err.to_string().contains("gnome-keyring"), "{err}");
    }

    #[test]
    fn platform_failures_never_echo_the_key() {
        let (keychain, store) = keychain();
        let message = format!("daemon rejected secret {SECRET}");
        fail_next(
            &store,
            Environment::Production,
            StoreError::PlatformFailure(message.into()),
        );
        let err = keychain
            .set(Environment::Production, &key())
            .expect_err("failure");
        assert!(matches!(err, KeychainError::Other(_)), "{err:?}");
        assert_no_secret(&err);
        assert!(err.to_string().contains("daemon rejected"), "{err}");
    }

    #[test]
    fn unreadable_entries_never_echo_their_bytes() {
        let (keychain, store) = keychain();
        keychain.set(Environment::Production, &key()).expect("set");
        fail_next(
            &store,
            Environment::Production,
            StoreError::BadDataFormat(SECRET.as_bytes().to_vec(), "bad".into()),
        );
        let err = keychain.get(Environment::Production).expect_err("bad data");
        assert_no_secret(&err);
        fail_next(
            &store,
            Environment::Production,
            StoreError::BadEncoding(SECRET.as_bytes().to_vec()),
        );
        let err = keychain
            .get(Environment::Production)
            .expect_err("bad encoding");
        assert!(matches!(err, KeychainError::Corrupt { .. }), "{err:?}");
        assert_no_secret(&err);
    }

    #[test]
    fn a_stored_value_that_is_not_a_key_is_corrupt() {
        let (keychain, store) = keychain();
        let store: Arc<CredentialStore> = store;
        let entry = store.build(SERVICE, "staging", None).expect("entry");
        entry.set_password("").expect("raw set");
        let err = keychain.get(Environment::Staging).expect_err("corrupt");
        assert!(matches!(err, KeychainError::Corrupt { .. }), "{err:?}");
        assert!(
            err.to_string().contains("petstore key set --env staging"),
            "{err}"
        );
    }

    #[test]
    fn debug_names_the_store_not_its_contents() {
        let (keychain, _store) = keychain();
        keychain.set(Environment::Production, &key()).expect("set");
        let shown = format!("{keychain:?}");
        assert!(shown.contains("Mock store"), "{shown}");
        assert!(!shown.contains(SECRET));
    }
}
