//! This computer's side: the settings file, the keychain, proxy and company certificates, the
//! activity history.

use petstore_activity::ActivityError;
use petstore_client::{CaFileError, ProxyUrlError};
use petstore_local::keychain::KeychainError;
use petstore_local::{
    CategoryError, LocalError, MAX_CATEGORIES, MAX_CATEGORY_NAME_CHARS, NetworkSettingError,
    SettingsFault,
};

use super::{details, io};
use crate::words::{LocalMsg, say};

/// Why the settings file could not be read or written, from its type; `problem` (the OS's own
/// words) only for an I/O failure whose kind says nothing.
fn settings_fault(fault: &SettingsFault, problem: &str) -> String {
    match fault {
        SettingsFault::Io(kind) => super::io_kind(*kind, &problem),
        SettingsFault::Syntax => say(LocalMsg::SettingsSyntax, &[]),
        SettingsFault::EndOfFile => say(LocalMsg::SettingsEndOfFile, &[]),
        SettingsFault::WrongValue => say(LocalMsg::SettingsWrongValue, &[]),
        SettingsFault::TooLarge { limit_bytes } => say(
            LocalMsg::SettingsTooLarge,
            &[("size", &super::client::bytes(*limit_bytes))],
        ),
    }
}

pub fn local(error: &LocalError) -> String {
    match error {
        LocalError::SettingsUnreadable(file) => {
            let position = match (&file.line, &file.column) {
                (Some(line), Some(column)) => say(
                    LocalMsg::AtLineColumn,
                    &[("line", line), ("column", column)],
                ),
                (Some(line), None) => say(LocalMsg::AtLine, &[("line", line)]),
                _ => String::new(),
            };
            say(
                LocalMsg::SettingsUnreadable,
                &[
                    ("path", &file.path.display()),
                    ("position", &position),
                    ("detail", &settings_fault(&file.fault, &file.problem)),
                ],
            )
        }
        LocalError::SettingsUnwritable {
            path,
            problem,
            fault,
        } => say(
            LocalMsg::SettingsUnwritable,
            &[
                ("path", &path.display()),
                ("detail", &settings_fault(fault, problem)),
            ],
        ),
        LocalError::Config(config) => super::client::config(config),
        LocalError::Category(refused) => category(refused),
    }
}

pub fn category(error: &CategoryError) -> String {
    match error {
        CategoryError::IdNotPositive { given } => {
            say(LocalMsg::CategoryIdNotPositive, &[("given", given)])
        }
        CategoryError::NameEmpty => say(LocalMsg::CategoryNameEmpty, &[]),
        CategoryError::NameTooLong { chars } => say(
            LocalMsg::CategoryNameTooLong,
            &[("chars", chars), ("max", &MAX_CATEGORY_NAME_CHARS)],
        ),
        CategoryError::NameTaken { name, id } => {
            say(LocalMsg::CategoryNameTaken, &[("name", name), ("id", id)])
        }
        CategoryError::IdNamed { id, name } => {
            say(LocalMsg::CategoryIdNamed, &[("id", id), ("name", name)])
        }
        CategoryError::NotNamed { id } => say(LocalMsg::CategoryNotNamed, &[("id", id)]),
        CategoryError::ListFull => say(LocalMsg::CategoryListFull, &[("max", &MAX_CATEGORIES)]),
    }
}

pub fn keychain(error: &KeychainError) -> String {
    match error {
        KeychainError::Unavailable { detail } => say(
            LocalMsg::KeychainUnavailable,
            &[("details", &details(detail))],
        ),
        KeychainError::Locked { detail } => {
            say(LocalMsg::KeychainLocked, &[("details", &details(detail))])
        }
        KeychainError::TooLong { limit } => say(LocalMsg::KeyTooLong, &[("limit", limit)]),
        KeychainError::Corrupt { env } => say(LocalMsg::KeyCorrupt, &[("env", env)]),
        KeychainError::Other(detail) => {
            say(LocalMsg::KeychainFailed, &[("details", &details(detail))])
        }
    }
}

pub fn network_setting(error: &NetworkSettingError) -> String {
    match error {
        NetworkSettingError::NoProxyAddress => say(LocalMsg::NoProxyAddress, &[]),
        NetworkSettingError::ProxyUrl(url) => proxy_url(url),
        NetworkSettingError::CaFile { path, error } => say(
            LocalMsg::CaFile,
            &[("path", &path.display()), ("why", &ca_file(error))],
        ),
        NetworkSettingError::CaFileUnreadable { path, problem, .. } => say(
            LocalMsg::CaFileUnreadable,
            &[("path", &path.display()), ("detail", problem)],
        ),
    }
}

pub fn proxy_url(error: &ProxyUrlError) -> String {
    match error {
        ProxyUrlError::NotAnAddress { given } => {
            say(LocalMsg::ProxyNotAnAddress, &[("given", given)])
        }
        ProxyUrlError::Scheme { given } => say(LocalMsg::ProxyScheme, &[("given", given)]),
        ProxyUrlError::Credentials => say(LocalMsg::ProxyCredentials, &[]),
        ProxyUrlError::Path => say(LocalMsg::ProxyPath, &[]),
    }
}

fn ca_file(error: &CaFileError) -> String {
    let day = |at: &chrono::DateTime<chrono::Utc>| {
        use chrono::Datelike;
        crate::words::date(at.day(), at.month0(), at.year())
    };
    match error {
        CaFileError::TooLarge => say(LocalMsg::CaTooLarge, &[]),
        CaFileError::NoCertificate => say(LocalMsg::CaNoCertificate, &[]),
        CaFileError::Unreadable { reason } => say(LocalMsg::CaUnreadable, &[("detail", reason)]),
        CaFileError::NotAnAuthority { subject } => {
            say(LocalMsg::CaNotAuthority, &[("subject", subject)])
        }
        CaFileError::Expired { subject, not_after } => say(
            LocalMsg::CaExpired,
            &[("subject", subject), ("date", &day(not_after))],
        ),
        CaFileError::NotYetValid {
            subject,
            not_before,
        } => say(
            LocalMsg::CaNotYetValid,
            &[("subject", subject), ("date", &day(not_before))],
        ),
    }
}

pub fn activity(error: &ActivityError) -> String {
    match error {
        ActivityError::NewerSchema { found, supported } => say(
            LocalMsg::HistoryNewer,
            &[("found", found), ("supported", supported)],
        ),
        ActivityError::Unavailable { cause, .. } => {
            say(LocalMsg::HistoryUnavailable, &[("detail", cause)])
        }
        ActivityError::BadValue { id, column } => {
            say(LocalMsg::HistoryBadValue, &[("id", id), ("column", column)])
        }
        ActivityError::Write(error) => say(LocalMsg::HistoryWrite, &[("why", &io(error))]),
        ActivityError::Sqlite(error) => say(LocalMsg::HistoryDatabase, &[("detail", error)]),
    }
}
