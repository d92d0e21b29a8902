//! Settings → Network as the UI gets it: the proxy as the settings file holds it
//! (never its password: only whether one is stored), the company certificates trusted beside
//! the system's, and, when a setting is refused, the facts the UI words (`NetworkRefusal`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{AutoConfig, IoProblem};

/// The proxy modes, as Settings offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ProxyChoice {
    /// The computer's proxy settings (and `HTTPS_PROXY`/`NO_PROXY`).
    System,
    /// The address, user and bypass list below.
    Manual,
    /// Straight to the service.
    Off,
}

/// What Settings → Network shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NetworkSettings {
    pub mode: ProxyChoice,
    /// The Manual proxy's address (kept when another mode is chosen, for switching back).
    pub url: Option<String>,
    pub user: Option<String>,
    /// A password for this proxy (its address as saved) is in the keychain. The password itself
    /// never leaves the backend.
    pub password_stored: bool,
    /// The keychain holds a password for another proxy (this address, `http://host:port`): the
    /// proxy's address changed since it was typed, and it is not sent to the new one.
    pub password_for_other_proxy: Option<String>,
    /// Hosts reached without the proxy, as saved.
    pub bypass: Vec<String>,
    pub certificates: Vec<TrustedCertificate>,
    /// The computer uses a proxy auto-configuration script, which the app cannot read.
    pub auto_config: Option<AutoConfig>,
}

/// What the person saves (the password has a command of its own).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NetworkInput {
    pub mode: ProxyChoice,
    pub url: Option<String>,
    pub user: Option<String>,
    pub bypass: Vec<String>,
}

/// One company certificate the settings list. A listed file that cannot be used is shown too,
/// with why (`unusable`), so it can be removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TrustedCertificate {
    /// The file as the settings list it: what `remove_company_certificate` takes.
    pub file: String,
    /// `CN=Example Corp Root CA, O=Example Corp`; null when the file cannot be read.
    pub subject: Option<String>,
    /// SHA-256, colon-separated upper-case hex (what OS dialogs show).
    pub fingerprint: Option<String>,
    /// RFC 3339.
    pub expires: Option<String>,
    pub unusable: Option<NetworkRefusal>,
}

/// Why a network setting or a certificate file was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum NetworkProblem {
    /// Manual with no proxy address.
    NoProxyAddress,
    /// The proxy address holds a user name or password (never repeated back).
    PasswordInAddress,
    /// The proxy address is not an address (`given`).
    NotAnAddress,
    /// The proxy address is not http:// or https:// (`given`).
    NotHttp,
    /// The proxy address has a path or query.
    AddressHasPath,
    /// A bypass entry is not a host, address or network (`given`).
    BadBypassEntry,
    /// The certificate file is larger than one can be.
    CertificateTooLarge,
    /// The file holds no PEM certificate.
    NoCertificate,
    /// A certificate in the file cannot be read.
    CertificateUnreadable,
    /// The certificate (`subject`) is a server's, not an authority's.
    NotAnAuthority,
    /// The certificate (`subject`) expired on `date`.
    CertificateExpired,
    /// The certificate (`subject`) is valid only from `date`.
    CertificateNotYetValid,
    /// The file could not be read (missing, no permission).
    FileUnreadable,
}

/// A refused network setting: the facts, worded by the UI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NetworkRefusal {
    pub problem: NetworkProblem,
    /// The refused text as given (never for `passwordInAddress`), bounded.
    pub given: Option<String>,
    /// The certificate's subject.
    pub subject: Option<String>,
    /// RFC 3339: when a certificate expired or starts.
    pub date: Option<String>,
    /// Why a certificate file could not be read (`fileUnreadable`).
    pub io: Option<IoProblem>,
}
