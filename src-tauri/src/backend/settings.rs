//! The settings file as the app uses it: read once at start-up; every change written through
//! [`SettingsFile::update`], which re-reads the file under its lock and changes only the field the
//! person changed, so the CLI or another process never has its changes undone; and a file that
//! cannot be read is never written over: the app runs on defaults, remembers the problem, and
//! keeps changes for this session until the person fixes the file or starts over.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use petstore_local::{LocalError, Settings, SettingsFile};

use crate::dto::{CommandError, ConfigurationProblem, IoProblem, Reason, SettingsProblem};

#[derive(Debug)]
pub struct SettingsStore {
    /// `None` keeps settings in memory only (tests, an OS without a config folder).
    file: Option<SettingsFile>,
    /// What this process uses: the file as read at start-up, plus the changes made since.
    current: Mutex<Settings>,
    problem: Mutex<Option<SettingsProblem>>,
}

/// Whether a change reached the file, for the caller to tell the UI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The problem (if any) is unchanged.
    Same,
    /// The file's problem appeared, changed or went away.
    ProblemChanged(Option<SettingsProblem>),
}

impl SettingsStore {
    pub fn open(file: Option<SettingsFile>) -> SettingsStore {
        let (settings, problem) = match &file {
            None => (Settings::default(), None),
            Some(file) => match file.load() {
                Ok(settings) => (settings, None),
                Err(error) => {
                    // The library's words (with the parser's clause) for the log; the UI gets
                    // the problem's code.
                    log::warn!(
                        "{error} Using defaults, and saving nothing until it is fixed or started over."
                    );
                    let problem = problem_of(file.path(), error);
                    (Settings::default(), Some(problem))
                }
            },
        };
        SettingsStore {
            file,
            current: Mutex::new(settings),
            problem: Mutex::new(problem),
        }
    }

    pub fn current(&self) -> MutexGuard<'_, Settings> {
        self.current.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn problem_slot(&self) -> MutexGuard<'_, Option<SettingsProblem>> {
        self.problem.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn problem(&self) -> Option<SettingsProblem> {
        self.problem_slot().clone()
    }

    pub fn path(&self) -> Option<&Path> {
        self.file.as_ref().map(SettingsFile::path)
    }

    /// Applies `change` to this session's settings and to the file as it is on disk now, and
    /// returns what it returned (from the file, when it was written). While the file cannot be
    /// read the change holds for this session only (and the file is left as it is); a file that
    /// cannot be written, or a change refused by either, changes nothing.
    pub fn change<T>(
        &self,
        change: impl Fn(&mut Settings) -> Result<T, LocalError>,
    ) -> Result<(Outcome, T), CommandError> {
        let mut current = self.current();
        let mut next = current.clone();
        let value = change(&mut next)?;
        let Some(file) = &self.file else {
            *current = next;
            return Ok((Outcome::Same, value));
        };
        let (now, value) = match file.update(|on_disk| change(on_disk)) {
            Ok((after, written)) => {
                // The names are the file's: another program (the CLI's import) may have added
                // some since this session read it.
                next.category_names = after.category_names;
                (None, written)
            }
            Err(error @ LocalError::SettingsUnreadable(_)) => {
                log::warn!("{error} The change holds for this session only.");
                let problem = problem_of(file.path(), error);
                (Some(problem), value)
            }
            Err(error) => {
                log::warn!("settings not saved: {error}");
                return Err(error.into());
            }
        };
        *current = next;
        drop(current);
        Ok((self.set_problem(now), value))
    }

    fn set_problem(&self, now: Option<SettingsProblem>) -> Outcome {
        let mut slot = self.problem_slot();
        if *slot == now {
            return Outcome::Same;
        }
        if slot.is_some() && now.is_none() {
            log::info!("the settings file can be read again");
        }
        *slot = now.clone();
        Outcome::ProblemChanged(now)
    }

    /// Moves the unreadable file aside (kept as `settings.json.broken-<time>`), then writes this
    /// session's settings to a new one. Moves nothing when the file can be read again by now.
    pub fn start_over(&self) -> Result<(Option<PathBuf>, Outcome), CommandError> {
        let Some(file) = &self.file else {
            return Err(CommandError::configuration(
                ConfigurationProblem::NoSettingsFile,
            ));
        };
        if file.load().is_ok() {
            return Ok((None, self.set_problem(None)));
        }
        let kept = file.start_over().inspect_err(|error| {
            log::warn!("the settings file could not be moved aside: {error}");
        })?;
        log::info!(
            "settings file started over; the unreadable one is kept as {}",
            kept.display()
        );
        let session = self.current().clone();
        if let Err(error) = file.update(|fresh| {
            *fresh = session.clone();
            Ok(())
        }) {
            // The old file is safe where it was kept; the next change writes a new one.
            log::warn!("this session's settings were not written after starting over: {error}");
        }
        Ok((Some(kept), self.set_problem(None)))
    }
}

fn problem_of(path: &Path, error: LocalError) -> SettingsProblem {
    match error {
        LocalError::SettingsUnreadable(file) => SettingsProblem {
            path: file.path.display().to_string(),
            line: file.line.and_then(|n| u32::try_from(n).ok()),
            column: file.column.and_then(|n| u32::try_from(n).ok()),
            problem: Reason::settings(file.fault, file.line, file.column),
        },
        // Not reached: only an unreadable file is a settings problem. Said as the system's
        // refusal rather than not at all.
        _ => SettingsProblem {
            path: path.display().to_string(),
            line: None,
            column: None,
            problem: Reason::Io {
                io: IoProblem::Other,
            },
        },
    }
}
