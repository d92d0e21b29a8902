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
                eprintln!("Type the proxy's password and press Enter:");
            }
            let mut line = Zeroizing::new(String::new());
            stdin.lock().read_line(&mut line).map_err(CliError::Stdin)?;
            let password = line.trim_end_matches(['\r', '\n']);
            if password.is_empty() {
                return Err(CliError::Stdin(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "the password is empty",
                )));
            }
            keychain.set_proxy_password(password)?;
            if cli.json {
                return output::print_json(&serde_json::json!({ "proxyPassword": "stored" }));
            }
            output::print("Stored the proxy's password in the keychain.\n")
        }
        ProxyAction::ClearPassword => {
            let was_there = keychain.clear_proxy_password()?;
            if cli.json {
                return output::print_json(&serde_json::json!({ "cleared": was_there }));
            }
            output::print(if was_there {
                "Removed the proxy's password.\n"
            } else {
                "There was no proxy password stored; nothing to remove.\n"
            })
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
    output::print(&format!("Stored the API key for {env} ({masked}).\n"))
}

fn clear(keychain: &Keychain, env: Environment, json: bool) -> Result<(), CliError> {
    let was_there = keychain.clear(env).map_err(|err| unavailable(env, err))?;
    if json {
        return output::print_json(&serde_json::json!({
            "environment": env.to_string(), "cleared": was_there,
        }));
    }
    output::print(&if was_there {
        format!("Removed the API key for {env}.\n")
    } else {
        format!("There was no API key stored for {env}; nothing to remove.\n")
    })
}

fn status(keychain: &Keychain, env: Environment, json: bool) -> Result<(), CliError> {
    let status = keychain.status(env).map_err(|err| unavailable(env, err))?;
    if json {
        return output::print_json(&serde_json::json!({
            "environment": env.to_string(), "stored": status.stored, "masked": status.masked,
        }));
    }
    output::print(&match status.masked {
        Some(masked) => format!("An API key is stored for {env} ({masked}).\n"),
        None => format!(
            "No API key is stored for {env}. Store one with `petstore key set --env {env}`.\n"
        ),
    })
}

/// One line from stdin, trimmed. The key is never echoed back.
fn read_key(env: Environment) -> Result<ApiKey, CliError> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "{}",
            crate::words::say(crate::words::Msg::KeyPrompt, &[("env", &env)])
        );
    }
    let mut line = String::new();
    stdin.lock().read_line(&mut line).map_err(CliError::Stdin)?;
    let text = line.trim().to_string();
    // The buffer held the key: wipe it before it goes back to the allocator.
    line.zeroize();
    Ok(ApiKey::new(text)?)
}
