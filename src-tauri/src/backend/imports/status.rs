//! Driving the running import from the UI, its picture for a reopened dialog, the report, and
//! the imports a restart finds unfinished.

use std::path::Path;

use petstore_client::Environment;

use super::convert;
use crate::backend::Backend;
use crate::dto::{CommandError, ImportProblem, ImportStatus, UnfinishedImport};

impl Backend {
    pub fn pause_import(&self) -> Option<ImportStatus> {
        self.control_import(|control| control.pause())
    }

    pub fn resume_import(&self) -> Option<ImportStatus> {
        self.control_import(|control| control.resume())
    }

    /// Stops sending after the row in flight; what was created stays created.
    pub fn cancel_import(&self) -> Option<ImportStatus> {
        self.control_import(|control| control.cancel())
    }

    fn control_import(
        &self,
        act: impl FnOnce(&petstore_bulk::ImportControl),
    ) -> Option<ImportStatus> {
        {
            let mut current = self.imports.current();
            let current = current.as_mut()?;
            if current.running {
                act(&current.control);
                current.progress.paused = current.control.is_paused();
                current.progress.cancelling = current.control.is_cancelled();
            }
        }
        self.import_status()
    }

    /// This session's import, running or ended.
    pub fn import_status(&self) -> Option<ImportStatus> {
        self.imports.current().as_ref().map(|current| ImportStatus {
            progress: current.progress.clone(),
            running: current.running,
            result: current.result.clone(),
        })
    }

    /// Writes the ended import's report (every row, its outcome and id) to `path` as CSV. An
    /// existing file there is kept as `<name>.bak`.
    pub fn save_import_report(&self, path: &Path) -> Result<crate::dto::SavedFile, CommandError> {
        let report = self
            .imports
            .current()
            .as_ref()
            .and_then(|current| current.report.clone())
            .ok_or_else(|| CommandError::import(ImportProblem::NoImportReport))?;
        crate::backend::exports::write_file(path, |out| {
            report
                .write_csv(out)
                .map_err(|error| std::io::Error::other(error.to_string()))
        })
        .map(|kept| crate::dto::SavedFile {
            path: path.display().to_string(),
            kept_as: kept.map(|k| k.display().to_string()),
            pets: None,
            incomplete: false,
        })
    }

    /// Imports earlier sessions began and did not finish, whose file is still there.
    pub async fn unfinished_imports(&self) -> Vec<UnfinishedImport> {
        let Ok(dir) = self.data_dir() else {
            return Vec::new();
        };
        let running = self
            .imports
            .current()
            .as_ref()
            .filter(|c| c.running)
            .map(|c| c.job.source.clone());
        let mut addresses = Vec::new();
        for env in Environment::ALL {
            if let Ok(url) = self.base_url(env, false).await {
                addresses.push((env, url.as_str().to_owned()));
            }
        }
        petstore_bulk::unfinished(dir)
            .into_iter()
            .filter_map(|u| {
                let source = u.source.filter(|s| s.is_file())?;
                if running.as_ref() == Some(&source) {
                    return None;
                }
                self.allow_import_file(&source);
                let environment = addresses
                    .iter()
                    .find(|(_, url)| *url == u.origin)
                    .map(|(env, _)| *env);
                Some(convert::unfinished(
                    &source,
                    &u.origin,
                    environment,
                    u.created,
                    u.unknown,
                ))
            })
            .collect()
    }
}
