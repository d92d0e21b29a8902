//! Export (issue 11 §4): every pet of the selected environment, the current filter or all, to a
//! file the person chose, as CSV or JSON, all pages, ids exact. Files the app writes where the
//! person chose go whole or not at all, and a file already there is kept as `<name>.bak`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use petstore_bulk::{ExportError, SafeFile};

use super::Backend;
use crate::dto::{AppErrorKind, CommandError, ExportFormat, PetStatusValue, SavedFile};

impl Backend {
    /// Writes the selected environment's pets (of `status`, or all) to `path`.
    pub async fn export_pets(
        &self,
        path: &Path,
        status: Option<PetStatusValue>,
        format: ExportFormat,
    ) -> Result<SavedFile, CommandError> {
        let env = self.selected();
        let client = self.client(env).await?;
        let format = match format {
            ExportFormat::Csv => petstore_bulk::ExportFormat::Csv,
            ExportFormat::Json => petstore_bulk::ExportFormat::Json,
        };
        let mut file = SafeFile::create(path, true).map_err(|e| export_error(path, e))?;
        let written =
            petstore_bulk::export(&client, status.map(Into::into), format, file.writer()).await;
        let count = match written {
            Ok(count) => count,
            Err(ExportError::Listing(petstore_bulk::PagesError::Client(error))) => {
                return Err(error.into());
            }
            Err(error) => return Err(export_error(path, error)),
        };
        let kept = file.commit().map_err(|e| export_error(path, e))?;
        log::info!("export of {count} pets from {env} written");
        Ok(SavedFile {
            path: path.display().to_string(),
            kept_as: kept.map(|k| k.display().to_string()),
            pets: Some(u32::try_from(count).unwrap_or(u32::MAX)),
        })
    }
}

/// Writes a whole file at `path` through [`SafeFile`]; returns where an older file was kept.
#[allow(
    clippy::result_large_err,
    reason = "CommandError is the IPC error, built once per command; never on a hot path"
)]
pub(super) fn write_file(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<Option<PathBuf>, CommandError> {
    let mut file = SafeFile::create(path, true).map_err(|e| export_error(path, e))?;
    fill(file.writer()).map_err(|e| export_error(path, ExportError::Write(e)))?;
    file.commit().map_err(|e| export_error(path, e))
}

fn export_error(path: &Path, error: ExportError) -> CommandError {
    let message = match error {
        // The bulk crate's words name the CLI's `--force`; the app always keeps the old file.
        ExportError::Exists { .. } => format!(
            "{} could not be replaced. Choose another name.",
            path.display()
        ),
        ExportError::Write(error) => format!(
            "{} could not be written: {error}. Choose a folder you may write to; nothing there was changed.",
            path.display()
        ),
        other => other.to_string(),
    };
    CommandError::new(AppErrorKind::File, message)
}
