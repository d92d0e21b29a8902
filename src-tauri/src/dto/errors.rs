//! The error every command rejects with: one variant per kind, each carrying exactly its facts.
//! Kinds with several exact problems (configuration, keychain, file, import, category, a kept
//! wait) carry one of their problems, each with its own facts (`problems.rs`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::*;

mod problems;
pub use problems::*;

/// Every kind of failure a command reports: the client's kinds, and the app's own. On the wire
/// both are plain strings (`"notFound"`, `"keychain"`), the `kind` of a [`CommandError`]. The
/// app's kinds stay out of the client, which knows nothing of the app.
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
    Keychain,
    CreateInFlight,
    AlreadyAdded,
    Cancelled,
    File,
    ActivityUnavailable,
    WaitKept,
    Import,
    Category,
    SandboxNotStarted,
    Outbox,
    SharedStore,
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

/// So a kind can be told without unwrapping: `error.kind() == ClientErrorKind::NotFound`.
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
/// the UI words each kind once (`ui/src/lib/messages.ts`), in the person's local time. On the
/// wire `{"kind": "badRequest", "status": 400, …}`; a fact the failure does not have is null.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(optional_fields = nullable)]
pub enum CommandError {
    /// The service refused the key (401).
    #[error("unauthorized ({0:?})")]
    Unauthorized(Answer),
    /// The service has no such pet (404), or the app no such entry.
    #[error("not found ({0:?})")]
    NotFound(Answer),
    /// The operation was removed from the service (410).
    #[error("gone ({0:?})")]
    Gone(Answer),
    /// The service refused what was sent (400).
    #[error("bad request ({0:?})")]
    BadRequest(Box<Refused>),
    /// The service asked to wait, or the app waits for it (429, a spent quota, a backoff).
    #[error("rate limited ({0:?})")]
    RateLimited(Box<Limited>),
    /// The service failed (5xx).
    #[error("server error ({0:?})")]
    Server(Answer),
    /// An answer the spec does not allow, or none at all from Tauri itself (no `status`).
    #[error("unexpected response ({0:?})")]
    UnexpectedResponse(Answer),
    /// An answer that could not be read as the spec's JSON.
    #[error("undecodable answer (HTTP {status:?}, at {json_path:?})")]
    Decode {
        status: Option<u16>,
        /// Where in the JSON it went wrong, when known.
        json_path: Option<String>,
    },
    #[error("timeout")]
    Timeout,
    /// No connection could be made or it broke.
    #[error("network ({cause:?})")]
    Network {
        cause: Option<NetworkCause>,
        /// In proxy mode System on a computer whose OS uses proxy auto-configuration (a PAC
        /// script at `url`, or WPAD discovery when `url` is null), which the app cannot read:
        /// the way out is a Manual proxy (Settings → Network). Left out when there is none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        auto_config: Option<AutoConfig>,
        /// A create failed this way and never reached the service: the form may offer to add
        /// it to the outbox ([`petstore_bulk::may_queue`] decides). Left out when false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[ts(as = "Option<bool>", optional)]
        may_queue: bool,
    },
    /// A create may or may not have been made: it is never sent again by itself.
    #[error("outcome unknown ({0:?})")]
    OutcomeUnknown(Box<Unknown>),
    /// Input refused before anything was sent.
    #[error("invalid input ({field:?})")]
    InvalidInput {
        field: Option<Field>,
        /// The value as given, when showing it helps. Never a key.
        given: Option<String>,
    },
    #[error("configuration ({0:?})")]
    Configuration(Box<ConfigurationProblem>),
    /// An answer went over the most the app reads.
    #[error("response too large ({size_limit:?})")]
    ResponseTooLarge { size_limit: Option<ByteSize> },
    /// The OS keychain failed (locked, missing, refused).
    #[error("keychain ({0:?})")]
    Keychain(KeychainProblem),
    /// A create for the same environment is still on its way; nothing was sent.
    #[error("a create is in flight")]
    CreateInFlight { environment: Option<Environment> },
    /// This computer already added (or may have added) the same pet in the environment; nothing
    /// was sent. Adding it again is the person's second, deliberate choice (`allowRepeat`).
    #[error("already added ({0:?})")]
    AlreadyAdded(Box<AlreadyAdded>),
    /// A read was called off before it finished: the person cancelled a long wait, or the
    /// environment's address or key changed meanwhile. Not a failure to show as one.
    #[error("cancelled")]
    Cancelled { environment: Option<Environment> },
    /// A file the person chose, or an import's journal in the app's data folder, could not be
    /// used.
    #[error("file ({0:?})")]
    File(Box<FileProblem>),
    /// The activity history cannot be read or written (its file is unavailable, or a newer
    /// version of the app wrote it).
    #[error("activity history unavailable")]
    ActivityUnavailable,
    /// A rate-limit wait was not cleared, to spare the key; nothing was changed or sent.
    #[error("wait kept ({0:?})")]
    WaitKept(WaitKeptProblem),
    /// An import cannot start, go on or report.
    #[error("import ({0:?})")]
    Import(Box<ImportProblem>),
    /// A category name or a list of them was refused.
    #[error("category ({0:?})")]
    Category(Box<CategoryFailure>),
    /// The embedded sandbox could not be started.
    #[error("the sandbox did not start")]
    SandboxNotStarted,
    /// The outbox refused a change (full, an entry gone or on its way).
    #[error("outbox ({0:?})")]
    Outbox(OutboxProblem),
    /// The shared store could not be set up, tested or used (issue 41).
    #[error("shared store ({0:?})")]
    SharedStore(SharedStoreProblem),
}

