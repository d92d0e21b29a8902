//! Everything the commands do, without Tauri: testable against a real sandbox, no desktop needed.
//! The IPC commands (`command_list.rs`) call these methods.

mod activity;
mod alerts;
mod categories;
mod checks;
mod clients;
mod creates;
mod exports;
mod history;
mod imports;
mod key_moves;
mod keys;
mod network;
mod network_settings;
mod pets;
mod reads;
mod sandbox;
mod settings;
mod updates;
mod view;
mod waits;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, MutexGuard};

use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, PetstoreClient};
use petstore_local::{SettingsFile, WaitMemory};

use crate::dto::{
    self, AddressSource, AppEvent, ClientErrorKind, CommandError, EnvironmentInfo, KeyStatus,
    Problem, SettingsProblem, StartedOver,
};
use crate::events::{EventSink, NoEvents};

pub use alerts::{Alerts, NoNotifier, Notifier};
pub use categories::category_refused;
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
    /// Where rate-limit waits are remembered across runs, shared with the `petstore` CLI and any
    /// other app process; `None` keeps them in this process only.
    pub wait_memory: Option<WaitMemory>,
    /// Which keychain keys live in; session-only keys when there is none.
    pub keychain: KeychainSource,
    /// The embedded sandbox's port when free (else any free port).
    pub sandbox_port: u16,
    /// Where the embedded sandbox keeps its pets across restarts (`<data>/sandbox-pets.jsonl`);
    /// `None`: the demo data anew at every start.
    pub sandbox_pets: Option<PathBuf>,
    pub env_lookup: EnvLookup,
    pub events: Arc<dyn EventSink>,
    pub tuning: Tuning,
    /// Where import journals are kept (`petstore_local::data_dir()`, shared with the CLI);
    /// `None`: imports are refused with a message saying so.
    pub data_dir: Option<PathBuf>,
    /// The activity history's file (`<data>/activity.sqlite3`, shared with the CLI); `None`:
    /// nothing is recorded.
    pub activity_path: Option<PathBuf>,
    /// Where quota alerts go as native notifications.
    pub notifier: Arc<dyn Notifier>,
    /// The administrator's settings file, read before the person's (updates); `None`: none.
    pub system_settings_path: Option<PathBuf>,
    /// Where the time of the last start-up update check is kept; `None`: every start is due.
    pub update_stamp_path: Option<PathBuf>,
    /// Where the last run's crash left its marker, and the log file to name (`crate::crash`).
    pub crash_files: crate::crash::CrashFiles,
}

impl std::fmt::Debug for BackendConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackendConfig")
            .field("settings_path", &self.settings_path)
            .field("wait_memory", &self.wait_memory)
            .field("keychain", &self.keychain)
            .field("sandbox_port", &self.sandbox_port)
            .field("sandbox_pets", &self.sandbox_pets)
            .field("data_dir", &self.data_dir)
            .field("activity_path", &self.activity_path)
            .field("system_settings_path", &self.system_settings_path)
            .field("update_stamp_path", &self.update_stamp_path)
            .field("crash_files", &self.crash_files)
            .finish_non_exhaustive()
    }
}

impl BackendConfig {
    /// The OS config directory, the system keychain, the sandbox's usual port, the process
    /// environment.
    pub fn desktop(events: Arc<dyn EventSink>) -> BackendConfig {
        BackendConfig {
            settings_path: petstore_local::Settings::default_path(),
            // The same file as the CLI's (crates/petstore-cli/src/session.rs): one pacing state
            // per key on this computer.
            wait_memory: WaitMemory::default_location(),
            // Chosen on first use, not here: on Linux it is a D-Bus connection to the Secret
            // Service, which the Sandbox environment never needs and start-up should not wait for.
            keychain: KeychainSource::System,
            sandbox_port: petstore_sandbox::DEFAULT_PORT,
            sandbox_pets: petstore_local::data_dir()
                .map(|dir| dir.join(sandbox::SANDBOX_PETS_FILE)),
            env_lookup: Arc::new(|name| std::env::var(name).ok()),
            events,
            tuning: Arc::new(|config| config),
            data_dir: petstore_local::data_dir(),
            activity_path: petstore_local::data_dir()
                .map(|dir| dir.join(petstore_activity::ACTIVITY_FILE)),
            notifier: Arc::new(NoNotifier),
            system_settings_path: petstore_local::settings::system_settings_path(|name| {
                std::env::var(name).ok()
            }),
            update_stamp_path: petstore_local::data_dir()
                .map(|dir| dir.join(petstore_local::settings::LAST_CHECK_FILE)),
            crash_files: crate::crash::CrashFiles::desktop(),
        }
    }

