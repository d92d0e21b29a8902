//! What testing or connecting a shared store proves to the person: reached (encrypted, or on
//! this computer), signed in, the schema's version, the other desks seen. Holds no password.

use petstore_local::SharedStorePrefs;
use petstore_shared::{Password, Shared, SharedError};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Proof {
    pub address: String,
    pub host: String,
    pub port: u16,
    pub user: String,
    pub database: String,
    pub desk: String,
    /// TLS with the server's certificate verified; `false`: the host is this computer.
    pub encrypted: bool,
    pub schema_version: i64,
    pub known_version: i64,
    pub other_desks: i64,
    /// Connecting: this computer's record brought in (new, already there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joined: Option<(u64, u64)>,
}

/// The address as shown (never with a password): `postgres://USER@HOST:PORT/DB`.
pub fn address(prefs: &SharedStorePrefs) -> String {
    let host = match prefs.host.contains(':') && !prefs.host.starts_with('[') {
        true => format!("[{}]", prefs.host),
        false => prefs.host.clone(),
    };
    format!(
        "postgres://{}@{host}:{}/{}",
        prefs.user, prefs.port, prefs.database
    )
}

/// The connection settings of `prefs`, with its company certificate's PEM when it has one.
pub fn connection(prefs: &SharedStorePrefs, ca_pem: Option<String>) -> petstore_shared::Settings {
    let mut settings = petstore_shared::Settings::new(&prefs.host, &prefs.database, &prefs.user);
    settings.port = prefs.port;
    settings.ca_pem = ca_pem;
    settings
}

/// Connects as `prefs` says and reads what a person is told was proven.
pub async fn prove(
    prefs: &SharedStorePrefs,
    settings: &petstore_shared::Settings,
    password: &Password,
) -> Result<(Shared, Proof), SharedError> {
    let shared = petstore_shared::connect(settings, password).await?;
    let desk = prefs.desk_name();
    let proof = Proof {
        address: address(prefs),
        host: prefs.host.clone(),
        port: prefs.port,
        user: prefs.user.clone(),
        database: prefs.database.clone(),
        desk: desk.clone(),
        encrypted: settings.tls_required(),
        schema_version: shared.schema_version().await?,
        known_version: petstore_shared::known_version(),
        other_desks: shared.other_desks(&desk).await?,
        joined: None,
    };
    Ok((shared, proof))
}