impl CommandError {
    /// The same failure, marked as one the outbox may take when `may_queue` (a create's failure
    /// that never reached the service; only the network and rate-limit kinds can be).
    pub fn queueable(mut self, may_queue: bool) -> CommandError {
        match &mut self {
            CommandError::Network {
                may_queue: flag, ..
            } => *flag = may_queue,
            CommandError::RateLimited(limited) => limited.may_queue = may_queue,
            _ => {}
        }
        self
    }

    /// Whether the outbox may take this create's failure (see [`CommandError::queueable`]).
    pub fn may_queue(&self) -> bool {
        match self {
            CommandError::Network { may_queue, .. } => *may_queue,
            CommandError::RateLimited(limited) => limited.may_queue,
            _ => false,
        }
    }

    /// Which kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        use CommandError as E;
        match self {
            E::Unauthorized(_) => ClientErrorKind::Unauthorized.into(),
            E::NotFound(_) => ClientErrorKind::NotFound.into(),
            E::Gone(_) => ClientErrorKind::Gone.into(),
            E::BadRequest(_) => ClientErrorKind::BadRequest.into(),
            E::RateLimited(_) => ClientErrorKind::RateLimited.into(),
            E::Server(_) => ClientErrorKind::Server.into(),
            E::UnexpectedResponse(_) => ClientErrorKind::UnexpectedResponse.into(),
            E::Decode { .. } => ClientErrorKind::Decode.into(),
            E::Timeout => ClientErrorKind::Timeout.into(),
            E::Network { .. } => ClientErrorKind::Network.into(),
            E::OutcomeUnknown(_) => ClientErrorKind::OutcomeUnknown.into(),
            E::InvalidInput { .. } => ClientErrorKind::InvalidInput.into(),
            E::Configuration(_) => ClientErrorKind::Configuration.into(),
            E::ResponseTooLarge { .. } => ClientErrorKind::ResponseTooLarge.into(),
            E::Keychain(_) => AppErrorKind::Keychain.into(),
            E::CreateInFlight { .. } => AppErrorKind::CreateInFlight.into(),
            E::AlreadyAdded(_) => AppErrorKind::AlreadyAdded.into(),
            E::Cancelled { .. } => AppErrorKind::Cancelled.into(),
            E::File(_) => AppErrorKind::File.into(),
            E::ActivityUnavailable => AppErrorKind::ActivityUnavailable.into(),
            E::WaitKept(_) => AppErrorKind::WaitKept.into(),
            E::Import(_) => AppErrorKind::Import.into(),
            E::Category(_) => AppErrorKind::Category.into(),
            E::SandboxNotStarted => AppErrorKind::SandboxNotStarted.into(),
            E::Outbox(_) => AppErrorKind::Outbox.into(),
            E::SharedStore(_) => AppErrorKind::SharedStore.into(),
        }
    }
}

/// What the service answered, for the kinds that come with an answer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields = nullable)]
pub struct Answer {
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
    /// The status is one a gateway or proxy in front of the service gives when the service
    /// behind it is down or slow ([`petstore_client::is_gateway_status`]). Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub gateway: bool,
}

/// A 400: the answer, and the field the service's words name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields = nullable)]
pub struct Refused {
    #[serde(flatten)]
    #[ts(flatten)]
    pub answer: Answer,
    /// The field the service refused, when its words say so unambiguously.
    pub field: Option<Field>,
    /// The Error body's `message` whole, as the service sent it (bounded by the client): shown
    /// beside the form field it names.
    pub server_text: Option<String>,
}

/// A wait: from when trying again makes sense, and why.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields = nullable)]
pub struct Limited {
    #[serde(flatten)]
    #[ts(flatten)]
    pub answer: Answer,
    /// RFC 3339.
    pub retry_at: Option<String>,
    pub wait_reason: Option<WaitReason>,
    /// A create waited out this way and was never sent: the form may offer to add it to the
    /// outbox ([`petstore_bulk::may_queue`] decides). Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub may_queue: bool,
}

/// A create whose outcome is unknown: why, and what the service said if it answered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields = nullable)]
pub struct Unknown {
    #[serde(flatten)]
    #[ts(flatten)]
    pub answer: Answer,
    /// A code with its arguments, which the UI words (`ui/src/lib/reasons.ts`).
    pub reason: Option<Reason>,
}

/// The input field or setting a failure concerns, so the UI shows it beside that field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Field {
    Name,
    CategoryId,
    Status,
    Limit,
    /// A pet's id.
    Id,
    /// An environment's API key.
    Key,
    /// The next-page address of a list.
    Next,
    ProductionUrl,
    StagingUrl,
    RetentionDays,
    MaxEntries,
    /// The activity filter's bounds.
    Since,
    Until,
    CategoryName,
    ProxyUrl,
    Bypass,
}

impl Field {
    /// The address setting of an environment (none for the sandbox, which has no setting).
    pub fn address_of(environment: Environment) -> Option<Field> {
        match environment {
            Environment::Production => Some(Field::ProductionUrl),
            Environment::Staging => Some(Field::StagingUrl),
            Environment::Sandbox => None,
        }
    }
}

/// The pet of a create was added (or may have been added) from this computer before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AlreadyAdded {
    pub environment: Environment,
    /// The pet's name as this create would have sent it.
    pub name: String,
    pub earlier: EarlierCreate,
}
