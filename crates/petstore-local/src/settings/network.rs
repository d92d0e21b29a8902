//! The network settings shared by the app and the CLI: the proxy (`proxy` in `settings.json`)
//! and the company certificates trusted beside the system's (`caFiles`). Never a password: the
//! proxy's is in the OS keychain, beside the API keys.
//!
//! ```json
//! "proxy": { "mode": "manual", "url": "http://proxy.corp.example:3128",
//!            "user": "clerk", "bypass": ["intranet.corp.example"] },
//! "caFiles": ["company-ca.pem"]
//! ```

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use zeroize::Zeroizing;

use petstore_client::{
    CaFileError, CompanyCa, ManualProxy, NetworkConfig, ProxyCredentials, ProxyMode, ProxyUrl,
    ProxyUrlError,
};

/// The proxy modes as the file names them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProxyModeName {
    #[default]
    System,
    Manual,
    Off,
}

/// `proxy` as the file holds it. Checked when used ([`Settings::network`](super::Settings)),
/// since the file is hand-editable.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProxyPrefs {
    pub mode: ProxyModeName,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The proxy's user name; its password is in the keychain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bypass: Vec<String>,
}

/// Why the network settings cannot be used. `Display` says what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetworkSettingError {
    #[error(
        "The proxy is set to Manual but has no address. Set its address (like http://proxy.example.com:8080), or choose System or Off."
    )]
    NoProxyAddress,
    #[error(transparent)]
    ProxyUrl(#[from] ProxyUrlError),
    #[error("The company certificate {} cannot be used: {error}", path.display())]
    CaFile { path: PathBuf, error: CaFileError },
    #[error(
        "The company certificate {} could not be read ({problem}). Choose the file again, or remove it from the settings.", path.display()
    )]
    CaFileUnreadable {
        path: PathBuf,
        problem: String,
        /// `problem` as a category, for a shell that words it in the person's language.
        io: std::io::ErrorKind,
    },
}

/// Where the password of a Manual proxy comes from, asked with the user name and the proxy (the
/// keychain gives only the password stored for that proxy; tests give their own).
pub type PasswordLookup<'a> = &'a dyn Fn(&str, &ProxyUrl) -> Option<Zeroizing<String>>;

impl ProxyPrefs {
    /// The mode in force. `password` is asked for the user's password when there is a user.
    pub fn mode(&self, password: PasswordLookup<'_>) -> Result<ProxyMode, NetworkSettingError> {
        Ok(match self.mode {
            ProxyModeName::System => ProxyMode::System,
            ProxyModeName::Off => ProxyMode::Off,
            ProxyModeName::Manual => {
                let url = self
                    .url
                    .as_deref()
                    .filter(|u| !u.trim().is_empty())
                    .ok_or(NetworkSettingError::NoProxyAddress)?;
                let url = ProxyUrl::parse(url)?;
                let credentials = self
                    .user
                    .as_deref()
                    .map(str::trim)
                    .filter(|u| !u.is_empty())
                    .map(|user| ProxyCredentials {
                        user: user.to_owned(),
                        password: password(user, &url).unwrap_or_default(),
                    });
                ProxyMode::Manual(ManualProxy {
                    url,
                    credentials,
                    bypass: self.bypass.clone(),
                })
            }
        })
    }
}

/// The most bytes read of one certificate file.
const MAX_READ: u64 = petstore_client::certificate::MAX_CA_FILE_BYTES as u64 + 1;

/// Reads and checks a company certificate file (relative paths are under `config_dir`).
pub fn load_ca_file(
    path: &Path,
    config_dir: Option<&Path>,
    now: DateTime<Utc>,
) -> Result<Vec<CompanyCa>, NetworkSettingError> {
    use std::io::Read;
    let full = match config_dir {
        Some(dir) if path.is_relative() => dir.join(path),
        _ => path.to_owned(),
    };
    let unreadable = |error: std::io::Error| NetworkSettingError::CaFileUnreadable {
        path: full.clone(),
        problem: error.kind().to_string(),
        io: error.kind(),
    };
    let file = std::fs::File::open(&full).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(MAX_READ)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    CompanyCa::from_pem(&bytes, now).map_err(|error| NetworkSettingError::CaFile {
        path: full.clone(),
        error,
    })
}

