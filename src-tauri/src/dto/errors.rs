//! The error every command rejects with: its kinds and the exact problems behind them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::*;

/// Every kind of failure a command reports: the client's kinds, and the app's own. On the wire
/// both are plain strings (`"notFound"`, `"keychain"`); in TypeScript `ClientErrorKind |
/// AppErrorKind`. The app's kinds stay out of the client, which knows nothing of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum ErrorKind {
    Client(ClientErrorKind),
    App(AppErrorKind),
}

/// The failures only the app has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AppErrorKind {
    /// The OS keychain failed (locked, missing, refused).
    Keychain,
    /// A create for the same environment is still on its way; nothing was sent.
    CreateInFlight,
    /// A read was called off before it finished: the person cancelled a long wait, or the
    /// environment's address or key changed meanwhile. Not a failure to show as one.
    Cancelled,
    /// A file the person chose could not be read or written, or an import's journal in the
    /// app's data folder could not be; the message names the file and what to do.
    File,
    /// The activity history cannot be read or written (its file is unavailable, or a newer
    /// version of the app wrote it).
    ActivityUnavailable,
    /// A rate-limit wait was not cleared, to spare the key: `problem` says why (`serviceWait`,
    /// `waitClearedRecently`), `retryAt` from when asking again may succeed. Nothing was changed
    /// or sent.
    WaitKept,
}

impl From<ClientErrorKind> for ErrorKind {
    fn from(kind: ClientErrorKind) -> Self {
        ErrorKind::Client(kind)
    }
}

impl From<AppErrorKind> for ErrorKind {
    fn from(kind: AppErrorKind) -> Self {
        ErrorKind::App(kind)
    }
}

/// So a kind can be told without unwrapping: `error.kind == ClientErrorKind::NotFound`.
impl PartialEq<ClientErrorKind> for ErrorKind {
    fn eq(&self, other: &ClientErrorKind) -> bool {
        *self == ErrorKind::Client(*other)
    }
}

impl PartialEq<AppErrorKind> for ErrorKind {
    fn eq(&self, other: &AppErrorKind) -> bool {
        *self == ErrorKind::App(*other)
    }
}

/// Every command rejects with this, never with a bare string. It carries facts, not sentences:
/// the UI words each kind once (`ui/src/lib/messages.ts`), in the person's local time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[error("{kind:?} error ({problem:?})")]
pub struct CommandError {
    pub kind: ErrorKind,
    /// Which problem exactly, for the kinds that have several (configuration, keychain).
    pub problem: Option<Problem>,
    /// The HTTP status of the answer, when there was one.
    pub status: Option<u16>,
    /// The server's `code`, when it sent an Error body.
    pub code: Option<String>,
    /// The server's own words as a person is shown them, beside the UI's sentence: the first
    /// sentence of its Error body's `message`, or of a non-JSON answer reduced to readable text
    /// (an HTML page to its title), bounded, ending in a full stop
    /// ([`petstore_client::server_words`]); `None` when it sent nothing a person could read or
    /// only its `code` again.
    pub server_message: Option<String>,
    /// The Error body's `message` whole, as the service sent it (bounded by the client): shown
    /// beside the form field it names (`field`). Left out without an Error body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub server_text: Option<String>,
    /// The answer's status is one a gateway or proxy in front of the service gives when the
    /// service behind it is down or slow ([`petstore_client::is_gateway_status`]). Left out when
    /// false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub gateway: bool,
    /// The input field the failure concerns, when it can be told ("name", "categoryId", "status",
    /// "limit", "id", "key", "next", "productionUrl", "stagingUrl").
    pub field: Option<String>,
    /// RFC 3339: when trying again makes sense (rate limits).
    pub retry_at: Option<String>,
    /// Why the service asked to wait (rate limits).
    pub wait_reason: Option<WaitReason>,
    /// The environment the failure is about, when it names one.
    pub environment: Option<Environment>,
    /// Why a connection failed (network errors), as a category.
    pub cause: Option<NetworkCause>,
    /// The size limit an answer went over, or the most a keychain holds.
    pub size_limit: Option<ByteSize>,
    /// The value the failure is about, as given: a refused input, an address, a file or folder.
    /// Never a key.
    pub detail: Option<String>,
    /// Why `detail` is not usable, or why a create's outcome is unknown: a code with its
    /// arguments, which the UI words (`ui/src/lib/reasons.ts`).
    pub reason: Option<Reason>,
    /// Where in the settings file it could not be read.
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// Why a category name was refused (problem `categoryRefused`).
    pub category: Option<CategoryRefusal>,
    /// A failed connection in proxy mode System on a computer whose OS uses proxy
    /// auto-configuration (a PAC script at `url`, or WPAD discovery when `url` is null), which
    /// the app cannot read: the way out is a Manual proxy (Settings → Network). Left out when
    /// there is none (optional, so the UI's own errors need not name it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub auto_config: Option<AutoConfig>,
    /// Why a network setting or certificate was refused (problem `networkSettings`).
    pub network: Option<NetworkRefusal>,
}

