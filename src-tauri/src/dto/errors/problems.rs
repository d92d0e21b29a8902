//! The exact problems of the kinds that have several, each with exactly its facts. On the wire the
//! problem's name is `problem`, beside the error's `kind`.

use serde::Serialize;
use ts_rs::TS;

use super::super::*;
use super::Field;

/// Every problem enum: tagged by `problem` beside the error's `kind`; a fact a problem lacks is
/// null.
macro_rules! problems {
    ($(#[$doc:meta])* pub enum $name:ident $body:tt) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
        #[serde(tag = "problem", rename_all = "camelCase", rename_all_fields = "camelCase")]
        #[ts(optional_fields = nullable)]
        pub enum $name $body
    };
}

problems! {
    /// Why the app's settings cannot be used as they are.
    pub enum ConfigurationProblem {
        /// No base address is set for `environment` (`field` its setting).
        MissingBaseUrl {
            environment: Environment,
            field: Option<Field>,
        },
        /// `address` is not a usable address, for `reason`.
        InvalidBaseUrl {
            address: String,
            reason: Reason,
            field: Option<Field>,
        },
        /// `address` is plain http:// to a host that is not this computer.
        InsecureBaseUrl {
            address: String,
            field: Option<Field>,
        },
        /// No API key is set for `environment`.
        MissingApiKey { environment: Environment },
        /// A next-page address pointed to another server; it was not followed.
        ForeignLink { address: String },
        /// `environment`'s stored key would go to `address`, on another server than its saved one
        /// (`field` the address's setting), and the person has not said whether to keep it: nothing
        /// was sent or saved. Ask, then call again with a [`KeyMove`].
        KeyWouldMove {
            environment: Environment,
            address: String,
            field: Option<Field>,
        },
        /// The HTTP client could not be set up.
        HttpClient,
        /// The remembered rate-limit waits (at `path`) could not be changed.
        WaitStore { path: String },
        /// The settings file `path` cannot be read (`reason`, at `line` and `column`).
        SettingsUnreadable {
            path: String,
            reason: Reason,
            line: Option<u32>,
            column: Option<u32>,
        },
        /// The settings file `path` cannot be written (`reason`).
        SettingsUnwritable { path: String, reason: Reason },
        /// This app keeps no settings file.
        NoSettingsFile,
        /// The folder `path` could not be shown in the file manager.
        FolderNotOpened { path: String },
        /// The proxy or company certificate settings cannot be used: `network` holds the facts
        /// (never a password), `field` the setting (`proxyUrl`, `bypass`), `certificate` the
        /// certificate file.
        NetworkSettings {
            network: NetworkRefusal,
            field: Option<Field>,
            certificate: Option<String>,
        },
    }
}

problems! {
    /// Why the keychain could not keep or give a key. `field` is `key` when the failure is about the
    /// key being saved, where the UI offers to keep it for this session only.
    pub enum KeychainProblem {
        /// No keychain is reachable; the key can be kept for this session only.
        KeychainUnavailable { field: Option<Field> },
        /// The keychain is locked or refused access.
        KeychainLocked { field: Option<Field> },
        /// The key is longer than the keychain holds (`sizeLimit`).
        KeyTooLong { size_limit: ByteSize },
        /// The keychain entry for `environment` holds no valid key.
        KeyCorrupt { environment: Environment },
        /// Any other keychain failure.
        KeychainFailed,
    }
}

impl KeychainProblem {
    /// The same problem, about the key field.
    pub fn about_key(self) -> KeychainProblem {
        match self {
            KeychainProblem::KeychainUnavailable { .. } => KeychainProblem::KeychainUnavailable {
                field: Some(Field::Key),
            },
            KeychainProblem::KeychainLocked { .. } => KeychainProblem::KeychainLocked {
                field: Some(Field::Key),
            },
            other => other,
        }
    }
}

problems! {
    /// Why a file could not be used. `path` is the file as the person knows it; `reason` why.
    pub enum FileProblem {
        /// The file could not be read.
        FileNotRead { path: String, reason: Reason },
        /// The file could not be written; nothing there was changed.
        FileNotWritten { path: String, reason: Reason },
        /// The file is there and could not be replaced.
        FileExists { path: String },
        /// This computer gives the app no data folder, where an import keeps its journal.
        NoDataFolder,
        /// The import's journal could not be used.
        ImportJournal { reason: Reason },
        /// This computer's record of the pets it added could not be read or written, so a
        /// create could not be checked against it; nothing was sent.
        CreatedRecord { reason: Reason },
    }
}

problems! {
    /// Why a rate-limit wait was not cleared, and from when asking again may succeed (`retryAt`,
    /// RFC 3339).
    pub enum WaitKeptProblem {
        /// The wait is the service's own answer to this app (for `waitReason`): not cleared.
        ServiceWait {
            retry_at: String,
            wait_reason: WaitReason,
        },
        /// The wait for this address and key was cleared less than a minute ago, in this app or by
        /// another program on this computer.
        WaitClearedRecently { retry_at: String },
    }
}

problems! {
    /// Why an import cannot start, go on or report.
    pub enum ImportProblem {
        /// No file is open for import: choose one with Import… first.
        NoImportFile,
        /// The file `path` is not an import the app can read (`reason`: which rule of the CSV
        /// contract).
        ImportFileInvalid { path: String, reason: Reason },
        /// A fixed row is not in the file any more.
        ImportRowMissing,
        /// The environment, or its address, changed since the file was read.
        ImportTargetChanged { environment: Option<Environment> },
        /// An import is running in this app; one at a time.
        ImportRunning,
        /// The same import is running in another program (the CLI, another window).
        ImportElsewhere,
        /// No import has ended in this session, so there is no report.
        NoImportReport,
    }
}

problems! {
    /// A category name refused (`refusal` says why, `field` which to correct), or a file that is not
    /// a list of names.
    pub enum CategoryFailure {
        CategoryRefused {
            refusal: CategoryRefusal,
            field: Option<Field>,
        },
        /// The file `path` is not a list of category names (`reason`: which rule of the list).
        CategoryListInvalid { path: String, reason: Reason },
    }
}

problems! {
    /// Why the outbox refused a change; nothing was changed.
    pub enum OutboxProblem {
        /// The environment's outbox holds `limit` pets, its most.
        OutboxFull { limit: u32 },
        /// The entry is no longer in the outbox (sent or dropped meanwhile).
        EntryGone,
        /// The entry is being sent right now.
        EntryBeingSent,
    }
}

problems! {
    /// Why the shared store (Settings → Shared store, issue 41) could not be set up, tested or
    /// used; nothing was saved. Facts only: the UI words them. Named `store…`: a problem's name
    /// is unique across every kind.
    pub enum SharedStoreProblem {
        /// `setting` (host, port, database, user, desk name) is empty, too long (at most `max`
        /// characters) or holds control characters.
        StoreInvalidSetting { setting: String, max: u32 },
        /// Nothing answered at `host`:`port`.
        StoreUnreachable { host: String, port: u16 },
        /// The server off this computer offers no encrypted connection.
        StoreTlsRequired { host: String },
        /// The encrypted connection failed (`cause`: the TLS library's words, bounded).
        StoreTlsFailed { host: String, cause: String },
        /// PostgreSQL did not let `user` sign in (wrong password, or not allowed from here).
        StoreSignIn { user: String },
        /// No database `database` on that server.
        StoreNoDatabase { database: String },
        /// The database user may only read.
        StoreReadOnly,
        /// The database user lacks a privilege the store needs.
        StoreNoPrivilege,
        /// A newer Petstore Admin upgraded the store (schema `found`, this one knows `known`).
        StoreSchemaTooNew { found: u32, known: u32 },
        /// The database holds something else's tables.
        StoreNotOurs { database: String },
        /// The connection was cut mid-way; the database undid what was not saved.
        StoreConnectionLost,
        /// Another desk held what was needed; try again in a moment.
        StoreBusy,
        /// No password is stored for this store on this computer, and none was typed.
        StoreNoPassword,
        /// The system-wide settings file sets `address` for every desk: only its password may
        /// be stored here.
        StoreManaged { address: String },
        /// An import would start while the store at `address` is set up and cannot be reached:
        /// other desks' rows cannot be checked. Nothing was sent; the person may import anyway.
        StoreUnchecked { address: String },
        /// Anything else, in the store's own words (bounded; never a password).
        StoreOther { detail: String },
    }
}
