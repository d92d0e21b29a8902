//! Settings → Network: what the tab shows and saves. A save is checked first (a refused
//! address or bypass entry changes nothing), written to the settings file, then handed to every
//! client by `reload_network`, so the next request goes the new way without a restart.

use std::path::{Path, PathBuf};

use chrono::Utc;
use petstore_client::{CaFileError, ProxyUrlError, is_bypass_entry};
use petstore_local::{NetworkSettingError, ProxyModeName, ProxyPassword, ProxyPrefs, load_ca_file};

use super::Backend;
use super::network::{manual_proxy, network_setting_error};
use crate::convert::instant;
use crate::dto::{
    AutoConfig, CommandError, ConfigurationProblem, Field, NetworkInput, NetworkProblem,
    NetworkRefusal, NetworkSettings, ProxyChoice, TrustedCertificate,
};

/// The most characters of a refused entry sent back to be shown.
const MAX_GIVEN_CHARS: usize = 120;
/// The most bypass entries kept (a hand-typed list; a longer one is a paste gone wrong).
const MAX_BYPASS_ENTRIES: usize = 200;

impl Backend {
    /// What Settings → Network shows: the saved proxy, whether its password is stored, and each
    /// trusted certificate (one that cannot be used is listed with why, to be removed).
    pub async fn network_settings(&self) -> NetworkSettings {
        let (proxy, ca_files) = {
            let settings = self.settings();
            (
                settings.proxy.clone().unwrap_or_default(),
                settings.ca_files.clone(),
            )
        };
        let stored_password = match manual_proxy(Some(&proxy)) {
            Some(url) => self.keys.proxy_password_for(&url).await,
            None => None,
        };
        let config_dir = self.config_dir();
        let now = Utc::now();
        let mut certificates = Vec::new();
        for file in &ca_files {
            let listed = file.display().to_string();
            match load_ca_file(file, config_dir.as_deref(), now) {
                Ok(found) => certificates.extend(found.into_iter().map(|ca| TrustedCertificate {
                    file: listed.clone(),
                    subject: Some(ca.subject.clone()),
                    fingerprint: Some(ca.fingerprint.clone()),
                    expires: Some(instant(ca.not_after)),
                    unusable: None,
                })),
                Err(error) => certificates.push(TrustedCertificate {
                    file: listed,
                    subject: None,
                    fingerprint: None,
                    expires: None,
                    unusable: Some(refusal(&error).0),
                }),
            }
        }
        NetworkSettings {
            mode: match proxy.mode {
                ProxyModeName::System => ProxyChoice::System,
                ProxyModeName::Manual => ProxyChoice::Manual,
                ProxyModeName::Off => ProxyChoice::Off,
            },
            url: proxy.url,
            user: proxy.user,
            password_stored: matches!(stored_password, Some(ProxyPassword::For(_))),
            password_for_other_proxy: match stored_password {
                Some(ProxyPassword::ForAnotherProxy { proxy }) => Some(proxy),
                _ => None,
            },
            bypass: proxy.bypass,
            certificates,
            auto_config: auto_config().await,
        }
    }

    /// Saves the proxy: checked first (nothing is written when refused), then used from the
    /// next request on.
    pub async fn save_network_settings(
        &self,
        input: NetworkInput,
    ) -> Result<NetworkSettings, CommandError> {
        let prefs = checked(input)?;
        self.change_settings(move |settings| {
            settings.proxy = Some(prefs.clone());
            Ok(())
        })?;
        self.reload_network().await?;
        Ok(self.network_settings().await)
    }

    /// Keeps the proxy's password in the keychain (only there), for the proxy whose address is
    /// saved now (no other proxy is sent it), used from the next request on.
    pub async fn set_proxy_password(
        &self,
        password: String,
    ) -> Result<NetworkSettings, CommandError> {
        let proxy = self.settings().proxy.clone();
        let Some(url) = manual_proxy(proxy.as_ref()) else {
            return Err(network_setting_error(NetworkSettingError::NoProxyAddress));
        };
        self.keys.set_proxy_password(&url, password).await?;
        self.reload_network().await?;
        Ok(self.network_settings().await)
    }

    pub async fn clear_proxy_password(&self) -> Result<NetworkSettings, CommandError> {
        self.keys.clear_proxy_password().await?;
        self.reload_network().await?;
        Ok(self.network_settings().await)
    }

    /// "Trust a company certificate…" once a file was picked: see [`Backend::trust_ca_file`].
    pub async fn trust_company_certificate(
        &self,
        picked: &Path,
    ) -> Result<NetworkSettings, CommandError> {
        self.trust_ca_file(picked).await?;
        Ok(self.network_settings().await)
    }

    pub async fn remove_company_certificate(
        &self,
        file: &str,
    ) -> Result<NetworkSettings, CommandError> {
        self.remove_ca_file(&PathBuf::from(file)).await?;
        Ok(self.network_settings().await)
    }

    /// The folder of the settings file, where picked certificates are copied.
    pub(super) fn config_dir(&self) -> Option<PathBuf> {
        self.settings
            .path()
            .and_then(|p| p.parent().map(ToOwned::to_owned))
    }
}

/// The computer's proxy auto-configuration (PAC script or WPAD), which the app cannot read.
/// Off the async threads: on Linux it asks `gsettings`, a process (bounded by the client).
async fn auto_config() -> Option<AutoConfig> {
    tokio::task::spawn_blocking(petstore_client::config::detect_auto_config)
        .await
        .unwrap_or_else(|join| {
            log::warn!("proxy auto-configuration check stopped: {join}");
            None
        })
}

