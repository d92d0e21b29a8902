//! Updates as the UI gets them: the settings in force, what a check found, why one failed.

use petstore_client::NetworkCause;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The update settings in force (the system-wide file's values win over the person's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UpdateSettings {
    /// Look for updates at start-up, at most once a day.
    pub check: bool,
    /// An administrator set `check` for everyone on this computer: the person cannot change it.
    pub managed: bool,
    /// Where the app looks (`latest.json`).
    pub url: String,
    pub current_version: String,
}

/// A newer version, offered to the person (nothing is installed without their yes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UpdateOffer {
    pub version: String,
    pub current_version: String,
    /// The release notes, as the manifest gives them (plain text).
    pub notes: Option<String>,
    /// RFC 3339, when the manifest gives one.
    pub date: Option<String>,
}

/// Why a check or an install did not succeed, for the UI to put in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum UpdateFailure {
    /// The update address could not be reached (offline, refused, timed out).
    Unreachable,
    /// The update address is not usable (not https, not an address).
    BadAddress,
    /// The address answered, but not with an update manifest the app can read.
    BadManifest,
    /// The manifest has no build for this kind of computer or package.
    NoBuildForThisComputer,
    /// The download failed, or is larger than an update can be.
    DownloadFailed,
    /// The download's signature does not match the app's key (another key, or changed bytes):
    /// nothing was installed.
    SignatureRefused,
    /// The system refused to install it (no permission, cancelled, package manager failed).
    InstallFailed,
    /// Install was asked with no update found by a check in this session.
    NothingToInstall,
    /// Checking is turned off by an administrator.
    Managed,
    /// This build of the app has no updater (a test app, or a platform without one).
    Unavailable,
}

/// What a check found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "outcome")]
pub enum UpdateCheck {
    UpToDate {
        #[serde(rename = "currentVersion")]
        current_version: String,
    },
    Available(UpdateOffer),
    /// The start-up check did not run: turned off, or it ran less than a day ago.
    Skipped,
    Failed {
        failure: UpdateFailure,
        /// Why the connection failed (`unreachable`), as a failed API request names it: an
        /// unknown authority, a proxy asking for credentials…
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        cause: Option<NetworkCause>,
    },
}

impl UpdateCheck {
    /// A failure that is not the connection's.
    pub fn failed(failure: UpdateFailure) -> UpdateCheck {
        UpdateCheck::Failed {
            failure,
            cause: None,
        }
    }
}
