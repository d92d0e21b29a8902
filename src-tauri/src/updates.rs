//! Signed updates through `tauri-plugin-updater`: a check reads the manifest
//! (`latest.json`) at the address in force; an offer is kept until the person says yes; the
//! install downloads it (bounded), verifies its minisign signature with the app's key, installs it
//! (Linux: the .deb or .rpm through the package manager) and restarts. Nothing installs without
//! the person's yes; the start-up check runs after the first table, at most once a day, with a
//! short timeout, and fails quietly (the UI shows only an offer).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use petstore_client::{NetworkCause, OtherClientNetwork};
use petstore_local::UpdatePolicy;
use tauri::{AppHandle, Manager, Runtime, Url};
use tauri_plugin_updater::{Error as PluginError, Update, Updater, UpdaterExt};

use crate::backend::Backend;
use crate::dto::{UpdateCheck, UpdateFailure, UpdateOffer};

/// The start-up check gives up after this: it never holds anything up, but need not linger.
pub const START_UP_TIMEOUT: Duration = Duration::from_secs(10);
/// A check the person asked for waits longer.
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(30);
/// The download of an update, at most (a slow connection, a 10 MB package).
pub const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(15 * 60);
/// The app's packages are under 10 MiB; a download larger than this is not one of them.
pub const MAX_UPDATE_BYTES: u64 = 256 * 1024 * 1024;

/// **Test hook.** When this variable is set, an offer found by the start-up check is installed as
/// if the person had said yes in the offer dialog. The installer check (`tests/installers`) sets it
/// to install a real update into the installed app, where no WebDriver can click; the dialog's yes
/// and no are covered by the e2e scenario `tests/e2e/scenarios/updates.rs`. A variable, set by
/// whoever starts the process, never by the page; the signature check applies as always. Read
/// only where [`crate::test_hooks`] are honoured: never in a release people get.
pub const TEST_HOOK_ACCEPT_UPDATE: &str = "PETSTORE_TEST_HOOK_ACCEPT_UPDATE";

/// The update a check found in this session, until the person installs it.
#[derive(Default)]
pub struct Pending(Mutex<Option<Update>>);

impl std::fmt::Debug for Pending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pending").finish_non_exhaustive()
    }
}

