//! The import: every valid row of a file through `create_pet`, one at a time, with
//! the journal written before and after each request. Resumes where an earlier run stopped,
//! never sends a row already created or possibly created, reconciles rows whose outcome was
//! lost by listing the pets, and resends those not found only when the person says so.

mod control;
mod reconcile;
mod repeats;
mod report;
mod send;
mod shared;
mod waits;

use std::collections::BTreeMap;
use std::path::Path;

use chrono::Utc;
use petstore_client::{NewPet, PetstoreClient};
use tokio::sync::watch;

pub use control::{ImportControl, Phase, Progress};
pub use reconcile::{Looked, look_for_creates};
pub use repeats::{Repeats, repeats_of};
pub use report::{Counts, ImportReport, Outcome, RowReport, Stop, StopCause};
pub use shared::RowToSend;
pub use waits::LONGEST_WAIT;
use waits::Waited;

use crate::contract::ParsedFile;
use crate::created::{CreateSource, CreatedError, CreatedPets, Repeat};
use crate::estimate::Estimate;
use crate::journal::{Journal, JournalError, JournalId, RowState, UnknownReason};
use crate::pages::PagesError;
use reconcile::UnknownFilter;
use repeats::repeats_in;

/// Rows in a row whose outcome is unknown (5xx, timeout, dropped connection) after which an
/// import stops. Each such row is a pet that may exist and has to be looked for; a service that
/// answers five creates in a row that way is failing, not having a bad moment (the client has
/// already retried what it safely could), and five keeps the rows to reconcile few while a
/// single lost answer in a healthy run never stops it.
pub const MAX_UNKNOWN_IN_A_ROW: usize = 5;

/// What only the person may decide.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ImportOptions {
    /// Send again the rows whose outcome stayed unknown after reconciliation (not found among
    /// the new pets). The person's yes, never a default.
    pub resend_unknown: bool,
    /// Send the rows that repeat a pet this computer already created in the environment, or an
    /// earlier row of the file. The person's explicit, counted choice, never a default.
    pub allow_repeats: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error(transparent)]
    Journal(#[from] JournalError),
    #[error(transparent)]
    Created(#[from] CreatedError),
    #[error(
        "Could not list the pets before the import (needed to find later which pets it created): {0} Nothing was sent."
    )]
    ListingBefore(#[source] PagesError<std::convert::Infallible>),
}

/// One import of one file to one environment, ready to run (its journal open and locked).
#[derive(Debug)]
pub struct Import {
    client: PetstoreClient,
    file: ParsedFile,
    journal: Journal,
    /// The journal state of each row when this run began (to tell skipped from created).
    at_start: Vec<RowState>,
    control: ImportControl,
    progress: watch::Sender<Progress>,
    /// The counts of `progress`, kept as rows change (never recounted: 100,000 rows).
    tally: Progress,
    /// Every pet this computer created in the environment (this import's rows are written
    /// there too, keyed by `journal_name`).
    created: CreatedPets,
    journal_name: String,
    /// The file's name as the person knows it, for "already added from shelter.csv line 2".
    file_name: String,
    /// The valid rows that repeat a pet, left out unless the person allows repeats.
    repeats: BTreeMap<usize, Repeat>,
}

impl Import {
    /// Opens (or resumes) the journal of `file_bytes` to the client's environment in
    /// `data_dir`. The import sends through `client` as given: the app gives it a
    /// `client.with_priority(Priority::Background)` handle, so a person's clicks go first and
    /// find room in every quota window; the CLI, alone in its process, a plain one (full
    /// speed). `file` is `contract::parse(file_bytes)`, or the app's preview after fixes
    /// (then pass the fixed content's bytes, so a changed file is a new import).
    pub fn prepare(
        data_dir: &Path,
        file_bytes: &[u8],
        file: ParsedFile,
        client: &PetstoreClient,
    ) -> Result<Import, ImportError> {
        let id = JournalId::new(file_bytes, client.base_url().as_str());
        let journal = Journal::open(data_dir, &id, file.rows.len())?;
        let created = CreatedPets::open(data_dir, client.base_url().as_str())?;
        // Only rows this run might send can be left out as repeats; the rest are the journal's.
        let mut repeats = repeats_in(&file, &created, id.name(), |row| {
            journal.state(row).may_send()
        });
        repeats.retain(|row, _| journal.state(*row).may_send());
        let at_start = (0..file.rows.len()).map(|i| journal.state(i)).collect();
        let mut import = Import {
            client: client.clone(),
            file,
            journal,
            at_start,
            control: ImportControl::default(),
            progress: watch::Sender::new(Progress::new(0)),
            tally: Progress::new(0),
            created,
            journal_name: id.name().to_owned(),
            file_name: String::new(),
            repeats,
        };
        import.recount();
        import.publish(Phase::ListingBefore);
        Ok(import)
    }

    /// Counts every row's outcome afresh (at the start of a run only).
    fn recount(&mut self) {
        let valid = self.file.valid_rows().count();
        let mut tally = Progress::new(valid.saturating_sub(self.repeats.len()));
        for (row, _) in self.file.valid_rows() {
            count(&mut tally, &self.outcome(row.index), 1);
        }
        self.tally = tally;
    }

    fn outcome(&self, index: usize) -> Outcome {
        let state = self.journal.state(index);
        Outcome::of(&state, &self.at_start[index], self.repeats.get(&index))
    }

    /// The valid rows that repeat a pet this computer already created (or may have) in the
    /// environment, or an earlier row of the file; not sent unless repeats are allowed.
    pub fn repeats(&self) -> &BTreeMap<usize, Repeat> {
        &self.repeats
    }

    /// An earlier run of this import left a journal: rows it created are skipped.
    pub fn resumed(&self) -> bool {
        self.journal.resumed()
    }

