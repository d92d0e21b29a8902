//! `cargo xtask release-check`: what the release workflow checks before it builds anything, so a
//! release can always deliver its updates and only genuine ones (docs/releasing.md, "Before
//! anything is built"). It refuses when:
//!
//! - there is no signing key (`TAURI_SIGNING_PRIVATE_KEY`, with its password), or it cannot be
//!   read with that password;
//! - the public half of that key is not the one built into the app (`plugins.updater.pubkey` in
//!   tauri.conf.json): installed apps would refuse every update the release signs;
//! - the app does not require the version inside the signature (`requireSignedVersion`), or
//!   allows downgrades: an older genuine build could be announced as a newer one;
//! - the update address the build embeds (`PETSTORE_UPDATE_URL`, read by petstore-local at
//!   compile time) is missing, not https, on a name that never reaches the internet (the
//!   placeholder's `.invalid`, `example.com`, `.test`, `localhost`), or not a `latest.json`.
//!
//! Nothing secret is printed: a key is named by its minisign key id only.

use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use crate::cmd::{self, Result, step};

/// The variables the release workflow sets (the Tauri CLI reads the first two as well).
pub const SIGNING_KEY_VAR: &str = "TAURI_SIGNING_PRIVATE_KEY";
pub const SIGNING_PASSWORD_VAR: &str = "TAURI_SIGNING_PRIVATE_KEY_PASSWORD";
pub const UPDATE_URL_VAR: &str = "PETSTORE_UPDATE_URL";

/// Why a release must not be built. `Display` says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NoSigningKey,
    SigningKeyUnreadable(String),
    NoConfiguredKey,
    ConfiguredKeyUnreadable(String),
    KeyMismatch { signing: String, configured: String },
    VersionNotRequired,
    DowngradesAllowed,
    NoUpdateUrl,
    UpdateUrlNotReal { url: String, why: &'static str },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NoSigningKey => write!(
                f,
                "{SIGNING_KEY_VAR} is not set: the release would carry no signed updates, and \
                 installed apps would never be offered it. Set the repository secret \
                 (docs/releasing.md, \"The updater key\")."
            ),
            Refusal::SigningKeyUnreadable(why) => write!(
                f,
                "{SIGNING_KEY_VAR} cannot be read with {SIGNING_PASSWORD_VAR} ({why}). Put the \
                 text of the .key file `tauri signer generate` wrote, and its password, in the \
                 two secrets."
            ),
            Refusal::NoConfiguredKey => write!(
                f,
                "tauri.conf.json has no plugins.updater.pubkey: the app could verify no update."
            ),
            Refusal::ConfiguredKeyUnreadable(why) => write!(
                f,
                "plugins.updater.pubkey in tauri.conf.json is not a minisign public key ({why}): \
                 put the .key.pub file's content there."
            ),
            Refusal::KeyMismatch {
                signing,
                configured,
            } => write!(
                f,
                "the signing key (id {signing}) is not the pair of the public key built into the \
                 app (id {configured}): installed apps would refuse every update of this \
                 release. Put the signing key's .pub content in plugins.updater.pubkey, or set \
                 the secret to the key that belongs to it (docs/releasing.md, \"Rotating the \
                 key\")."
            ),
            Refusal::VersionNotRequired => write!(
                f,
                "plugins.updater.requireSignedVersion is not true in tauri.conf.json: an older \
                 genuine build could be announced as a newer one."
            ),
            Refusal::DowngradesAllowed => write!(
                f,
                "plugins.updater.allowDowngrades is true in tauri.conf.json: an older genuine \
                 build could replace a newer one."
            ),
            Refusal::NoUpdateUrl => write!(
                f,
                "{UPDATE_URL_VAR} is not set: the app would look for updates at the placeholder \
                 address and never find one."
            ),
            Refusal::UpdateUrlNotReal { url, why } => {
                write!(f, "the update address {url} is not a real one: {why}.")
            }
        }
    }
}

/// `cargo xtask release-check`: the check on this process's variables and tauri.conf.json.
pub fn release_check(root: &Path) -> Result {
    step("Before a release: the signing key, the app's public key and the update address");
    let config_path = root.join("tauri.conf.json");
    let config = std::fs::read_to_string(&config_path)
        .map_err(|e| cmd::StepError(format!("{}: {e}", config_path.display())))?;
    let config: serde_json::Value = serde_json::from_str(&config)
        .map_err(|e| cmd::StepError(format!("{}: {e}", config_path.display())))?;
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let signing_key = var(SIGNING_KEY_VAR).map(|key| read_key_text(&key));
    let password = std::env::var(SIGNING_PASSWORD_VAR).unwrap_or_default();
    let refusals = check(
        &config,
        signing_key.as_deref(),
        &password,
        var(UPDATE_URL_VAR).as_deref(),
    );
    if refusals.is_empty() {
        println!(
            "the signing key is the app's, versions are signed, and updates come from a real address"
        );
        return Ok(());
    }
    for refusal in &refusals {
        eprintln!("refused: {refusal}");
    }
    cmd::fail(format!(
        "no release: {} problem(s) above; nothing was built",
        refusals.len()
    ))
}

