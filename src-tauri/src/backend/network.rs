//! The proxy and company certificates as the app uses them: read from the settings file (and the
//! proxy's password from the keychain) before the first request, and again whenever they change,
//! so the next request goes the new way without a restart.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use chrono::Utc;
use petstore_client::{CompanyCa, NetworkConfig};
use petstore_local::{NetworkSettingError, load_ca_file, network_config};

use super::Backend;
use crate::dto::CommandError;

impl Backend {
    /// Loads the network settings once, before the first client is built.
    pub(super) async fn ensure_network(&self) -> Result<(), CommandError> {
        if self.network_loaded.load(Ordering::Acquire) {
            return Ok(());
        }
        self.reload_network().await?;
        self.network_loaded.store(true, Ordering::Release);
        Ok(())
    }

    /// Reads the settings' proxy and certificates again and hands them to every client from
    /// the next request on (pacing is kept: it belongs to the address and key).
    pub async fn reload_network(&self) -> Result<(), CommandError> {
        let (proxy, ca_files) = {
            let settings = self.settings();
            (settings.proxy.clone(), settings.ca_files.clone())
        };
        // The password goes only to the proxy it was stored for (`proxy_secret`): an address
        // changed since, here or in the file, is asked for it again by its 407.
        let password = match manual_proxy_with_user(proxy.as_ref()) {
            Some(url) => self
                .keys
                .proxy_password_for(&url)
                .await
                .and_then(petstore_local::ProxyPassword::into_password),
            None => None,
        };
        let config_dir = self
            .settings
            .path()
            .and_then(|p| p.parent().map(ToOwned::to_owned));
        let lookup = |_: &str, _: &petstore_client::ProxyUrl| password.clone();
        let network = network_config(
            proxy.as_ref(),
            &ca_files,
            config_dir.as_deref(),
            &lookup,
            Utc::now(),
        )
        .map_err(network_setting_error)?;
        log::info!(
            "network: proxy {}, {} company certificate(s) beside the system's",
            describe(&network),
            network.extra_roots.len()
        );
        self.clients.set_network(network);
        Ok(())
    }
}

impl Backend {
    /// Trusts the company authority in the PEM file at `picked` (chosen with the native dialog):
    /// checked (it parses, is a CA, is in date), copied into the settings folder, listed in the
    /// settings' `caFiles`, and used from the next request on, beside the system's roots.
    /// Returns what was trusted, for Settings to show (subject, fingerprint).
    pub async fn trust_ca_file(&self, picked: &Path) -> Result<Vec<CompanyCa>, CommandError> {
        let trusted = load_ca_file(picked, None, Utc::now()).map_err(network_setting_error)?;
        let name = PathBuf::from(format!(
            "company-ca-{}.pem",
            trusted[0]
                .fingerprint
                .replace(':', "")
                .get(..16)
                .unwrap_or("0")
        ));
        if let Some(dir) = self.settings.path().and_then(Path::parent) {
            let pem: String = trusted.iter().map(CompanyCa::pem).collect();
            std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(dir.join(&name), pem))
                .map_err(|e| {
                    network_setting_error(NetworkSettingError::CaFileUnreadable {
                        path: dir.join(&name),
                        problem: e.kind().to_string(),
                        io: e.kind(),
                    })
                })?;
        }
        let listed = name.clone();
        self.settings.change(move |settings| {
            if !settings.ca_files.contains(&listed) {
                settings.ca_files.push(listed.clone());
            }
            Ok(())
        })?;
        self.reload_network().await?;
        Ok(trusted)
    }

    /// Stops trusting a company authority the settings list (`file` as listed).
    pub async fn remove_ca_file(&self, file: &Path) -> Result<(), CommandError> {
        let listed = file.to_owned();
        self.settings.change(move |settings| {
            settings.ca_files.retain(|f| f != &listed);
            Ok(())
        })?;
        self.reload_network().await
    }
}

fn describe(network: &NetworkConfig) -> &'static str {
    match network.proxy {
        petstore_client::ProxyMode::System => "system",
        petstore_client::ProxyMode::Manual(_) => "manual",
        petstore_client::ProxyMode::Off => "off",
    }
}

/// A network setting that cannot be used: its facts (`network`, worded by the UI; never a
/// password), and the file concerned.
pub(super) fn network_setting_error(error: NetworkSettingError) -> CommandError {
    log::warn!("the network settings cannot be used: {error}");
    let detail = match &error {
        NetworkSettingError::CaFile { path, .. }
        | NetworkSettingError::CaFileUnreadable { path, .. } => Some(path.display().to_string()),
        _ => None,
    };
    let (network, field) = super::network_settings::refusal(&error);
    super::network_settings::refused(network, field, detail)
}

/// The Manual proxy's address when it has a user (so a password is wanted); `None` otherwise, or
/// when the address cannot be used (the network settings' own error says so).
pub(super) fn manual_proxy_with_user(
    proxy: Option<&petstore_local::ProxyPrefs>,
) -> Option<petstore_client::ProxyUrl> {
    let prefs = proxy?;
    let has_user = prefs.user.as_deref().is_some_and(|u| !u.trim().is_empty());
    if prefs.mode != petstore_local::ProxyModeName::Manual || !has_user {
        return None;
    }
    manual_proxy(Some(prefs))
}

/// The Manual proxy's address as saved, whether or not it has a user; `None` when there is none
/// that can be used.
pub(super) fn manual_proxy(
    proxy: Option<&petstore_local::ProxyPrefs>,
) -> Option<petstore_client::ProxyUrl> {
    let prefs = proxy?;
    petstore_client::ProxyUrl::parse(prefs.url.as_deref().filter(|u| !u.trim().is_empty())?).ok()
}
