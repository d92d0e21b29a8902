//! API keys per environment: the OS keychain (chosen once, on first use) or, when the person asks
//! or no keychain is reachable, memory for this session only. Keys go in; only status comes out.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use petstore_client::{ApiKey, Environment, ProxyUrl};
use petstore_local::ProxyPassword;
use petstore_local::keychain::{Keychain, KeychainError};

use crate::dto::{CommandError, KeyStatus, KeychainProblem};

/// Where keys are kept.
#[derive(Debug, Clone)]
pub enum KeychainSource {
    /// None: session-only keys.
    Absent,
    /// This one (tests pass an in-memory store).
    Given(Keychain),
    /// The platform's keychain, connected to on first use.
    System,
}

impl From<Option<Keychain>> for KeychainSource {
    fn from(keychain: Option<Keychain>) -> Self {
        keychain.map_or(KeychainSource::Absent, KeychainSource::Given)
    }
}

/// The keychain, resolved from its source once, on the first call that needs it.
#[derive(Debug)]
struct LazyKeychain {
    source: KeychainSource,
    chosen: OnceLock<Option<Keychain>>,
}

impl LazyKeychain {
    /// Blocks: the Linux store connects over D-Bus.
    fn get(&self) -> Option<&Keychain> {
        self.chosen
            .get_or_init(|| match &self.source {
                KeychainSource::Absent => None,
                KeychainSource::Given(keychain) => Some(keychain.clone()),
                KeychainSource::System => match Keychain::system() {
                    Ok(keychain) => Some(keychain),
                    Err(error) => {
                        log::warn!("no keychain: {error}; keys can be kept for this session only");
                        None
                    }
                },
            })
            .as_ref()
    }
}

#[derive(Debug)]
pub struct KeyStore {
    keychain: Arc<LazyKeychain>,
    session: Mutex<HashMap<Environment, ApiKey>>,
    /// Keys read from the keychain, so a call does not cost a keychain round trip (on Linux a
    /// D-Bus call) each time; `set` and `clear` keep it current.
    read: Mutex<HashMap<Environment, Option<ApiKey>>>,
}

impl KeyStore {
    pub fn new(source: KeychainSource) -> KeyStore {
        KeyStore {
            keychain: Arc::new(LazyKeychain {
                source,
                chosen: OnceLock::new(),
            }),
            session: Mutex::new(HashMap::new()),
            read: Mutex::new(HashMap::new()),
        }
    }

    fn session_key(&self, env: Environment) -> Option<ApiKey> {
        self.lock_session().get(&env).cloned()
    }

