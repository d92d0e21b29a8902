//! What can go wrong with the shared store, one variant per thing a person can do something
//! about. Built from PostgreSQL's SQLSTATE codes and tokio-postgres' typed sources, never from
//! an error's text; the text PostgreSQL sends is kept (bounded) only for the log.

use std::error::Error as _;
use std::io;

use tokio_postgres::error::SqlState;

/// The most characters of a server's message or a cause kept in an error.
pub const MAX_CAUSE_CHARS: usize = 300;

#[derive(Debug, thiserror::Error)]
pub enum SharedError {
    #[error(
        "the shared store's {field} is empty or too long (at most {max} characters); correct it in the shared store's settings"
    )]
    InvalidSettings { field: &'static str, max: usize },
    #[error(
        "the shared store at {host}:{port} could not be reached ({cause}); check the address and port, that PostgreSQL is running there, and that this computer's network lets it through"
    )]
    Unreachable {
        host: String,
        port: u16,
        cause: String,
    },
    #[error(
        "the shared store at {host} does not offer an encrypted connection, which is required for a server off this computer; ask its administrator to turn TLS on (ssl = on)"
    )]
    TlsRequired { host: String },
    #[error(
        "the encrypted connection to the shared store at {host} failed ({cause}); if the server's certificate comes from a company or provider certificate authority, add that authority to the shared store's settings"
    )]
    TlsFailed { host: String, cause: String },
    #[error(
        "PostgreSQL did not let the user {user} sign in: the password is wrong, or this computer may not sign in as that user; check both in the shared store's settings"
    )]
    SignIn { user: String },
    #[error(
        "there is no database {database} on the shared store's server; check its name, or ask the administrator to create it"
    )]
    NoDatabase { database: String },
    #[error(
        "the shared store's database user may only read, so it could not {doing}; ask the administrator to grant it a desk's privileges (docs/shared-store.md)"
    )]
    ReadOnly { doing: &'static str },
    #[error(
        "the shared store's database user may not {doing}; connect once as the store's owner, or ask the administrator to grant it (docs/shared-store.md)"
    )]
    NoPrivilege { doing: &'static str },
    #[error(
        "the shared store was upgraded by a newer Petstore Admin (its schema is version {found}, this one knows up to {known}); update Petstore Admin on this computer. Nothing was changed"
    )]
    SchemaTooNew { found: i64, known: i64 },
    #[error(
        "the database {database} holds tables of something else, not a Petstore Admin store; give the shared store an empty database of its own. Nothing was changed"
    )]
    NotOurs { database: String },
    #[error(
        "the connection to the shared store was cut while {doing}; the database undid whatever was not yet saved. Connect again and repeat it"
    )]
    ConnectionLost { doing: &'static str },
    #[error(
        "another desk held what this one needed for longer than a claim takes, so it could not {doing}; try again in a moment"
    )]
    Busy { doing: &'static str },
    #[error(
        "the shared store has no claim {key} of this desk; it was never written (the claim failed) or belongs to another environment"
    )]
    NoSuchClaim { key: String },
    #[error(
        "the shared store holds something this Petstore Admin cannot read ({what}); it was changed by hand or by another program"
    )]
    Unreadable { what: String },
    #[error(
        "the key {key} of this desk already names another claim in the shared store; each create needs a key of its own"
    )]
    KeyTaken { key: String },
    #[error(
        "the shared outbox of this environment holds {limit} pets, its most; send or drop some first, or import the rest from a file"
    )]
    OutboxFull { limit: usize },
    #[error(
        "the shared outbox has no entry {id} in this environment; another desk sent or dropped it meanwhile"
    )]
    NoSuchEntry { id: i64 },
    #[error(
        "entry {id} of the shared outbox is being sent by a desk; wait until it is settled, then edit or drop it"
    )]
    BeingSent { id: i64 },
    #[error(
        "entry {id} of the shared outbox is not waiting for a decision; only an entry that may have been added can be sent anyway"
    )]
    NotUnconfirmed { id: i64 },
    #[error(
        "this desk no longer holds entry {id} of the shared outbox (its lease ran out and another desk took it, or it was settled); leave it to that desk"
    )]
    LeaseLost { id: i64 },
    #[error(
        "the {what} cannot be kept in the shared store: {problem}; correct it before it is queued or recorded"
    )]
    Invalid {
        what: &'static str,
        problem: &'static str,
    },
    #[error("the shared store's encryption could not be set up: {0}")]
    TlsSetup(#[from] crate::tls::TlsSetupError),
    #[error("the shared store could not {doing}: PostgreSQL answered {code}: {message}")]
    Database {
        doing: &'static str,
        code: String,
        message: String,
    },
}

/// What the failed step was meant to do, which says what a refused privilege means: a user
/// that may only read (a write), or one that may not do this at all (a read, or creating the
/// store's tables, which only its owner does).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    Read(&'static str),
    Write(&'static str),
    Own(&'static str),
}

impl Step {
    fn doing(self) -> &'static str {
        match self {
            Step::Read(doing) | Step::Write(doing) | Step::Own(doing) => doing,
        }
    }
}

