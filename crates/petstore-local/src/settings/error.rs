//! What can go wrong with the settings file, as types. `Display` is the message for a
//! person: what happened and what to do, naming no shell's command (each shell adds its own hint).

use std::path::PathBuf;

use petstore_client::ConfigError;

use super::categories::CategoryError;

/// A settings file that cannot be read or changed, or settings that are not usable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LocalError {
    /// Nothing was written over it: a person may have edited it by hand.
    #[error("The settings file {} could not be read{}: {}. Fix it, or start over (the broken file is kept).", .0.path.display(), position(.0.line, .0.column), .0.problem)]
    SettingsUnreadable(UnreadableSettings),
    #[error("The settings file {} could not be changed: {problem}. Check that its folder exists and may be written to; nothing was changed.", path.display())]
    SettingsUnwritable {
        path: PathBuf,
        /// The writer's own clause (English, for the log and the CLI).
        problem: String,
        /// What kind of problem (`Io` or `TooLarge`), for a shell that words it itself.
        fault: SettingsFault,
    },
    /// What the settings say is not usable (an address), or a change was refused.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A category name change was refused (the names' rules, see `settings::categories`).
    #[error(transparent)]
    Category(#[from] CategoryError),
}

/// A settings file that cannot be read: which, where the reader stopped, and why. One value, so
/// that each shell takes what it words from it without spelling out every part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadableSettings {
    pub path: PathBuf,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The reader's own clause (English, for the log and the CLI).
    pub problem: String,
    /// What kind of problem, for a shell that words it in the person's language.
    pub fault: SettingsFault,
}

/// Why the settings file could not be read, as a category: the JSON parser's text is not ours
/// to show in another language, its category is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsFault {
    /// The file could not be opened, read or written.
    Io(std::io::ErrorKind),
    /// It is (or would be) larger than a settings file may be.
    TooLarge { limit_bytes: u64 },
    /// It is not JSON (a stray character, a trailing comma, a missing quote).
    Syntax,
    /// The text ends before the JSON does.
    EndOfFile,
    /// It is JSON, but a value is of the wrong kind (text where a number belongs).
    WrongValue,
}

fn position(line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!(" (line {line}, column {column})"),
        (Some(line), None) => format!(" (line {line})"),
        _ => String::new(),
    }
}