    /// Nothing persisted (no settings, no remembered waits), no keychain, no environment
    /// variables, a free sandbox port.
    pub fn isolated() -> BackendConfig {
        BackendConfig {
            settings_path: None,
            wait_memory: None,
            keychain: KeychainSource::Absent,
            sandbox_port: 0,
            sandbox_pets: None,
            env_lookup: Arc::new(|_| None),
            events: Arc::new(NoEvents),
            tuning: Arc::new(|config: ClientConfig| config),
            data_dir: None,
            activity_path: None,
            notifier: Arc::new(NoNotifier),
            system_settings_path: None,
            update_stamp_path: None,
            crash_files: crate::crash::CrashFiles::default(),
        }
    }
}

#[derive(Debug)]
pub struct Backend {
    /// The client's settings file: base addresses, the selected environment, rows per page.
    settings: settings::SettingsStore,
    keys: KeyStore,
    sandbox: EmbeddedSandbox,
    clients: clients::Clients,
    creates: creates::InFlightCreates,
    /// Check now's runs, one per entry.
    checks: checks::Checks,
    reads: reads::Reads,
    env_lookup: EnvLookupDebug,
    events: EventsDebug,
    first_table_reported: AtomicBool,
    /// Whether the network settings were handed to the clients yet (see `network`).
    network_loaded: AtomicBool,
    imports: imports::Imports,
    data_dir: Option<PathBuf>,
    history: history::History,
    alerts: Arc<Alerts>,
    system_settings_path: Option<PathBuf>,
    update_stamp_path: Option<PathBuf>,
    last_crash: crate::crash::LastCrash,
}

impl Backend {
    pub fn new(config: BackendConfig) -> Backend {
        let settings = settings::SettingsStore::open(config.settings_path.map(SettingsFile::at));
        let activity = settings
            .current()
            .activity
            .clone()
            .unwrap_or_default()
            .effective();
        if let Some(dir) = config.activity_path.as_deref().and_then(Path::parent)
            && let Err(error) = std::fs::create_dir_all(dir)
        {
            log::warn!("the activity history's folder cannot be made: {error}");
        }
        let history = history::History::open(
            config.activity_path.as_deref(),
            &activity,
            config.events.clone(),
        );
        let alerts = Arc::new(Alerts::new(activity.alerts, config.notifier));
        Backend {
            settings,
            keys: KeyStore::new(config.keychain),
            sandbox: EmbeddedSandbox::new(config.sandbox_port, config.sandbox_pets),
            clients: clients::Clients::new(
                config.events.clone(),
                config.tuning,
                config.wait_memory,
                history.sink(),
                alerts.clone(),
            ),
            creates: creates::InFlightCreates::default(),
            checks: checks::Checks::default(),
            reads: reads::Reads::default(),
            env_lookup: EnvLookupDebug(config.env_lookup),
            events: EventsDebug(config.events),
            first_table_reported: AtomicBool::new(false),
            network_loaded: AtomicBool::new(false),
            imports: imports::Imports::default(),
            data_dir: config.data_dir,
            history,
            alerts,
            system_settings_path: config.system_settings_path,
            update_stamp_path: config.update_stamp_path,
            last_crash: crate::crash::LastCrash::new(config.crash_files),
        }
    }

