//! Why something failed or was refused, as a code and the facts it needs: the UI words each code
//! in the person's language (`ui/src/lib/reasons.ts`). The libraries' own `Display` texts are
//! English (the CLI's and the log's); they never cross to the UI. Built from the libraries'
//! typed errors in `crate::reasons`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::ByteSize;

/// Why a file could not be used: the OS's error, as a category (never its text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum IoProblem {
    NotFound,
    PermissionDenied,
    AlreadyExists,
    DiskFull,
    ReadOnly,
    IsAFolder,
    /// Not text the app can read.
    NotText,
    /// Any other refusal of the system.
    Other,
}

/// The short reason of a [`CommandError`](super::CommandError) (`reason`) or of the settings
/// file's problem: one code, with its arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Reason {
    /// A file or folder could not be used.
    Io {
        io: IoProblem,
    },

    /// The settings file is not JSON (a stray character, a trailing comma).
    SettingsSyntax {
        line: Option<u32>,
        column: Option<u32>,
    },
    /// The settings file's text ends before its JSON does.
    SettingsEndOfFile {
        line: Option<u32>,
        column: Option<u32>,
    },
    /// The settings file is JSON, but a value is of the wrong kind.
    SettingsWrongValue {
        line: Option<u32>,
        column: Option<u32>,
    },
    /// The settings file is larger than one may be.
    SettingsTooLarge {
        limit: ByteSize,
    },

    /// A base address that is not an address at all.
    AddressNotAnAddress,
    /// Neither http:// nor https://.
    AddressScheme,
    AddressNoHost,
    /// A user name or password in the address.
    AddressCredentials,
    /// A query (?...) or fragment (#...) in the address.
    AddressQuery,
    /// The address's path does not end in /v1.
    AddressPath,
    /// The sandbox's address cannot be changed.
    AddressSandboxFixed,

    /// A create's outcome is unknown: no answer arrived in time.
    NoAnswerInTime,
    /// A create's outcome is unknown: the connection was lost before the answer arrived.
    ConnectionLost,
    /// A create's outcome is unknown: a 2xx answer larger than the app reads.
    AnswerTooLarge {
        status: u16,
        limit: ByteSize,
    },
    /// A create's outcome is unknown: a redirect, not followed.
    Redirected {
        status: u16,
    },
    /// A create's outcome is unknown: a server error, which may come after the pet was stored.
    ServerError {
        status: u16,
    },
    /// A create's outcome is unknown: a 2xx answer that is not a pet.
    NotAPet {
        status: u16,
    },

    /// The import file is larger than an import reads: `size` is its real size when the file
    /// system told it (`None`: only "larger than `limit`" is known); `rows` is the most rows an
    /// import takes, for the advice to split it.
    ImportTooLarge {
        size: Option<ByteSize>,
        limit: ByteSize,
        rows: u32,
    },
    /// The import file has more rows than an import takes.
    ImportTooManyRows {
        limit: u32,
    },
    /// Line `line` is not UTF-8.
    NotUtf8 {
        line: u32,
    },
    /// The import file is empty.
    ImportEmpty,
    /// The header row lacks `column` (the header name to add); `found` are its columns.
    MissingColumn {
        column: String,
        found: Vec<String>,
    },
    /// Two columns hold `column`: `first` and `second` as the header names them.
    DuplicateColumn {
        column: String,
        first: String,
        second: String,
    },
    /// Line `line` cannot be read as CSV (its quotes).
    MalformedCsv {
        line: u32,
    },
    /// The list of category names is larger than a list is read.
    ListTooLarge {
        size: ByteSize,
        limit: ByteSize,
    },
    /// The list of category names has more rows than `limit`.
    ListTooLong {
        limit: u32,
    },
    /// The list of category names is empty.
    ListEmpty,

    /// The import journal `path` could not be read or written.
    JournalFile {
        path: String,
        io: IoProblem,
    },
    /// The import journal `path` is damaged at `line`; it was left as it is.
    JournalDamaged {
        path: String,
        line: u32,
    },
}

/// What is wrong with one cell of an import row: a code with its arguments (`petstore-bulk`'s
/// `RowProblem`, whose `Display` is the CLI's English).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum RowProblemCode {
    NameEmpty,
    /// The name has `chars` characters, more than `max`.
    NameTooLong {
        chars: u32,
        max: u32,
    },
    CategoryIdEmpty,
    /// `given` is not a whole number from 1 up.
    CategoryIdNotANumber {
        given: String,
    },
    /// `given` is a number below 1.
    CategoryIdNotPositive {
        given: String,
    },
    /// `given` is not available, pending or sold.
    StatusUnknown {
        given: String,
    },
}
