//! The shared store's failures in words (issue 41), from the typed errors of `petstore-shared`
//! and the address parser. The few a person cannot act on differently keep the library's
//! English words as a detail.

use petstore_local::SharedStoreSettingError;
use petstore_shared::SharedError;

use crate::store::StoreUrlError;
use crate::words::{StoreMsg, say};

pub fn url(error: StoreUrlError) -> String {
    let msg = match error {
        StoreUrlError::NotAnAddress => StoreMsg::UrlNotAnAddress,
        StoreUrlError::HasPassword => StoreMsg::UrlHasPassword,
        StoreUrlError::NoUser => StoreMsg::UrlNoUser,
        StoreUrlError::NoHost => StoreMsg::UrlNoHost,
        StoreUrlError::BadPort => StoreMsg::UrlBadPort,
        StoreUrlError::NoDatabase => StoreMsg::UrlNoDatabase,
        StoreUrlError::HasOptions => StoreMsg::UrlHasOptions,
    };
    say(msg, &[])
}

pub fn setting(error: &SharedStoreSettingError) -> String {
    match error {
        SharedStoreSettingError::Field { field, max } => {
            say(StoreMsg::BadSetting, &[("field", field), ("max", max)])
        }
        SharedStoreSettingError::Port => say(StoreMsg::BadPort, &[]),
    }
}

pub fn shared(error: &SharedError) -> String {
    match error {
        SharedError::Unreachable { host, port, cause } => say(
            StoreMsg::Unreachable,
            &[("host", host), ("port", port), ("cause", cause)],
        ),
        SharedError::SignIn { user } => say(StoreMsg::SignIn, &[("user", user)]),
        SharedError::SchemaTooNew { found, known } => say(
            StoreMsg::SchemaTooNew,
            &[("found", found), ("known", known)],
        ),
        SharedError::TlsRequired { host } => say(StoreMsg::TlsRequired, &[("host", host)]),
        SharedError::TlsFailed { host, cause } => {
            say(StoreMsg::TlsFailed, &[("host", host), ("cause", cause)])
        }
        SharedError::NoDatabase { database } => {
            say(StoreMsg::NoDatabase, &[("database", database)])
        }
        SharedError::NotOurs { database } => say(StoreMsg::NotOurs, &[("database", database)]),
        SharedError::ReadOnly { doing } | SharedError::NoPrivilege { doing } => {
            say(StoreMsg::Privilege, &[("detail", doing)])
        }
        other => say(StoreMsg::Other, &[("detail", other)]),
    }
}
