//! The network commands: list, add (and `add --queue`), get, quota.

use std::future::Future;

use chrono::Datelike;
use log::info;
use petstore_bulk::{Claim, CreateSource, CreatedPets};
use petstore_client::deprecation::spec_sunset;
use petstore_client::{Error as ApiError, ListQuery, NewPet, PetstoreClient, WaitReason};

use crate::args::{Cli, Command, GetArgs, ListArgs};
use crate::exit::CliError;
use crate::notices::{self, WaitState};
use crate::output;
use crate::quota;
use crate::search::Search;
use crate::session::{self, Session};
use crate::store::{self, gate::Gate};
use crate::words::{Msg, say};

pub fn run(cli: &Cli) -> Result<(), CliError> {
    // Validate what can be checked without a network before touching the keychain.
    let new_pet = match &cli.command {
        Command::Add(args) => Some(NewPet::new(&args.name, args.category, args.status.clone())?),
        _ => None,
    };
    // What the outbox would refuse is refused before anything is sent.
    if let (Command::Add(args), Some(pet)) = (&cli.command, &new_pet) {
        let chars = pet.name.chars().count();
        if args.queue && chars > petstore_bulk::MAX_NAME_CHARS {
            return Err(CliError::NameTooLong { chars });
        }
    }
    let search = match &cli.command {
        Command::List(args) => args
            .name_contains
            .as_deref()
            .map(|text| Search::new(text, args.status.clone()))
            .transpose()?,
        _ => None,
    };
    // The shared store's settings and password, read before the runtime (the keychain runs its
    // own); opened only for a create.
    let shared = match &cli.command {
        Command::Add(_) => store::gate::prepare()?,
        _ => None,
    };
    let mut session = session::prepare(cli)?;
    if matches!(cli.command, Command::Quota(_)) {
        // Asking for the quota should never wait for it: a 429's headers are the answer.
        session.config.retry.max_wait = std::time::Duration::ZERO;
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| CliError::Internal(format!("could not start the async runtime: {err}")))?;
    runtime
        .block_on(async {
            let client = session.client()?;
            if let Some(until) = client.remembered_wait() {
                info!("a rate-limit wait is remembered for this address and key until {until}");
            }
            let waits = WaitState::default();
            notices::spawn(client.subscribe(), waits.clone());
            let creates = new_pet.is_some();
            let work = async {
                match (&cli.command, new_pet) {
                    (Command::List(args), _) => match &search {
                        Some(search) => search.walk(&client, args).await,
                        None => list(&client, cli.json, args).await,
                    },
                    (Command::Add(args), Some(pet)) => {
                        let mut gate = store::gate::open(shared).await;
                        let how = (args.allow_repeat, args.queue);
                        add(&client, cli.json, &pet, how, &mut gate).await
                    }
                    (Command::Get(args), _) => get(&client, cli.json, args).await,
                    (Command::Quota(args), _) if args.forget => quota::forget(&client, cli.json),
                    (Command::Quota(_), _) => quota::show(&client, cli.json).await,
                    _ => Err(CliError::Internal(
                        "command routed to the wrong place".into(),
                    )),
                }
            };
            let result = bounded(&session, &waits, creates, work).await;
            // What a search found is shown also when its walk failed or ran out of time.
            match &search {
                Some(search) => search.finish(cli.json, result),
                None => result,
            }
        })
        .map_err(|err| match err {
            CliError::Api(ApiError::Unauthorized(server)) => CliError::KeyRefused {
                key_source: session.key_source,
                server,
            },
            other => other,
        })
}

