//! Import from a file, over `petstore-bulk`: read and validate a file for the
//! preview, fix invalid rows in place, then run the import in the background (it goes on when the
//! dialog is closed), paused, resumed or cancelled from the UI, with its progress as events and
//! its end screen kept for a reopened dialog.
//!
//! Content identity: the journal of an import is named after the exact bytes it imports and the
//! environment's base address (`petstore-bulk`'s `JournalId`). A file imported as it is keeps the
//! file's bytes. A file with rows fixed in place is another content: the app writes the fixed rows
//! to a copy in its data folder (`imports/fixed-<sha256>.csv`, a `line` column keeping the
//! original line numbers) and imports that copy, so the journal names what was really sent, the
//! same fixes give the same journal, and a restart finds the copy to resume from.

mod convert;
mod fixed;
mod run;
mod status;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use chrono::Utc;
use petstore_bulk::{Cells, Estimate, ImportOptions, JournalId, MAX_FILE_BYTES, ParsedFile};
use petstore_client::{Environment, Priority};

use super::Backend;
use crate::dto::{
    CommandError, FileProblem, ImportPreview, ImportProblem, ImportProgress, ImportResult,
    RowCells, SharedStoreProblem,
};

/// How often progress events go to the UI at most: counts change with every row.
const PROGRESS_EVERY: Duration = Duration::from_millis(150);

/// The preview on screen and the import of this session.
#[derive(Debug, Default)]
pub(super) struct Imports {
    /// The files the person chose in the picker (or was offered to resume): the only files a
    /// preview reads, so the web view cannot name another file for the app to read.
    chosen: Mutex<std::collections::HashSet<PathBuf>>,
    preview: Mutex<Option<Preview>>,
    current: Arc<Mutex<Option<Current>>>,
}

/// A file read for the preview, with the fixes made to it so far.
#[derive(Debug, Clone)]
struct Preview {
    path: PathBuf,
    bytes: Vec<u8>,
    file: ParsedFile,
    edited: bool,
    env: Environment,
    base_url: String,
}

/// What an import run needs, kept to run it again ("Resend these rows").
#[derive(Debug, Clone)]
struct Job {
    /// The file the journal records as its source (the original or the fixed copy).
    source: PathBuf,
    file_name: String,
    bytes: Vec<u8>,
    file: ParsedFile,
    env: Environment,
    base_url: String,
    /// The person chose to create the rows that repeat a pet (counted in the preview).
    allow_repeats: bool,
}

#[derive(Debug)]
struct Current {
    job: Job,
    control: petstore_bulk::ImportControl,
    progress: ImportProgress,
    running: bool,
    result: Option<ImportResult>,
    report: Option<petstore_bulk::ImportReport>,
}

impl Imports {
    fn preview(&self) -> MutexGuard<'_, Option<Preview>> {
        self.preview.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn current(&self) -> MutexGuard<'_, Option<Current>> {
        lock(&self.current)
    }

    /// An import is running in this app (in any environment).
    pub(super) fn running(&self) -> bool {
        self.current().as_ref().is_some_and(|c| c.running)
    }
}

