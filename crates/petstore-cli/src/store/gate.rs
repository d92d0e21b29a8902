//! A desk's creates through the shared store (issue 41): each create claimed there before it is
//! sent and settled after, beside (never instead of) this computer's own record, so the desk
//! keeps working alone when the store cannot be reached.

use petstore_shared::{Password, SharedError};

use super::{configured, connection, password};
use crate::exit::CliError;

/// The shared store as this run found it.
pub enum Gate {
    /// None is set up: this computer's record alone, as before.
    Off,
    /// Reached: creates are claimed there.
    On(Desk),
    /// Set up, and not usable now (unreachable, no password here, sign-in refused): this
    /// computer's record alone, and the person is told.
    NotReached(CliError),
}

/// What opening the store needs, gathered outside any async runtime (the Linux keychain runs
/// its own).
pub struct Pending {
    settings: petstore_shared::Settings,
    password: Result<Password, CliError>,
    desk: String,
}

/// The store's settings and password; `None` when no shared store is set up. A broken
/// `sharedStore` is a failure (the person set one up and must hear it is not used).
pub fn prepare() -> Result<Option<Pending>, CliError> {
    let Some((prefs, _)) = configured()? else {
        return Ok(None);
    };
    let settings = connection(&prefs)?;
    let password = petstore_local::keychain::Keychain::system()
        .map_err(CliError::from)
        .and_then(|keychain| password(&keychain, &prefs));
    Ok(Some(Pending {
        settings,
        password,
        desk: prefs.desk_name(),
    }))
}

impl Pending {
    pub async fn open(self) -> Gate {
        let password = match self.password {
            Ok(password) => password,
            Err(error) => return Gate::NotReached(error),
        };
        let connected = async {
            let mut shared = petstore_shared::connect(&self.settings, &password).await?;
            // Alive to the other desks while connected: its claims are not settled for it.
            shared.hold_desk(&self.desk).await?;
            Ok::<_, SharedError>(shared)
        };
        let connected = connected.await;
        match connected {
            Ok(shared) => Gate::On(Desk::new(shared, self.desk)),
            Err(error) => {
                log::warn!("the shared store is not used this run: {error}");
                Gate::NotReached(CliError::Store(error))
            }
        }
    }
}

/// `pending`, opened; `Off` when none is set up.
pub async fn open(pending: Option<Pending>) -> Gate {
    match pending {
        Some(pending) => pending.open().await,
        None => Gate::Off,
    }
}

pub use petstore_bulk::shared_desk::{Desk, earlier};
