//! A desk's creates through the shared store (issue 41): each create claimed there before it is
//! sent and settled after, beside (never instead of) this computer's own record, so the desk
//! keeps working alone when the store cannot be reached.

use petstore_client::NewPet;
use petstore_shared::{Claim, ClaimRef, Password, PetFields, Shared, SharedError, Source};

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
            Ok(shared) => Gate::On(Desk {
                shared,
                desk: self.desk,
                account: account(),
            }),
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

/// This desk, connected.
pub struct Desk {
    pub(super) shared: Shared,
    desk: String,
    pub(super) account: String,
}

impl Desk {
    /// This desk on `shared`, known to other desks as `desk`.
    pub fn new(shared: Shared, desk: String) -> Desk {
        Desk {
            shared,
            desk,
            account: account(),
        }
    }

    pub(super) fn at(&self, environment: &str, key: &str) -> ClaimRef {
        ClaimRef {
            environment: environment.to_owned(),
            desk: self.desk.clone(),
            key: key.to_owned(),
        }
    }

    /// Claims `pet` under `key` before it is sent; `again`: the person chose to add it again.
    pub async fn claim(
        &mut self,
        environment: &str,
        key: &str,
        pet: &NewPet,
        source: &Source,
        again: bool,
    ) -> Result<Claim, SharedError> {
        let at = self.at(environment, key);
        let fields = fields(pet);
        if again {
            self.shared
                .claim_again(&at, &self.account, &fields, source)
                .await?;
            return Ok(Claim::Claimed);
        }
        self.shared.claim(&at, &self.account, &fields, source).await
    }

    /// Settles the claim under `key`: `Some(Ok(id))` created, `Some(Err(()))` provably not
    /// created, `None` the answer was lost.
    pub async fn settle(
        &mut self,
        environment: &str,
        key: &str,
        outcome: Option<Result<i64, ()>>,
    ) -> Result<(), SharedError> {
        let at = self.at(environment, key);
        match outcome {
            Some(Ok(id)) => self.shared.settle_created(&at, id).await,
            Some(Err(())) => self.shared.settle_refused(&at).await,
            None => self.shared.settle_unknown(&at).await,
        }
    }
}

fn fields(pet: &NewPet) -> PetFields {
    PetFields {
        name: pet.name.clone(),
        category_id: pet.category_id,
        status: pet.status.as_ref().map(|s| s.as_str().to_owned()),
    }
}

/// Another desk's create, as this computer's record names one, with the desk.
pub fn earlier(earlier: petstore_shared::Earlier) -> petstore_bulk::Earlier {
    use petstore_bulk::CreateSource as Local;
    let source = match earlier.source {
        Source::Import { file_name, line } => Local::Import { file_name, line },
        Source::Form => Local::Form,
        Source::AddAgain => Local::AddAgain,
        Source::CommandLine => Local::CommandLine,
        Source::Outbox => Local::Outbox,
    };
    petstore_bulk::Earlier {
        at: earlier.at,
        source,
        pet_id: earlier.pet_id,
        desk: Some(earlier.desk),
        in_progress: earlier.in_progress,
    }
}

/// The OS account this program runs under (kept beside each claim).
pub fn account() -> String {
    let name = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .unwrap_or_default();
    let clean: String = name.chars().filter(|c| !c.is_control()).take(64).collect();
    if clean.is_empty() {
        "unknown".to_owned()
    } else {
        clean
    }
}
