//! Everything the commands do, without Tauri: testable against a real sandbox, no desktop needed.
//! The `#[tauri::command]` functions in `commands.rs` only call these methods.

mod clients;
mod creates;
mod keys;
mod pets;
mod sandbox;
mod view;

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, PetstoreClient};

use crate::dto::{self, AppEvent, CommandError, EnvironmentId, EnvironmentInfo, KeyStatus};
use crate::events::{EventSink, NoEvents};

pub use clients::Tuning;
pub use keys::{KeyStore, KeychainSource};
pub use sandbox::EmbeddedSandbox;
pub use view::DEFAULT_PAGE_SIZE;

/// Reads an environment variable (`PETSTORE_PRODUCTION_URL`, ...); tests pass their own.
pub type EnvLookup = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// How a [`Backend`] is set up. [`BackendConfig::desktop`] is the app's.
pub struct BackendConfig {
    /// Where settings persist; `None` keeps them in memory only.
    pub settings_path: Option<PathBuf>,
    /// Which keychain keys live in; session-only keys when there is none.
    pub keychain: KeychainSource,
    /// The embedded sandbox's port when free (else any free port).
    pub sandbox_port: u16,
    pub env_lookup: EnvLookup,
    pub events: Arc<dyn EventSink>,
    pub tuning: Tuning,
}

impl std::fmt::Debug for BackendConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackendConfig")
            .field("settings_path", &self.settings_path)
            .field("keychain", &self.keychain)
            .field("sandbox_port", &self.sandbox_port)
            .finish_non_exhaustive()
    }
}

impl BackendConfig {
    /// The OS config directory, the system keychain, the sandbox's usual port, the process
    /// environment.
    pub fn desktop(events: Arc<dyn EventSink>) -> BackendConfig {
        BackendConfig {
            settings_path: petstore_client::Settings::default_path(),
            // Chosen on first use, not here: on Linux it is a D-Bus connection to the Secret
            // Service, which the Sandbox environment never needs and start-up should not wait for.
            keychain: KeychainSource::System,
            sandbox_port: petstore_sandbox::DEFAULT_PORT,
            env_lookup: Arc::new(|name| std::env::var(name).ok()),
            events,
            tuning: Arc::new(|config| config),
        }
    }

    /// Nothing persisted, no keychain, no environment variables, a free sandbox port.
    pub fn isolated() -> BackendConfig {
        BackendConfig {
            settings_path: None,
            keychain: KeychainSource::Absent,
            sandbox_port: 0,
            env_lookup: Arc::new(|_| None),
            events: Arc::new(NoEvents),
            tuning: Arc::new(|config: ClientConfig| config),
        }
    }
}

#[derive(Debug)]
pub struct Backend {
    settings_path: Option<PathBuf>,
    /// The client's settings file: base addresses and the selected environment.
    settings: Mutex<petstore_client::Settings>,
    keys: KeyStore,
    sandbox: EmbeddedSandbox,
    clients: clients::Clients,
    creates: creates::InFlightCreates,
    env_lookup: EnvLookupDebug,
    events: EventsDebug,
    first_table_reported: AtomicBool,
}

impl Backend {
    pub fn new(config: BackendConfig) -> Backend {
        let settings = match &config.settings_path {
            Some(path) => petstore_client::Settings::load_from(path).unwrap_or_else(|error| {
                // The app must still open; saving is refused until the file is fixed (it is
                // never written over, see `SettingsFile::update`).
                log::warn!("{error}");
                petstore_client::Settings::default()
            }),
            None => petstore_client::Settings::default(),
        };
        Backend {
            settings_path: config.settings_path,
            settings: Mutex::new(settings),
            keys: KeyStore::new(config.keychain),
            sandbox: EmbeddedSandbox::new(config.sandbox_port),
            clients: clients::Clients::new(config.events.clone(), config.tuning),
            creates: creates::InFlightCreates::default(),
            env_lookup: EnvLookupDebug(config.env_lookup),
            events: EventsDebug(config.events),
            first_table_reported: AtomicBool::new(false),
        }
    }

    fn settings(&self) -> MutexGuard<'_, petstore_client::Settings> {
        self.settings.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The Sandbox on first run.
    pub fn selected(&self) -> Environment {
        self.settings().environment.unwrap_or(Environment::Sandbox)
    }

    /// The address `env` talks to: the running sandbox's, or the settings' (variables win).
    async fn base_url(
        &self,
        env: Environment,
        start_sandbox: bool,
    ) -> Result<BaseUrl, CommandError> {
        if env == Environment::Sandbox {
            let url = match start_sandbox {
                true => Some(self.sandbox.ensure().await?),
                false => self.sandbox.url().await,
            };
            let url = url.unwrap_or_else(|| petstore_client::SANDBOX_DEFAULT_URL.to_owned());
            return Ok(BaseUrl::parse(&url)?);
        }
        let lookup = self.env_lookup.0.clone();
        Ok(self.settings().base_url_with(env, |name| lookup(name))?)
    }

