//! The libraries' typed errors as [`Reason`] codes: a `match` on their variants, never on their
//! `Display` text (English, for the CLI and the log).

use petstore_bulk::{ContractError, CreatedError, JournalError, MAX_NAME_CHARS, RowProblem};
use petstore_client::{BaseUrlProblem, OutcomeCause};
use petstore_local::SettingsFault;

use crate::dto::{ByteSize, IoProblem, Reason, RowProblemCode};

fn n(value: impl TryInto<u32>) -> u32 {
    value.try_into().unwrap_or(u32::MAX)
}

fn size(bytes: impl TryInto<u64>) -> ByteSize {
    ByteSize::of(bytes.try_into().unwrap_or(u64::MAX))
}

impl From<std::io::ErrorKind> for IoProblem {
    fn from(kind: std::io::ErrorKind) -> Self {
        use std::io::ErrorKind as Io;
        match kind {
            Io::NotFound => IoProblem::NotFound,
            Io::PermissionDenied => IoProblem::PermissionDenied,
            Io::AlreadyExists => IoProblem::AlreadyExists,
            Io::StorageFull | Io::QuotaExceeded => IoProblem::DiskFull,
            Io::ReadOnlyFilesystem => IoProblem::ReadOnly,
            Io::IsADirectory => IoProblem::IsAFolder,
            Io::InvalidData => IoProblem::NotText,
            _ => IoProblem::Other,
        }
    }
}

impl Reason {
    /// Why a file could not be used, from the OS's error (its text goes nowhere).
    pub fn io(error: &std::io::Error) -> Reason {
        Reason::Io {
            io: error.kind().into(),
        }
    }

    /// Why the settings file could not be read; `line` and `column` where the JSON went wrong.
    pub fn settings(fault: SettingsFault, line: Option<usize>, column: Option<usize>) -> Reason {
        let (line, column) = (line.map(n), column.map(n));
        match fault {
            SettingsFault::Io(kind) => Reason::Io { io: kind.into() },
            SettingsFault::TooLarge { limit_bytes } => Reason::SettingsTooLarge {
                limit: size(limit_bytes),
            },
            SettingsFault::Syntax => Reason::SettingsSyntax { line, column },
            SettingsFault::EndOfFile => Reason::SettingsEndOfFile { line, column },
            SettingsFault::WrongValue => Reason::SettingsWrongValue { line, column },
        }
    }
}

impl From<BaseUrlProblem> for Reason {
    fn from(problem: BaseUrlProblem) -> Self {
        match problem {
            BaseUrlProblem::NotAnAddress => Reason::AddressNotAnAddress,
            BaseUrlProblem::Scheme => Reason::AddressScheme,
            BaseUrlProblem::NoHost => Reason::AddressNoHost,
            BaseUrlProblem::Credentials => Reason::AddressCredentials,
            BaseUrlProblem::QueryOrFragment => Reason::AddressQuery,
            BaseUrlProblem::PathNotV1 => Reason::AddressPath,
            BaseUrlProblem::SandboxFixed => Reason::AddressSandboxFixed,
        }
    }
}

impl From<OutcomeCause> for Reason {
    fn from(cause: OutcomeCause) -> Self {
        match cause {
            OutcomeCause::Timeout => Reason::NoAnswerInTime,
            OutcomeCause::ConnectionLost => Reason::ConnectionLost,
            OutcomeCause::TooLarge {
                status,
                limit_bytes,
            } => Reason::AnswerTooLarge {
                status,
                limit: size(limit_bytes),
            },
            OutcomeCause::Redirected { status } => Reason::Redirected { status },
            OutcomeCause::ServerError { status } => Reason::ServerError { status },
            OutcomeCause::NotAPet { status } => Reason::NotAPet { status },
        }
    }
}

impl From<&ContractError> for Reason {
    fn from(error: &ContractError) -> Self {
        match error {
            ContractError::TooLarge { bytes } => Reason::ImportTooLarge {
                size: bytes.map(size),
                limit: size(petstore_bulk::MAX_FILE_BYTES),
                rows: n(petstore_bulk::MAX_ROWS),
            },
            ContractError::TooManyRows => Reason::ImportTooManyRows {
                limit: n(petstore_bulk::MAX_ROWS),
            },
            ContractError::NotUtf8 { line } => Reason::NotUtf8 { line: n(*line) },
            ContractError::Empty => Reason::ImportEmpty,
            ContractError::MissingColumn { missing, found } => Reason::MissingColumn {
                column: missing.header().to_owned(),
                found: found.clone(),
            },
            ContractError::DuplicateColumn {
                column,
                first,
                second,
            } => Reason::DuplicateColumn {
                column: column.header().to_owned(),
                first: first.clone(),
                second: second.clone(),
            },
            // The CSV reader's own clause stays in the log.
            ContractError::Malformed { line, .. } => Reason::MalformedCsv { line: n(*line) },
            ContractError::ListTooLarge { bytes } => Reason::ListTooLarge {
                size: size(*bytes),
                limit: size(petstore_bulk::category_list::MAX_LIST_BYTES),
            },
            ContractError::ListTooLong => Reason::ListTooLong {
                limit: n(petstore_bulk::category_list::MAX_LIST_ROWS),
            },
            ContractError::EmptyList => Reason::ListEmpty,
        }
    }
}

impl From<&JournalError> for Reason {
    fn from(error: &JournalError) -> Self {
        match error {
            JournalError::Io { path, source, .. } => Reason::JournalFile {
                path: path.display().to_string(),
                io: source.kind().into(),
            },
            // Not reached by the app (it reports a busy journal as its own problem).
            JournalError::Busy { path } => Reason::JournalFile {
                path: path.display().to_string(),
                io: IoProblem::Other,
            },
            JournalError::Damaged { path, line, .. } => Reason::JournalDamaged {
                path: path.display().to_string(),
                line: n(*line),
            },
        }
    }
}

/// The record of created pets lives beside the journals and is worded as one of them.
impl From<&CreatedError> for Reason {
    fn from(error: &CreatedError) -> Self {
        Reason::JournalFile {
            path: error.path.display().to_string(),
            io: error.source.kind().into(),
        }
    }
}

impl From<&RowProblem> for RowProblemCode {
    fn from(problem: &RowProblem) -> Self {
        match problem {
            RowProblem::NameEmpty => RowProblemCode::NameEmpty,
            RowProblem::NameTooLong { chars } => RowProblemCode::NameTooLong {
                chars: n(*chars),
                max: n(MAX_NAME_CHARS),
            },
            RowProblem::CategoryIdEmpty => RowProblemCode::CategoryIdEmpty,
            RowProblem::CategoryIdNotANumber { given } => RowProblemCode::CategoryIdNotANumber {
                given: given.clone(),
            },
            RowProblem::CategoryIdNotPositive { given } => RowProblemCode::CategoryIdNotPositive {
                given: given.to_string(),
            },
            RowProblem::StatusUnknown { given } => RowProblemCode::StatusUnknown {
                given: given.clone(),
            },
        }
    }
}

#[cfg(test)]
mod tests;
