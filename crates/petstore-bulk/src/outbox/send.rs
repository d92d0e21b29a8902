//! Sending an outbox: in the order filled, each entry once, asked of the created record first.
//!
//! Per entry, in this order, each step on disk before the next:
//! 1. the entry is marked `Sending` with a fresh key (the outbox file);
//! 2. the created record is asked and the pet written there as sent under that key (one step
//!    under its lock): an earlier add of the same pet holds the entry back instead;
//! 3. the request; its answer settles both files.
//!
//! A sender that dies anywhere leaves `Sending` with its key: the next sender (the send lock
//! tells it the first is gone) lists the pets before anything else: found → sent; the lists
//! read to their end without it → it never arrived, so it is sent; lists that could not be read
//! to their end → unconfirmed, for the person. A lost answer while sending is settled by listing
//! at once: found → sent; otherwise unconfirmed (the service may still act on it), never resent
//! unless the person says so.

use std::fs::{File, OpenOptions, TryLockError};

use chrono::Utc;
use petstore_client::{Error, ErrorKind, NewPet, PetstoreClient};
use serde::Serialize;

use super::{EntryState, Outbox, OutboxEntry, OutboxError, QueueReason};
use crate::check::{CHECK_MAX_PAGES, Wanted, look_for};
use crate::created::{
    Claim, CreateSource, CreatedPets, Earlier, Settled, may_have_created, single_key,
};
use crate::import::MAX_UNKNOWN_IN_A_ROW;

/// What became of one entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum SendOutcome {
    /// Created as `pet_id`; the entry left the outbox.
    #[serde(rename_all = "camelCase")]
    Sent { entry: OutboxEntry, pet_id: i64 },
    /// This computer had already added the same pet (the created record, or a listing found
    /// it): not sent again; the entry left the outbox.
    AlreadyAdded {
        entry: OutboxEntry,
        earlier: Earlier,
    },
    /// The service refused it (kept, with its words).
    Refused { entry: OutboxEntry, message: String },
    /// It may have been added and could not be found (kept, never resent on its own).
    Unconfirmed { entry: OutboxEntry },
}

/// Why a run stopped before the outbox was empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum SendStop {
    /// Another program (the app, the CLI) is sending this outbox: this run sent nothing.
    AnotherSender,
    /// The key was refused: nothing more is sent until the person fixes it.
    Unauthorized { message: String },
    /// Sending is not possible now (no connection, the quota, a wait): try again then.
    CannotSendNow {
        reason: QueueReason,
        message: String,
    },
    /// Creates kept ending with an unknown outcome, as an import stops.
    KeptFailing { in_a_row: usize },
}

/// What one run did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SendReport {
    pub outcomes: Vec<SendOutcome>,
    /// Entries still in the outbox (waiting, refused or unconfirmed).
    pub left: usize,
    pub stop: Option<SendStop>,
}

/// Sends `outbox`'s waiting entries in order through `client` (give it
/// `Priority::Background`, and a deadline where the caller must not wait long). A wait the key
/// must honour stops the run with [`SendStop::CannotSendNow`] and its end, before anything is
/// taken: run again then.
/// `on_outcome` hears each entry's outcome once both files say it.
///
/// The files are small and local; their reads and writes happen on the calling task.
pub async fn send_outbox(
    outbox: &Outbox,
    data_dir: &std::path::Path,
    client: &PetstoreClient,
    mut on_outcome: impl FnMut(&SendOutcome) + Send,
) -> Result<SendReport, OutboxError> {
    let mut report = SendReport {
        outcomes: Vec::new(),
        left: 0,
        stop: None,
    };
    let Some(_sending) = SendLock::try_take(outbox)? else {
        report.left = outbox.entries()?.len();
        report.stop = Some(SendStop::AnotherSender);
        return Ok(report);
    };
    let mut sender = Sender {
        outbox,
        client,
        created: CreatedPets::open(data_dir, client.base_url().as_str())?,
        unknown_in_a_row: 0,
    };
    // Entries after the last one looked at: each is taken once per run, in the order filled.
    let mut after = 0;
    loop {
        // A wait in force (a 429's, a 503's, a spent quota's, one another program remembered) is
        // not sat out here: an entry marked as being sent could be neither edited nor dropped for
        // the hours a day window may take. The caller runs again once it is over.
        if let Some(until) = client.remembered_wait().filter(|until| *until > Utc::now()) {
            report.stop = Some(SendStop::CannotSendNow {
                reason: QueueReason::QuotaSpent { until: Some(until) },
                message: format!("the key must wait until {until}"),
            });
            break;
        }
        let next = outbox.entries()?.into_iter().find(|entry| {
            entry.id > after
                && matches!(
                    entry.state,
                    EntryState::Waiting | EntryState::Sending { .. }
                )
        });
        let Some(entry) = next else { break };
        after = entry.id;
        let step = sender.send_one(entry).await?;
        if let Some(outcome) = step.outcome {
            on_outcome(&outcome);
            report.outcomes.push(outcome);
        }
        if step.stop.is_some() {
            report.stop = step.stop;
            break;
        }
    }
    report.left = outbox.entries()?.len();
    Ok(report)
}