/// The input as the settings file keeps it, or why it is refused.
fn checked(input: NetworkInput) -> Result<ProxyPrefs, CommandError> {
    let text = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let mut bypass: Vec<String> = Vec::new();
    for entry in input
        .bypass
        .iter()
        .map(|e| e.trim())
        .filter(|e| !e.is_empty())
    {
        if !is_bypass_entry(entry) {
            let network = NetworkRefusal {
                given: Some(bounded(entry)),
                ..fact(NetworkProblem::BadBypassEntry)
            };
            return Err(refused(network, Some(Field::Bypass), None));
        }
        if !bypass.iter().any(|b| b.eq_ignore_ascii_case(entry)) {
            bypass.push(entry.to_owned());
        }
    }
    bypass.truncate(MAX_BYPASS_ENTRIES);
    let prefs = ProxyPrefs {
        mode: match input.mode {
            ProxyChoice::System => ProxyModeName::System,
            ProxyChoice::Manual => ProxyModeName::Manual,
            ProxyChoice::Off => ProxyModeName::Off,
        },
        url: text(input.url),
        user: text(input.user),
        bypass,
    };
    // An address is checked whatever the mode (it is kept for Manual later), through the same
    // rules the client applies; the password lookup is not needed to check.
    if let Some(url) = &prefs.url {
        petstore_client::ProxyUrl::parse(url)
            .map_err(|e| network_setting_error(NetworkSettingError::ProxyUrl(e)))?;
    }
    prefs.mode(&|_, _| None).map_err(network_setting_error)?;
    Ok(prefs)
}

fn fact(problem: NetworkProblem) -> NetworkRefusal {
    NetworkRefusal {
        problem,
        given: None,
        subject: None,
        date: None,
        io: None,
    }
}

/// A network setting refused: why, the setting (`field`), and the certificate file concerned.
pub(super) fn refused(
    network: NetworkRefusal,
    field: Option<Field>,
    certificate: Option<String>,
) -> CommandError {
    CommandError::configuration(ConfigurationProblem::NetworkSettings {
        network,
        field,
        certificate,
    })
}

fn bounded(text: &str) -> String {
    text.chars().take(MAX_GIVEN_CHARS).collect()
}

/// The facts of a refused network setting, and the field it is about.
pub(super) fn refusal(error: &NetworkSettingError) -> (NetworkRefusal, Option<Field>) {
    match error {
        NetworkSettingError::NoProxyAddress => {
            (fact(NetworkProblem::NoProxyAddress), Some(Field::ProxyUrl))
        }
        NetworkSettingError::ProxyUrl(url) => {
            let refusal = match url {
                // Never the text: it holds a password.
                ProxyUrlError::Credentials => fact(NetworkProblem::PasswordInAddress),
                ProxyUrlError::NotAnAddress { given } => NetworkRefusal {
                    given: Some(bounded(given)),
                    ..fact(NetworkProblem::NotAnAddress)
                },
                ProxyUrlError::Scheme { given } => NetworkRefusal {
                    given: Some(bounded(given)),
                    ..fact(NetworkProblem::NotHttp)
                },
                ProxyUrlError::Path => fact(NetworkProblem::AddressHasPath),
            };
            (refusal, Some(Field::ProxyUrl))
        }
        NetworkSettingError::CaFile { error, .. } => {
            let refusal = match error {
                CaFileError::TooLarge => fact(NetworkProblem::CertificateTooLarge),
                CaFileError::NoCertificate => fact(NetworkProblem::NoCertificate),
                CaFileError::Unreadable { .. } => fact(NetworkProblem::CertificateUnreadable),
                CaFileError::NotAnAuthority { subject } => NetworkRefusal {
                    subject: Some(subject.clone()),
                    ..fact(NetworkProblem::NotAnAuthority)
                },
                CaFileError::Expired { subject, not_after } => NetworkRefusal {
                    subject: Some(subject.clone()),
                    date: Some(instant(*not_after)),
                    ..fact(NetworkProblem::CertificateExpired)
                },
                CaFileError::NotYetValid {
                    subject,
                    not_before,
                } => NetworkRefusal {
                    subject: Some(subject.clone()),
                    date: Some(instant(*not_before)),
                    ..fact(NetworkProblem::CertificateNotYetValid)
                },
            };
            (refusal, None)
        }
        NetworkSettingError::CaFileUnreadable { io, .. } => (
            NetworkRefusal {
                io: Some((*io).into()),
                ..fact(NetworkProblem::FileUnreadable)
            },
            None,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dto::IoProblem;

    #[test]
    fn a_certificate_file_that_is_not_there_or_not_pem_is_refused_with_its_facts() {
        let dir = tempfile::tempdir().expect("dir");
        let missing = dir.path().join("missing.pem");
        let error = load_ca_file(&missing, None, chrono::Utc::now()).expect_err("missing");
        let (facts, field) = refusal(&error);
        assert_eq!(facts.problem, NetworkProblem::FileUnreadable);
        assert_eq!(facts.io, Some(IoProblem::NotFound));
        assert_eq!(field, None);
        let junk = dir.path().join("junk.pem");
        std::fs::write(&junk, "junk").expect("write");
        let error = load_ca_file(&junk, None, chrono::Utc::now()).expect_err("junk");
        assert_eq!(refusal(&error).0.problem, NetworkProblem::NoCertificate);
    }
}