    /// The client for `env`, starting the sandbox when it is the one asked for.
    async fn client(&self, env: Environment) -> Result<PetstoreClient, CommandError> {
        let base_url = self.base_url(env, true).await?;
        let key = match self.keys.get(env).await? {
            Some(key) => Some(key),
            None if env == Environment::Sandbox => {
                Some(ApiKey::new(petstore_sandbox::DEMO_KEY.to_owned())?)
            }
            None => None,
        };
        self.clients.get(env, base_url, key).await
    }

    async fn selected_client(&self) -> Result<(Environment, PetstoreClient), CommandError> {
        let env = self.selected();
        Ok((env, self.client(env).await?))
    }

    pub async fn list_environments(&self) -> Result<Vec<EnvironmentInfo>, CommandError> {
        let mut out = Vec::with_capacity(Environment::ALL.len());
        for env in Environment::ALL {
            out.push(self.environment_info(env).await?);
        }
        Ok(out)
    }

    async fn environment_info(&self, env: Environment) -> Result<EnvironmentInfo, CommandError> {
        let base_url = self.base_url(env, false).await.ok();
        let configured = match env {
            Environment::Sandbox => true,
            _ => base_url.is_some() && self.keys.status(env).await?.stored,
        };
        Ok(EnvironmentInfo {
            id: env.into(),
            label: label(env).to_owned(),
            base_url: base_url.map(|url| url.as_str().to_owned()),
            production: env == Environment::Production,
            local_demo: env == Environment::Sandbox,
            selected: env == self.selected(),
            configured,
        })
    }

    /// Switches environment and remembers it for the next start.
    pub async fn select_environment(
        &self,
        env: EnvironmentId,
    ) -> Result<EnvironmentInfo, CommandError> {
        let env = Environment::from(env);
        {
            let mut settings = self.settings();
            let previous = settings.environment;
            settings.environment = Some(env);
            if let Err(error) = self.persist(&settings) {
                settings.environment = previous;
                return Err(error);
            }
        }
        let info = self.environment_info(env).await?;
        self.events
            .0
            .emit(AppEvent::EnvironmentChanged(info.clone()));
        Ok(info)
    }

    pub fn get_settings(&self) -> dto::Settings {
        let settings = self.settings();
        dto::Settings {
            production_url: settings.production_url.clone(),
            staging_url: settings.staging_url.clone(),
        }
    }

    /// Checks every address (https or loopback, ending in /v1), then saves them all or none.
    #[allow(
        clippy::result_large_err,
        reason = "CommandError is the IPC error, built once per command; never on a hot path"
    )]
    pub fn save_settings(&self, wanted: dto::Settings) -> Result<dto::Settings, CommandError> {
        let mut settings = self.settings();
        let mut next = settings.clone();
        for (env, url) in [
            (Environment::Production, &wanted.production_url),
            (Environment::Staging, &wanted.staging_url),
        ] {
            let field = env.settings_field().unwrap_or_default();
            match url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
                Some(url) => {
                    next.set_base_url(env, url)
                        .map_err(|e| CommandError::from(e).with_field(field))?;
                }
                None if env == Environment::Production => next.production_url = None,
                None => next.staging_url = None,
            }
        }
        self.persist(&next)?;
        *settings = next;
        drop(settings);
        Ok(self.get_settings())
    }

    #[allow(
        clippy::result_large_err,
        reason = "CommandError is the IPC error, built once per command; never on a hot path"
    )]
    fn persist(&self, settings: &petstore_client::Settings) -> Result<(), CommandError> {
        match &self.settings_path {
            // Still writes the whole copy, but now under the file's lock and never over a file
            // that could not be read; changing only the field that changed is the app's next step.
            Some(path) => {
                petstore_client::SettingsFile::at(path).update(|on_disk| {
                    *on_disk = settings.clone();
                    Ok(())
                })?;
                Ok(())
            }
            None => Ok(()),
        }
    }

    pub async fn set_api_key(
        &self,
        env: EnvironmentId,
        key: String,
        session_only: bool,
    ) -> Result<KeyStatus, CommandError> {
        let key = ApiKey::new(key)?;
        self.keys.set(env.into(), key, session_only).await
    }

    pub async fn clear_api_key(&self, env: EnvironmentId) -> Result<KeyStatus, CommandError> {
        self.keys.clear(env.into()).await
    }

    pub async fn key_status(&self, env: EnvironmentId) -> Result<KeyStatus, CommandError> {
        self.keys.status(env.into()).await
    }

    /// Stops the embedded sandbox and the event forwarders; call when the app exits.
    pub async fn shutdown(&self) {
        self.clients.clear().await;
        self.sandbox.shutdown().await;
    }

    /// The embedded sandbox's address, when it runs.
    pub async fn sandbox_url(&self) -> Option<String> {
        self.sandbox.url().await
    }
}

fn label(env: Environment) -> &'static str {
    match env {
        Environment::Production => "Production",
        Environment::Staging => "Staging",
        Environment::Sandbox => "Sandbox",
    }
}

struct EnvLookupDebug(EnvLookup);

impl std::fmt::Debug for EnvLookupDebug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EnvLookup")
    }
}

struct EventsDebug(Arc<dyn EventSink>);

impl std::fmt::Debug for EventsDebug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EventSink")
    }
}
