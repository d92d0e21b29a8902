//! Settings → Shared store (issue 41): test a PostgreSQL store, connect to it (this computer's
//! record brought in once, then the address saved and the password kept in the keychain, only
//! after the store was proven), disconnect, and whether this desk shares now for the header.
//! The storage is `petstore-shared`'s and the desk's logic `petstore_bulk::shared_desk`'s, as
//! for `petstore store`; here only the app's settings, keychain and words.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::Utc;
use petstore_bulk::shared_desk::{self, Desk, Proof};
use petstore_local::settings::read_system_settings;
use petstore_local::{SharedStorePrefs, StoreSource, SystemSettings, resolve_shared_store};
use petstore_shared::Password;
use zeroize::Zeroizing;

mod facts;

pub(super) use facts::problem;
use facts::{bounded, proof_of, shown};

use super::Backend;
use crate::dto::{
    CommandError, SharedStoreInput, SharedStoreProblem, SharedStoreProof, SharedStoreView,
    SharingState,
};

/// After the store could not be opened for a create, how long creates go on alone without
/// trying again: a store that drops packets costs one create its connect timeout, not each.
const CREATES_ALONE_FOR: Duration = Duration::from_secs(60);

/// When creates stopped trying the store (see [`CREATES_ALONE_FOR`]).
#[derive(Debug, Default)]
pub struct StoreOutage {
    since: Mutex<Option<Instant>>,
}

impl StoreOutage {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Instant>> {
        self.since
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn recent(&self) -> bool {
        self.lock()
            .is_some_and(|since| since.elapsed() < CREATES_ALONE_FOR)
    }

    fn began(&self) {
        *self.lock() = Some(Instant::now());
    }

    fn ended(&self) {
        *self.lock() = None;
    }
}

impl Backend {
    /// What Settings → Shared store shows.
    pub async fn shared_store(&self) -> SharedStoreView {
        let Some((prefs, source)) = self.store_in_force() else {
            return SharedStoreView {
                store: None,
                password_stored: false,
                computer_name: petstore_local::computer_name(),
            };
        };
        let address = shared_desk::address(&prefs);
        let password_stored =
            matches!(self.keys.shared_store_password(&address).await, Ok(Some(_)));
        SharedStoreView {
            store: Some(shown(&prefs, source)),
            password_stored,
            computer_name: petstore_local::computer_name(),
        }
    }

    /// Test: reaches the store of `input` and signs in, with `password` or, when none is typed,
    /// the one kept for that address. Saves nothing.
    pub async fn test_shared_store(
        &self,
        input: SharedStoreInput,
        password: Option<String>,
    ) -> Result<SharedStoreProof, CommandError> {
        let prefs = self.prefs_of(input)?;
        let password = self.password_for(&prefs, password).await?;
        let (_, proof) = self
            .prove(&prefs, &Password::new(password.as_str()))
            .await?;
        Ok(proof_of(proof))
    }

    /// Connect: proven first (nothing is kept when it fails), this computer's record brought
    /// in, then the password kept and the address saved (the password first, so the settings
    /// never name a store this desk holds no password for).
    pub async fn connect_shared_store(
        &self,
        input: SharedStoreInput,
        password: Option<String>,
    ) -> Result<SharedStoreProof, CommandError> {
        let prefs = self.prefs_of(input)?;
        let managed = matches!(self.store_in_force(), Some((_, StoreSource::System)));
        let password = self.password_for(&prefs, password).await?;
        let records = match &self.data_dir {
            Some(dir) => {
                let settings = self.settings().clone();
                shared_desk::local_records(dir, &settings).map_err(|error| {
                    CommandError::SharedStore(SharedStoreProblem::StoreOther {
                        detail: bounded(&error.to_string()),
                    })
                })?
            }
            None => Vec::new(),
        };
        let (shared, mut proof) = self
            .prove(&prefs, &Password::new(password.as_str()))
            .await?;
        let mut desk = Desk::new(shared, prefs.desk_name());
        proof.joined = Some(
            shared_desk::bring_in(&mut desk, &records)
                .await
                .map_err(problem)?,
        );
        let address = shared_desk::address(&prefs);
        self.keys
            .set_shared_store_password(&address, password)
            .await?;
        if !managed {
            self.change_settings(move |settings| {
                settings.shared_store = Some(prefs.clone());
                Ok(())
            })?;
        }
        log::info!("this desk shares the store at {address}");
        Ok(proof_of(proof))
    }

    /// Disconnect: the person's store and its password go. A store the system-wide file sets
    /// stays (an administrator's); without its password this desk is not sharing.
    pub async fn disconnect_shared_store(&self) -> Result<SharedStoreView, CommandError> {
        if let Some((prefs, _)) = self.store_in_force() {
            self.keys
                .clear_shared_store_password(&shared_desk::address(&prefs))
                .await?;
        }
        self.change_settings(|settings| {
            settings.shared_store = None;
            Ok(())
        })?;
        Ok(self.shared_store().await)
    }

    /// Whether this desk shares now: the store in force reached and signed in to.
    pub async fn sharing_state(&self) -> SharingState {
        let Some((prefs, _)) = self.store_in_force() else {
            return SharingState::Off;
        };
        let address = shared_desk::address(&prefs);
        // A connect only: it is asked every minute, and the proof's count of other desks reads
        // whole tables.
        match self.open(&prefs).await.map(drop) {
            Ok(()) => {
                self.store_outage.ended();
                SharingState::Sharing {
                    address,
                    desk: prefs.desk_name(),
                }
            }
            Err(error) => {
                log::warn!("not sharing the store at {address}: {error}");
                let problem = match error {
                    CommandError::SharedStore(problem) => problem,
                    other => SharedStoreProblem::StoreOther {
                        detail: bounded(&other.to_string()),
                    },
                };
                SharingState::NotSharing { address, problem }
            }
        }
    }

