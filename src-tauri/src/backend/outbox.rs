//! The outbox (issue 39): pets the New pet form could not send now (no connection, the quota
//! spent, a wait), kept per environment by `petstore_bulk::Outbox` (on disk, shared with the CLI)
//! and sent later by a sender per environment (`sender.rs`), in order, each once.
//!
//! The commands here list, queue, edit, drop and "send anyway"; each change is on disk before it
//! answers, is told to every window as `outbox-changed`, and wakes the environment's sender.
//! Which failures may be queued is decided once, by `petstore_bulk::may_queue`, where the form's
//! create fails (`pets.rs`): the UI only reads the flag.

mod sender;

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use petstore_bulk::{Outbox, OutboxEntry, OutboxError, QueueReason, SendOutcome};
use petstore_client::{Environment, NewPet};
use tokio::sync::Notify;

use super::Backend;
use crate::convert::instant;
use crate::dto::{
    self, AppEvent, CommandError, FileProblem, NewPetInput, OutboxChanged, OutboxItem,
    OutboxProblem, OutboxRecord, OutboxView, Reason, SenderState,
};

pub use sender::OutboxNotice;

/// How many outcomes this session keeps for the Activity view.
const KEPT_OUTCOMES: usize = 200;

/// The app's side of every environment's outbox: what each sender is doing, its wake-up, the
/// last unsendable create of the form (its reason), and this session's outcomes.
#[derive(Debug, Default)]
pub(super) struct Outboxes {
    inner: Mutex<State>,
    wakes: [Notify; Environment::ALL.len()],
}

#[derive(Debug, Default)]
struct State {
    senders: HashMap<Environment, SenderState>,
    /// Why the form's last create in an environment could not be sent (its pet and reason).
    unsent: HashMap<Environment, (NewPet, QueueReason)>,
    /// A damaged outbox file, kept aside under this name.
    damaged: HashMap<Environment, String>,
    /// Newest last.
    outcomes: Vec<OutboxRecord>,
}

impl Outboxes {
    fn state(&self) -> MutexGuard<'_, State> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wake(&self, env: Environment) {
        self.wakes[index(env)].notify_one();
    }

    /// The form's create in `env` failed in a way the outbox may take: its reason, for a queue.
    pub(super) fn note_unsent(&self, env: Environment, pet: &NewPet, reason: QueueReason) {
        self.state().unsent.insert(env, (pet.clone(), reason));
    }

    fn sender_state(&self, env: Environment) -> SenderState {
        self.state()
            .senders
            .get(&env)
            .cloned()
            .unwrap_or(SenderState::Idle)
    }
}

fn index(env: Environment) -> usize {
    Environment::ALL
        .iter()
        .position(|e| *e == env)
        .unwrap_or_default()
}

impl Backend {
    /// Every environment's outbox, in the order of `Environment::ALL`.
    pub async fn list_outboxes(&self) -> Result<Vec<OutboxView>, CommandError> {
        let mut all = Vec::with_capacity(Environment::ALL.len());
        for env in Environment::ALL {
            all.push(self.outbox_view(env).await?);
        }
        Ok(all)
    }

    /// This session's outcomes of sent entries, newest first.
    pub fn outbox_outcomes(&self) -> Vec<OutboxRecord> {
        self.outboxes
            .state()
            .outcomes
            .iter()
            .rev()
            .cloned()
            .collect()
    }

    /// Queues the pet for `env` as its last entry (on disk before this answers) and wakes the
    /// sender. Why it waits: the form's last failure for that pet there, else "chosen".
    /// `allow_repeat`: the person already said yes to adding it again.
    pub async fn queue_pet(
        &self,
        env: Environment,
        input: &NewPetInput,
        allow_repeat: bool,
    ) -> Result<OutboxView, CommandError> {
        let pet = input.to_new_pet()?;
        let reason = match self.outboxes.state().unsent.remove(&env) {
            Some((unsent, reason)) if unsent == pet => reason,
            _ => QueueReason::Chosen,
        };
        let entry = self
            .on_outbox(env, move |outbox| outbox.queue(&pet, reason, allow_repeat))
            .await?;
        log::info!(
            "a pet was queued in the outbox of {env} (entry {})",
            entry.id
        );
        self.outbox_changed(env).await
    }

