//! `petstore store connect|status|disconnect`: the shared store several desks use (issue 41).
//! The address, database, user and desk name live in `sharedStore` of the settings file (a
//! system-wide file's wins whole); the password in the OS keychain, never in a file, never
//! printed, never logged.

mod connect;
pub mod dead;
pub mod gate;
pub mod import;
mod join;
mod proven;
mod url;

use std::path::{Path, PathBuf};

use petstore_local::keychain::Keychain;
use petstore_local::settings::{read_system_settings, system_settings_path};
use petstore_local::{Settings, SettingsFile, SharedStorePrefs, StoreSource, resolve_shared_store};
use petstore_shared::Password;
use zeroize::Zeroizing;

use crate::args::{Cli, StoreAction};
use crate::exit::CliError;
use crate::output;
use crate::words::{StoreMsg, say};

pub use url::{StoreUrl, StoreUrlError};

pub fn run(cli: &Cli, action: &StoreAction) -> Result<(), CliError> {
    match action {
        StoreAction::Connect { url, desk } => connect::run(cli, url, desk.as_deref()),
        StoreAction::Status => status(cli),
        StoreAction::Disconnect => disconnect(cli),
    }
}

/// The shared store in force on this desk, and who set it; `None`: none is set up.
pub fn configured() -> Result<Option<(SharedStorePrefs, StoreSource)>, CliError> {
    let person = Settings::load()?;
    let system = match system_settings_path(|name| std::env::var(name).ok()) {
        Some(path) => read_system_settings(&path),
        None => petstore_local::SystemSettings::Absent,
    };
    let found = resolve_shared_store(&system, person.shared_store.as_ref());
    if let Some((prefs, _)) = &found {
        prefs.check().map_err(CliError::StoreSetting)?;
    }
    Ok(found)
}

pub use petstore_bulk::shared_desk::{address, prove};

/// The connection settings of `prefs`, its company certificate read.
pub fn connection(prefs: &SharedStorePrefs) -> Result<petstore_shared::Settings, CliError> {
    let config_dir = Settings::default_path().and_then(|p| p.parent().map(Path::to_path_buf));
    let ca_pem = prefs.ca_pem(config_dir.as_deref(), chrono::Utc::now())?;
    Ok(petstore_bulk::shared_desk::connection(prefs, ca_pem))
}

/// The password stored for the shared store, read outside any async runtime (the Linux
/// keychain runs its own).
pub fn password(keychain: &Keychain, prefs: &SharedStorePrefs) -> Result<Password, CliError> {
    let stored: Option<Zeroizing<String>> = keychain.shared_store_password(&address(prefs))?;
    match stored {
        Some(secret) => Ok(Password::new(secret.as_str())),
        None => Err(CliError::StoreNoPassword {
            address: address(prefs),
        }),
    }
}

/// A runtime for the store's statements (tokio-postgres drives its connection on a task).
pub fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| CliError::Internal(format!("could not start the async runtime: {err}")))
}

/// `petstore store status`: connects and says what was proven; 0 only when sharing.
fn status(cli: &Cli) -> Result<(), CliError> {
    let (prefs, source) = configured()?.ok_or(CliError::StoreNotSetUp)?;
    let settings = connection(&prefs)?;
    let keychain = Keychain::system()?;
    let password = password(&keychain, &prefs)?;
    let (_shared, proven) = runtime()?
        .block_on(prove(&prefs, &settings, &password))
        .map_err(CliError::Store)?;
    proven::print(cli.json, &proven, Some(source))
}

/// `petstore store disconnect`: the person's `sharedStore` and the password go; a system-wide
/// file's `sharedStore` stays (an administrator's), and the desk is not sharing without its
/// password.
fn disconnect(cli: &Cli) -> Result<(), CliError> {
    let found = configured().ok().flatten();
    let managed = matches!(found, Some((_, StoreSource::System)));
    let removed_setting = match SettingsFile::default_location() {
        Some(file) => {
            let (_, removed) =
                file.update(|settings| Ok(settings.shared_store.take().is_some()))?;
            removed
        }
        None => false,
    };
    let removed_password = match &found {
        Some((prefs, _)) => Keychain::system()?.clear_shared_store_password(&address(prefs))?,
        None => false,
    };
    if cli.json {
        return output::print_json(&serde_json::json!({
            "removedSettings": removed_setting,
            "removedPassword": removed_password,
            "setBySystem": managed,
        }));
    }
    let msg = if managed {
        StoreMsg::DisconnectedManaged
    } else if removed_setting || removed_password {
        StoreMsg::Disconnected
    } else {
        StoreMsg::NothingToDisconnect
    };
    output::print(&format!("{}\n", say(msg, &[])))
}

/// Where a `--ca-file` given to `store connect` is kept: made absolute, so the settings name the
/// same file whatever folder later commands run in.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

/// Claims a single create (`add`) in the shared store before it is sent: `Ok(true)` claimed
/// (settle it after), `Ok(false)` not claimed there (none set up, or not reachable: said in one
/// line, the local record alone decides), `Err(AlreadyAdded)` another desk added it.
pub async fn shared_claim(
    gate: &mut gate::Gate,
    url: &str,
    key: &str,
    pet: &petstore_client::NewPet,
    again: bool,
) -> Result<bool, CliError> {
    let source = petstore_shared::Source::CommandLine;
    let outcome = match gate {
        gate::Gate::Off => return Ok(false),
        gate::Gate::NotReached(why) => {
            log::warn!("not claimed in the shared store: {why}");
            None
        }
        gate::Gate::On(desk) => Some(desk.claim(url, key, pet, &source, again).await),
    };
    match outcome {
        Some(Ok(petstore_shared::Claim::Claimed)) => Ok(true),
        Some(Ok(petstore_shared::Claim::Earlier(earlier))) => Err(CliError::AlreadyAdded {
            name: pet.name.clone(),
            url: url.to_owned(),
            earlier: Box::new(gate::earlier(earlier)),
        }),
        Some(Err(error)) => {
            log::warn!("the shared store refused a claim: {error}");
            eprintln!("{}", say(StoreMsg::NotChecked, &[]));
            Ok(false)
        }
        None => {
            eprintln!("{}", say(StoreMsg::NotChecked, &[]));
            Ok(false)
        }
    }
}

/// Settles a claimed single create; a failure is logged (the service's answer stands, and the
/// claim stays blocking as "may have been added" until a listing settles it).
pub async fn shared_settle(
    gate: &mut gate::Gate,
    url: &str,
    key: &str,
    settled: petstore_bulk::Settled,
) {
    if let gate::Gate::On(desk) = gate
        && let Err(error) = desk.settle_from(url, key, settled).await
    {
        log::warn!("a create's answer not recorded in the shared store: {error}");
    }
}