    /// The address of the store in force, as shown; `None` when none is set up.
    pub(super) fn shared_store_address(&self) -> Option<String> {
        self.store_in_force()
            .map(|(prefs, _)| shared_desk::address(&prefs))
    }

    /// The store in force: the system-wide file's wins whole over the person's.
    fn store_in_force(&self) -> Option<(SharedStorePrefs, StoreSource)> {
        let system = match &self.system_settings_path {
            Some(path) => read_system_settings(path),
            None => SystemSettings::Absent,
        };
        let person = self.settings().shared_store.clone();
        resolve_shared_store(&system, person.as_ref())
    }

    /// The form as settings, checked; refused when an administrator set another store.
    fn prefs_of(&self, input: SharedStoreInput) -> Result<SharedStorePrefs, CommandError> {
        let desk = input
            .desk
            .map(|d| d.trim().to_owned())
            .filter(|d| !d.is_empty());
        let mut prefs = SharedStorePrefs {
            host: input.host.trim().to_owned(),
            port: input.port,
            database: input.database.trim().to_owned(),
            user: input.user.trim().to_owned(),
            ca_file: None,
            desk,
        };
        match self.store_in_force() {
            Some((admin, StoreSource::System)) => {
                let same = admin.host.eq_ignore_ascii_case(&prefs.host)
                    && admin.port == prefs.port
                    && admin.database == prefs.database
                    && admin.user == prefs.user;
                if !same {
                    return Err(CommandError::SharedStore(
                        SharedStoreProblem::StoreManaged {
                            address: shared_desk::address(&admin),
                        },
                    ));
                }
                prefs = admin;
            }
            // The certificate file stays as the settings file names it.
            Some((earlier, StoreSource::Person)) => prefs.ca_file = earlier.ca_file,
            None => {}
        }
        prefs.check().map_err(|error| {
            let (setting, max) = match error {
                petstore_local::SharedStoreSettingError::Field { field, max } => (field, max),
                petstore_local::SharedStoreSettingError::Port => ("port", 5),
            };
            CommandError::SharedStore(SharedStoreProblem::StoreInvalidSetting {
                setting: setting.to_owned(),
                max: u32::try_from(max).unwrap_or(u32::MAX),
            })
        })?;
        Ok(prefs)
    }

    /// `typed`, or the password kept for the store's address.
    async fn password_for(
        &self,
        prefs: &SharedStorePrefs,
        typed: Option<String>,
    ) -> Result<Zeroizing<String>, CommandError> {
        let typed = typed.map(Zeroizing::new).filter(|p| !p.is_empty());
        if let Some(typed) = typed {
            return Ok(typed);
        }
        self.keys
            .shared_store_password(&shared_desk::address(prefs))
            .await?
            .ok_or(CommandError::SharedStore(
                SharedStoreProblem::StoreNoPassword,
            ))
    }

    async fn prove(
        &self,
        prefs: &SharedStorePrefs,
        password: &Password,
    ) -> Result<(petstore_shared::Shared, Proof), CommandError> {
        let settings = self.connection(prefs)?;
        shared_desk::prove(prefs, &settings, password)
            .await
            .map_err(problem)
    }

    /// This desk on the shared store for one create: `None` when none is set up, or when it
    /// cannot be used now (logged; the header says "Not sharing" at its next look): the create
    /// then goes on this computer's record alone, as `petstore add` does. Connected, the desk
    /// holds its liveness lock, so no other desk settles its claim while it sends.
    pub(super) async fn desk_for_create(&self) -> Option<Desk> {
        let (prefs, _) = self.store_in_force()?;
        if self.store_outage.recent() {
            log::warn!("a create not checked in the shared store: it was out of reach just now");
            return None;
        }
        let opened = async {
            let mut shared = self.open(&prefs).await?;
            shared
                .hold_desk(&prefs.desk_name())
                .await
                .map_err(problem)?;
            Ok::<_, CommandError>(Desk::new(shared, prefs.desk_name()))
        };
        match opened.await {
            Ok(desk) => {
                self.store_outage.ended();
                Some(desk)
            }
            Err(error) => {
                log::warn!("a create not checked in the shared store: {error}");
                self.store_outage.began();
                None
            }
        }
    }

    /// Connects to the store of `prefs` with the password kept for it (the connect checks the
    /// schema: a store this build cannot use is refused there).
    async fn open(
        &self,
        prefs: &SharedStorePrefs,
    ) -> Result<petstore_shared::Shared, CommandError> {
        let password = self.password_for(prefs, None).await?;
        let settings = self.connection(prefs)?;
        petstore_shared::connect(&settings, &Password::new(password.as_str()))
            .await
            .map_err(problem)
    }

    /// The connection settings of `prefs`, its company certificate read.
    fn connection(
        &self,
        prefs: &SharedStorePrefs,
    ) -> Result<petstore_shared::Settings, CommandError> {
        let config_dir = self.config_dir();
        let ca_pem = prefs
            .ca_pem(config_dir.as_deref(), Utc::now())
            .map_err(|error| {
                CommandError::SharedStore(SharedStoreProblem::StoreOther {
                    detail: bounded(&error.to_string()),
                })
            })?;
        Ok(shared_desk::connection(prefs, ca_pem))
    }
}
