//! This desk on the shared store (issue 41), for both shells: a create claimed there before it
//! is sent and settled after, beside (never instead of) this computer's own record
//! ([`crate::created`]); joining, which brings that record in once ([`bring_in`]); and the
//! proof a person is shown when a store is tested or connected ([`prove`]). The storage itself
//! is `petstore-shared`'s; this module knows the pets and the desks.

mod join;
mod proof;
mod rows;

use petstore_client::NewPet;
use petstore_shared::{Claim, ClaimRef, PetFields, Shared, SharedError, Source};

use crate::created::{CreateSource, Earlier, Settled};

pub use join::{bring_in, local_records};
pub use proof::{Proof, address, connection, prove};
pub use rows::{Claimed, ClaimedRows, claim_rows, settle_rows};

/// This desk, connected.
pub struct Desk {
    pub shared: Shared,
    desk: String,
    account: String,
}

impl std::fmt::Debug for Desk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Desk")
            .field("desk", &self.desk)
            .finish_non_exhaustive()
    }
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

    /// The OS account this desk's claims are kept under.
    pub fn account(&self) -> &str {
        &self.account
    }

    /// Where this desk's claim under `key` in `environment` is kept.
    pub fn at(&self, environment: &str, key: &str) -> ClaimRef {
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

    /// Settles the claim under `key` from the service's answer, as this computer's record settles
    /// its own.
    pub async fn settle_from(
        &mut self,
        environment: &str,
        key: &str,
        settled: Settled,
    ) -> Result<(), SharedError> {
        let outcome = match settled {
            Settled::Created(id) => Some(Ok(id)),
            Settled::NotCreated => Some(Err(())),
            Settled::MayHaveBeenCreated => None,
        };
        self.settle(environment, key, outcome).await
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

/// The fields the shared record's fingerprint is made of.
pub fn fields(pet: &NewPet) -> PetFields {
    PetFields {
        name: pet.name.clone(),
        category_id: pet.category_id,
        status: pet.status.as_ref().map(|s| s.as_str().to_owned()),
    }
}

/// Another desk's create, as this computer's record names one, with the desk.
pub fn earlier(earlier: petstore_shared::Earlier) -> Earlier {
    Earlier {
        at: earlier.at,
        source: local_source(earlier.source),
        pet_id: earlier.pet_id,
        desk: Some(earlier.desk),
        in_progress: earlier.in_progress,
    }
}

/// One source, said the shared record's way.
pub fn shared_source(source: &CreateSource) -> Source {
    match source {
        CreateSource::Import { file_name, line } => Source::Import {
            file_name: file_name.clone(),
            line: *line,
        },
        CreateSource::Form => Source::Form,
        CreateSource::AddAgain => Source::AddAgain,
        CreateSource::CommandLine => Source::CommandLine,
        CreateSource::Outbox => Source::Outbox,
    }
}

fn local_source(source: Source) -> CreateSource {
    match source {
        Source::Import { file_name, line } => CreateSource::Import { file_name, line },
        Source::Form => CreateSource::Form,
        Source::AddAgain => CreateSource::AddAgain,
        Source::CommandLine => CreateSource::CommandLine,
        Source::Outbox => CreateSource::Outbox,
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