/// The outcome of one entry, and whether the run stops after it.
struct Step {
    outcome: Option<SendOutcome>,
    stop: Option<SendStop>,
}

impl Step {
    fn outcome(outcome: SendOutcome) -> Step {
        Step {
            outcome: Some(outcome),
            stop: None,
        }
    }
}

struct Sender<'a> {
    outbox: &'a Outbox,
    client: &'a PetstoreClient,
    created: CreatedPets,
    unknown_in_a_row: usize,
}

impl Sender<'_> {
    async fn send_one(&mut self, entry: OutboxEntry) -> Result<Step, OutboxError> {
        let pet = entry.new_pet();
        if let EntryState::Sending { key, .. } = &entry.state {
            // A sender died with it on its way: settle by listing before anything is resent.
            match self.find(&pet).await {
                Found::Pet(id) => {
                    self.created
                        .record_created(Some(key), &pet, id, CreateSource::Outbox)?;
                    return self.sent(entry, id);
                }
                Found::NotThere => self.created.record_refused(key)?,
                Found::Unsure => return self.unconfirmed(entry),
                // Still taken, with its key: a later run lists again before anything is sent.
                // Made waiting, its next claim would meet its own unsettled send.
                Found::Failed(error) => {
                    return Ok(Step {
                        outcome: None,
                        stop: Some(stop_for(&error)),
                    });
                }
            }
        }
        let key = single_key();
        let since = Utc::now();
        let taken = self.outbox.change(|file| {
            match file.entries.iter_mut().find(|e| e.id == entry.id) {
                // Dropped or edited by the person meanwhile: the file decides.
                Some(current) if current.new_pet() == pet => {
                    current.state = EntryState::Sending {
                        key: key.clone(),
                        since,
                    };
                    Ok((Some(current.clone()), true))
                }
                _ => Ok((None, false)),
            }
        })?;
        let Some(entry) = taken else {
            return Ok(Step {
                outcome: None,
                stop: None,
            });
        };
        let claim =
            self.created
                .claim_as(key.clone(), &pet, CreateSource::Outbox, entry.allow_repeat)?;
        if let Claim::Earlier(earlier) = claim {
            return self.held_back(entry, &pet, earlier).await;
        }
        let answer = self.client.create_pet(&pet).await;
        let settled = Settled::of(answer.as_ref().map(|created| created.value.id));
        self.created
            .settle(&key, &pet, CreateSource::Outbox, settled)?;
        match answer {
            Ok(created) => self.sent(entry, created.value.id),
            Err(error) if may_have_created(&error) => match self.find(&pet).await {
                Found::Pet(id) => {
                    self.created
                        .record_created(Some(&key), &pet, id, CreateSource::Outbox)?;
                    self.sent(entry, id)
                }
                Found::NotThere | Found::Unsure => {
                    self.unknown_in_a_row += 1;
                    let mut step = self.unconfirmed(entry)?;
                    if self.unknown_in_a_row >= MAX_UNKNOWN_IN_A_ROW {
                        step.stop = Some(SendStop::KeptFailing {
                            in_a_row: self.unknown_in_a_row,
                        });
                    }
                    Ok(step)
                }
                // Left as `Sending`: the next run lists again before anything is resent.
                Found::Failed(listing) => Ok(Step {
                    outcome: None,
                    stop: Some(stop_for(&listing)),
                }),
            },
            Err(error) => match error.kind() {
                // Refused by the service, or (a hand-edited file) by the client before it left.
                ErrorKind::BadRequest
                | ErrorKind::NotFound
                | ErrorKind::Gone
                | ErrorKind::InvalidInput => {
                    let message = error
                        .api_error()
                        .map_or_else(|| error.to_string(), |api| api.message.clone());
                    let entry = self.set_state(
                        &entry,
                        EntryState::Refused {
                            message: message.clone(),
                            at: Utc::now(),
                        },
                    )?;
                    Ok(Step::outcome(SendOutcome::Refused { entry, message }))
                }
                _ => self.cannot_send(&entry, error),
            },
        }
    }

    /// The created record knew the pet: with its id, the entry leaves; an add whose outcome is
    /// unknown is looked for first.
    async fn held_back(
        &mut self,
        entry: OutboxEntry,
        pet: &NewPet,
        earlier: Earlier,
    ) -> Result<Step, OutboxError> {
        let earlier = match earlier.pet_id {
            Some(_) => earlier,
            None => match self.find(pet).await {
                Found::Pet(id) => {
                    self.created
                        .record_created(None, pet, id, earlier.source.clone())?;
                    Earlier {
                        pet_id: Some(id),
                        ..earlier
                    }
                }
                Found::NotThere | Found::Unsure => return self.unconfirmed(entry),
                Found::Failed(error) => return self.cannot_send(&entry, error),
            },
        };
        let entry = self.remove(&entry)?;
        self.unknown_in_a_row = 0;
        Ok(Step::outcome(SendOutcome::AlreadyAdded { entry, earlier }))
    }

    fn sent(&mut self, entry: OutboxEntry, pet_id: i64) -> Result<Step, OutboxError> {
        let entry = self.remove(&entry)?;
        self.unknown_in_a_row = 0;
        Ok(Step::outcome(SendOutcome::Sent { entry, pet_id }))
    }

    fn unconfirmed(&mut self, entry: OutboxEntry) -> Result<Step, OutboxError> {
        let entry = self.set_state(&entry, EntryState::Unconfirmed { at: Utc::now() })?;
        Ok(Step::outcome(SendOutcome::Unconfirmed { entry }))
    }

    /// Nothing was created: the entry waits again, and the run stops (401, network, quota).
    fn cannot_send(&mut self, entry: &OutboxEntry, error: Error) -> Result<Step, OutboxError> {
        self.set_state(entry, EntryState::Waiting)?;
        Ok(Step {
            outcome: None,
            stop: Some(stop_for(&error)),
        })
    }

    fn set_state(
        &self,
        entry: &OutboxEntry,
        state: EntryState,
    ) -> Result<OutboxEntry, OutboxError> {
        self.outbox.change(
            |file| match file.entries.iter_mut().find(|e| e.id == entry.id) {
                Some(current) => {
                    current.state = state;
                    Ok((current.clone(), true))
                }
                None => Ok((entry.clone(), false)),
            },
        )
    }

    fn remove(&self, entry: &OutboxEntry) -> Result<OutboxEntry, OutboxError> {
        self.outbox.change(|file| {
            let before = file.entries.len();
            file.entries.retain(|e| e.id != entry.id);
            Ok((entry.clone(), file.entries.len() != before))
        })
    }

    /// Looks for `pet` in the service's lists (bounded, as Check now).
    async fn find(&self, pet: &NewPet) -> Found {
        let wanted = Wanted {
            name: &pet.name,
            category_id: pet.category_id,
            known_before: None,
        };
        match look_for(self.client, wanted, CHECK_MAX_PAGES).await {
            Ok(checked) => match (checked.found, checked.covered) {
                (Some(found), _) => Found::Pet(found.id),
                (None, true) => Found::NotThere,
                (None, false) => Found::Unsure,
            },
            Err(crate::pages::PagesError::Client(error)) => Found::Failed(error),
            Err(_) => Found::Unsure,
        }
    }
}

enum Found {
    Pet(i64),
    /// The lists were read to their end without it.
    NotThere,
    /// The lists could not be read to their end.
    Unsure,
    /// Listing failed.
    Failed(Error),
}

fn stop_for(error: &Error) -> SendStop {
    match error.kind() {
        ErrorKind::Unauthorized => SendStop::Unauthorized {
            message: error.to_string(),
        },
        _ => SendStop::CannotSendNow {
            reason: QueueReason::of(error),
            message: error.to_string(),
        },
    }
}

/// Held by the one program sending an outbox; the OS lets go of it when that program exits.
struct SendLock {
    _file: File,
}

impl SendLock {
    /// The lock, or `None` when another program holds it.
    fn try_take(outbox: &Outbox) -> Result<Option<SendLock>, OutboxError> {
        let path = petstore_local::localfile::with_suffix(outbox.path(), ".send.lock");
        let io = |doing| {
            let path = path.clone();
            move |source| OutboxError::Io {
                path,
                doing,
                source,
            }
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io("created"))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io("locked"))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(SendLock { _file: file })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(error)) => Err(io("locked")(error)),
        }
    }
}
