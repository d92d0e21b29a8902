//! How a [`Backend`](super::Backend) is set up: the app's files, keychain and sandbox port, or
//! nothing persisted for tests.

use std::path::PathBuf;
use std::sync::Arc;

use petstore_client::ClientConfig;
use petstore_local::WaitMemory;

use super::{KeychainSource, NoNotifier, Notifier, Tuning, sandbox};
use crate::events::{EventSink, NoEvents};

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
