//! Joining a shared store brings this computer's record of created pets into it once (issue
//! 41): each create is claimed under its own key in the record (a keyless one under
//! `joined:<pet id>`), so a second join finds every key taken and adds nothing, and a pet
//! another desk already holds is not claimed twice.

use std::path::Path;

use petstore_client::Environment;
use petstore_local::Settings;
use petstore_shared::{Claim, PetFields, SharedError};

use super::{Desk, shared_source};
use crate::created::{CreatedError, CreatedPets, Recorded};

/// Each environment's base address with this computer's record of it in `data_dir` (files
/// only: read before any runtime). An environment without an address set has no record.
pub fn local_records(
    data_dir: &Path,
    settings: &Settings,
) -> Result<Vec<(String, Vec<Recorded>)>, CreatedError> {
    let mut records = Vec::new();
    for env in [
        Environment::Production,
        Environment::Staging,
        Environment::Sandbox,
    ] {
        let Ok(url) = settings.base_url(env) else {
            continue;
        };
        let recorded = CreatedPets::open(data_dir, url.as_str())?.recorded();
        if !recorded.is_empty() {
            records.push((url.as_str().to_owned(), recorded));
        }
    }
    Ok(records)
}

/// Brings `records` in: (claimed now, already there).
pub async fn bring_in(
    desk: &mut Desk,
    records: &[(String, Vec<Recorded>)],
) -> Result<(u64, u64), SharedError> {
    let (mut added, mut known) = (0, 0);
    for (environment, recorded) in records {
        for create in recorded {
            match bring_one(desk, environment, create).await? {
                true => added += 1,
                false => known += 1,
            }
        }
    }
    Ok((added, known))
}

async fn bring_one(
    desk: &mut Desk,
    environment: &str,
    create: &Recorded,
) -> Result<bool, SharedError> {
    let at = desk.at(environment, &create.key);
    let pet = PetFields {
        name: create.name.clone(),
        category_id: create.category_id,
        status: create.status.clone(),
    };
    let source = shared_source(&create.source);
    let account = desk.account.clone();
    match desk.shared.claim(&at, &account, &pet, &source).await {
        Ok(Claim::Claimed) => {
            match create.pet_id {
                Some(id) => desk.shared.settle_created(&at, id).await?,
                // Sent here and never confirmed: "may have been added" for every desk too.
                None => desk.shared.settle_unknown(&at).await?,
            }
            Ok(true)
        }
        // Brought in by an earlier join (its key is taken), or another desk holds the pet.
        Ok(Claim::Earlier(_)) | Err(SharedError::KeyTaken { .. }) => Ok(false),
        Err(error) => Err(error),
    }
}
