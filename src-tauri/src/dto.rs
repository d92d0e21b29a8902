//! What crosses the IPC boundary, the contract between the app and its UI. JSON is camelCase;
//! int64 ids travel as strings (JavaScript loses digits above 2^53); instants are RFC 3339 strings.
//! The TypeScript in `ui/src/lib/bindings/` is generated from these types (`tests/bindings.rs`).
//!
//! A type the client already has is used as it is (its bindings come from the client's `ts`
//! feature), so each concept is defined once: [`Environment`] (`EnvironmentId` in TypeScript),
//! [`QuotaWindow`], [`Plan`], [`WaitReason`] and the client's kinds of [`ErrorKind`]. A type is
//! defined here only where the UI's shape differs from the client's, and says why.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

mod activity;
mod categories;
mod crash;
mod events;
mod imports;
mod network;
mod reasons;
mod typescript;
mod updates;
pub use activity::*;
pub use categories::*;
pub use crash::*;
pub use events::*;
pub use imports::*;
pub use network::*;
pub use reasons::*;
pub use typescript::{Export, export_named, named};
pub use updates::*;

pub use petstore_client::ErrorKind as ClientErrorKind;
pub use petstore_client::{
    AutoConfig, ByteSize, ByteUnit, Environment, NetworkCause, Plan, QuotaWindow, WaitReason,
};

/// The statuses a person may give a new pet or filter by. Not the client's `PetStatus`, which also
/// keeps any status a server sends (`Other`): the UI may only send these three, so its type is the
/// closed union.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum PetStatusValue {
    Available,
    Pending,
    Sold,
}

/// A pet as the UI sees it. Not the client's `Pet`: ids are int64, which JavaScript cannot hold
/// (digits above 2^53 are lost), so they travel as strings; an unknown status is flagged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Pet {
    pub id: String,
    pub name: String,
    pub category_id: String,
    /// As the server sent it, even when the spec does not list it.
    pub status: Option<String>,
    /// False for a status the spec does not list (shown as it is).
    pub status_known: bool,
}

/// Not the client's `PetPage`: its pets are the `Pet` above (ids as strings), its next page a token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PetPage {
    pub pets: Vec<Pet>,
    /// Opaque token for `next_page` ("Load more"); null when the page is complete.
    pub next: Option<String>,
    /// The page came back full and named no next page: the service may hold more pets and
    /// offers no way to fetch them (the list is never called complete). False with `next`.
    pub may_have_more: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NewPetInput {
    pub name: String,
    pub category_id: String,
    /// null: let the server decide.
    pub status: Option<PetStatusValue>,
}

/// What `create_pet` answers: the new pet and where it was created, which need not be the
/// environment on screen by the time the answer arrives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CreatedPet {
    pub pet: Pet,
    pub environment: Environment,
    /// The base address the create was sent to.
    pub base_url: String,
}

/// Not the client's `RateLimitSnapshot`: instants are RFC 3339 strings with milliseconds (what
/// `new Date()` reads), counts are numbers JavaScript holds exactly (u32, saturated), and it says
/// which environment it describes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Quota {
    pub limit: Option<u32>,
    pub remaining: Option<u32>,
    /// RFC 3339.
    pub reset_at: Option<String>,
    pub window: QuotaWindow,
    pub plan: Option<Plan>,
    /// RFC 3339.
    pub observed_at: String,
    pub environment: Environment,
    /// How much of the window is left, as the gauge shows it ([`QuotaLevel::of`]).
    pub level: QuotaLevel,
}

/// How much of its window a quota has left: what the gauge shows and what a quota alert tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum QuotaLevel {
    /// The headers did not say both the limit and what is left (or a limit of none).
    Unknown,
    Ok,
    /// Below a fifth of the limit.
    Low,
    /// None left.
    Empty,
}

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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EnvironmentInfo {
    /// The UI names it in the person's language (`ui/src/lib/environment.ts`).
    pub id: Environment,
    pub base_url: Option<String>,
    pub production: bool,
    pub local_demo: bool,
    pub selected: bool,
    /// A base address is set and a key is available, so calls can be made.
    pub configured: bool,
    /// Where `base_url` comes from; one set by an environment variable cannot be changed in the app.
    pub address_source: AddressSource,
}

