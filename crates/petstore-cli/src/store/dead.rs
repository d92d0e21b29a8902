//! Creates left unconfirmed by desks that stopped (issue 41: "a claim left by a desk that died
//! is settled, never silently dropped or resent"). Before `add` or `import` claims anything, the
//! claims of dead desks in this environment are looked for in the service's lists, the way an
//! import reconciles its own rows whose outcome was lost (`petstore_bulk::look_for_creates`),
//! and each is settled: found → created (with the pet's id: the row is then a repeat naming
//! that desk, not sent); the lists read to their end without it → refused (the pet is free:
//! this run claims and sends it as usual); otherwise → unknown ("may have been added by that
//! desk", not sent). A listing that could not be read settles nothing: the claims stay as they
//! were, blocking, and the person is told to run again later.
//!
//! When is a desk dead? A connected desk holds its liveness lock in the store
//! (`Shared::hold_desk`), which the server lets go of when the desk's session ends, killed or
//! not; and its claim must be older than [`stale_after`]. The age is the second guard: a
//! desk of an older build holds no lock, and a desk that lost the database while its import
//! still sends lets go of it. An import claims every row before sending the first and settles
//! them at its end, so a live desk's claims can be hours old: the lock is what keeps them from
//! being settled under its feet, and the age (15 minutes, well beyond a create's whole
//! deadline with its retries) covers a desk that has just lost the database.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::time::Duration;

use petstore_bulk::{Looked, PagesError, look_for_creates};
use petstore_client::{NewPet, PetStatus, PetstoreClient};
use petstore_shared::{MAX_UNSETTLED, Unsettled};

use super::gate::{Desk, Gate};
use crate::exit::CliError;
use crate::words::{StoreMsg, say};

/// The test and administrator setting: after how many seconds an unsettled claim of a desk that
/// is not connected may be settled. Read here only.
pub const STALE_VAR: &str = "PETSTORE_SHARED_CLAIM_STALE_SECS";
/// Without [`STALE_VAR`]: 15 minutes.
pub const DEFAULT_STALE: Duration = Duration::from_secs(15 * 60);
/// The longest [`STALE_VAR`] may say: a week.
pub const MAX_STALE_SECS: u64 = 7 * 24 * 60 * 60;
/// The most rounds of [`MAX_UNSETTLED`] claims settled in one run (each lists the service);
/// more are settled by the next runs.
const MAX_ROUNDS: usize = 10;

/// How old a dead desk's claim must be to be settled: [`STALE_VAR`], else [`DEFAULT_STALE`].
pub fn stale_after() -> Result<Duration, CliError> {
    stale_from(std::env::var_os(STALE_VAR))
}

fn stale_from(value: Option<OsString>) -> Result<Duration, CliError> {
    let Some(value) = value else {
        return Ok(DEFAULT_STALE);
    };
    let text = value.to_string_lossy();
    match text.trim().parse::<u64>() {
        Ok(secs) if secs <= MAX_STALE_SECS => Ok(Duration::from_secs(secs)),
        _ => Err(CliError::StoreStaleSetting {
            value: text.chars().take(40).collect(),
        }),
    }
}

/// What was settled, for the one line said.
#[derive(Debug, Default)]
struct Tally {
    created: u64,
    refused: u64,
    unknown: u64,
    desks: BTreeSet<String>,
}

/// Settles the claims of dead desks in `environment` (see the module's words), saying so in one
/// line; nothing when the store is not reached. A statement the store refuses is the error
/// (nothing has been sent yet).
pub async fn settle(
    gate: &mut Gate,
    client: &PetstoreClient,
    environment: &str,
    stale: Duration,
) -> Result<(), CliError> {
    let Gate::On(desk) = gate else {
        return Ok(());
    };
    let mut tally = Tally::default();
    for _ in 0..MAX_ROUNDS {
        let unsettled = desk
            .shared
            .unsettled_of_dead_desks(environment, stale)
            .await
            .map_err(CliError::Store)?;
        if unsettled.is_empty() {
            break;
        }
        let pets: Vec<NewPet> = unsettled.iter().map(pet_of).collect();
        let looked = match look_for_creates(client, &pets).await {
            Ok(looked) => looked,
            Err(error) => {
                say_not_settled(&unsettled, &error);
                break;
            }
        };
        for (claim, looked) in unsettled.iter().zip(looked) {
            settle_one(desk, claim, looked, &mut tally).await?;
        }
        if unsettled.len() < usize::try_from(MAX_UNSETTLED).unwrap_or(usize::MAX) {
            break;
        }
    }
    let total = tally.created + tally.refused + tally.unknown;
    if total > 0 {
        let desks = tally.desks.into_iter().collect::<Vec<_>>().join(", ");
        let line = say(
            StoreMsg::DeadSettled,
            &[
                ("total", &total),
                ("desks", &desks),
                ("created", &tally.created),
                ("refused", &tally.refused),
                ("unknown", &tally.unknown),
            ],
        );
        eprintln!("{line}");
    }
    Ok(())
}

async fn settle_one(
    desk: &mut Desk,
    claim: &Unsettled,
    looked: Looked,
    tally: &mut Tally,
) -> Result<(), CliError> {
    let at = &claim.claim;
    let shared = &mut desk.shared;
    let settled = match looked {
        Looked::Found(id) => {
            tally.created += 1;
            shared.settle_created(at, id).await
        }
        Looked::NotThere => {
            tally.refused += 1;
            shared.settle_refused(at).await
        }
        Looked::Unchecked => {
            tally.unknown += 1;
            shared.settle_unknown(at).await
        }
    };
    log::info!(
        "a claim of the stopped desk {} ({}) settled as {looked:?}",
        at.desk,
        at.key
    );
    tally.desks.insert(at.desk.clone());
    settled.map_err(CliError::Store)
}

/// The pet as its claim sent it (the claim holds the status as sent, or none).
fn pet_of(claim: &Unsettled) -> NewPet {
    NewPet {
        name: claim.pet.name.clone(),
        category_id: claim.pet.category_id,
        status: claim.pet.status.as_deref().map(PetStatus::from_wire),
    }
}

fn say_not_settled(unsettled: &[Unsettled], error: &PagesError<std::convert::Infallible>) {
    let why = match error {
        PagesError::Client(error) => crate::explain::api(error),
        other => other.to_string(),
    };
    let desks: BTreeSet<&str> = unsettled.iter().map(|u| u.claim.desk.as_str()).collect();
    let desks = desks.into_iter().collect::<Vec<_>>().join(", ");
    log::warn!("claims of stopped desks not settled: {error}");
    let line = say(
        StoreMsg::DeadNotSettled,
        &[
            ("total", &unsettled.len()),
            ("desks", &desks),
            ("why", &why),
        ],
    );
    eprintln!("{line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stale_setting_is_a_bounded_whole_number_of_seconds() {
        assert_eq!(stale_from(None).unwrap(), DEFAULT_STALE);
        assert_eq!(stale_from(Some("0".into())).unwrap(), Duration::ZERO);
        assert_eq!(
            stale_from(Some(" 90 ".into())).unwrap(),
            Duration::from_secs(90)
        );
        let week = MAX_STALE_SECS.to_string();
        assert_eq!(
            stale_from(Some(week.into())).unwrap(),
            Duration::from_secs(MAX_STALE_SECS)
        );
        for bad in ["", "-1", "1.5", "soon", "604801", "99999999999999999999"] {
            let error = stale_from(Some(bad.into())).unwrap_err();
            assert!(
                matches!(&error, CliError::StoreStaleSetting { value } if value == bad),
                "{bad:?}: {error:?}"
            );
        }
    }
}
