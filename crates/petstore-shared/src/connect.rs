//! Opening the shared store: the connection (TLS unless loopback), then the schema's checks and
//! upgrade, then whether this user may do a desk's work, all before anything is claimed.

use std::time::Duration;

use tokio_postgres::config::SslMode;
use tokio_postgres::tls::MakeTlsConnect;
use tokio_postgres::{Client, Config, NoTls, Socket};

use crate::error::{self, SharedError, Step, query};
use crate::schema;
use crate::tls::{MakeRustls, client_config};
use crate::{Password, Settings};

/// How long a server may take to answer the connection (a dropped packet to a firewall must not
/// hang the app's settings page).
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// The longest a statement waits for a lock another desk holds: a claim holds its locks for
/// milliseconds, so a longer wait means a desk stuck mid-transaction (`SharedError::Busy`).
pub const LOCK_WAIT: Duration = Duration::from_secs(5);
/// A desk whose transaction sits idle this long (it hung, or its network died without a word)
/// is ended by the server, which frees its locks for the other desks.
pub const IDLE_IN_TRANSACTION: Duration = Duration::from_secs(60);

/// One desk's connection to the shared store. Statements on it run one at a time (`&mut`);
/// once it is lost ([`Shared::is_closed`]), connect again.
pub struct Shared {
    pub(crate) client: Client,
    store_id: String,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("store_id", &self.store_id)
            .field("closed", &self.client.is_closed())
            .finish()
    }
}

impl Shared {
    /// The store's own id (made when its tables were created): two settings naming the same
    /// store under different addresses can be told to be one.
    pub fn store_id(&self) -> &str {
        &self.store_id
    }

    /// Whether the connection is gone (the server stopped, the network broke).
    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// The server process serving this connection (for the server's logs and
    /// `pg_stat_activity`).
    pub async fn backend_pid(&self) -> Result<i32, SharedError> {
        let step = Step::Read("read its own session");
        let row = self
            .client
            .query_one("SELECT pg_backend_pid()", &[])
            .await
            .map_err(|e| query(step, &e))?;
        row.try_get(0).map_err(|e| query(step, &e))
    }
}

/// Connects to the shared store of `settings` as its user with `password`, creates or upgrades
/// its tables, and checks the user may claim creates. Refuses a database that holds someone
/// else's tables, or whose schema is newer than this build's, before changing anything.
pub async fn connect(settings: &Settings, password: &Password) -> Result<Shared, SharedError> {
    settings.check()?;
    let mut config = Config::new();
    config
        .host(&settings.host)
        .port(settings.port)
        .dbname(&settings.database)
        .user(&settings.user)
        .password(password.expose())
        .application_name("petstore-admin")
        // A link that dies silently (a laptop's Wi-Fi) is noticed within minutes, not hours.
        .keepalives(true)
        .keepalives_idle(Duration::from_secs(60));
    let tls_required = settings.tls_required();
    let mut client = if tls_required {
        config.ssl_mode(SslMode::Require);
        let tls = MakeRustls::new(client_config(settings.ca_pem.as_deref())?);
        let started = tls.started.clone();
        open(&config, tls, settings, || {
            started.load(std::sync::atomic::Ordering::SeqCst)
        })
        .await?
    } else {
        config.ssl_mode(SslMode::Disable);
        open(&config, NoTls, settings, || false).await?
    };
    let limits = format!(
        "SET lock_timeout = {}; SET idle_in_transaction_session_timeout = {}",
        LOCK_WAIT.as_millis(),
        IDLE_IN_TRANSACTION.as_millis()
    );
    client
        .batch_execute(&limits)
        .await
        .map_err(|e| query(Step::Read("set its session's limits"), &e))?;
    schema::prepare(&mut client, &settings.database).await?;
    check_privileges(&client).await?;
    let store_id = store_id(&client).await?;
    Ok(Shared { client, store_id })
}

/// Opens the connection and drives it on its own task (tokio-postgres' design).
async fn open<T>(
    config: &Config,
    tls: T,
    settings: &Settings,
    tls_started: impl Fn() -> bool,
) -> Result<Client, SharedError>
where
    T: MakeTlsConnect<Socket>,
    T::Stream: Send + 'static,
{
    let connecting = config.connect(tls);
    let (client, connection) = match tokio::time::timeout(CONNECT_TIMEOUT, connecting).await {
        Err(_) => {
            let cause = format!("no answer within {} s", CONNECT_TIMEOUT.as_secs());
            return Err(error::unreachable(settings, cause));
        }
        Ok(Err(failure)) => {
            let required = settings.tls_required();
            return Err(error::connecting(
                settings,
                required,
                tls_started(),
                failure,
            ));
        }
        Ok(Ok(pair)) => pair,
    };
    tokio::spawn(async move {
        if let Err(failure) = connection.await {
            log::warn!("the shared store's connection ended: {failure}");
        }
    });
    Ok(client)
}

/// A user that may read but not write is told so now, not at its first claim.
async fn check_privileges(client: &Client) -> Result<(), SharedError> {
    let step = Step::Read("read its own privileges");
    let row = client
        .query_one(
            "SELECT has_table_privilege('petstore_claims', 'SELECT'),
                    has_table_privilege('petstore_claims', 'INSERT')
                    AND has_table_privilege('petstore_claims', 'UPDATE')",
            &[],
        )
        .await
        .map_err(|e| query(step, &e))?;
    let read: bool = row.try_get(0).map_err(|e| query(step, &e))?;
    let write: bool = row.try_get(1).map_err(|e| query(step, &e))?;
    if !read {
        return Err(SharedError::NoPrivilege {
            doing: "read the shared record of created pets",
        });
    }
    if !write {
        return Err(SharedError::ReadOnly {
            doing: "claim creates in the shared record of created pets",
        });
    }
    Ok(())
}

async fn store_id(client: &Client) -> Result<String, SharedError> {
    let step = Step::Read("read which store this is");
    let rows = client
        .query(
            "SELECT store_id::text FROM petstore_store WHERE only_row",
            &[],
        )
        .await
        .map_err(|e| query(step, &e))?;
    let Some(row) = rows.first() else {
        return Err(SharedError::Unreadable {
            what: "the store's marker row is missing".into(),
        });
    };
    row.try_get(0).map_err(|e| query(step, &e))
}
