//! Everything that can end a command early, and the exit code each one gets.

use std::process::ExitCode;

use chrono::{DateTime, Utc};
use petstore_bulk::OutboxError;
use petstore_client::{ConfigError, Environment, Error as ApiError, InvalidInput};
use petstore_local::LocalError;
use petstore_local::keychain::KeychainError;

use crate::keysource::KeySource;

pub const OK: u8 = 0;
pub const INTERNAL: u8 = 1;
pub const USAGE: u8 = 2;
pub const AUTH: u8 = 3;
pub const NOT_FOUND: u8 = 4;
pub const RATE_LIMITED: u8 = 5;
pub const SERVER: u8 = 6;
pub const NETWORK: u8 = 7;
pub const OUTCOME_UNKNOWN: u8 = 8;
pub const CONFIG: u8 = 9;
/// `import`: some valid rows were not created (refused by the service, or not sent because
/// the import was cancelled or stopped); none is of unknown outcome.
pub const IMPORT_INCOMPLETE: u8 = 10;
/// The network path needs a setting changed, not a retry: the proxy (unreachable, asks for or
/// refused credentials, would not connect) or the service's certificate (unknown authority,
/// expired, another name).
pub const NETWORK_SETUP: u8 = 11;
/// `export`: the file holds every pet the service showed, and the service may hold more: a list
/// stopped at a full page with no way on, even when read by status.
pub const EXPORT_INCOMPLETE: u8 = 12;
/// `add`: this computer already added the same pet (or may have: its answer was lost) to this
/// environment; nothing was sent. `--allow-repeat` is the person's second, deliberate choice.
pub const ALREADY_ADDED: u8 = 13;
/// `list --name-contains`: the pets shown are the matches among those the service showed, and
/// it may hold more (a full page with no way to the next page, even by status), or there were more
/// than `search::MAX_MATCHES` matches.
pub const SEARCH_INCOMPLETE: u8 = 14;
/// `add --queue`: the create could not be sent now (no connection, the quota spent, a wait) and
/// waits in the environment's outbox; `outbox send` (or the app) sends it.
pub const QUEUED: u8 = 15;
/// `outbox send`: entries still wait (they could not be sent now, another program is sending the
/// outbox, or the service kept failing); `outbox drop`/`send-anyway`: the entry is being sent.
pub const OUTBOX_WAITING: u8 = 16;
/// `outbox send`: entries need a person: refused by the service (400) or of unconfirmed outcome.
pub const OUTBOX_NEEDS_PERSON: u8 = 17;
/// `store status` (and `store connect`): no shared store is set up on this desk, or no password
/// for it is stored here.
pub const STORE_NOT_SET_UP: u8 = 18;
/// The shared store's server could not be reached (or did not answer in time).
pub const STORE_UNREACHABLE: u8 = 19;
/// PostgreSQL refused the shared store's user: a wrong password, or not allowed from here.
pub const STORE_SIGN_IN: u8 = 20;
/// The shared store's schema is newer than this program: update it; nothing was changed.
pub const STORE_SCHEMA_TOO_NEW: u8 = 21;
/// `import`: the shared store could not be reached, so other desks' rows could not be checked,
/// and the person did not choose to go on (`--unchecked`, or "y" at a terminal): nothing sent.
pub const STORE_UNCHECKED: u8 = 22;
/// Ctrl+C at a secret's prompt (`key set`, `proxy password`), which gives the terminal its echo
/// back first: the code a shell reports for a program Ctrl+C stopped (128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