/// An error of a statement on an open connection.
pub(crate) fn query(step: Step, error: &tokio_postgres::Error) -> SharedError {
    let doing = step.doing();
    if let Some(db) = error.as_db_error() {
        let code = db.code();
        if *code == SqlState::INSUFFICIENT_PRIVILEGE || *code == SqlState::READ_ONLY_SQL_TRANSACTION
        {
            return match step {
                Step::Write(doing) => SharedError::ReadOnly { doing },
                Step::Read(doing) | Step::Own(doing) => SharedError::NoPrivilege { doing },
            };
        }
        if connection_gone(code) {
            return SharedError::ConnectionLost { doing };
        }
        if *code == SqlState::LOCK_NOT_AVAILABLE
            || *code == SqlState::T_R_DEADLOCK_DETECTED
            || *code == SqlState::T_R_SERIALIZATION_FAILURE
        {
            // Nothing was written (the transaction failed whole): repeating it is safe.
            return SharedError::Busy { doing };
        }
        return SharedError::Database {
            doing,
            code: code.code().to_owned(),
            message: bounded(db.message()),
        };
    }
    if error.is_closed() || io_cause(error).is_some() {
        return SharedError::ConnectionLost { doing };
    }
    SharedError::Database {
        doing,
        code: String::new(),
        message: bounded(&error.to_string()),
    }
}

/// The server ended the session (an administrator, a restart) or the link broke.
fn connection_gone(code: &SqlState) -> bool {
    *code == SqlState::ADMIN_SHUTDOWN
        || *code == SqlState::CRASH_SHUTDOWN
        || *code == SqlState::CANNOT_CONNECT_NOW
        || *code == SqlState::IDLE_SESSION_TIMEOUT
        || *code == SqlState::IDLE_IN_TRANSACTION_SESSION_TIMEOUT
        || code.code().starts_with("08")
}

/// What happened while connecting, before any statement: `tls_started` tells whether the
/// server agreed to TLS (our connector was handed the socket).
pub(crate) fn connecting(
    settings: &crate::Settings,
    tls_required: bool,
    tls_started: bool,
    error: tokio_postgres::Error,
) -> SharedError {
    if let Some(db) = error.as_db_error() {
        let code = db.code();
        if *code == SqlState::INVALID_PASSWORD
            || *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION
        {
            return SharedError::SignIn {
                user: bounded(&settings.user),
            };
        }
        if *code == SqlState::INVALID_CATALOG_NAME {
            return SharedError::NoDatabase {
                database: bounded(&settings.database),
            };
        }
        if *code == SqlState::CANNOT_CONNECT_NOW || *code == SqlState::TOO_MANY_CONNECTIONS {
            return unreachable(settings, bounded(db.message()));
        }
        return SharedError::Database {
            doing: "connect",
            code: code.code().to_owned(),
            message: bounded(db.message()),
        };
    }
    if let Some(tls) = rustls_cause(&error) {
        return SharedError::TlsFailed {
            host: bounded(&settings.host),
            cause: bounded(&tls.to_string()),
        };
    }
    if let Some(io) = io_cause(&error) {
        return unreachable(settings, bounded(&io.to_string()));
    }
    if tls_required && !tls_started {
        // The server answered the TLS request with "no": the only failure before the
        // handshake that is neither the network nor a message from PostgreSQL.
        return SharedError::TlsRequired {
            host: bounded(&settings.host),
        };
    }
    SharedError::Database {
        doing: "connect",
        code: String::new(),
        message: bounded(&error.to_string()),
    }
}

pub(crate) fn unreachable(settings: &crate::Settings, cause: String) -> SharedError {
    SharedError::Unreachable {
        host: bounded(&settings.host),
        port: settings.port,
        cause,
    }
}

fn io_cause(error: &tokio_postgres::Error) -> Option<&io::Error> {
    let mut current = error.source();
    while let Some(cause) = current {
        if let Some(io) = cause.downcast_ref::<io::Error>() {
            return Some(io);
        }
        current = cause.source();
    }
    None
}

/// rustls' own error, wrapped in the I/O error the handshake failed with.
fn rustls_cause(error: &tokio_postgres::Error) -> Option<&rustls::Error> {
    let io = io_cause(error)?;
    io.get_ref()?.downcast_ref::<rustls::Error>()
}

/// `text` cut to [`MAX_CAUSE_CHARS`] characters.
pub(crate) fn bounded(text: &str) -> String {
    let mut chars = text.chars();
    let mut kept: String = chars.by_ref().take(MAX_CAUSE_CHARS).collect();
    if chars.next().is_some() {
        kept.push('…');
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_from_outside_are_bounded() {
        assert_eq!(bounded("short"), "short");
        let long = "é".repeat(MAX_CAUSE_CHARS + 10);
        let cut = bounded(&long);
        assert_eq!(cut.chars().count(), MAX_CAUSE_CHARS + 1);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn each_error_says_what_to_do() {
        let errors = [
            SharedError::SignIn {
                user: "desk".into(),
            },
            SharedError::ReadOnly {
                doing: "claim a pet",
            },
            SharedError::SchemaTooNew { found: 3, known: 1 },
            SharedError::NotOurs {
                database: "crm".into(),
            },
            SharedError::TlsRequired {
                host: "db.example.com".into(),
            },
        ];
        for error in errors {
            let text = error.to_string();
            assert!(
                text.contains("; ") || text.contains(". "),
                "no advice in: {text}"
            );
        }
    }
}
