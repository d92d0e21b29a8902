//! `petstore outbox send`: what can be sent now, in order, each once, at background priority,
//! within a short time, so a scheduled task never sits out a spent quota for hours.

use std::time::Duration;

use chrono::Utc;
use petstore_bulk::{EntryState, Outbox, SendOutcome, SendReport, SendStop, send_outbox};
use petstore_client::{Environment, Priority};

use crate::args::Cli;
use crate::exit::CliError;
use crate::keysource::KeySource;
use crate::notices::{self, WaitState};
use crate::output;
use crate::session;
use crate::words::{OutboxMsg, say};

/// How long a run sends without `--timeout`: what is left waits for the next run. Each wait for
/// the quota is capped on its own too (the client's `max_wait`), so a reset hours away stops the
/// run at once.
pub const DEFAULT_SEND_TIME: Duration = Duration::from_secs(120);

pub fn send(cli: &Cli) -> Result<(), CliError> {
    // An empty outbox needs no key and no request: a scheduled task on an idle desk stays quiet.
    let (env, url, outbox) = super::open(cli)?;
    let entries = outbox
        .entries()
        .map_err(|error| CliError::Outbox { env, error })?;
    if entries.is_empty() {
        return match cli.json {
            true => print_report(&[], 0, None),
            false => {
                let empty = say(OutboxMsg::NothingToSend, &[("env", &env), ("url", &url)]);
                output::print(&format!("{empty}\n"))
            }
        };
    }
    let session = session::prepare(cli)?;
    let env = session.config.environment;
    let key_source = session.key_source;
    let data_dir = petstore_local::data_dir().ok_or(CliError::NoDataDir)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| CliError::Internal(format!("could not start the async runtime: {err}")))?;
    runtime.block_on(async {
        let client = session.client()?;
        // `--timeout` gave the client its deadline; otherwise the run's own. No hard stop
        // around the work: cut mid-request, an entry would be left for the next run to settle.
        let client = match session.budget {
            Some(_) => client,
            None => client.with_deadline(
                Utc::now() + chrono::TimeDelta::from_std(DEFAULT_SEND_TIME).unwrap_or_default(),
            ),
        }
        .with_priority(Priority::Background);
        notices::spawn(client.subscribe(), WaitState::default());
        let url = client.base_url().to_string();
        // The client's address: the outbox the app fills for it.
        let outbox = Outbox::new(&data_dir, client.base_url().as_str());
        if !cli.json {
            let values: [(&str, &dyn std::fmt::Display); 3] =
                [("env", &env), ("url", &url), ("n", &entries.len())];
            eprintln!("{}", say(OutboxMsg::Sending, &values));
        }
        let json = cli.json;
        let report = send_outbox(&outbox, &data_dir, &client, move |outcome| {
            if !json {
                // A closed stdout is no reason to stop sending; what was sent is on disk.
                let _ = output::print(&format!("{}\n", outcome_line(outcome)));
            }
        })
        .await
        .map_err(|error| CliError::Outbox { env, error })?;
        finish(cli.json, env, key_source, &outbox, &report)
    })
}

/// The summary, and the exit: 0 when the outbox is empty, else what is left and why.
fn finish(
    json: bool,
    env: Environment,
    key_source: KeySource,
    outbox: &Outbox,
    report: &SendReport,
) -> Result<(), CliError> {
    let left = outbox
        .entries()
        .map_err(|error| CliError::Outbox { env, error })?;
    if json {
        print_report(&report.outcomes, left.len(), report.stop.as_ref())?;
    } else {
        let count =
            |kind: fn(&SendOutcome) -> bool| report.outcomes.iter().filter(|o| kind(o)).count();
        let values: [(&str, &dyn std::fmt::Display); 5] = [
            ("sent", &count(|o| matches!(o, SendOutcome::Sent { .. }))),
            (
                "added",
                &count(|o| matches!(o, SendOutcome::AlreadyAdded { .. })),
            ),
            (
                "refused",
                &count(|o| matches!(o, SendOutcome::Refused { .. })),
            ),
            (
                "unconfirmed",
                &count(|o| matches!(o, SendOutcome::Unconfirmed { .. })),
            ),
            ("left", &left.len()),
        ];
        output::print(&format!("{}\n", say(OutboxMsg::Summary, &values)))?;
    }
    if let Some(stop) = &report.stop {
        // The stop's message is the client's developer text (never a key): for the log.
        log::info!("sending stopped: {stop:?}");
    }
    if let Some(SendStop::Unauthorized { .. }) = &report.stop {
        return Err(CliError::OutboxKeyRefused { key_source });
    }
    if left.is_empty() {
        return Ok(());
    }
    let person = left
        .iter()
        .filter(|entry| {
            matches!(
                entry.state,
                EntryState::Refused { .. } | EntryState::Unconfirmed { .. }
            )
        })
        .count();
    Err(CliError::OutboxLeft {
        waiting: left.len() - person,
        person,
        stop: report.stop.clone(),
    })
}

/// `--json`: `{"outcomes": [SendOutcome…], "left": N, "stop": SendStop or null}`.
fn print_report(
    outcomes: &[SendOutcome],
    left: usize,
    stop: Option<&SendStop>,
) -> Result<(), CliError> {
    output::print_json(&serde_json::json!({
        "outcomes": outcomes,
        "left": left,
        "stop": stop,
    }))
}

/// One entry's outcome, as it happens.
fn outcome_line(outcome: &SendOutcome) -> String {
    match outcome {
        SendOutcome::Sent { entry, pet_id } => say(
            OutboxMsg::Sent,
            &[("id", &entry.id), ("name", &entry.name), ("pet", pet_id)],
        ),
        SendOutcome::AlreadyAdded { entry, earlier } => {
            let when = crate::explain::repeat(&petstore_bulk::Repeat::Earlier(earlier.clone()));
            say(
                OutboxMsg::AlreadyAdded,
                &[("id", &entry.id), ("name", &entry.name), ("when", &when)],
            )
        }
        SendOutcome::Refused { entry, message } => say(
            OutboxMsg::Refused,
            &[
                ("id", &entry.id),
                ("name", &entry.name),
                ("message", &output::truncate(message, 300)),
            ],
        ),
        SendOutcome::Unconfirmed { entry } => say(
            OutboxMsg::Unconfirmed,
            &[("id", &entry.id), ("name", &entry.name)],
        ),
    }
}
