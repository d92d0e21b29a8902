//! The settings file as the processes on this computer share it: the CLI and any number of app
//! windows. Each change is a read-modify-write of the file as it is on disk *now*, under a lock,
//! so no process undoes another's change with a stale copy; and a file that cannot be read is
//! never written over (a person may have edited it by hand), only kept aside when asked.

use std::path::{Path, PathBuf};

use chrono::Utc;

use super::Settings;
use super::error::{LocalError, SettingsFault, UnreadableSettings};
use crate::localfile::{self, FileLock, MAX_FILE_BYTES, Readers};

/// The settings file at one path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsFile {
    path: PathBuf,
}

impl SettingsFile {
    pub fn at(path: impl Into<PathBuf>) -> SettingsFile {
        SettingsFile { path: path.into() }
    }

    /// `$PETSTORE_CONFIG_DIR/settings.json`, else `<OS config dir>/dev.petstore.admin/settings.json`;
    /// `None` where the OS has no config folder.
    pub fn default_location() -> Option<SettingsFile> {
        Settings::default_path().map(SettingsFile::at)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The settings as they are on disk; defaults when there is no file (first run). A file that
    /// cannot be read, is not valid JSON or is too large is `LocalError::SettingsUnreadable`.
    pub fn load(&self) -> Result<Settings, LocalError> {
        Ok(self.read()?.unwrap_or_default())
    }

    /// As [`SettingsFile::load`], but `None` when there is no file (the system-wide file, whose
    /// absence means "nobody manages this computer").
    pub fn load_if_present(&self) -> Result<Option<Settings>, LocalError> {
        self.read()
    }

    /// Applies `change` to the settings as they are on disk now, under the file's lock, and
    /// writes the result atomically; returns it with `change`'s value. Only what `change` changes
    /// is changed: fields another process wrote meanwhile, and fields this version does not know,
    /// stay as they are.
    ///
    /// Writes nothing when the file cannot be read (`SettingsUnreadable`), when `change` fails
    /// (its error is returned), or when `change` changed nothing.
    pub fn update<T>(
        &self,
        change: impl FnOnce(&mut Settings) -> Result<T, LocalError>,
    ) -> Result<(Settings, T), LocalError> {
        let _lock = FileLock::acquire(&self.path).map_err(|e| self.unwritable(&e, e.kind()))?;
        let before = self.read()?.unwrap_or_default();
        let mut after = before.clone();
        let value = change(&mut after)?;
        if after != before {
            self.write(&after)?;
        }
        Ok((after, value))
    }

    /// Moves the file aside, under the lock, to `settings.json.broken-<UTC YYYYMMDD-HHMMSS>`
    /// (with `-2`, `-3`... when that name is taken: an earlier copy is never overwritten) and
    /// returns where it went. From then on the settings are the defaults until changed.
    pub fn start_over(&self) -> Result<PathBuf, LocalError> {
        let _lock = FileLock::acquire(&self.path).map_err(|e| self.unwritable(&e, e.kind()))?;
        localfile::keep_aside(&self.path, Utc::now()).map_err(|e| self.unwritable(&e, e.kind()))
    }

    fn read(&self) -> Result<Option<Settings>, LocalError> {
        let bytes = match localfile::read_bounded(&self.path, MAX_FILE_BYTES) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Ok(None),
            Err(e) => {
                let fault = match e.kind() {
                    std::io::ErrorKind::FileTooLarge => SettingsFault::TooLarge {
                        limit_bytes: MAX_FILE_BYTES,
                    },
                    kind => SettingsFault::Io(kind),
                };
                return Err(self.unreadable(None, None, e.to_string(), fault));
            }
        };
        self.parse(&bytes).map(Some)
    }

    /// The settings in a file's bytes (read whole, within `MAX_FILE_BYTES`); what is wrong with
    /// them as `SettingsUnreadable`, naming this file.
    pub(crate) fn parse(&self, bytes: &[u8]) -> Result<Settings, LocalError> {
        // Notepad on Windows 10 saves "UTF-8" with a byte-order mark, which JSON does not allow.
        let json = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
        serde_json::from_slice(json).map_err(|e| {
            let (line, column) = match e.line() {
                0 => (None, None),
                line => (Some(line), Some(e.column())),
            };
            // serde_json ends its text with " at line L column C"; the error carries both apart.
            let text = e.to_string();
            let problem = match line {
                Some(line) => text
                    .strip_suffix(&format!(" at line {line} column {}", e.column()))
                    .unwrap_or(&text),
                None => &text,
            };
            let fault = match e.classify() {
                serde_json::error::Category::Io => SettingsFault::Io(std::io::ErrorKind::Other),
                serde_json::error::Category::Syntax => SettingsFault::Syntax,
                serde_json::error::Category::Eof => SettingsFault::EndOfFile,
                serde_json::error::Category::Data => SettingsFault::WrongValue,
            };
            self.unreadable(line, column, problem.to_owned(), fault)
        })
    }

    fn write(&self, settings: &Settings) -> Result<(), LocalError> {
        let text = self.text_of(settings)?;
        // A file this reader would refuse is never written: the settings would be lost with it.
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(LocalError::SettingsUnwritable {
                path: self.path.clone(),
                problem: format!(
                    "the settings would take {} bytes, more than the {MAX_FILE_BYTES} a settings file may have",
                    text.len()
                ),
                fault: SettingsFault::TooLarge {
                    limit_bytes: MAX_FILE_BYTES,
                },
            });
        }
        localfile::write_atomically(&self.path, &text, Readers::Default)
            .map_err(|e| self.unwritable(&e, e.kind()))
    }

    /// The bytes [`SettingsFile::update`] writes for `settings`.
    pub(crate) fn text_of(&self, settings: &Settings) -> Result<Vec<u8>, LocalError> {
        let mut text = serde_json::to_vec_pretty(settings)
            .map_err(|e| self.unwritable(&e, std::io::ErrorKind::Other))?;
        text.push(b'\n');
        Ok(text)
    }

    fn unreadable(
        &self,
        line: Option<usize>,
        column: Option<usize>,
        problem: String,
        fault: SettingsFault,
    ) -> LocalError {
        LocalError::SettingsUnreadable(UnreadableSettings {
            path: self.path.clone(),
            line,
            column,
            problem,
            fault,
        })
    }

    fn unwritable(&self, error: &dyn std::fmt::Display, kind: std::io::ErrorKind) -> LocalError {
        LocalError::SettingsUnwritable {
            path: self.path.clone(),
            problem: error.to_string(),
            fault: SettingsFault::Io(kind),
        }
    }
}

#[cfg(test)]
mod tests;