fn lock(current: &Mutex<Option<Current>>) -> MutexGuard<'_, Option<Current>> {
    current.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Backend {
    /// Where import journals (and fixed copies) live.
    fn data_dir(&self) -> Result<&Path, CommandError> {
        self.data_dir
            .as_deref()
            .ok_or_else(|| CommandError::file(FileProblem::NoDataFolder))
    }

    /// `path` was chosen by the person in the open picker: a preview may read it.
    pub fn allow_import_file(&self, path: &Path) {
        self.imports
            .chosen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(path.to_owned());
    }

    /// Reads and validates `path` for the selected environment. Sends nothing (the quota the
    /// estimate uses is the latest the environment's key saw). Only a file the person chose
    /// ([`Backend::allow_import_file`]) or was offered to resume ([`Backend::unfinished_imports`]).
    pub async fn preview_import(&self, path: &Path) -> Result<ImportPreview, CommandError> {
        let allowed = self
            .imports
            .chosen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(path);
        if !allowed {
            // The app reads only a file the person chose.
            return Err(no_preview());
        }
        let bytes = read_bounded(path, MAX_FILE_BYTES).await?;
        // A file too large is refused naming its real size, which the capped read cannot know.
        let size = tokio::fs::metadata(path).await.ok().map(|meta| meta.len());
        let file = petstore_bulk::parse_read(&bytes, size).map_err(|error| {
            log::info!("{} is no import: {error}", file_name(path));
            CommandError::import(ImportProblem::ImportFileInvalid {
                path: file_name(path),
                reason: (&error).into(),
            })
        })?;
        let env = self.selected();
        let base_url = self.base_url(env, true).await?.as_str().to_owned();
        let preview = Preview {
            path: path.to_owned(),
            bytes,
            file,
            edited: false,
            env,
            base_url,
        };
        let shown = self.show_preview(&preview).await?;
        *self.imports.preview() = Some(preview);
        Ok(shown)
    }

    /// Replaces the cells of row `index` of the preview with the person's, validated again.
    pub async fn fix_import_row(
        &self,
        index: u32,
        cells: RowCells,
    ) -> Result<ImportPreview, CommandError> {
        let preview = {
            let mut guard = self.imports.preview();
            let Some(preview) = guard.as_mut() else {
                return Err(no_preview());
            };
            let Some(row) = preview.file.rows.get_mut(index as usize) else {
                return Err(CommandError::import(ImportProblem::ImportRowMissing));
            };
            let cells = Cells {
                name: cells.name,
                category_id: cells.category_id,
                status: cells.status,
            };
            if row.cells != cells {
                *row = row.with_cells(cells);
                preview.edited = true;
            }
            preview.clone()
        };
        self.show_preview(&preview).await
    }

    async fn show_preview(&self, preview: &Preview) -> Result<ImportPreview, CommandError> {
        let client = self.client(preview.env).await?;
        let (bytes, _) = self.content(preview)?;
        let id = JournalId::new(&bytes, &preview.base_url);
        let data_dir = self.data_dir()?;
        let resumable = petstore_bulk::unfinished(data_dir)
            .into_iter()
            .find(|u| u.journal.file_name() == Some(id.file_name().as_ref()));
        let repeats = petstore_bulk::repeats_of(data_dir, &bytes, &preview.file, &preview.base_url)
            .map_err(|error| file_error(&error.into()))?;
        // Rows an earlier run of this content settled are never sent again; repeats only when
        // the person chooses. A wait the key must honour (this app's or one another process
        // remembered) is named, and the time starts when it ends.
        let (quota, wait, now) = (client.rate_limit(), client.remembered_wait(), Utc::now());
        let estimate =
            |rows: usize| Estimate::new(rows as u64, quota.as_ref(), now).after_wait(wait, now);
        Ok(convert::preview(
            preview,
            &estimate(repeats.to_send),
            &estimate(repeats.to_send + repeats.sendable),
            resumable.as_ref(),
            self.names_to_learn(preview.env, &preview.file),
            &repeats,
        ))
    }

    /// The bytes an import of `preview` is identified by, and the file its journal names.
    fn content(&self, preview: &Preview) -> Result<(Vec<u8>, PathBuf), CommandError> {
        if !preview.edited {
            return Ok((preview.bytes.clone(), preview.path.clone()));
        }
        let bytes = fixed::content(&preview.file);
        let path = fixed::path(self.data_dir()?, &bytes);
        Ok((bytes, path))
    }

    /// Starts importing the previewed file to `env`, the environment the preview showed (a
    /// switch since cannot redirect it). Resumes an earlier run of the same content. Rows that
    /// repeat a pet are sent only with `allow_repeats`, the person's explicit choice.
    pub async fn start_import(
        &self,
        env: Environment,
        allow_repeats: bool,
        unchecked: bool,
    ) -> Result<ImportProgress, CommandError> {
        let Some(preview) = self.imports.preview().clone() else {
            return Err(no_preview());
        };
        if preview.env != env {
            return Err(CommandError::import(ImportProblem::ImportTargetChanged {
                environment: Some(env),
            }));
        }
        // Other desks' rows: checked in the shared store, or the person told they cannot be and
        // asked first (issue 41).
        let desk = self.desk_for_create().await;
        if desk.is_none()
            && !unchecked
            && let Some(address) = self.shared_store_address()
        {
            return Err(CommandError::SharedStore(
                SharedStoreProblem::StoreUnchecked { address },
            ));
        }
        let (bytes, source) = self.content(&preview)?;
        if preview.edited {
            fixed::write(&source, &bytes)?;
        }
        // Before any pet is sent: the names are this computer's, whatever the service answers.
        self.learn_category_names(env, &preview.file)?;
        let file_name = file_name(&preview.path);
        let job = Job {
            source,
            file_name,
            bytes,
            file: preview.file,
            env,
            base_url: preview.base_url,
            allow_repeats,
        };
        let options = ImportOptions {
            resend_unknown: false,
            allow_repeats,
        };
        let progress = self.launch(job, options, desk).await?;
        *self.imports.preview() = None;
        Ok(progress)
    }

    /// Runs the ended import again with the rows whose outcome stayed unknown resent: the
    /// person's explicit yes ("Resend these N rows?"), never automatic.
    pub async fn resend_unknown_rows(&self) -> Result<ImportProgress, CommandError> {
        let job = match self.imports.current().as_ref() {
            Some(current) if !current.running => current.job.clone(),
            Some(_) => return Err(busy()),
            None => return Err(no_preview()),
        };
        let options = ImportOptions {
            resend_unknown: true,
            allow_repeats: job.allow_repeats,
        };
        // The person already chose to go on (checked or not) when this import started.
        let desk = self.desk_for_create().await;
        self.launch(job, options, desk).await
    }

    /// Starts `job`; with `desk`, its rows are claimed in the shared store first.
    async fn launch(
        &self,
        job: Job,
        options: ImportOptions,
        desk: Option<petstore_bulk::shared_desk::Desk>,
    ) -> Result<ImportProgress, CommandError> {
        if self.imports.current().as_ref().is_some_and(|c| c.running) {
            return Err(busy());
        }
        let client = self.client(job.env).await?;
        if client.base_url().as_str() != job.base_url {
            return Err(CommandError::import(ImportProblem::ImportTargetChanged {
                environment: Some(job.env),
            }));
        }
        let data_dir = self.data_dir()?.to_owned();
        // Bulk work: people's clicks, on this desk or another, go first.
        let background = client.with_priority(Priority::Background);
        let import = run::prepare(&data_dir, &job, &background)?;
        let control = import.control();
        let progress = convert::progress(&import.progress().borrow(), &job, false);
        {
            let mut current = self.imports.current();
            if current.as_ref().is_some_and(|c| c.running) {
                return Err(busy());
            }
            *current = Some(Current {
                job: job.clone(),
                control,
                progress: progress.clone(),
                running: true,
                result: None,
                report: None,
            });
        }
        log::info!(
            "import of {} valid rows to {} started",
            job.file.valid_rows().count(),
            job.env
        );
        run::spawn_run(
            import,
            options,
            job,
            desk,
            self.imports.current.clone(),
            self.events.0.clone(),
        );
        Ok(progress)
    }
}