/// The exact problem behind a `configuration`, `keychain` or `network` failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Problem {
    /// No base address is set for `environment`.
    MissingBaseUrl,
    /// `detail` is not a usable address, for `reason`.
    InvalidBaseUrl,
    /// `detail` is plain http:// to a host that is not this computer.
    InsecureBaseUrl,
    /// No API key is set for `environment`.
    MissingApiKey,
    /// A next-page address pointed to another server; it was not followed.
    ForeignLink,
    /// `environment`'s stored key would go to `detail`, an address on another server than its
    /// saved one (`field` the address's setting), and the person has not said whether to keep
    /// it: nothing was sent or saved. Ask, then call again with a [`KeyMove`].
    KeyWouldMove,
    /// The HTTP client could not be set up.
    HttpClient,
    /// The remembered rate-limit waits could not be changed.
    WaitStore,
    /// The wait is the service's own answer to this app (until `retryAt`, for `waitReason`):
    /// not cleared.
    ServiceWait,
    /// The wait for this address and key was cleared less than a minute ago, in this app or by
    /// another program on this computer: it may be cleared again from `retryAt`.
    WaitClearedRecently,
    /// The settings file `detail` cannot be read (`reason`, `line`, `column`).
    SettingsUnreadable,
    /// The settings file `detail` cannot be written.
    SettingsUnwritable,
    /// This app keeps no settings file.
    NoSettingsFile,
    /// The folder `detail` could not be shown in the file manager.
    FolderNotOpened,
    /// No keychain is reachable; the key can be kept for this session only.
    KeychainUnavailable,
    /// The keychain is locked or refused access.
    KeychainLocked,
    /// The key is longer than the keychain holds (`size_limit`).
    KeyTooLong,
    /// The keychain entry for `environment` holds no valid key.
    KeyCorrupt,
    /// Any other keychain failure.
    KeychainFailed,
    /// The proxy or company certificate settings cannot be used: `network` holds the facts
    /// (`reason` the setting's own sentence, until every message is in the UI's catalog; never a
    /// password), `field` the setting (`proxyUrl`, `bypass`), `detail` the certificate file.
    NetworkSettings,
    /// The embedded sandbox could not be started.
    SandboxNotStarted,
    /// This computer gives the app no data folder, where an import keeps its journal.
    NoDataFolder,
    /// No file is open for import: choose one with Import… first.
    NoImportFile,
    /// The file `detail` is not an import the app can read (`reason`: which rule of the CSV contract).
    ImportFileInvalid,
    /// A fixed row is not in the file any more.
    ImportRowMissing,
    /// The environment, or its address, changed since the file was read.
    ImportTargetChanged,
    /// An import is running in this app; one at a time.
    ImportRunning,
    /// The same import is running in another program (the CLI, another window).
    ImportElsewhere,
    /// No import has ended in this session, so there is no report.
    NoImportReport,
    /// The import's journal could not be used (`reason`).
    ImportJournal,
    /// The file `detail` could not be read (`reason`).
    FileNotRead,
    /// The file `detail` could not be written (`reason`); nothing there was changed.
    FileNotWritten,
    /// The file `detail` is there and could not be replaced.
    FileExists,
    /// A category name was refused: `category` says why.
    CategoryRefused,
    /// The file `detail` is not a list of category names (`reason`: which rule of the list).
    CategoryListInvalid,
}
