//! This computer's side: the settings file, the keychain, proxy and company certificates, the
//! activity history.

use petstore_activity::ActivityError;
use petstore_client::{CaFileError, ProxyUrlError};
use petstore_local::keychain::KeychainError;
use petstore_local::{
    CategoryError, LocalError, MAX_CATEGORIES, MAX_CATEGORY_NAME_CHARS, NetworkSettingError,
};

use super::{details, io};
use crate::words::{ErrMsg, say};

pub fn local(error: &LocalError) -> String {
    match error {
        LocalError::SettingsUnreadable {
            path,
            line,
            column,
            problem,
        } => {
            let position = match (line, column) {
                (Some(line), Some(column)) => {
                    say(ErrMsg::AtLineColumn, &[("line", line), ("column", column)])
                }
                (Some(line), None) => say(ErrMsg::AtLine, &[("line", line)]),
                _ => String::new(),
            };
            say(
                ErrMsg::SettingsUnreadable,
                &[
                    ("path", &path.display()),
                    ("position", &position),
                    ("detail", problem),
                ],
            )
        }
        LocalError::SettingsUnwritable { path, problem } => say(
            ErrMsg::SettingsUnwritable,
            &[("path", &path.display()), ("detail", problem)],
        ),
        LocalError::Config(config) => super::client::config(config),
        LocalError::Category(refused) => category(refused),
    }
}

pub fn category(error: &CategoryError) -> String {
    match error {
        CategoryError::IdNotPositive { given } => {
            say(ErrMsg::CategoryIdNotPositive, &[("given", given)])
        }
        CategoryError::NameEmpty => say(ErrMsg::CategoryNameEmpty, &[]),
        CategoryError::NameTooLong { chars } => say(
            ErrMsg::CategoryNameTooLong,
            &[("chars", chars), ("max", &MAX_CATEGORY_NAME_CHARS)],
        ),
        CategoryError::NameTaken { name, id } => {
            say(ErrMsg::CategoryNameTaken, &[("name", name), ("id", id)])
        }
        CategoryError::IdNamed { id, name } => {
            say(ErrMsg::CategoryIdNamed, &[("id", id), ("name", name)])
        }
        CategoryError::NotNamed { id } => say(ErrMsg::CategoryNotNamed, &[("id", id)]),
        CategoryError::ListFull => say(ErrMsg::CategoryListFull, &[("max", &MAX_CATEGORIES)]),
    }
}

pub fn keychain(error: &KeychainError) -> String {
    match error {
        KeychainError::Unavailable { detail } => say(
            ErrMsg::KeychainUnavailable,
            &[("details", &details(detail))],
        ),
        KeychainError::Locked { detail } => {
            say(ErrMsg::KeychainLocked, &[("details", &details(detail))])
        }
        KeychainError::TooLong { limit } => say(ErrMsg::KeyTooLong, &[("limit", limit)]),
        KeychainError::Corrupt { env } => say(ErrMsg::KeyCorrupt, &[("env", env)]),
        KeychainError::Other(detail) => {
            say(ErrMsg::KeychainFailed, &[("details", &details(detail))])
        }
    }
}

pub fn network_setting(error: &NetworkSettingError) -> String {
    match error {
        NetworkSettingError::NoProxyAddress => say(ErrMsg::NoProxyAddress, &[]),
        NetworkSettingError::ProxyUrl(url) => proxy_url(url),
        NetworkSettingError::CaFile { path, error } => say(
            ErrMsg::CaFile,
            &[("path", &path.display()), ("why", &ca_file(error))],
        ),
        NetworkSettingError::CaFileUnreadable { path, problem } => say(
            ErrMsg::CaFileUnreadable,
            &[("path", &path.display()), ("detail", problem)],
        ),
    }
}

pub fn proxy_url(error: &ProxyUrlError) -> String {
    match error {
        ProxyUrlError::NotAnAddress { given } => {
            say(ErrMsg::ProxyNotAnAddress, &[("given", given)])
        }
        ProxyUrlError::Scheme { given } => say(ErrMsg::ProxyScheme, &[("given", given)]),
        ProxyUrlError::Credentials => say(ErrMsg::ProxyCredentials, &[]),
        ProxyUrlError::Path => say(ErrMsg::ProxyPath, &[]),
    }
}

fn ca_file(error: &CaFileError) -> String {
    let day = |at: &chrono::DateTime<chrono::Utc>| {
        use chrono::Datelike;
        crate::words::date(at.day(), at.month0(), at.year())
    };
    match error {
        CaFileError::TooLarge => say(ErrMsg::CaTooLarge, &[]),
        CaFileError::NoCertificate => say(ErrMsg::CaNoCertificate, &[]),
        CaFileError::Unreadable { reason } => say(ErrMsg::CaUnreadable, &[("detail", reason)]),
        CaFileError::NotAnAuthority { subject } => {
            say(ErrMsg::CaNotAuthority, &[("subject", subject)])
        }
        CaFileError::Expired { subject, not_after } => say(
            ErrMsg::CaExpired,
            &[("subject", subject), ("date", &day(not_after))],
        ),
        CaFileError::NotYetValid {
            subject,
            not_before,
        } => say(
            ErrMsg::CaNotYetValid,
            &[("subject", subject), ("date", &day(not_before))],
        ),
    }
}

pub fn activity(error: &ActivityError) -> String {
    match error {
        ActivityError::NewerSchema { found, supported } => say(
            ErrMsg::HistoryNewer,
            &[("found", found), ("supported", supported)],
        ),
        ActivityError::Unavailable { cause, .. } => {
            say(ErrMsg::HistoryUnavailable, &[("detail", cause)])
        }
        ActivityError::BadValue { id, column } => {
            say(ErrMsg::HistoryBadValue, &[("id", id), ("column", column)])
        }
        ActivityError::Write(error) => say(ErrMsg::HistoryWrite, &[("why", &io(error))]),
        ActivityError::Sqlite(error) => say(ErrMsg::HistoryDatabase, &[("detail", error)]),
    }
}
