//! `petstore add --queue` and `petstore outbox`: thin over `petstore_bulk::Outbox`, the same
//! outbox per environment (per address) the app fills and sends.

mod behind;
mod send;

pub use behind::{queue_behind, waiting};

use chrono::{DateTime, Local, Utc};
use petstore_bulk::{EntryState, Outbox, OutboxEntry, QueueReason};
use petstore_client::{Environment, Error as ApiError, NewPet, PetstoreClient};

use crate::args::{Cli, OutboxAction, OutboxArgs};
use crate::exit::CliError;
use crate::explain::queue_reason;
use crate::output::{self, truncate};
use crate::session;
use crate::words::{Msg, OutboxMsg, say};

/// Names longer than this are cut in the table.
const NAME_WIDTH: usize = 32;
/// The service's words of a refused entry, cut in the table (`--json` has them whole).
const MESSAGE_WIDTH: usize = 200;

pub fn run(cli: &Cli, args: &OutboxArgs) -> Result<(), CliError> {
    match args.action {
        None => list(cli),
        Some(OutboxAction::Send) => send::send(cli),
        Some(OutboxAction::Drop { id }) => drop_entry(cli, id),
        Some(OutboxAction::SendAnyway { id }) => send_anyway(cli, id),
    }
}

/// `add --queue` after a create that could not be sent now (`petstore_bulk::may_queue`): the pet
/// joins the outbox, on disk before this says so. Ends with [`CliError::Queued`] (exit 15).
pub fn queue_instead(
    client: &PetstoreClient,
    json: bool,
    pet: &NewPet,
    allow_repeat: bool,
    error: ApiError,
) -> Result<(), CliError> {
    let env = client.environment();
    let url = client.base_url().as_str();
    let Some(data_dir) = petstore_local::data_dir() else {
        // Nowhere to keep it: the failure as `add` reports it.
        return Err(error.into());
    };
    let outbox = Outbox::new(&data_dir, url);
    let entry = match outbox.queue(pet, QueueReason::of(&error), allow_repeat) {
        Ok(entry) => entry,
        Err(why) => {
            return Err(CliError::NotQueued {
                env,
                name: pet.name.clone(),
                error: Box::new(error),
                why: Box::new(why),
            });
        }
    };
    log::info!(
        "queued as entry {} in {}",
        entry.id,
        outbox.path().display()
    );
    let why = queue_reason(&entry.reason);
    print_queued(json, &entry, env, url, OutboxMsg::Queued, ("why", &why))?;
    Err(CliError::Queued {
        name: pet.name.clone(),
        error: Some(Box::new(error)),
    })
}

/// What `add --queue` says of the entry it queued: the entry itself with `--json`, else `words`
/// with its name, environment, address, id and one more value.
fn print_queued(
    json: bool,
    entry: &OutboxEntry,
    env: Environment,
    url: &str,
    words: OutboxMsg,
    (more, value): (&str, &dyn std::fmt::Display),
) -> Result<(), CliError> {
    if json {
        return output::print_json(entry);
    }
    let values: [(&str, &dyn std::fmt::Display); 5] = [
        ("name", &entry.name),
        ("env", &env),
        ("url", &url),
        ("id", &entry.id),
        (more, value),
    ];
    output::print(&format!("{}\n", say(words, &values)))
}

/// The environment's outbox, without a key (nothing is sent).
fn open(cli: &Cli) -> Result<(Environment, String, Outbox), CliError> {
    let (env, _) = session::environment(cli)?;
    let url = session::base_url(cli)?;
    let data_dir = petstore_local::data_dir().ok_or(CliError::NoDataDir)?;
    let outbox = Outbox::new(&data_dir, url.as_str());
    log::info!("outbox file: {}", outbox.path().display());
    Ok((env, url.to_string(), outbox))
}

fn list(cli: &Cli) -> Result<(), CliError> {
    let (env, url, outbox) = open(cli)?;
    let entries = outbox
        .entries()
        .map_err(|error| CliError::Outbox { env, error })?;
    if cli.json {
        return output::print_json(&entries);
    }
    if entries.is_empty() {
        let empty = say(OutboxMsg::Empty, &[("env", &env), ("url", &url)]);
        return output::print(&format!("{empty}\n"));
    }
    let values: [(&str, &dyn std::fmt::Display); 4] = [
        ("env", &env),
        ("url", &url),
        ("n", &entries.len()),
        ("max", &petstore_bulk::MAX_OUTBOX_ENTRIES),
    ];
    output::print(&format!(
        "{}\n{}",
        say(OutboxMsg::Holds, &values),
        table(&entries)
    ))?;
    eprintln!("{}", say(OutboxMsg::ListHint, &[]));
    Ok(())
}

/// Id, name, category, status, queued, why, state; the state last, as it can be long.
fn table(entries: &[OutboxEntry]) -> String {
    let header = [
        say(Msg::ColumnId, &[]),
        say(Msg::ColumnName, &[]),
        say(Msg::ColumnCategory, &[]),
        say(Msg::ColumnStatus, &[]),
        say(OutboxMsg::ColumnQueued, &[]),
        say(OutboxMsg::ColumnWhy, &[]),
        say(OutboxMsg::ColumnState, &[]),
    ];
    let rows: Vec<[String; 7]> = entries
        .iter()
        .map(|entry| {
            [
                entry.id.to_string(),
                truncate(&entry.name, NAME_WIDTH),
                entry.category_id.to_string(),
                entry.status.clone().unwrap_or_else(|| "-".to_owned()),
                stamp(entry.queued_at),
                queue_reason(&entry.reason),
                state(&entry.state),
            ]
        })
        .collect();
    output::columns(&header, &rows)
}

/// An entry's state for a person: waiting, being sent, refused with the service's words, or
/// unconfirmed.
pub fn state(state: &EntryState) -> String {
    match state {
        EntryState::Waiting => say(OutboxMsg::StateWaiting, &[]),
        EntryState::Sending { since, .. } => {
            say(OutboxMsg::StateSending, &[("when", &stamp(*since))])
        }
        EntryState::Refused { message, at } => say(
            OutboxMsg::StateRefused,
            &[
                ("when", &stamp(*at)),
                ("message", &truncate(message, MESSAGE_WIDTH)),
            ],
        ),
        EntryState::Unconfirmed { at } => {
            say(OutboxMsg::StateUnconfirmed, &[("when", &stamp(*at))])
        }
    }
}

/// "2026-11-29 14:05", local time.
fn stamp(at: DateTime<Utc>) -> String {
    at.with_timezone(&Local)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

fn drop_entry(cli: &Cli, id: u64) -> Result<(), CliError> {
    let (env, _, outbox) = open(cli)?;
    let entry = outbox
        .drop_entry(id)
        .map_err(|error| CliError::Outbox { env, error })?;
    if cli.json {
        return output::print_json(&entry);
    }
    let values: [(&str, &dyn std::fmt::Display); 4] = [
        ("id", &entry.id),
        ("name", &entry.name),
        ("category", &entry.category_id),
        ("env", &env),
    ];
    output::print(&format!("{}\n", say(OutboxMsg::Dropped, &values)))
}

fn send_anyway(cli: &Cli, id: u64) -> Result<(), CliError> {
    let (env, _, outbox) = open(cli)?;
    let entry = outbox
        .send_anyway(id)
        .map_err(|error| CliError::Outbox { env, error })?;
    if cli.json {
        return output::print_json(&entry);
    }
    let values: [(&str, &dyn std::fmt::Display); 2] = [("id", &entry.id), ("name", &entry.name)];
    output::print(&format!("{}\n", say(OutboxMsg::SendAnyway, &values)))
}
