//! What the window remembers between runs (rows per page, the language) and reports about itself (its first
//! table on screen, the line the start-up benchmark waits for).

use std::sync::atomic::Ordering;

use petstore_client::{InvalidInput, Limit};

use super::Backend;
use petstore_local::Language;

use crate::dto::{CommandError, LanguageChoice, LanguagePreference};

/// The pet table's rows per page on first run (the UI's limit selector starts here).
pub const DEFAULT_PAGE_SIZE: u32 = 20;

impl Backend {
    /// The remembered rows per page; the default when none is saved or the file holds a number
    /// outside 1-100 (it is hand-editable).
    pub fn page_size(&self) -> u32 {
        match self.settings().page_size {
            Some(size) if Limit::new(size).is_ok() => size,
            Some(size) => {
                log::warn!(
                    "pageSize {size} in the settings file is not 1-100; using {DEFAULT_PAGE_SIZE}"
                );
                DEFAULT_PAGE_SIZE
            }
            None => DEFAULT_PAGE_SIZE,
        }
    }

    /// Remembers rows per page for the next start (only this field is written); 1-100, like a
    /// list's limit.
    pub fn save_page_size(&self, size: i64) -> Result<u32, CommandError> {
        let size = u32::try_from(size)
            .map_err(|_| InvalidInput::Limit { given: size })
            .and_then(Limit::new)
            .map_err(CommandError::from)?
            .get()
            .into();
        self.change_settings(|settings| {
            settings.page_size = Some(size);
            Ok(())
        })?;
        Ok(size)
    }

    /// The language chosen in the settings file, and the computer's locale.
    pub fn language(&self) -> LanguagePreference {
        let choice = match self.settings().language() {
            None => LanguageChoice::System,
            Some(Language::English) => LanguageChoice::En,
            Some(Language::German) => LanguageChoice::De,
        };
        LanguagePreference {
            choice,
            system: petstore_local::system_locale(),
        }
    }

    /// The language the person reads the app in now (the OS-shown words: file-dialog titles,
    /// notifications): the settings' choice, else the computer's.
    pub fn spoken_language(&self) -> Language {
        crate::words::language_now(self.settings().language())
    }

    /// Remembers the language (only this field is written); `System` removes the choice, so the
    /// computer's language is followed again.
    pub fn save_language(
        &self,
        choice: LanguageChoice,
    ) -> Result<LanguagePreference, CommandError> {
        let code = match choice {
            LanguageChoice::System => None,
            LanguageChoice::En => Some(Language::English.code()),
            LanguageChoice::De => Some(Language::German.code()),
        };
        self.change_settings(|settings| {
            settings.language = code.map(str::to_owned);
            Ok(())
        })?;
        Ok(self.language())
    }

    /// The line to print when the window shows its first table with data: `Some` once per
    /// process, `None` after that (a refresh or an environment switch renders the table again).
    pub fn first_table_line(&self, rows: u32) -> Option<String> {
        let first = !self.first_table_reported.swap(true, Ordering::SeqCst);
        first.then(|| format!("petstore-admin: first table rendered: {rows} pets"))
    }
}