/// Where an environment's base address comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AddressSource {
    /// The app's settings (changed in Settings).
    SettingsFile,
    /// `PETSTORE_PRODUCTION_URL` / `PETSTORE_STAGING_URL`, which win over the settings file.
    EnvironmentVariable,
    /// The embedded sandbox's own address.
    BuiltIn,
    NotSet,
}

/// The settings file could not be read: the app runs on defaults and saves nothing until it is
/// fixed or started over. Payload of the `settings-problem` event (null once it is solved).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SettingsProblem {
    /// The file, in full.
    pub path: String,
    /// Where the problem is, when it is in the file's text (1-based).
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// What is wrong, e.g. `settingsSyntax` (a trailing comma, a stray character).
    pub problem: Reason,
}

/// The answer to "Start over".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StartedOver {
    /// Where the unreadable file was kept; null when it could be read again by then, so nothing
    /// was moved.
    pub kept_as: Option<String>,
}

/// A wait the selected environment's key must honour: a 429 this app or the `petstore` CLI was
/// answered, remembered on this computer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RememberedWait {
    /// RFC 3339.
    pub until: String,
    pub environment: Environment,
}

/// Not the settings file's `Settings`: only what the Settings screen edits (the two addresses),
/// as the file holds them; the file's other fields (the environment, rows per page, fields of
/// newer versions) have commands of their own or are kept untouched.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub production_url: Option<String>,
    pub staging_url: Option<String>,
}

/// The language chosen in Settings: the computer's, or one the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum LanguageChoice {
    System,
    En,
    De,
}

/// What the window needs to pick its language: the choice, and the computer's locale as the OS
/// reports it to this process ("de_DE.UTF-8"; null when none is set, e.g. usually on macOS and
/// Windows, where the web view's own languages are the computer's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LanguagePreference {
    pub choice: LanguageChoice,
    pub system: Option<String>,
}

/// Not the keychain's `KeyStatus` (stored, masked): the app's answer also says which environment,
/// whether the key lives only in this session's memory, and whether a keychain is reachable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct KeyStatus {
    pub environment: Environment,
    pub stored: bool,
    /// At most the last 4 characters, e.g. "••••abcd".
    pub masked: Option<String>,
    /// The key is kept in memory for this session only.
    pub session_only: bool,
    pub keychain_available: bool,
}

/// Not the client's `DeprecationNotice`: instants are RFC 3339 strings with milliseconds (chrono's
/// own serialization drops them), as in every other payload.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Deprecation {
    pub operation: String,
    /// RFC 3339.
    pub sunset: String,
    pub replacement: String,
    /// RFC 3339.
    pub deprecated_since: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Lookup {
    /// null: no pet has this id (a calm message, not an error).
    pub pet: Option<Pet>,
    pub deprecation: Deprecation,
}

/// The person's answer when an environment's address moves to another server while a key is
/// stored for it, when saving: the key goes along (Keep), or is removed once the new address is
/// saved (Remove).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum KeyMove {
    Keep,
    Remove,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionTest {
    pub quota: Option<Quota>,
    pub pets_seen: u32,
    /// The address that was tried (as checked: what the app would save).
    pub base_url: String,
    /// Whether that is the environment's address now; false for an address typed in Settings and
    /// not saved yet.
    pub saved: bool,
}

/// Payload of the `waiting` event. Not the client's `ClientEvent::Waiting`: the instant is an
/// RFC 3339 string with milliseconds, and it says which environment waits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Waiting {
    /// RFC 3339.
    pub until: String,
    pub reason: WaitReason,
    pub environment: Environment,
}

/// Payload of the `resumed` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Resumed {
    pub environment: Environment,
}

/// Payload of the `environment-updated` event: this environment's address or key changed, so
/// what was on its way to the old one was cancelled, and its quota, waits and rows are the old
/// server's. The UI reads the environments again for the new address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EnvironmentUpdated {
    pub environment: Environment,
}
