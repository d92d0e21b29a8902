//! The import's own tasks: the run, which outlives the command and the dialog, and the
//! forwarding of its progress to the UI.

use std::path::Path;
use std::sync::{Arc, Mutex};

use petstore_bulk::shared_desk::{self, Desk};
use petstore_bulk::{Import, ImportOptions};
use petstore_client::PetstoreClient;

use super::{Current, Job, PROGRESS_EVERY, convert, file_error, lock};
use crate::dto::{AppEvent, CommandError, ImportPhase};
use crate::events::EventSink;

pub(super) fn prepare(
    data_dir: &Path,
    job: &Job,
    client: &PetstoreClient,
) -> Result<Import, CommandError> {
    let mut import = Import::prepare(data_dir, &job.bytes, job.file.clone(), client)
        .map_err(|error| file_error(&error))?;
    import
        .record_source(&job.source, &job.file_name)
        .map_err(|error| file_error(&error))?;
    Ok(import)
}

/// Runs the import on its own task (it outlives the command and the dialog), with a second task
/// passing its progress to the UI. With `desk` (a shared store reached, issue 41) every row is
/// claimed there before the first is sent, and settled from the report after.
pub(super) fn spawn_run(
    mut import: Import,
    options: ImportOptions,
    job: Job,
    mut desk: Option<Desk>,
    current: Arc<Mutex<Option<Current>>>,
    events: Arc<dyn EventSink>,
) {
    let mut watch = import.progress();
    let forwarder = {
        let (current, events, job) = (current.clone(), events.clone(), job.clone());
        tokio::spawn(async move {
            while watch.changed().await.is_ok() {
                let cancelling = lock(&current)
                    .as_ref()
                    .is_some_and(|c| c.control.is_cancelled());
                let progress = convert::progress(&watch.borrow_and_update(), &job, cancelling);
                if let Some(current) = lock(&current).as_mut().filter(|c| c.running) {
                    current.progress = progress.clone();
                }
                events.emit(AppEvent::ImportProgress(progress));
                tokio::time::sleep(PROGRESS_EVERY).await;
            }
        })
    };
    tokio::spawn(async move {
        let claimed = match desk.as_mut() {
            Some(shared) => shared_desk::claim_rows(
                shared,
                &mut import,
                &job.base_url,
                &job.file_name,
                job.allow_repeats,
            )
            .await
            .map(Some),
            None => Ok(None),
        };
        let (outcome, result) = match claimed {
            Ok(claimed) => {
                if let Some(rows) = claimed.as_ref().filter(|rows| rows.in_progress > 0) {
                    log::warn!("{} rows are being added by other desks", rows.in_progress);
                }
                let outcome = import.run(options).await;
                if let (Some(shared), Some(rows), Ok(report)) = (desk.as_mut(), &claimed, &outcome)
                {
                    shared_desk::settle_rows(shared, &job.base_url, &rows.claimed, report).await;
                }
                let result = match &outcome {
                    Ok(report) => convert::result(report, &job),
                    Err(error) => convert::failed_start(&job, file_error(error)),
                };
                (outcome.ok(), result)
            }
            // Nothing was sent: the claims made so far were given back.
            Err(error) => {
                log::warn!("the import's rows could not be claimed in the shared store: {error}");
                let problem = super::super::shared_store::problem(error);
                (None, convert::failed_start(&job, problem))
            }
        };
        forwarder.abort();
        log::info!(
            "import to {} ended: {} created, {} unknown, {} failed",
            job.env,
            result.counts.created,
            result.counts.unknown,
            result.counts.failed
        );
        if let Some(current) = lock(&current).as_mut() {
            current.running = false;
            current.progress.phase = ImportPhase::Finished;
            current.progress.paused = false;
            current.progress.cancelling = false;
            current.progress.seconds_left = Some(0);
            current.result = Some(result.clone());
            current.report = outcome;
        }
        events.emit(AppEvent::ImportFinished(Box::new(result)));
    });
}