impl Pending {
    fn slot(&self) -> std::sync::MutexGuard<'_, Option<Update>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The plugin with the app's configuration (`plugins.updater` in tauri.conf.json: the public key
/// and the default address); register [`Pending`] with it.
pub fn plugin<R: Runtime>() -> tauri::plugin::TauriPlugin<R, tauri_plugin_updater::Config> {
    tauri_plugin_updater::Builder::new().build()
}

/// Plain http is refused by the plugin, except when the update address in force is on this
/// computer (a local mirror, the tests' server): signatures still decide what installs.
pub fn allow_loopback_http<R: Runtime>(context: &mut tauri::Context<R>, policy: &UpdatePolicy) {
    if !is_loopback_http(&policy.url) {
        return;
    }
    if let Some(serde_json::Value::Object(updater)) =
        context.config_mut().plugins.0.get_mut("updater")
    {
        updater.insert(
            "dangerousInsecureTransportProtocol".to_owned(),
            serde_json::Value::Bool(true),
        );
    }
}

/// The update settings in force as the app starts, before the backend exists.
pub fn startup_policy() -> UpdatePolicy {
    let system = petstore_local::settings::system_settings_path(|name| std::env::var(name).ok())
        .map_or(petstore_local::SystemSettings::Absent, |path| {
            petstore_local::settings::read_system_settings(&path)
        });
    let person = petstore_local::Settings::load().ok();
    UpdatePolicy::resolve(&system, person.as_ref().and_then(|s| s.updates.as_ref()))
}

pub fn is_loopback_http(url: &str) -> bool {
    let Ok(url) = Url::parse(url) else {
        return false;
    };
    let host = url.host_str().unwrap_or_default();
    let ip = host.trim_start_matches('[').trim_end_matches(']');
    url.scheme() == "http"
        && (host == "localhost"
            || ip
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback()))
}

/// Whether the updater is set up: [`Pending`] is managed together with the plugin (`lib.rs`); an
/// app built without them, as the IPC tests' is, answers `Unavailable` rather than panicking on
/// missing state.
fn updater_set_up<R: Runtime>(app: &AppHandle<R>) -> bool {
    let set_up = app.try_state::<Pending>().is_some();
    if !set_up {
        log::warn!("no updater: the plugin is not set up");
    }
    set_up
}

/// The one place the updater's HTTP is set up (address, timeout, key, and the API's proxy mode,
/// proxy credentials and company CAs), for the check and the download alike: the plugin's
/// `configure_client` hands over the same reqwest (one version in the lockfile) the API's client
/// is built with.
fn updater<R: Runtime>(
    app: &AppHandle<R>,
    policy: &UpdatePolicy,
    timeout: Duration,
    network: &OtherClientNetwork,
) -> Result<Updater, UpdateFailure> {
    let url = Url::parse(&policy.url).map_err(|_| UpdateFailure::BadAddress)?;
    let network = network.clone();
    let mut builder = app
        .updater_builder()
        .endpoints(vec![url])
        .map_err(|error| failure(&error, Stage::Check))?
        .timeout(timeout)
        .configure_client(move |client| network.configure(client));
    if let Some(key) = &policy.public_key {
        builder = builder.pubkey(key);
    }
    builder
        .build()
        .map_err(|error| failure(&error, Stage::Check))
}

/// Looks for a newer version. `at_start`: the start-up check, which runs only when on and due
/// (once a day), with a short timeout; its failures are logged, and the UI shows none.
pub async fn check<R: Runtime>(
    app: &AppHandle<R>,
    backend: &Backend,
    at_start: bool,
) -> UpdateCheck {
    let policy = backend.update_policy();
    if at_start && !backend.start_up_check_due(SystemTime::now()) {
        return UpdateCheck::Skipped;
    }
    if !policy.check && policy.managed {
        return UpdateCheck::failed(UpdateFailure::Managed);
    }
    if !updater_set_up(app) {
        return UpdateCheck::failed(UpdateFailure::Unavailable);
    }
    let network = match backend.updater_network().await {
        Ok(network) => network,
        Err(error) => {
            // The same setting fails the API's requests, where the person is told what to change.
            log::warn!("no update check: the network settings cannot be used ({error:?})");
            return UpdateCheck::failed(UpdateFailure::Unreachable);
        }
    };
    let timeout = if at_start {
        START_UP_TIMEOUT
    } else {
        CHECK_TIMEOUT
    };
    let found = match updater(app, &policy, timeout, &network) {
        Ok(updater) => updater.check().await.map_err(|error| {
            log::warn!("update check at {} failed: {error}", policy.url);
            (
                failure(&error, Stage::Check),
                cause(&error, network.has_proxy_credentials()),
            )
        }),
        Err(failure) => Err((failure, None)),
    };
    match found {
        Ok(Some(update)) => {
            log::info!("update {} found at {}", update.version, policy.url);
            let offer = offer_of(&update);
            *app.state::<Pending>().slot() = Some(update);
            if at_start && crate::test_hooks::var_os(TEST_HOOK_ACCEPT_UPDATE).is_some() {
                accept_for_the_test(app.clone());
            }
            UpdateCheck::Available(offer)
        }
        Ok(None) => UpdateCheck::UpToDate {
            current_version: env!("CARGO_PKG_VERSION").to_owned(),
        },
        Err((failure, cause)) => UpdateCheck::Failed { failure, cause },
    }
}

/// The [`TEST_HOOK_ACCEPT_UPDATE`] yes: what the dialog's "Install and restart" calls.
fn accept_for_the_test<R: Runtime>(app: AppHandle<R>) {
    log::info!("the start-up check's offer is accepted by the test hook");
    tauri::async_runtime::spawn(async move {
        let backend = app.state::<Backend>();
        let failure = install(&app, &backend).await;
        // Only reached when it failed (a success restarts the app); the test reads stderr.
        eprintln!("petstore-admin: the update was not installed: {failure:?}");
    });
}

fn offer_of(update: &Update) -> UpdateOffer {
    UpdateOffer {
        version: update.version.clone(),
        current_version: update.current_version.clone(),
        notes: update.body.clone().filter(|notes| !notes.trim().is_empty()),
        // As the manifest has it (the plugin parsed it as RFC 3339 already).
        date: update
            .date
            .and(update.raw_json.get("pub_date"))
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned),
    }
}