    fn lock_session(&self) -> MutexGuard<'_, HashMap<Environment, ApiKey>> {
        lock(&self.session)
    }

    fn remember(&self, env: Environment, key: Option<ApiKey>) {
        lock(&self.read).insert(env, key);
    }

    /// The key to use for `env`: this session's wins over the keychain's.
    pub async fn get(&self, env: Environment) -> Result<Option<ApiKey>, CommandError> {
        if let Some(key) = self.session_key(env) {
            return Ok(Some(key));
        }
        if let Some(known) = lock(&self.read).get(&env) {
            return Ok(known.clone());
        }
        match self.with_keychain(move |k| k.get(env)).await {
            Some(Ok(key)) => {
                self.remember(env, key.clone());
                Ok(key)
            }
            // Unreachable is the same as "no key": the call then says how to set one.
            Some(Err(KeychainError::Unavailable { .. })) | None => Ok(None),
            Some(Err(other)) => Err(logged(env, "read", other).into()),
        }
    }

    pub async fn status(&self, env: Environment) -> Result<KeyStatus, CommandError> {
        if let Some(key) = self.session_key(env) {
            let available = self.keychain_reachable(env).await;
            return Ok(status(env, Some(key.masked()), true, available));
        }
        match self.with_keychain(move |k| k.status(env)).await {
            Some(Ok(found)) => Ok(status(env, found.masked, false, true)),
            Some(Err(KeychainError::Unavailable { .. } | KeychainError::Locked { .. })) | None => {
                Ok(status(env, None, false, false))
            }
            Some(Err(other)) => Err(logged(env, "checked", other).into()),
        }
    }

    pub async fn set(
        &self,
        env: Environment,
        key: ApiKey,
        session_only: bool,
    ) -> Result<KeyStatus, CommandError> {
        if session_only {
            let masked = key.masked();
            self.lock_session().insert(env, key);
            let available = self.keychain_reachable(env).await;
            return Ok(status(env, Some(masked), true, available));
        }
        let masked = key.masked();
        let stored = key.clone();
        match self.with_keychain(move |k| k.set(env, &key)).await {
            Some(Ok(())) => {
                self.lock_session().remove(&env);
                self.remember(env, Some(stored));
                Ok(status(env, Some(masked), false, true))
            }
            Some(Err(error)) => Err(no_keychain(logged(env, "stored", error).into())),
            None => Err(no_keychain(CommandError::Keychain(
                KeychainProblem::KeychainUnavailable { field: None },
            ))),
        }
    }

    /// Forgets the key for `env`, in this session and in the keychain.
    pub async fn clear(&self, env: Environment) -> Result<KeyStatus, CommandError> {
        self.lock_session().remove(&env);
        self.remember(env, None);
        match self.with_keychain(move |k| k.clear(env)).await {
            Some(Ok(_)) => Ok(status(env, None, false, true)),
            Some(Err(KeychainError::Unavailable { .. })) | None => {
                Ok(status(env, None, false, false))
            }
            Some(Err(other)) => Err(logged(env, "removed", other).into()),
        }
    }

    async fn keychain_reachable(&self, env: Environment) -> bool {
        matches!(
            self.with_keychain(move |k| k.status(env)).await,
            Some(Ok(_))
        )
    }

    /// What the keychain holds for `proxy`'s password; `None` when there is no keychain or it
    /// failed (the proxy then answers 407, which says what to do).
    pub async fn proxy_password_for(&self, proxy: &ProxyUrl) -> Option<ProxyPassword> {
        let proxy = proxy.clone();
        match self
            .with_keychain(move |k| k.proxy_password_for(&proxy))
            .await
        {
            Some(Ok(found)) => Some(found),
            Some(Err(error)) => {
                log::warn!("the proxy password could not be read from the keychain: {error}");
                None
            }
            None => None,
        }
    }

    /// Stores (or replaces) `proxy`'s password in the keychain; never in memory only: a proxy
    /// password kept for a session would be a second, silent place for it.
    pub async fn set_proxy_password(
        &self,
        proxy: &ProxyUrl,
        password: String,
    ) -> Result<(), CommandError> {
        let password = zeroize::Zeroizing::new(password);
        let proxy = proxy.clone();
        match self
            .with_keychain(move |k| k.set_proxy_password(&proxy, &password))
            .await
        {
            Some(Ok(())) => Ok(()),
            Some(Err(error)) => {
                log::warn!("the proxy password could not be stored in the keychain: {error}");
                Err(error.into())
            }
            None => Err(CommandError::Keychain(
                KeychainProblem::KeychainUnavailable { field: None },
            )),
        }
    }

    /// Removes the proxy's password from the keychain (nothing there is not a failure).
    pub async fn clear_proxy_password(&self) -> Result<(), CommandError> {
        match self.with_keychain(|k| k.clear_proxy_password()).await {
            Some(Ok(_)) | None => Ok(()),
            Some(Err(error)) => {
                log::warn!("the proxy password could not be removed from the keychain: {error}");
                Err(error.into())
            }
        }
    }

    /// The shared store's password for `store` (its address as shown); `None` when none is kept.
    pub async fn shared_store_password(
        &self,
        store: &str,
    ) -> Result<Option<zeroize::Zeroizing<String>>, CommandError> {
        let store = store.to_owned();
        match self
            .with_keychain(move |k| k.shared_store_password(&store))
            .await
        {
            Some(Ok(found)) => Ok(found),
            Some(Err(error)) => Err(error.into()),
            None => Err(CommandError::Keychain(
                KeychainProblem::KeychainUnavailable { field: None },
            )),
        }
    }

    /// Keeps the shared store's password in the keychain (only there).
    pub async fn set_shared_store_password(
        &self,
        store: &str,
        password: zeroize::Zeroizing<String>,
    ) -> Result<(), CommandError> {
        let store = store.to_owned();
        match self
            .with_keychain(move |k| k.set_shared_store_password(&store, &password))
            .await
        {
            Some(Ok(())) => Ok(()),
            Some(Err(error)) => Err(error.into()),
            None => Err(CommandError::Keychain(
                KeychainProblem::KeychainUnavailable { field: None },
            )),
        }
    }

    /// Removes the shared store's password (nothing there is not a failure).
    pub async fn clear_shared_store_password(&self, store: &str) -> Result<(), CommandError> {
        let store = store.to_owned();
        match self
            .with_keychain(move |k| k.clear_shared_store_password(&store))
            .await
        {
            Some(Ok(_)) | None => Ok(()),
            Some(Err(error)) => Err(error.into()),
        }
    }

    /// Runs `op` off the async runtime: the Linux store blocks on its own runtime.
    async fn with_keychain<T: Send + 'static>(
        &self,
        op: impl FnOnce(&Keychain) -> Result<T, KeychainError> + Send + 'static,
    ) -> Option<Result<T, KeychainError>> {
        let keychain = Arc::clone(&self.keychain);
        let joined = tokio::task::spawn_blocking(move || keychain.get().map(op)).await;
        joined.unwrap_or_else(|e| Some(Err(KeychainError::Other(e.to_string()))))
    }
}

/// Keychain problems go to the log for bug reports (the error names no key).
fn logged(env: Environment, what: &str, error: KeychainError) -> KeychainError {
    log::warn!("the {env} key could not be {what} in the keychain: {error}");
    error
}

/// A panic elsewhere while holding the lock leaves a plain map that is still usable.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn status(
    env: Environment,
    masked: Option<String>,
    session_only: bool,
    keychain_available: bool,
) -> KeyStatus {
    KeyStatus {
        environment: env,
        stored: masked.is_some(),
        masked,
        session_only,
        keychain_available,
    }
}

/// A key that could not be stored: about the key field, where the UI offers to keep it for this
/// session only.
fn no_keychain(error: CommandError) -> CommandError {
    match error {
        CommandError::Keychain(problem) => CommandError::Keychain(problem.about_key()),
        other => other,
    }
}