/// The key's text, or the file's when the variable names one (the Tauri CLI takes both).
fn read_key_text(value: &str) -> String {
    let path = Path::new(value.trim());
    if value.len() < 4096
        && path.is_file()
        && let Ok(text) = std::fs::read_to_string(path)
    {
        return text;
    }
    value.to_owned()
}

/// Every refusal for this configuration, signing key (its text: base64 of the `.key` file, as
/// Tauri takes it) and update address; empty when a release may be built.
pub fn check(
    config: &serde_json::Value,
    signing_key: Option<&str>,
    password: &str,
    update_url: Option<&str>,
) -> Vec<Refusal> {
    let mut refusals = Vec::new();
    let updater = &config["plugins"]["updater"];
    let configured = match updater["pubkey"].as_str() {
        None => {
            refusals.push(Refusal::NoConfiguredKey);
            None
        }
        Some(text) => match public_key(text) {
            Ok(key) => Some(key),
            Err(why) => {
                refusals.push(Refusal::ConfiguredKeyUnreadable(why));
                None
            }
        },
    };
    match signing_key.map(|text| signing_public_key(text, password)) {
        None => refusals.push(Refusal::NoSigningKey),
        Some(Err(why)) => refusals.push(Refusal::SigningKeyUnreadable(why)),
        Some(Ok(signing)) => {
            if let Some(configured) = &configured
                && signing.to_bytes() != configured.to_bytes()
            {
                refusals.push(Refusal::KeyMismatch {
                    signing: key_id(&signing),
                    configured: key_id(configured),
                });
            }
        }
    }
    if updater["requireSignedVersion"].as_bool() != Some(true) {
        refusals.push(Refusal::VersionNotRequired);
    }
    if updater["allowDowngrades"].as_bool() == Some(true) {
        refusals.push(Refusal::DowngradesAllowed);
    }
    match update_url {
        None => refusals.push(Refusal::NoUpdateUrl),
        Some(url) => {
            if let Some(why) = update_url_problem(url) {
                refusals.push(Refusal::UpdateUrlNotReal {
                    url: url.to_owned(),
                    why,
                });
            }
        }
    }
    refusals
}

/// Why `url` cannot be where installed apps find updates, if it cannot.
pub fn update_url_problem(url: &str) -> Option<&'static str> {
    let Some(rest) = url.strip_prefix("https://") else {
        return Some("it must start with https://");
    };
    let host = rest
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default()
        .rsplit('@')
        .next()
        .unwrap_or_default();
    let name = host
        .split(':')
        .next()
        .unwrap_or_default()
        .trim_end_matches('.')
        .to_ascii_lowercase();
    // RFC 2606 and 6761: names that never resolve on the internet.
    let reserved = ["example", "invalid", "test", "localhost", "local"];
    let labels: Vec<&str> = name.split('.').collect();
    let top = labels.last().copied().unwrap_or_default();
    let second = labels
        .len()
        .checked_sub(2)
        .map(|at| labels[at])
        .unwrap_or_default();
    if name.is_empty() || !name.contains('.') {
        return Some("it names no internet host");
    }
    if reserved.contains(&top) || (second == "example" && matches!(top, "com" | "net" | "org")) {
        return Some("its host is a reserved name that never reaches the internet");
    }
    if !url
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .ends_with("/latest.json")
    {
        return Some("it must name the release's latest.json");
    }
    None
}

/// A public key as tauri.conf.json holds it: base64 of the `.pub` file's text.
fn public_key(base64_text: &str) -> std::result::Result<minisign::PublicKey, String> {
    let text = decode_text(base64_text)?;
    minisign::PublicKeyBox::from_string(&text)
        .and_then(minisign::PublicKeyBox::into_public_key)
        .map_err(|e| e.to_string())
}

/// The public half of a secret key given as Tauri takes it (base64 of the `.key` file's text).
fn signing_public_key(
    base64_text: &str,
    password: &str,
) -> std::result::Result<minisign::PublicKey, String> {
    let text = decode_text(base64_text)?;
    let secret = minisign::SecretKeyBox::from_string(&text)
        // Never `None`: minisign would prompt for the password on the terminal.
        .and_then(|boxed| boxed.into_secret_key(Some(password.to_owned())))
        .map_err(|e| e.to_string())?;
    minisign::PublicKey::from_secret_key(&secret).map_err(|e| e.to_string())
}

fn decode_text(base64_text: &str) -> std::result::Result<String, String> {
    let bytes = STANDARD
        .decode(base64_text.trim())
        .map_err(|e| format!("not base64: {e}"))?;
    String::from_utf8(bytes).map_err(|_| "not text once decoded".to_owned())
}

/// minisign's key id, as its files print it (upper-case hex of the id's bytes, last first).
fn key_id(key: &minisign::PublicKey) -> String {
    key.keynum()
        .iter()
        .rev()
        .map(|byte| format!("{byte:02X}"))
        .collect()
}

#[cfg(test)]
mod tests;
