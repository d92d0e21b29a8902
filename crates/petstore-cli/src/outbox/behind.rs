//! `add --queue` while earlier entries still wait: the pet joins the outbox behind them, unsent,
//! so the outbox keeps the order the pets were added in (sending it now would overtake them).

use petstore_bulk::{CreatedPets, EntryState, Outbox, QueueReason};
use petstore_client::{NewPet, PetstoreClient};

use crate::exit::CliError;
use crate::words::OutboxMsg;

/// The entries of `client`'s outbox that wait to be sent (not those refused or unconfirmed,
/// which wait for a person): how many, and why the first waits. `None` when none wait.
pub fn waiting(
    client: &PetstoreClient,
    name: &str,
) -> Result<Option<(usize, QueueReason)>, CliError> {
    let Some(data_dir) = petstore_local::data_dir() else {
        return Ok(None);
    };
    let outbox = Outbox::new(&data_dir, client.base_url().as_str());
    // Unreadable (a damaged file, now kept aside): whether pets wait is unknown, so nothing is
    // sent that could overtake them.
    let entries = outbox
        .entries()
        .map_err(|why| not_queued(client, name, why))?;
    let mut ahead = entries.iter().filter(|entry| {
        matches!(
            entry.state,
            EntryState::Waiting | EntryState::Sending { .. }
        )
    });
    Ok(ahead
        .next()
        .map(|first| (1 + ahead.count(), first.reason.clone())))
}

/// Queues `pet` behind the `ahead` entries that wait, for the reason the first of them waits,
/// after asking the created record as `add` does (a pet added before is named, exit 13, unless
/// `allow_repeat`). Ends with [`CliError::Queued`] (exit 15).
pub fn queue_behind(
    client: &PetstoreClient,
    json: bool,
    pet: &NewPet,
    allow_repeat: bool,
    (ahead, reason): (usize, QueueReason),
) -> Result<(), CliError> {
    let env = client.environment();
    let url = client.base_url().as_str();
    let data_dir = petstore_local::data_dir().ok_or(CliError::NoDataDir)?;
    if !allow_repeat {
        let created = CreatedPets::open(&data_dir, url).map_err(|e| CliError::Import(e.into()))?;
        if let Some(earlier) = created.earlier(pet, None) {
            return Err(CliError::AlreadyAdded {
                name: pet.name.clone(),
                url: url.to_owned(),
                earlier: Box::new(earlier),
            });
        }
    }
    let outbox = Outbox::new(&data_dir, url);
    let entry = outbox
        .queue(pet, reason, allow_repeat)
        .map_err(|why| not_queued(client, &pet.name, why))?;
    super::print_queued(
        json,
        &entry,
        env,
        url,
        OutboxMsg::QueuedBehind,
        ("n", &ahead),
    )?;
    Err(CliError::Queued {
        name: pet.name.clone(),
        error: None,
    })
}

fn not_queued(client: &PetstoreClient, name: &str, why: petstore_bulk::OutboxError) -> CliError {
    CliError::NotQueuedBehind {
        env: client.environment(),
        name: name.to_owned(),
        why: Box::new(why),
    }
}