    /// Changes a waiting (or refused, or unconfirmed) entry's pet; it waits again.
    pub async fn edit_outbox_entry(
        &self,
        env: Environment,
        id: &str,
        input: &NewPetInput,
    ) -> Result<OutboxView, CommandError> {
        let (id, pet) = (entry_id(id)?, input.to_new_pet()?);
        self.on_outbox(env, move |outbox| outbox.edit(id, &pet))
            .await?;
        self.person_acted(env);
        self.outbox_changed(env).await
    }

    /// Removes an entry that is not on its way: it will not be added.
    pub async fn drop_outbox_entry(
        &self,
        env: Environment,
        id: &str,
    ) -> Result<OutboxView, CommandError> {
        let id = entry_id(id)?;
        self.on_outbox(env, move |outbox| outbox.drop_entry(id))
            .await?;
        self.person_acted(env);
        self.outbox_changed(env).await
    }

    /// The person's yes to "Send it anyway?" for an entry that may have been added.
    pub async fn send_outbox_entry_anyway(
        &self,
        env: Environment,
        id: &str,
    ) -> Result<OutboxView, CommandError> {
        let id = entry_id(id)?;
        self.on_outbox(env, move |outbox| outbox.send_anyway(id))
            .await?;
        self.person_acted(env);
        self.outbox_changed(env).await
    }

    /// Settings → "Add when possible without asking" for `env`.
    pub async fn set_add_without_asking(
        &self,
        env: Environment,
        on: bool,
    ) -> Result<OutboxView, CommandError> {
        self.change_settings(|settings| {
            settings.add_when_possible.retain(|e| *e != env);
            if on {
                settings.add_when_possible.push(env);
            }
            Ok(())
        })?;
        let view = self.outbox_view(env).await?;
        self.tell_outbox(view.clone(), None);
        Ok(view)
    }

    /// The person acted on an entry: a sender stopped after unknown outcomes goes again.
    fn person_acted(&self, env: Environment) {
        self.clear_stop(env, |state| {
            matches!(state, SenderState::KeptFailing { .. })
        });
    }

    /// `env`'s address or key changed: a sender stopped by a refused key tries again.
    pub(super) fn outbox_connection_changed(&self, env: Environment) {
        self.clear_stop(env, |state| matches!(state, SenderState::Unauthorized));
    }

    fn clear_stop(&self, env: Environment, stopped: impl Fn(&SenderState) -> bool) {
        {
            let mut state = self.outboxes.state();
            if state.senders.get(&env).is_some_and(stopped) {
                state.senders.insert(env, SenderState::Idle);
            }
        }
        self.outboxes.wake(env);
    }

    /// The outbox of `env` at its address now, when there is a data folder and an address.
    async fn outbox_of(&self, env: Environment) -> Option<Outbox> {
        let data_dir = self.data_dir.as_deref()?;
        let base_url = self.base_url(env, false).await.ok()?;
        Some(Outbox::new(data_dir, base_url.as_str()))
    }

    /// `env`'s outbox as the UI shows it.
    async fn outbox_view(&self, env: Environment) -> Result<OutboxView, CommandError> {
        let entries = match self.outbox_of(env).await {
            Some(outbox) => self.read_entries(env, outbox).await?,
            None => Vec::new(),
        };
        Ok(self.view_of(env, &entries))
    }

    /// `env`'s outbox as the UI shows it, with these entries.
    fn view_of(&self, env: Environment, entries: &[OutboxEntry]) -> OutboxView {
        let add_without_asking = self.settings().add_when_possible.contains(&env);
        OutboxView {
            environment: env,
            entries: entries.iter().map(OutboxItem::from).collect(),
            sender: self.outboxes.sender_state(env),
            add_without_asking,
            damaged_kept_as: self.outboxes.state().damaged.get(&env).cloned(),
        }
    }