/// Installs the update the last check found (the person said yes): download, verify, install,
/// restart. Returns only when something failed (the app restarts otherwise); the version in
/// use is then unchanged.
pub async fn install<R: Runtime>(app: &AppHandle<R>, backend: &Backend) -> UpdateFailure {
    let policy = backend.update_policy();
    if !policy.check && policy.managed {
        return UpdateFailure::Managed;
    }
    if !updater_set_up(app) {
        return UpdateFailure::Unavailable;
    }
    let Some(update) = app.state::<Pending>().slot().take() else {
        return UpdateFailure::NothingToInstall;
    };
    let bytes = match download(&update).await {
        Ok(bytes) => bytes,
        Err(failure) => return failure,
    };
    let version = update.version.clone();
    let installed = tauri::async_runtime::spawn_blocking(move || update.install(&bytes)).await;
    match installed {
        Ok(Ok(())) => {
            log::info!("update {version} installed; restarting");
            app.restart()
        }
        Ok(Err(error)) => {
            log::warn!("update {version} not installed: {error}");
            failure(&error, Stage::Install)
        }
        Err(error) => {
            log::warn!("update {version} not installed: {error}");
            UpdateFailure::InstallFailed
        }
    }
}

/// The plugin's download (its HTTP settings, then the signature check), stopped once it passes
/// [`MAX_UPDATE_BYTES`] or [`DOWNLOAD_TIMEOUT`].
async fn download(update: &Update) -> Result<Vec<u8>, UpdateFailure> {
    let received = Arc::new(AtomicU64::new(0));
    let too_large = Arc::new(tokio::sync::Notify::new());
    let counted = received.clone();
    let limit = too_large.clone();
    let on_chunk = move |chunk: usize, _total: Option<u64>| {
        let now = counted.fetch_add(chunk as u64, Ordering::Relaxed) + chunk as u64;
        if now > MAX_UPDATE_BYTES {
            limit.notify_one();
        }
    };
    let bounded = async {
        tokio::select! {
            result = update.download(on_chunk, || {}) => result.map_err(|error| {
                log::warn!("update {} not downloaded: {error}", update.version);
                failure(&error, Stage::Download)
            }),
            () = too_large.notified() => {
                log::warn!("update {} is larger than {MAX_UPDATE_BYTES} bytes; not downloaded", update.version);
                Err(UpdateFailure::DownloadFailed)
            }
        }
    };
    tokio::time::timeout(DOWNLOAD_TIMEOUT, bounded)
        .await
        .unwrap_or(Err(UpdateFailure::DownloadFailed))
}

/// Why the connection failed, as the API's failures name it (an unknown authority, a proxy that
/// wants credentials…); `None` when it was not the connection (or only slow).
fn cause(error: &PluginError, with_proxy_credentials: bool) -> Option<NetworkCause> {
    match error {
        PluginError::Reqwest(error) if !error.is_timeout() => {
            Some(NetworkCause::classify(error, with_proxy_credentials))
        }
        _ => None,
    }
}

#[derive(Debug, Clone, Copy)]
enum Stage {
    Check,
    Download,
    Install,
}

/// The plugin's error as the kind the UI puts in words (the plugin's own text goes to the log).
fn failure(error: &PluginError, stage: Stage) -> UpdateFailure {
    match error {
        PluginError::EmptyEndpoints
        | PluginError::UrlParse(_)
        | PluginError::InsecureTransportProtocol => UpdateFailure::BadAddress,
        PluginError::Minisign(_)
        | PluginError::Base64(_)
        | PluginError::SignatureUtf8(_)
        | PluginError::SignedVersionMismatch { .. }
        | PluginError::MissingSignedVersion => UpdateFailure::SignatureRefused,
        PluginError::TargetNotFound(_)
        | PluginError::TargetsNotFound(_)
        | PluginError::UnsupportedArch
        | PluginError::UnsupportedOs => UpdateFailure::NoBuildForThisComputer,
        PluginError::Reqwest(_) | PluginError::Network(_) => match stage {
            Stage::Check => UpdateFailure::Unreachable,
            Stage::Download | Stage::Install => UpdateFailure::DownloadFailed,
        },
        PluginError::ReleaseNotFound | PluginError::Serialization(_) | PluginError::Semver(_) => {
            UpdateFailure::BadManifest
        }
        _ => match stage {
            Stage::Check => UpdateFailure::BadManifest,
            Stage::Download => UpdateFailure::DownloadFailed,
            Stage::Install => UpdateFailure::InstallFailed,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_http_is_allowed_in_plain_text() {
        assert!(is_loopback_http("http://127.0.0.1:8123/latest.json"));
        assert!(is_loopback_http("http://localhost/latest.json"));
        assert!(is_loopback_http("http://[::1]:9/latest.json"));
        assert!(!is_loopback_http("http://updates.example.com/latest.json"));
        assert!(!is_loopback_http("https://127.0.0.1/latest.json"));
        assert!(!is_loopback_http("not an address"));
    }
}
