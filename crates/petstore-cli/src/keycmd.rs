//! `petstore key set|clear|status`: the API key in the OS keychain. Never prints a key.

use std::io::{BufRead, IsTerminal};

use log::info;
use zeroize::{Zeroize, Zeroizing};

use petstore_client::{ApiKey, Environment};
use petstore_local::keychain::{Keychain, KeychainError};

use crate::args::{Cli, KeyAction, ProxyAction};
use crate::exit::CliError;
use crate::output;
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
/// the API keys. Never printed.
pub fn proxy(cli: &Cli, action: ProxyAction) -> Result<(), CliError> {
    let keychain = Keychain::system()?;
    match action {
        ProxyAction::Password => {
            let stdin = std::io::stdin();
            if stdin.is_terminal() {
                eprintln!("{}", say(Msg::ProxyPasswordPrompt, &[]));
            }
            let mut line = Zeroizing::new(String::new());
            stdin.lock().read_line(&mut line).map_err(CliError::Stdin)?;
            let password = line.trim_end_matches(['\r', '\n']);
            if password.is_empty() {
                return Err(CliError::EmptyPassword);
            }
            keychain.set_proxy_password(password)?;
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

/// One line from stdin, trimmed. The key is never echoed back.
fn read_key(env: Environment) -> Result<ApiKey, CliError> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("{}", say(Msg::KeyPrompt, &[("env", &env)]));
    }
    let mut line = String::new();
    stdin.lock().read_line(&mut line).map_err(CliError::Stdin)?;
    let text = line.trim().to_string();
    // The buffer held the key: wipe it before it goes back to the allocator.
    line.zeroize();
    Ok(ApiKey::new(text)?)
}