    /// The entries, on the blocking pool; a damaged file is named (once moved aside, the
    /// outbox reads as empty).
    async fn read_entries(
        &self,
        env: Environment,
        outbox: Outbox,
    ) -> Result<Vec<OutboxEntry>, CommandError> {
        let read = tokio::task::spawn_blocking(move || outbox.entries())
            .await
            .map_err(|joined| io_problem(&std::io::Error::other(joined)))?;
        match read {
            Err(OutboxError::Damaged { kept_as, .. }) => {
                self.outboxes
                    .state()
                    .damaged
                    .insert(env, kept_as.display().to_string());
                Ok(Vec::new())
            }
            other => other.map_err(|error| outbox_error(&error)),
        }
    }

    /// Runs `work` on `env`'s outbox on the blocking pool (a synced write).
    async fn on_outbox<T: Send + 'static>(
        &self,
        env: Environment,
        work: impl FnOnce(&Outbox) -> Result<T, OutboxError> + Send + 'static,
    ) -> Result<T, CommandError> {
        if self.data_dir.is_none() {
            return Err(CommandError::file(FileProblem::NoDataFolder));
        }
        let outbox = match self.outbox_of(env).await {
            Some(outbox) => outbox,
            // No address: the configuration's own error says what is missing.
            None => {
                return Err(self
                    .base_url(env, false)
                    .await
                    .err()
                    .unwrap_or_else(|| CommandError::file(FileProblem::NoDataFolder)));
            }
        };
        tokio::task::spawn_blocking(move || work(&outbox))
            .await
            .map_err(|joined| io_problem(&std::io::Error::other(joined)))?
            .map_err(|error| outbox_error(&error))
    }

    /// Tells every window and wakes the sender (the person changed the outbox).
    async fn outbox_changed(&self, env: Environment) -> Result<OutboxView, CommandError> {
        let view = self.outbox_view(env).await?;
        self.tell_outbox(view.clone(), None);
        self.outboxes.wake(env);
        Ok(view)
    }

    /// Tells every window of `view`, with the outcome that changed it, if any.
    fn tell_outbox(&self, view: OutboxView, outcome: Option<&SendOutcome>) {
        let record = outcome.map(|outcome| self.record_outcome(view.environment, outcome));
        self.events
            .0
            .emit(AppEvent::OutboxChanged(Box::new(OutboxChanged {
                outbox: view,
                outcome: record,
            })));
    }

    fn record_outcome(&self, env: Environment, outcome: &SendOutcome) -> OutboxRecord {
        let record = OutboxRecord {
            environment: env,
            at: instant(chrono::Utc::now()),
            entry: dto::outcome_entry(outcome).id.to_string(),
            outcome: outcome.into(),
        };
        let mut state = self.outboxes.state();
        state.outcomes.push(record.clone());
        if state.outcomes.len() > KEPT_OUTCOMES {
            state.outcomes.remove(0);
        }
        record
    }
}

fn entry_id(id: &str) -> Result<u64, CommandError> {
    id.trim()
        .parse()
        .map_err(|_| CommandError::Outbox(OutboxProblem::EntryGone))
}

fn io_problem(error: &std::io::Error) -> CommandError {
    CommandError::file(FileProblem::FileNotWritten {
        path: String::new(),
        reason: Reason::io(error),
    })
}

/// The outbox's refusal as the UI's error: typed, its facts only.
pub(super) fn outbox_error(error: &OutboxError) -> CommandError {
    log::warn!("{error}");
    let limit = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    match error {
        OutboxError::Full { limit: most } => CommandError::Outbox(OutboxProblem::OutboxFull {
            limit: limit(*most),
        }),
        OutboxError::NotFound { .. } => CommandError::Outbox(OutboxProblem::EntryGone),
        OutboxError::BeingSent { .. } => CommandError::Outbox(OutboxProblem::EntryBeingSent),
        OutboxError::Invalid(input) => input.clone().into(),
        OutboxError::NameTooLong { .. } => CommandError::input(dto::Field::Name, None),
        OutboxError::Created(created) => CommandError::file(FileProblem::CreatedRecord {
            reason: created.into(),
        }),
        OutboxError::Io { path, source, .. } => CommandError::file(FileProblem::FileNotWritten {
            path: path.display().to_string(),
            reason: Reason::io(source),
        }),
        OutboxError::Damaged { path, .. } => CommandError::file(FileProblem::FileNotRead {
            path: path.display().to_string(),
            reason: Reason::io(&std::io::Error::from(std::io::ErrorKind::InvalidData)),
        }),
    }
}