/// Runs `work` within the `--timeout` budget. The client has its own, slightly earlier
/// deadline; this is the backstop for whatever it cannot interrupt.
async fn bounded(
    session: &Session,
    waits: &WaitState,
    creates: bool,
    work: impl Future<Output = Result<(), CliError>>,
) -> Result<(), CliError> {
    let Some(budget) = session.budget else {
        return work.await;
    };
    match tokio::time::timeout(budget.total, work).await {
        // The client's own timeout, within the budget: say which knob there is.
        // Bulk work whose next turn on its even pace came after the budget: the time ran out
        // (nothing was sent, and nothing holds the key).
        Ok(Err(CliError::Api(
            ApiError::Timeout
            | ApiError::RateLimited {
                reason: WaitReason::Paced,
                ..
            },
        ))) => Err(CliError::DeadlineExceeded {
            seconds: budget.total.as_secs_f64(),
        }),
        Ok(result) => result,
        // The POST may have reached the server: never resend, let the person check.
        Err(_) if creates => Err(CliError::CreateOutcomeUnknown {
            seconds: budget.total.as_secs_f64(),
        }),
        Err(_) => match waits.current() {
            Some(retry_at) => Err(CliError::DeadlineDuringWait { retry_at }),
            None => Err(CliError::DeadlineExceeded {
                seconds: budget.total.as_secs_f64(),
            }),
        },
    }
}

async fn list(client: &PetstoreClient, json: bool, args: &ListArgs) -> Result<(), CliError> {
    let query = ListQuery {
        status: args.status.clone(),
        limit: args.page(),
    };
    let page = client.list_pets(&query).await?.value;
    if json {
        return output::print_json(&page.pets);
    }
    if page.pets.is_empty() {
        output::print(&format!("{}\n", say(Msg::NoPets, &[])))?;
    } else {
        output::print(&output::pet_table(&page.pets))?;
    }
    if page.next.is_some() {
        eprintln!("{}", more_hint(args));
    } else if page.may_have_more {
        eprintln!("{}", may_have_more_hint(args, page.pets.len()));
    }
    Ok(())
}

/// How to see more than this page: a bigger page (` --status S` kept, and the limit to ask), or
/// none left (already 100, the most).
fn bigger_page(args: &ListArgs) -> Option<(String, u8)> {
    let limit = args.page().get();
    let status = args
        .status
        .as_ref()
        .map(|s| format!(" --status {s}"))
        .unwrap_or_default();
    (limit < 100).then(|| (status, (limit * 2).min(100)))
}

/// The page came back full with no way to the next: never presented as the whole list.
fn may_have_more_hint(args: &ListArgs, shown: usize) -> String {
    match bigger_page(args) {
        Some((status, bigger)) => {
            let values: [(&str, &dyn std::fmt::Display); 3] =
                [("n", &shown), ("status", &status), ("limit", &bigger)];
            say(Msg::MayHaveMoreBigger, &values)
        }
        None if args.status.is_some() => say(Msg::MayHaveMoreOfStatus, &[("n", &shown)]),
        None => say(Msg::MayHaveMoreNarrow, &[("n", &shown)]),
    }
}

/// There is no paging option: the way to see more is a bigger page or a narrower filter.
fn more_hint(args: &ListArgs) -> String {
    match bigger_page(args) {
        Some((status, bigger)) => say(Msg::MoreBigger, &[("status", &status), ("limit", &bigger)]),
        None => say(Msg::MoreNarrow, &[]),
    }
}