/// Why a command stopped. Becomes words (`crate::explain`, in the run's language: its
/// `Display`) and an exit code only in `main`.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    Api(#[from] ApiError),
    Input(#[from] InvalidInput),
    Config(#[from] ConfigError),
    Local(#[from] LocalError),
    Keychain(#[from] KeychainError),
    Network(#[from] petstore_local::NetworkSettingError),
    /// `--proxy` was refused (never repeated: it may hold a password).
    ProxyFlag(petstore_client::ProxyUrlError),
    MissingKey {
        env: Environment,
    },
    KeyRefused {
        key_source: KeySource,
        server: petstore_client::ApiError,
    },
    KeyForAnotherServer {
        env: Environment,
        url: String,
        configured: Option<String>,
    },
    NoKeyForAddress {
        url: String,
    },
    BadEnvKey(InvalidInput),
    KeychainUnavailable {
        env: Environment,
        source: KeychainError,
    },
    DeadlineDuringWait {
        retry_at: DateTime<Utc>,
    },
    /// `quota --forget` was refused, to spare the key: nothing was changed or sent.
    WaitKept {
        env: Environment,
        url: String,
        kept: petstore_client::WaitKept,
    },
    DeadlineExceeded {
        seconds: f64,
    },
    CreateOutcomeUnknown {
        seconds: f64,
    },
    /// `add` of a pet this computer (or, through the shared store, another desk) added, or may
    /// have added, here before; nothing was sent. Boxed: it names the desk too.
    AlreadyAdded {
        name: String,
        url: String,
        earlier: Box<petstore_bulk::Earlier>,
    },
    /// `add --queue`: not sent now, queued in the outbox (already said on stdout): after a
    /// failure that provably sent nothing, or (`None`) behind earlier entries still waiting.
    Queued {
        name: String,
        error: Option<Box<ApiError>>,
    },
    /// `add --queue` while earlier pets wait in the outbox: not sent (it would overtake them),
    /// and the outbox could not be read or take it.
    NotQueuedBehind {
        env: Environment,
        name: String,
        why: Box<petstore_bulk::OutboxError>,
    },
    /// `add --queue`: not sent, and the outbox refused it too.
    NotQueued {
        env: Environment,
        name: String,
        error: Box<ApiError>,
        why: Box<petstore_bulk::OutboxError>,
    },
    /// The outbox file could not be used, or has no such entry.
    Outbox {
        env: Environment,
        error: petstore_bulk::OutboxError,
    },
    /// `outbox send` ended with entries left: `waiting` will go later, `person` need a person.
    OutboxLeft {
        waiting: usize,
        person: usize,
        stop: Option<petstore_bulk::SendStop>,
    },
    /// `add --queue` of a name longer than a pet's name may be: nothing sent or queued.
    NameTooLong {
        chars: usize,
    },
    /// `outbox send` stopped on a 401: the entries stay.
    OutboxKeyRefused {
        key_source: KeySource,
    },
    Stdin(std::io::Error),
    /// `petstore proxy password` read an empty line.
    EmptyPassword,
    /// `petstore proxy password` with no Manual proxy address (settings file or `--proxy`): a
    /// password is kept for one proxy only.
    NoProxyForPassword,
    /// `petstore key set` or `petstore proxy password` read more than any secret is.
    SecretTooLong {
        limit: usize,
    },
    /// Ctrl+C at the prompt of `petstore key set` or `petstore proxy password`.
    Interrupted,
    Stdout(std::io::Error),
    /// No shared store is set up on this desk.
    StoreNotSetUp,
    /// A shared store is set (`address`), and no password for it is stored on this desk.
    StoreNoPassword {
        address: String,
    },
    /// `store connect` to another store than the system-wide file's (`address`).
    StoreManaged {
        address: String,
    },
    StoreUrl(crate::store::StoreUrlError),
    StoreSetting(petstore_local::SharedStoreSettingError),
    /// `store connect` with more than one `--ca-file`.
    StoreCaFiles {
        count: usize,
    },
    /// `import` not started: the shared store cannot be reached and the person did not go on.
    StoreUnchecked,
    /// `PETSTORE_SHARED_CLAIM_STALE_SECS` is not a whole number of seconds within its bound.
    StoreStaleSetting {
        value: String,
    },
    /// The shared store refused or failed (connecting, its schema, a statement).
    Store(petstore_shared::SharedError),
    /// A bug; the text is for the report, in English.
    Internal(String),
    ReadFile {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    Contract {
        path: std::path::PathBuf,
        #[source]
        source: petstore_bulk::ContractError,
    },
    Import(#[from] petstore_bulk::ImportError),
    Export(#[from] petstore_bulk::ExportError),
    NeedsConfirmation {
        rows: usize,
    },
    NoDataDir,
    /// The activity history could not be opened or read.
    History {
        path: String,
        error: petstore_activity::ActivityError,
    },
    /// The import ended without every valid row created; the summary was already printed.
    ImportIncomplete {
        code: u8,
        why: Incomplete,
    },
    /// The export was written, and may lack pets the service offers no way to list.
    ExportIncomplete {
        count: u64,
    },
    /// `list --name-contains`: the matches were printed, among the pets the service showed;
    /// it may hold more. `text` is as the messages repeat it.
    SearchIncomplete {
        text: String,
        status: Option<petstore_client::PetStatus>,
        seen: u64,
        matched: usize,
    },
    /// `list --name-contains`: more matches than are kept; the first `max` were printed.
    TooManyMatches {
        text: String,
        max: usize,
    },
    /// `list --name-contains` with an empty text (`chars` 0) or one longer than a name can be.
    SearchText {
        chars: usize,
    },
    /// A list kept announcing next pages (or one already read).
    EndlessList {
        pages: usize,
    },
}

/// Why an import ended without every valid row created.
#[derive(Debug)]
pub enum Incomplete {
    /// Stopped early: cancelled, or a failure every further row would meet.
    Stopped(petstore_bulk::Stop),
    /// Rows of unknown outcome not found in the pet list (lines: the first few).
    Unknown {
        rows: usize,
        lines: String,
        resent: bool,
    },
    /// Rows of unknown outcome that could not be looked for everywhere: the service's list
    /// stopped at a full page with no way on (lines: the first few). Never resent.
    Unchecked { rows: usize, lines: String },
    /// Rows the service refused.
    Refused { rows: usize, lines: String },
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Api(err) => api_exit_code(err),
            CliError::Input(_) | CliError::BadEnvKey(_) => USAGE,
            CliError::Config(_)
            | CliError::Local(_)
            | CliError::Keychain(_)
            | CliError::Network(_)
            | CliError::KeychainUnavailable { .. } => CONFIG,
            CliError::KeyForAnotherServer { .. } | CliError::ProxyFlag(_) => USAGE,
            CliError::MissingKey { .. }
            | CliError::KeyRefused { .. }
            | CliError::NoKeyForAddress { .. } => AUTH,
            CliError::DeadlineDuringWait { .. } | CliError::WaitKept { .. } => RATE_LIMITED,
            CliError::DeadlineExceeded { .. } => NETWORK,
            CliError::CreateOutcomeUnknown { .. } => OUTCOME_UNKNOWN,
            CliError::AlreadyAdded { .. } => ALREADY_ADDED,
            CliError::Queued { .. } => QUEUED,
            // Full: as unsent as without --queue.
            CliError::NotQueued { error, why, .. } => match **why {
                OutboxError::Full { .. } => api_exit_code(error),
                _ => outbox_exit_code(why),
            },
            CliError::NotQueuedBehind { why, .. } => outbox_exit_code(why),
            CliError::NameTooLong { .. } => USAGE,
            CliError::Outbox { error, .. } => outbox_exit_code(error),
            CliError::OutboxLeft { person: 0, .. } => OUTBOX_WAITING,
            CliError::OutboxLeft { .. } => OUTBOX_NEEDS_PERSON,
            CliError::OutboxKeyRefused { .. } => AUTH,
            CliError::Stdin(_)
            | CliError::EmptyPassword
            | CliError::NoProxyForPassword
            | CliError::SecretTooLong { .. } => USAGE,
            CliError::Interrupted => INTERRUPTED,
            CliError::Stdout(_) | CliError::Internal(_) => INTERNAL,
            CliError::StoreNotSetUp | CliError::StoreNoPassword { .. } => STORE_NOT_SET_UP,
            CliError::StoreUrl(_) | CliError::StoreCaFiles { .. } => USAGE,
            CliError::StoreManaged { .. } | CliError::StoreSetting(_) => CONFIG,
            CliError::StoreStaleSetting { .. } => CONFIG,
            CliError::Store(error) => store_exit_code(error),
            CliError::StoreUnchecked => STORE_UNCHECKED,
            CliError::ReadFile { .. }
            | CliError::Contract { .. }
            | CliError::NeedsConfirmation { .. } => USAGE,
            CliError::Import(petstore_bulk::ImportError::Journal(_))
            | CliError::Import(petstore_bulk::ImportError::Created(_))
            | CliError::NoDataDir
            | CliError::History { .. }
            | CliError::Export(petstore_bulk::ExportError::Write(_)) => CONFIG,
            CliError::Export(petstore_bulk::ExportError::Exists { .. }) => USAGE,
            CliError::Import(petstore_bulk::ImportError::ListingBefore(
                petstore_bulk::PagesError::Client(err),
            ))
            | CliError::Export(petstore_bulk::ExportError::Listing(
                petstore_bulk::PagesError::Client(err),
            )) => api_exit_code(err),
            CliError::Export(petstore_bulk::ExportError::Listing(
                petstore_bulk::PagesError::Sink(_),
            )) => CONFIG,
            CliError::Import(_) | CliError::Export(_) => SERVER,
            CliError::ImportIncomplete { code, .. } => *code,
            CliError::ExportIncomplete { .. } => EXPORT_INCOMPLETE,
            CliError::SearchIncomplete { .. } | CliError::TooManyMatches { .. } => {
                SEARCH_INCOMPLETE
            }
            CliError::EndlessList { .. } => SERVER,
            CliError::SearchText { .. } => USAGE,
        }
    }

    pub fn into_exit_code(self) -> ExitCode {
        ExitCode::from(self.exit_code())
    }
}

/// The exit code of a failure known only by its kind (an import stopped by it).
pub fn kind_exit_code(kind: petstore_client::ErrorKind) -> u8 {
    use petstore_client::ErrorKind as K;
    match kind {
        K::BadRequest | K::InvalidInput => USAGE,
        K::Unauthorized => AUTH,
        K::NotFound | K::Gone => NOT_FOUND,
        K::RateLimited => RATE_LIMITED,
        K::Server | K::UnexpectedResponse | K::Decode | K::ResponseTooLarge => SERVER,
        K::Timeout | K::Network => NETWORK,
        K::OutcomeUnknown => OUTCOME_UNKNOWN,
        K::Configuration => CONFIG,
    }
}

fn store_exit_code(err: &petstore_shared::SharedError) -> u8 {
    use petstore_shared::SharedError as S;
    match err {
        S::Unreachable { .. } | S::ConnectionLost { .. } => STORE_UNREACHABLE,
        S::SignIn { .. } => STORE_SIGN_IN,
        S::SchemaTooNew { .. } => STORE_SCHEMA_TOO_NEW,
        S::TlsRequired { .. } | S::TlsFailed { .. } | S::TlsSetup(_) => NETWORK_SETUP,
        S::Busy { .. } => STORE_UNREACHABLE,
        _ => CONFIG,
    }
}

fn outbox_exit_code(err: &OutboxError) -> u8 {
    match err {
        OutboxError::Invalid(_) | OutboxError::NameTooLong { .. } => USAGE,
        OutboxError::NotFound { .. } => NOT_FOUND,
        OutboxError::BeingSent { .. } | OutboxError::Full { .. } => OUTBOX_WAITING,
        _ => CONFIG,
    }
}

fn api_exit_code(err: &ApiError) -> u8 {
    match err {
        ApiError::BadRequest(_) | ApiError::InvalidInput(_) => USAGE,
        ApiError::Unauthorized(_) => AUTH,
        ApiError::NotFound(_) | ApiError::Gone(_) => NOT_FOUND,
        ApiError::RateLimited { .. } => RATE_LIMITED,
        ApiError::Server(_)
        | ApiError::UnexpectedResponse { .. }
        | ApiError::Decode { .. }
        | ApiError::ResponseTooLarge { .. } => SERVER,
        ApiError::Network { cause, .. } if cause.needs_network_setup() => NETWORK_SETUP,
        ApiError::Timeout | ApiError::Network { .. } => NETWORK,
        ApiError::OutcomeUnknown { .. } => OUTCOME_UNKNOWN,
        ApiError::Configuration(_) => CONFIG,
        #[allow(unreachable_patterns)]
        _ => INTERNAL,
    }
}

#[cfg(test)]
mod tests;