/// The network in force: the proxy settings and every `caFiles` entry, plus `extra_ca_files`
/// (the CLI's `--ca-file`).
pub fn network_config(
    proxy: Option<&ProxyPrefs>,
    ca_files: &[PathBuf],
    config_dir: Option<&Path>,
    password: PasswordLookup<'_>,
    now: DateTime<Utc>,
) -> Result<NetworkConfig, NetworkSettingError> {
    let mode = match proxy {
        Some(prefs) => prefs.mode(password)?,
        None => ProxyMode::System,
    };
    let mut extra_roots = Vec::new();
    for path in ca_files {
        extra_roots.extend(load_ca_file(path, config_dir, now)?);
    }
    Ok(NetworkConfig {
        proxy: mode,
        extra_roots,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_password(_: &str, _: &ProxyUrl) -> Option<Zeroizing<String>> {
        None
    }

    #[test]
    fn modes_read_from_the_file() {
        let prefs: ProxyPrefs = serde_json::from_str(
            r#"{"mode":"manual","url":"http://proxy.example:3128","user":"clerk","bypass":["a.example"]}"#,
        )
        .unwrap();
        let pw = |user: &str, proxy: &ProxyUrl| {
            assert_eq!(user, "clerk");
            assert_eq!(
                proxy.as_str(),
                "http://proxy.example:3128",
                "asked for this proxy"
            );
            Some(Zeroizing::new("pw".to_owned()))
        };
        match prefs.mode(&pw).unwrap() {
            ProxyMode::Manual(manual) => {
                assert_eq!(manual.url.as_str(), "http://proxy.example:3128");
                assert_eq!(manual.credentials.unwrap().password.as_str(), "pw");
                assert_eq!(manual.bypass, vec!["a.example".to_owned()]);
            }
            other => panic!("{other:?}"),
        }
        let off: ProxyPrefs = serde_json::from_str(r#"{"mode":"off"}"#).unwrap();
        assert_eq!(off.mode(&no_password).unwrap(), ProxyMode::Off);
        assert_eq!(
            ProxyPrefs::default().mode(&no_password).unwrap(),
            ProxyMode::System
        );
        assert!(serde_json::to_string(&ProxyPrefs::default()).unwrap() == r#"{"mode":"system"}"#);
    }

    #[test]
    fn a_password_in_the_address_is_refused_and_never_repeated() {
        let prefs = ProxyPrefs {
            mode: ProxyModeName::Manual,
            url: Some("http://clerk:hunter2@proxy.example:3128".into()),
            ..ProxyPrefs::default()
        };
        let err = prefs.mode(&no_password).unwrap_err();
        assert_eq!(
            err,
            NetworkSettingError::ProxyUrl(ProxyUrlError::Credentials)
        );
        assert!(!err.to_string().contains("hunter2"));
        assert!(err.to_string().contains("keychain"), "{err}");
        let empty = ProxyPrefs {
            mode: ProxyModeName::Manual,
            ..ProxyPrefs::default()
        };
        assert_eq!(
            empty.mode(&no_password),
            Err(NetworkSettingError::NoProxyAddress)
        );
    }

    #[test]
    fn a_missing_ca_file_names_its_path() {
        let dir = tempfile::tempdir().unwrap();
        let err = network_config(
            None,
            &[PathBuf::from("missing.pem")],
            Some(dir.path()),
            &no_password,
            Utc::now(),
        )
        .unwrap_err();
        assert!(
            matches!(&err, NetworkSettingError::CaFileUnreadable { path, io, .. } if path == &dir.path().join("missing.pem") && *io == std::io::ErrorKind::NotFound),
            "{err:?}"
        );
        std::fs::write(dir.path().join("junk.pem"), "junk").unwrap();
        let err = network_config(
            None,
            &[PathBuf::from("junk.pem")],
            Some(dir.path()),
            &no_password,
            Utc::now(),
        )
        .unwrap_err();
        assert!(matches!(
            err,
            NetworkSettingError::CaFile {
                error: CaFileError::NoCertificate,
                ..
            }
        ));
    }
}
