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
mod errors;
mod events;
mod imports;
mod network;
mod outbox;
mod reasons;
mod shared_store;
mod typescript;
mod updates;
pub use activity::*;
pub use categories::*;
pub use crash::*;
pub use errors::*;
pub use events::*;
pub use imports::*;
pub use network::*;
pub use outbox::*;
pub use reasons::*;
pub use shared_store::*;
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

/// The sandbox started afresh (`start_sandbox_afresh`): where its earlier pets are kept, and the
/// first id a pet added from now on can get (every id below it was given by an earlier run, or
/// is a demo pet's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SandboxAfresh {
    /// The earlier pets file, renamed with the time; null when there was none.
    pub kept_as: Option<String>,
    /// An int64, as a string.
    pub ids_from: String,
}

/// What an address typed in Settings said to `GET /pets?limit=1` sent without a key
/// (`probe_address`): no key was needed to ask it, so it can be tested before one is given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AddressProbe {
    /// The address that was asked (as checked: what the app would save).
    pub base_url: String,
    pub answer: KeylessAnswer,
}

/// How the address answered a request without a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum KeylessAnswer {
    /// 401 with the interface's Error body: it speaks this interface and asks for the key.
    KeyAsked,
    /// 200 with a list of pets: it speaks this interface, even without a key.
    Open,
    /// It answered, but not as this interface does (a web page, a 404, other JSON).
    NotThisInterface { status: u16 },
}

impl From<petstore_client::KeylessAnswer> for KeylessAnswer {
    fn from(answer: petstore_client::KeylessAnswer) -> Self {
        match answer {
            petstore_client::KeylessAnswer::KeyAsked => KeylessAnswer::KeyAsked,
            petstore_client::KeylessAnswer::Open => KeylessAnswer::Open,
            petstore_client::KeylessAnswer::NotThisInterface { status } => {
                KeylessAnswer::NotThisInterface { status }
            }
        }
    }
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