/// Reads at most `limit` + 1 bytes: the contract names a larger file as too large.
pub(super) async fn read_bounded(path: &Path, limit: usize) -> Result<Vec<u8>, CommandError> {
    use tokio::io::AsyncReadExt;
    let read = async {
        let file = tokio::fs::File::open(path).await?;
        let mut bytes = Vec::new();
        file.take(limit as u64 + 1).read_to_end(&mut bytes).await?;
        Ok::<_, std::io::Error>(bytes)
    };
    read.await.map_err(|error| {
        CommandError::file(FileProblem::FileNotRead {
            path: path.display().to_string(),
            reason: crate::dto::Reason::io(&error),
        })
    })
}

pub(super) fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn file_error(error: &petstore_bulk::ImportError) -> CommandError {
    match error {
        petstore_bulk::ImportError::Journal(petstore_bulk::JournalError::Busy { .. }) => {
            CommandError::import(ImportProblem::ImportElsewhere)
        }
        petstore_bulk::ImportError::Journal(journal) => {
            log::warn!("{journal}");
            CommandError::file(FileProblem::ImportJournal {
                reason: journal.into(),
            })
        }
        petstore_bulk::ImportError::Created(created) => {
            log::warn!("{created}");
            CommandError::file(FileProblem::ImportJournal {
                reason: created.into(),
            })
        }
        // The pets could not be listed first: the client's error says why (nothing was sent).
        petstore_bulk::ImportError::ListingBefore(listing) => {
            log::warn!("{error}");
            match listing {
                petstore_bulk::PagesError::Client(client) => client.into(),
                petstore_bulk::PagesError::Endless { .. } => CommandError::Decode {
                    status: None,
                    json_path: None,
                },
                petstore_bulk::PagesError::Sink(never) => match *never {},
            }
        }
    }
}

fn no_preview() -> CommandError {
    CommandError::import(ImportProblem::NoImportFile)
}

fn busy() -> CommandError {
    CommandError::import(ImportProblem::ImportRunning)
}