    pub fn file(&self) -> &ParsedFile {
        &self.file
    }

    /// Records the file this import reads in its journal, so the app can offer to resume it
    /// after a restart (`journal::unfinished`); `file_name` is the name the person knows it by
    /// (the app imports a copy when rows were fixed in place), kept with each pet created.
    pub fn record_source(&mut self, path: &Path, file_name: &str) -> Result<(), ImportError> {
        self.file_name = file_name.to_owned();
        Ok(self.journal.record_source(path)?)
    }

    pub fn journal_path(&self) -> &Path {
        self.journal.path()
    }

    pub fn control(&self) -> ImportControl {
        self.control.clone()
    }

    pub fn progress(&self) -> watch::Receiver<Progress> {
        self.progress.subscribe()
    }

    /// Rows this run would send (valid, not created by an earlier run, not awaiting
    /// reconciliation, not a repeat left out).
    pub fn to_send(&self) -> usize {
        self.file
            .valid_rows()
            .filter(|(row, _)| {
                self.journal.state(row.index).may_send() && !self.repeats.contains_key(&row.index)
            })
            .count()
    }

    /// The time the rows still to send take under the latest quota the key saw.
    pub fn estimate(&self) -> Estimate {
        let now = Utc::now();
        Estimate::new(
            self.to_send() as u64,
            self.client.rate_limit().as_ref(),
            now,
        )
        .after_wait(self.client.remembered_wait(), now)
    }

    /// Runs to the end, a cancel or a stop. Rows are sent one at a time, in file order.
    pub async fn run(mut self, options: ImportOptions) -> Result<ImportReport, ImportError> {
        if options.allow_repeats && !self.repeats.is_empty() {
            self.repeats.clear();
            self.recount();
        }
        if self.journal.before().is_none() {
            let ids = match self.list_ids_when_allowed().await? {
                Ok(ids) => ids,
                // Nothing was sent: a cancel or a wait too long to sit out ends the run here.
                Err(stop) => {
                    self.publish(Phase::Finished);
                    return Ok(self.report(Some(stop)));
                }
            };
            self.journal.record_before(&ids)?;
        }
        self.publish(Phase::Sending);
        let rows: Vec<(usize, NewPet)> = self
            .file
            .valid_rows()
            .map(|(row, pet)| (row.index, pet.clone()))
            .collect();
        let mut stopped = self.send_rows(&rows, Phase::Sending, true).await?;
        stopped = self.reconcile_after(stopped).await?;
        if stopped.is_none() && options.resend_unknown && self.any_unknown(UnknownFilter::NotFound)
        {
            self.publish(Phase::Resending);
            let again: Vec<(usize, NewPet)> = rows
                .iter()
                .filter(|(index, _)| {
                    self.journal.state(*index)
                        == RowState::Unknown {
                            reason: UnknownReason::NotFound,
                        }
                })
                .cloned()
                .collect();
            stopped = self.send_rows(&again, Phase::Resending, false).await?;
            stopped = self.reconcile_after(stopped).await?;
        }
        let report = self.report(stopped);
        if report.all_created() {
            self.journal.record_finished()?;
        }
        self.publish(Phase::Finished);
        Ok(report)
    }

    fn source(&self, index: usize) -> CreateSource {
        CreateSource::Import {
            file_name: self.file_name.clone(),
            line: self.file.rows.get(index).map_or(0, |row| row.line),
        }
    }

    /// Records a row's new state in the journal (synced) and in the counts.
    fn record(&mut self, index: usize, state: RowState) -> Result<(), JournalError> {
        let at_start = &self.at_start[index];
        let repeat = self.repeats.get(&index);
        let old = Outcome::of(&self.journal.state(index), at_start, repeat);
        let new = Outcome::of(&state, at_start, repeat);
        self.journal.record(index, state)?;
        count(&mut self.tally, &old, -1);
        count(&mut self.tally, &new, 1);
        Ok(())
    }

    fn publish(&self, phase: Phase) {
        self.publish_waiting(phase, None);
    }

    /// The progress, with the end of the rate-limit wait it sits out now, if it does.
    fn publish_waiting(&self, phase: Phase, waiting_until: Option<chrono::DateTime<Utc>>) {
        let mut progress = self.tally.clone();
        progress.phase = phase;
        progress.waiting_until = waiting_until;
        progress.paused = self.control.is_paused();
        progress.quota = self.client.rate_limit();
        let left = progress.total.saturating_sub(progress.done()) as u64;
        let now = Utc::now();
        progress.time_left = Estimate::new(left, progress.quota.as_ref(), now)
            .after_wait(waiting_until, now)
            .duration;
        self.progress.send_replace(progress);
    }

    fn report(&self, stopped: Option<Stop>) -> ImportReport {
        let rows = self
            .file
            .rows
            .iter()
            .map(|row| {
                let outcome = if row.pet.is_none() {
                    Outcome::Invalid {
                        problems: row.problems.clone(),
                    }
                } else {
                    self.outcome(row.index)
                };
                RowReport::new(row, outcome)
            })
            .collect();
        ImportReport::new(self.journal.resumed(), rows, stopped)
    }
}

/// Adds `by` (1 or -1) to the count `outcome` belongs to.
fn count(tally: &mut Progress, outcome: &Outcome, by: isize) {
    let slot = match outcome {
        Outcome::Created { .. } => &mut tally.created,
        Outcome::Skipped { .. } => &mut tally.skipped,
        Outcome::Failed { .. } => &mut tally.failed,
        Outcome::Unknown { .. } => &mut tally.unknown,
        Outcome::Repeated { .. } => &mut tally.repeated,
        Outcome::Invalid { .. } | Outcome::NotSent => return,
    };
    *slot = slot.saturating_add_signed(by);
}
