//! Settings → Shared store as the UI gets it (issue 41): the store's address as the settings
//! hold it (never its password: only whether one is stored), what a test or a connect proved,
//! and whether this desk is sharing now, for the header.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::SharedStoreProblem;

/// Who set the store up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum StoreSetBy {
    /// This person (Settings, or `petstore store connect`).
    Person,
    /// The system-wide settings file: an administrator's, which the person cannot change.
    System,
}

/// The store in force on this desk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SharedStoreAddress {
    pub host: String,
    pub port: u16,
    pub database: String,
    pub user: String,
    /// The desk name set; null: the computer's name is used (`deskName`).
    pub desk: Option<String>,
    /// How other desks see this one.
    pub desk_name: String,
    /// `postgres://USER@HOST:PORT/DB`, as shown (never a password).
    pub address: String,
    /// A company certificate authority trusted for this server (set in the settings file).
    pub ca_file: Option<String>,
    pub set_by: StoreSetBy,
}

/// What Settings → Shared store shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SharedStoreView {
    /// null: no shared store (this computer's own record, the default).
    pub store: Option<SharedStoreAddress>,
    /// A password for this store is in the keychain. The password itself never leaves the
    /// backend.
    pub password_stored: bool,
    /// The name other desks see when no desk name is set: this computer's.
    pub computer_name: String,
}

/// The form: where the store is and who signs in. The password travels beside it, once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SharedStoreInput {
    pub host: String,
    pub port: u16,
    pub database: String,
    pub user: String,
    /// Empty or null: the computer's name.
    pub desk: Option<String>,
}

/// What a test or a connect proved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SharedStoreProof {
    pub address: String,
    pub desk: String,
    /// TLS with the server's certificate verified; false: the server is this computer.
    pub encrypted: bool,
    pub schema_version: u32,
    pub known_version: u32,
    /// Other desks that used the store lately.
    pub other_desks: u32,
    /// Connecting: this computer's record of added pets brought in (new ones); null for a test.
    pub joined_new: Option<u32>,
    /// Connecting: records the store already held.
    pub joined_known: Option<u32>,
}

/// Whether this desk shares now, for the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(
    tag = "state",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SharingState {
    /// No shared store set up: nothing to show.
    Off,
    /// Reached and signed in.
    Sharing { address: String, desk: String },
    /// Set up and not reached now: this desk works on its own record and says so.
    NotSharing {
        address: String,
        problem: SharedStoreProblem,
    },
}
