//! `petstore key set|clear|status`: the API key in the OS keychain. Never prints a key.

use log::info;

use petstore_client::{ApiKey, Environment, ProxyUrl};
use petstore_local::NetworkSettingError;
use petstore_local::keychain::{Keychain, KeychainError};

use crate::args::{Cli, KeyAction, ProxyAction};
use crate::exit::CliError;
use crate::output;
use crate::secret_input;
use crate::session;
use crate::words::{Msg, say};

pub fn run(cli: &Cli, action: KeyAction) -> Result<(), CliError> {
    let (env, _settings) = session::environment(cli)?;
    let keychain = Keychain::system().map_err(|err| unavailable(env, err))?;
    info!("key {action:?} for {env} in the OS keychain ({keychain:?})");
    match action {
        KeyAction::Set => set(&keychain, env, cli.json),
        KeyAction::Clear => clear(&keychain, env, cli.json),
        KeyAction::Status => status(&keychain, env, cli.json),
    }
}

/// `petstore proxy password|clear-password`: the proxy's password, an entry of its own beside
/// the API keys, kept for one proxy (`--proxy`, else the settings file's Manual proxy) and sent
/// to no other. Never printed.
pub fn proxy(cli: &Cli, action: ProxyAction) -> Result<(), CliError> {
    let keychain = Keychain::system()?;
    match action {
        ProxyAction::Password => {
            let proxy = proxy_for_password(cli)?;
            let password = secret_input::read(&say(Msg::ProxyPasswordPrompt, &[]))?;
            if password.is_empty() {
                return Err(CliError::EmptyPassword);
            }
            keychain.set_proxy_password(&proxy, &password)?;
            info!(
                "proxy password stored for {}",
                petstore_local::proxy_of(&proxy)
            );
            if cli.json {
                return output::print_json(&serde_json::json!({ "proxyPassword": "stored" }));
            }
            output::print(&say(Msg::ProxyPasswordStored, &[]))
        }
        ProxyAction::ClearPassword => {
            let was_there = keychain.clear_proxy_password()?;
            if cli.json {
                return output::print_json(&serde_json::json!({ "cleared": was_there }));
            }
            output::print(&say(
                match was_there {
                    true => Msg::ProxyPasswordRemoved,
                    false => Msg::ProxyPasswordNone,
                },
                &[],
            ))
        }
    }
}

/// The proxy a password is stored for: `--proxy`, else the settings file's Manual proxy address.
fn proxy_for_password(cli: &Cli) -> Result<ProxyUrl, CliError> {
    if let Some(url) = &cli.proxy {
        return ProxyUrl::parse(url).map_err(CliError::ProxyFlag);
    }
    let settings = petstore_local::Settings::load()?;
    let url = settings
        .proxy
        .as_ref()
        .and_then(|prefs| prefs.url.as_deref())
        .filter(|url| !url.trim().is_empty())
        .ok_or(CliError::NoProxyForPassword)?;
    ProxyUrl::parse(url).map_err(|error| CliError::from(NetworkSettingError::ProxyUrl(error)))
}

fn unavailable(env: Environment, err: KeychainError) -> CliError {
    match err {
        source @ KeychainError::Unavailable { .. } => CliError::KeychainUnavailable { env, source },
        other => other.into(),
    }
}

fn set(keychain: &Keychain, env: Environment, json: bool) -> Result<(), CliError> {
    let key = read_key(env)?;
    keychain
        .set(env, &key)
        .map_err(|err| unavailable(env, err))?;
    let masked = key.masked();
    if json {
        return output::print_json(&serde_json::json!({
            "environment": env.to_string(), "stored": true, "masked": masked,
        }));
    }
    output::print(&say(Msg::KeyStored, &[("env", &env), ("masked", &masked)]))
}

fn clear(keychain: &Keychain, env: Environment, json: bool) -> Result<(), CliError> {
    let was_there = keychain.clear(env).map_err(|err| unavailable(env, err))?;
    if json {
        return output::print_json(&serde_json::json!({
            "environment": env.to_string(), "cleared": was_there,
        }));
    }
    let msg = match was_there {
        true => Msg::KeyRemoved,
        false => Msg::KeyNoneToRemove,
    };
    output::print(&say(msg, &[("env", &env)]))
}

fn status(keychain: &Keychain, env: Environment, json: bool) -> Result<(), CliError> {
    let status = keychain.status(env).map_err(|err| unavailable(env, err))?;
    if json {
        return output::print_json(&serde_json::json!({
            "environment": env.to_string(), "stored": status.stored, "masked": status.masked,
        }));
    }
    output::print(&match status.masked {
        Some(masked) => say(Msg::KeyIsStored, &[("env", &env), ("masked", &masked)]),
        None => say(Msg::KeyNotStored, &[("env", &env)]),
    })
}

/// One line, trimmed (`ApiKey::new`), typed without echo or piped in. Never shown back.
fn read_key(env: Environment) -> Result<ApiKey, CliError> {
    let line = secret_input::read(&say(Msg::KeyPrompt, &[("env", &env)]))?;
    Ok(ApiKey::new(line.as_str().to_owned())?)
}
