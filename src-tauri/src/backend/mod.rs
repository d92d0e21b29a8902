//! Everything the commands do, without Tauri: testable against a real sandbox, no desktop needed.
//! The IPC commands (`command_list.rs`) call these methods.

mod activity;
mod addresses;
mod alerts;
mod categories;
mod checks;
mod clients;
mod config;
mod creates;
mod environments;
mod exports;
mod first_page;
mod history;
mod imports;
mod key_moves;
mod keys;
mod network;
mod network_settings;
mod outbox;
mod pets;
mod probe;
mod reads;
mod sandbox;
mod settings;
mod shared_store;
mod updates;
mod view;
mod waits;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, MutexGuard};

use petstore_client::Environment;
use petstore_local::SettingsFile;

use crate::dto::{
    self, AppEvent, CommandError, ConfigurationProblem, SettingsProblem, StartedOver,
};
use crate::events::EventSink;

pub use alerts::{Alerts, NoNotifier, Notifier};
pub use clients::Tuning;
pub use config::{BackendConfig, EnvLookup};
pub use first_page::EarlyFetch;
pub use keys::{KeyStore, KeychainSource};
pub use outbox::OutboxNotice;
pub use sandbox::EmbeddedSandbox;
pub use view::DEFAULT_PAGE_SIZE;

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
    /// The first page, asked for while the window is made (`first_page`).
    first_page: first_page::FirstPage,
    env_lookup: EnvLookupDebug,
    events: EventsDebug,
    first_table_reported: AtomicBool,
    /// Whether the network settings were handed to the clients yet (see `network`).
    network_loaded: AtomicBool,
    imports: imports::Imports,
    data_dir: Option<PathBuf>,
    history: history::History,
    alerts: Arc<Alerts>,
    /// Desktop notifications beyond the quota's (the outbox's).
    notifier: NotifierDebug,
    /// Every environment's outbox sender and this session's outcomes.
    outboxes: outbox::Outboxes,
    system_settings_path: Option<PathBuf>,
    update_stamp_path: Option<PathBuf>,
    last_crash: crate::crash::LastCrash,
    /// The shared store out of reach for creates just now (issue 41).
    store_outage: shared_store::StoreOutage,
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
        let notifier = config.notifier.clone();
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
            first_page: first_page::FirstPage::default(),
            env_lookup: EnvLookupDebug(config.env_lookup),
            events: EventsDebug(config.events),
            first_table_reported: AtomicBool::new(false),
            network_loaded: AtomicBool::new(false),
            imports: imports::Imports::default(),
            data_dir: config.data_dir,
            history,
            alerts,
            notifier: NotifierDebug(notifier),
            outboxes: outbox::Outboxes::default(),
            system_settings_path: config.system_settings_path,
            update_stamp_path: config.update_stamp_path,
            last_crash: crate::crash::LastCrash::new(config.crash_files),
            store_outage: shared_store::StoreOutage::default(),
        }
    }

    fn settings(&self) -> MutexGuard<'_, petstore_local::Settings> {
        self.settings.current()
    }

    /// Applies a settings change (see [`settings::SettingsStore::change`]) and tells the UI when
    /// the file's problem appeared or went away.
    fn change_settings(
        &self,
        change: impl Fn(&mut petstore_local::Settings) -> Result<(), petstore_client::ConfigError>,
    ) -> Result<(), CommandError> {
        self.change_local(|settings| Ok(change(settings)?))
    }

    /// As [`Backend::change_settings`], for a change that answers something (and may be refused
    /// by `petstore-local`'s own rules, as a category name is).
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
    pub fn settings_file_path(&self) -> Result<PathBuf, CommandError> {
        self.settings
            .path()
            .map(Path::to_path_buf)
            .ok_or_else(|| CommandError::configuration(ConfigurationProblem::NoSettingsFile))
    }

    /// "Start over": keeps the unreadable file as `settings.json.broken-<time>` and writes this
    /// session's settings to a new one.
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

struct EnvLookupDebug(EnvLookup);

impl std::fmt::Debug for EnvLookupDebug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EnvLookup")
    }
}

struct NotifierDebug(Arc<dyn Notifier>);

impl std::fmt::Debug for NotifierDebug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Notifier")
    }
}

struct EventsDebug(Arc<dyn EventSink>);

impl std::fmt::Debug for EventsDebug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EventSink")
    }
}
