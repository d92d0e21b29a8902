//! Check now: is the pet of an unconfirmed create in the service's lists? Bounded, and one at a
//! time per entry, so no caller can make it spend the quota without end.
//!
//! A second Check now of the same entry while one runs (a double click, a second window, a
//! compromised web view asking in a loop) joins the run under way: one series of requests, one
//! answer for both. A check reads at most `petstore_bulk::CHECK_MAX_PAGES` pages, and fewer when
//! the list is served newest first and this history knows a pet that existed before the create
//! (`petstore_bulk::check`); stopped before the end, it says "could not be checked"
//! (`covered: false`), never "not found".
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use petstore_activity::{self as activity, Entry, ResolutionKind as StoreResolution};
use petstore_bulk::{CHECK_MAX_PAGES, CreateSource, PagesError, Wanted};
use petstore_client::{Operation, Outcome, Priority};
use tokio::sync::OnceCell;

use super::Backend;
use super::activity::{entry, parse_id, resolution};
use crate::dto::{CheckResult, CommandError, Pet};

/// Creates looked at for the highest pet id known before an entry: the latest ones are enough.
const KNOWN_BEFORE_SCAN: u32 = 50;

type Answer = Result<CheckResult, CommandError>;

/// The checks running, by entry id.
#[derive(Debug, Default)]
pub(super) struct Checks {
    running: Mutex<HashMap<i64, Arc<OnceCell<Answer>>>>,
}

impl Checks {
    /// The run of `entry` under way, or a new one.
    fn join(&self, entry: i64) -> Arc<OnceCell<Answer>> {
        self.lock().entry(entry).or_default().clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Arc<OnceCell<Answer>>>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Lets the next Check now of the entry read afresh once this run has its answer. A run
/// dropped before it (its caller went away) stays, for a caller still waiting on it to finish.
struct Ended<'a> {
    checks: &'a Checks,
    entry: i64,
    run: Arc<OnceCell<Answer>>,
}

impl Drop for Ended<'_> {
    fn drop(&mut self) {
        let mut running = self.checks.lock();
        if self.run.initialized()
            && running
                .get(&self.entry)
                .is_some_and(|run| Arc::ptr_eq(run, &self.run))
        {
            running.remove(&self.entry);
        }
    }
}

impl Backend {
    /// Looks for the entry's pet (same name and category) in its environment's lists; found,
    /// the entry is settled with its id. Asked again while a check of the same entry runs, the
    /// answer is that check's.
    pub async fn check_unconfirmed(&self, id: &str) -> Result<CheckResult, CommandError> {
        let entry_id = parse_id(id)?;
        let run = self.checks.join(entry_id);
        let _ended = Ended {
            checks: &self.checks,
            entry: entry_id,
            run: run.clone(),
        };
        run.get_or_init(|| self.check_once(id)).await.clone()
    }

    async fn check_once(&self, id: &str) -> Answer {
        let (record, pet) = self.unconfirmed_entry(id).await?;
        let known_before = self.known_before(&record).await?;
        // Pages of the store: bulk work, which leaves people's clicks the window's end.
        let client = self
            .client(record.record.environment)
            .await?
            .with_priority(Priority::Background);
        let wanted = Wanted {
            name: &pet.name,
            category_id: pet.category_id,
            known_before,
        };
        let checked = petstore_bulk::look_for(&client, wanted, CHECK_MAX_PAGES)
            .await
            .map_err(|error| match error {
                PagesError::Client(error) => CommandError::from(error),
                _ => CommandError::Decode {
                    status: None,
                    json_path: None,
                },
            })?;
        log::info!(
            "Check now read {} page(s): found {}, covered {}",
            checked.pages,
            checked.found.is_some(),
            checked.covered
        );
        let entry_id = record.id;
        let updated = match &checked.found {
            Some(found) => {
                let pet_id = found.id;
                // Found: the record of created pets names it with its id from now on ("already
                // added, pet 457") where it said "may have been added".
                let (found_pet, base_url) = (pet.clone(), record.record.base_url.clone());
                let recorded = self
                    .on_record(&base_url, move |created| {
                        created.record_created(None, &found_pet, pet_id, CreateSource::Form)
                    })
                    .await;
                if let Err(error) = recorded {
                    log::warn!("pet {pet_id} found, not recorded: {error:?}");
                }
                self.on_store(move |store| {
                    store.resolve(entry_id, resolution(StoreResolution::Found, Some(pet_id)))
                })
                .await?
            }
            None => Some(record),
        };
        let updated = updated.ok_or(CommandError::ActivityUnavailable)?;
        Ok(CheckResult {
            entry: entry(&updated),
            found: checked.found.as_ref().map(Pet::from),
            covered: checked.covered,
        })
    }

    /// The highest id of a pet created in the entry's environment (same address) whose answer
    /// came before the entry's create was sent: it existed then. `None` when the history has
    /// none.
    async fn known_before(&self, record: &Entry) -> Result<Option<i64>, CommandError> {
        let sent = record.record.started_at;
        let filter = activity::Filter {
            environment: Some(record.record.environment),
            base_url: Some(record.record.base_url.clone()),
            operation: Some(Operation::CreatePet),
            outcome: Some(Outcome::Ok),
            until: Some(sent),
            ..activity::Filter::default()
        };
        let created = self
            .on_store(move |store| store.query(&filter, 0, KNOWN_BEFORE_SCAN))
            .await?;
        Ok(created
            .iter()
            .filter(|earlier| {
                // Answered before the entry was sent, not merely sent before it.
                chrono::TimeDelta::from_std(earlier.record.duration)
                    .ok()
                    .and_then(|took| earlier.record.started_at.checked_add_signed(took))
                    .is_some_and(|answered| answered < sent)
            })
            .filter_map(|earlier| earlier.record.pet.as_ref()?.id)
            .max())
    }
}