    fn settings(&self) -> MutexGuard<'_, petstore_local::Settings> {
        self.settings.current()
    }

    /// Applies a settings change (see [`settings::SettingsStore::change`]) and tells the UI when
    /// the file's problem appeared or went away.
    #[allow(
        clippy::result_large_err,
        reason = "CommandError is the IPC error, built once per command; never on a hot path"
    )]
    fn change_settings(
        &self,
        change: impl Fn(&mut petstore_local::Settings) -> Result<(), petstore_client::ConfigError>,
    ) -> Result<(), CommandError> {
        self.change_local(|settings| Ok(change(settings)?))
    }

    /// As [`Backend::change_settings`], for a change that answers something (and may be refused
    /// by `petstore-local`'s own rules, as a category name is).
    #[allow(
        clippy::result_large_err,
        reason = "CommandError is the IPC error, built once per command; never on a hot path"
    )]
    fn change_local<T>(
        &self,
        change: impl Fn(&mut petstore_local::Settings) -> Result<T, petstore_local::LocalError>,
    ) -> Result<T, CommandError> {
        let (outcome, value) = self.settings.change(change)?;
        self.report(outcome);
        Ok(value)
    }

    fn report(&self, outcome: settings::Outcome) {
        if let settings::Outcome::ProblemChanged(problem) = outcome {
            self.events.0.emit(AppEvent::SettingsProblem(problem));
        }
    }

    /// The settings file's problem, while it cannot be read.
    pub fn settings_problem(&self) -> Option<SettingsProblem> {
        self.settings.problem()
    }

    /// The last run stopped on a bug: when, and the log file that says what happened. Its
    /// marker is removed on the first call; the answer holds for the rest of this run.
    pub fn last_crash(&self) -> Option<dto::CrashNotice> {
        self.last_crash.notice()
    }

    /// The settings file, for "Open the folder".
    #[allow(
        clippy::result_large_err,
        reason = "CommandError is the IPC error, built once per command; never on a hot path"
    )]
    pub fn settings_file_path(&self) -> Result<PathBuf, CommandError> {
        self.settings.path().map(Path::to_path_buf).ok_or_else(|| {
            CommandError::problem(ClientErrorKind::Configuration, Problem::NoSettingsFile)
        })
    }

    /// "Start over": keeps the unreadable file as `settings.json.broken-<time>` and writes this
    /// session's settings to a new one.
    #[allow(
        clippy::result_large_err,
        reason = "CommandError is the IPC error, built once per command; never on a hot path"
    )]
    pub fn start_settings_over(&self) -> Result<StartedOver, CommandError> {
        let (kept, outcome) = self.settings.start_over()?;
        self.report(outcome);
        Ok(StartedOver {
            kept_as: kept.map(|path| path.display().to_string()),
        })
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

    /// Where `env`'s address comes from, by the same rule as [`Backend::base_url`].
    fn address_source(&self, env: Environment) -> AddressSource {
        if env == Environment::Sandbox {
            return AddressSource::BuiltIn;
        }
        let set = |value: Option<String>| value.is_some_and(|v| !v.trim().is_empty());
        if set(env.url_env_var().and_then(|name| (self.env_lookup.0)(name))) {
            return AddressSource::EnvironmentVariable;
        }
        let settings = self.settings();
        let saved = match env {
            Environment::Production => settings.production_url.clone(),
            _ => settings.staging_url.clone(),
        };
        if set(saved) {
            AddressSource::SettingsFile
        } else {
            AddressSource::NotSet
        }
    }

    /// The client for `env`, starting the sandbox when it is the one asked for.
    async fn client(&self, env: Environment) -> Result<PetstoreClient, CommandError> {
        let base_url = self.base_url(env, true).await?;
        let key = self.key_for(env).await?;
        self.ensure_network().await?;
        self.clients.get(env, base_url, key).await
    }

    /// The key requests to `env` carry: the stored one, or the sandbox's demo key.
    async fn key_for(&self, env: Environment) -> Result<Option<ApiKey>, CommandError> {
        Ok(match self.keys.get(env).await? {
            Some(key) => Some(key),
            None if env == Environment::Sandbox => {
                Some(ApiKey::new(petstore_sandbox::DEMO_KEY.to_owned())?)
            }
            None => None,
        })
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
            id: env,
            base_url: base_url.map(|url| url.as_str().to_owned()),
            production: env == Environment::Production,
            local_demo: env == Environment::Sandbox,
            selected: env == self.selected(),
            configured,
            address_source: self.address_source(env),
        })
    }

    /// Switches environment and remembers it for the next start (only this field is written).
    pub async fn select_environment(
        &self,
        env: Environment,
    ) -> Result<EnvironmentInfo, CommandError> {
        self.change_settings(|settings| {
            settings.environment = Some(env);
            Ok(())
        })?;
        log::info!("environment switched to {env}");
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

    /// Checks every address (https or loopback, ending in /v1), then saves them all or none
    /// (the two addresses only: the rest of the file stays as it is on disk). An address on
    /// another server than an environment's saved one, while a key is stored for it, is saved
    /// only with the person's `key_move` (`keyWouldMove` otherwise, nothing saved); `Remove`
    /// removes that key once the address is saved.
    pub async fn save_settings(
        &self,
        wanted: dto::Settings,
        key_move: Option<dto::KeyMove>,
    ) -> Result<dto::Settings, CommandError> {
        let mut checked = petstore_local::Settings::default();
        let mut keys_to_remove = Vec::new();
        for (env, url) in [
            (Environment::Production, &wanted.production_url),
            (Environment::Staging, &wanted.staging_url),
        ] {
            let field = env.settings_field().unwrap_or_default();
            if let Some(url) = url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
                let url = checked
                    .set_base_url(env, url)
                    .map_err(|e| CommandError::from(e).with_field(field))?;
                if self.check_key_move(env, &url, key_move).await? == Some(dto::KeyMove::Remove) {
                    keys_to_remove.push(env);
                }
            }
        }
        let before = ADDRESSED.map(|env| self.configured_url(env));
        self.change_settings(|settings| {
            settings.production_url = checked.production_url.clone();
            settings.staging_url = checked.staging_url.clone();
            Ok(())
        })?;
        for (env, before) in ADDRESSED.into_iter().zip(before) {
            if self.configured_url(env) != before {
                self.connection_changed(env);
            }
        }
        // Only once the new address is saved: a refused address leaves the key where it was.
        for env in keys_to_remove {
            self.clear_api_key(env).await?;
        }
        Ok(self.get_settings())
    }

    /// The address `env` is configured with now (variables win), as text; `None` when unset or
    /// unusable. For telling whether a save changed it.
    fn configured_url(&self, env: Environment) -> Option<String> {
        let lookup = self.env_lookup.0.clone();
        self.settings()
            .base_url_with(env, |name| lookup(name))
            .ok()
            .map(|url| url.as_str().to_owned())
    }

    pub async fn set_api_key(
        &self,
        env: Environment,
        key: String,
        session_only: bool,
    ) -> Result<KeyStatus, CommandError> {
        let key = ApiKey::new(key)?;
        let status = self.keys.set(env, key, session_only).await?;
        self.connection_changed(env);
        Ok(status)
    }

    pub async fn clear_api_key(&self, env: Environment) -> Result<KeyStatus, CommandError> {
        let status = self.keys.clear(env).await?;
        self.connection_changed(env);
        Ok(status)
    }

    pub async fn key_status(&self, env: Environment) -> Result<KeyStatus, CommandError> {
        self.keys.status(env).await
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

/// The environments whose address the settings hold (the sandbox's is its own).
const ADDRESSED: [Environment; 2] = [Environment::Production, Environment::Staging];

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