async fn add(
    client: &PetstoreClient,
    json: bool,
    pet: &NewPet,
    (allow_repeat, queue): (bool, bool),
    gate: &mut Gate,
) -> Result<(), CliError> {
    // Sent now, it would overtake pets queued before it.
    if queue && let Some(ahead) = crate::outbox::waiting(client, &pet.name)? {
        return crate::outbox::queue_behind(client, json, pet, allow_repeat, ahead);
    }
    // Stopped desks' unconfirmed creates are settled before anything is claimed here; a store
    // that fails now is met again (and said) by the claim.
    let stale = store::dead::stale_after()?;
    let url = client.base_url().as_str().to_owned();
    if let Err(error) = store::dead::settle(gate, client, &url, stale).await {
        log::warn!("claims of stopped desks not settled: {error}");
    }
    let mut key = claim(client, pet, allow_repeat)?;
    let shared_key = key
        .as_ref()
        .map_or_else(petstore_bulk::single_key, |(key, _)| key.clone());
    let claimed_shared = match store::shared_claim(gate, &url, &shared_key, pet, allow_repeat).await
    {
        Ok(claimed) => claimed,
        Err(error) => {
            // Another desk added it: this computer's claim is given back, nothing is sent.
            if let Some((key, record)) = key.as_mut()
                && let Err(error) = record.record_refused(key)
            {
                log::warn!("a claim not given back: {error}");
            }
            return Err(error);
        }
    };
    let answer = client.create_pet(pet).await;
    let settled = petstore_bulk::Settled::of(answer.as_ref().map(|r| r.value.id));
    if let Some((key, mut record)) = key
        && let Err(error) = record.settle(&key, pet, CreateSource::CommandLine, settled)
    {
        // The pet's fate is the service's answer whatever happens here.
        log::warn!("a create's answer not recorded: {error}");
    }
    if claimed_shared {
        store::shared_settle(gate, &url, &shared_key, settled).await;
    }
    let created = match answer {
        Ok(response) => response.value,
        // Provably never sent (no connection, the quota spent, a wait): the outbox sends it later.
        // An unknown outcome is never queued: it stays exit 8, for the person to check.
        Err(error) if queue && petstore_bulk::may_queue(&error) => {
            return crate::outbox::queue_instead(client, json, pet, allow_repeat, error);
        }
        Err(error) => return Err(error.into()),
    };
    if json {
        return output::print_json(&created);
    }
    let added = say(Msg::Added, &[("id", &created.id), ("name", &created.name)]);
    output::print(&format!("{added}\n"))?;
    output::print(&output::pet_table(std::slice::from_ref(&created)))
}

/// Asks this computer's record of created pets (the app's and imports' too) before anything is
/// sent: a pet added here before, or that may have been, is refused unless `allow_repeat`;
/// otherwise it is written as sent, so a lost answer stays "may have been added" for every
/// later add. `None`: no data folder to keep a record in.
fn claim(
    client: &PetstoreClient,
    pet: &NewPet,
    allow_repeat: bool,
) -> Result<Option<(String, CreatedPets)>, CliError> {
    let Some(data_dir) = petstore_local::data_dir() else {
        return Ok(None);
    };
    let url = client.base_url().as_str();
    let created = CreatedPets::open(&data_dir, url).and_then(|mut record| {
        record
            .claim(pet, CreateSource::CommandLine, allow_repeat)
            .map(|claim| (claim, record))
    });
    let (claim, record) = created.map_err(|e| CliError::Import(e.into()))?;
    match claim {
        Claim::Sent { key } => Ok(Some((key, record))),
        Claim::Earlier(earlier) => Err(CliError::AlreadyAdded {
            name: pet.name.clone(),
            url: url.to_owned(),
            earlier: Box::new(earlier),
        }),
    }
}

async fn get(client: &PetstoreClient, json: bool, args: &GetArgs) -> Result<(), CliError> {
    let removal = spec_sunset();
    let date = crate::words::date(removal.day(), removal.month0(), removal.year());
    eprintln!("{}", say(Msg::GetDeprecated, &[("date", &date)]));
    #[allow(deprecated)]
    let response = client.get_pet(args.id).await?;
    if let Some(notice) = response
        .deprecation
        .as_ref()
        .filter(|n| n.sunset.date_naive() != spec_sunset().date_naive())
    {
        let sunset = notice.sunset;
        let date = crate::words::date(sunset.day(), sunset.month0(), sunset.year());
        eprintln!("{}", say(Msg::NewRemovalDate, &[("date", &date)]));
    }
    if json {
        return output::print_json(&response.value);
    }
    output::print(&output::pet_table(std::slice::from_ref(&response.value)))
}
