//! The shared store's answers as the facts the UI gets: the store in force as shown, what was
//! proven, and each failure as a typed `SharedStoreProblem`.

use petstore_bulk::shared_desk::{self, Proof};
use petstore_local::{SharedStorePrefs, StoreSource};
use petstore_shared::SharedError;

use crate::dto::{
    CommandError, SharedStoreAddress, SharedStoreProblem, SharedStoreProof, StoreSetBy,
};

/// The most characters of a store's own words passed on.
const MAX_DETAIL_CHARS: usize = 300;

pub(super) fn shown(prefs: &SharedStorePrefs, source: StoreSource) -> SharedStoreAddress {
    SharedStoreAddress {
        host: prefs.host.clone(),
        port: prefs.port,
        database: prefs.database.clone(),
        user: prefs.user.clone(),
        desk: prefs.desk.clone(),
        desk_name: prefs.desk_name(),
        address: shared_desk::address(prefs),
        ca_file: prefs
            .ca_file
            .as_ref()
            .map(|p| p.to_string_lossy().into_owned()),
        set_by: match source {
            StoreSource::Person => StoreSetBy::Person,
            StoreSource::System => StoreSetBy::System,
        },
    }
}

/// A count or version from the store as the UI's number (never negative, saturated).
pub(super) fn small(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

pub(super) fn proof_of(proof: Proof) -> SharedStoreProof {
    let count = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    SharedStoreProof {
        address: proof.address,
        desk: proof.desk,
        encrypted: proof.encrypted,
        schema_version: small(proof.schema_version),
        known_version: small(proof.known_version),
        other_desks: small(proof.other_desks),
        joined_new: proof.joined.map(|(new, _)| count(new)),
        joined_known: proof.joined.map(|(_, known)| count(known)),
    }
}

/// The store's failure as the facts the UI words.
pub(in crate::backend) fn problem(error: SharedError) -> CommandError {
    use SharedError as E;
    use SharedStoreProblem as P;
    let problem = match error {
        E::InvalidSettings { field, max } => P::StoreInvalidSetting {
            setting: field.to_owned(),
            max: u32::try_from(max).unwrap_or(u32::MAX),
        },
        E::Unreachable { host, port, .. } => P::StoreUnreachable { host, port },
        E::TlsRequired { host } => P::StoreTlsRequired { host },
        E::TlsFailed { host, cause } => P::StoreTlsFailed {
            host,
            cause: bounded(&cause),
        },
        E::SignIn { user } => P::StoreSignIn { user },
        E::NoDatabase { database } => P::StoreNoDatabase { database },
        E::ReadOnly { .. } => P::StoreReadOnly,
        E::NoPrivilege { .. } => P::StoreNoPrivilege,
        E::SchemaTooNew { found, known } => P::StoreSchemaTooNew {
            found: small(found),
            known: small(known),
        },
        E::NotOurs { database } => P::StoreNotOurs { database },
        E::ConnectionLost { .. } => P::StoreConnectionLost,
        E::Busy { .. } => P::StoreBusy,
        other => P::StoreOther {
            detail: bounded(&other.to_string()),
        },
    };
    CommandError::SharedStore(problem)
}

pub(super) fn bounded(text: &str) -> String {
    text.chars().take(MAX_DETAIL_CHARS).collect()
}
