//! Export: every pet of the selected environment, the current filter or all, to a
//! file the person chose, as CSV or JSON, all pages, ids exact, with the categories' names when
//! asked. Files the app writes where the person chose go whole or not at all, and a file already
//! there is kept as `<name>.bak`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use petstore_bulk::{ExportError, SafeFile};

use super::Backend;
use crate::dto::{
    CommandError, ExportFormat, ExportProgress, FileProblem, PetStatusValue, SavedFile,
};

impl Backend {
    /// Writes the selected environment's pets (of `status`, or all) to `path`.
    /// With `category_names`, each pet also gets its category's name from `env`'s list.
    pub async fn export_pets(
        &self,
        path: &Path,
        status: Option<PetStatusValue>,
        format: ExportFormat,
        category_names: bool,
        progress: impl Fn(ExportProgress) + Send + Sync,
    ) -> Result<SavedFile, CommandError> {
        let env = self.selected();
        // Bulk work: people's clicks, on this desk or another, go first.
        let client = self
            .client(env)
            .await?
            .with_priority(petstore_client::Priority::Background);
        let names = category_names.then(|| self.category_map(env));
        let format = match format {
            ExportFormat::Csv => petstore_bulk::ExportFormat::Csv,
            ExportFormat::Json => petstore_bulk::ExportFormat::Json,
        };
        let mut file = SafeFile::create(path, true).map_err(|e| export_error(path, e))?;
        let status = status.map(Into::into);
        let written = petstore_bulk::export_counting(
            &client,
            status,
            format,
            names.as_ref(),
            file.writer(),
            |pets| {
                progress(ExportProgress {
                    pets: u32::try_from(pets).unwrap_or(u32::MAX),
                });
            },
        )
        .await;
        let surveyed = match written {
            Ok(surveyed) => surveyed,
            Err(ExportError::Listing(petstore_bulk::PagesError::Client(error))) => {
                return Err(error.into());
            }
            Err(error) => return Err(export_error(path, error)),
        };
        let kept = file.commit().map_err(|e| export_error(path, e))?;
        let count = surveyed.count;
        log::info!(
            "export of {count} pets from {env} written ({})",
            match surveyed.complete {
                true => "every pet",
                false => "the service may hold more",
            }
        );
        Ok(SavedFile {
            path: path.display().to_string(),
            kept_as: kept.map(|k| k.display().to_string()),
            pets: Some(u32::try_from(count).unwrap_or(u32::MAX)),
            incomplete: !surveyed.complete,
        })
    }
}

/// Writes a whole file at `path` through [`SafeFile`]; returns where an older file was kept.
pub(super) fn write_file(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<Option<PathBuf>, CommandError> {
    let mut file = SafeFile::create(path, true).map_err(|e| export_error(path, e))?;
    fill(file.writer()).map_err(|e| export_error(path, ExportError::Write(e)))?;
    file.commit().map_err(|e| export_error(path, e))
}

fn export_error(path: &Path, error: ExportError) -> CommandError {
    export_failure(error, path.display().to_string())
}

/// What stopped the listing of an export, other than the service's own errors (handled before).
fn export_failure(error: ExportError, shown: String) -> CommandError {
    match error {
        ExportError::Listing(petstore_bulk::PagesError::Client(error)) => error.into(),
        ExportError::Listing(petstore_bulk::PagesError::Sink(error)) => {
            CommandError::file(FileProblem::FileNotWritten {
                path: shown,
                reason: crate::dto::Reason::io(&error),
            })
        }
        // Pages announced without end: the service does not behave as its interface says.
        ExportError::Listing(petstore_bulk::PagesError::Endless { .. }) => CommandError::Decode {
            status: None,
            json_path: None,
        },
        ExportError::Write(error) => CommandError::file(FileProblem::FileNotWritten {
            path: shown,
            reason: crate::dto::Reason::io(&error),
        }),
        ExportError::Exists { .. } => CommandError::file(FileProblem::FileExists { path: shown }),
    }
}
