//! The language a person reads the app and the CLI in: chosen in the settings file
//! (`"language": "de"`), else the computer's. Shared by both so they agree.

use serde::{Deserialize, Serialize};

/// The languages Petstore Admin speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[serde(rename = "en")]
    English,
    #[serde(rename = "de")]
    German,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::German];

    /// The code in the settings file and `<html lang>` ("en", "de").
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
        }
    }

    /// "de", "de_DE.UTF-8", "de-AT", "de_CH@euro" → German; a language the app does not speak,
    /// "C" or "POSIX" → `None` (English is then the default).
    pub fn from_locale(locale: &str) -> Option<Language> {
        let code = locale
            .trim()
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language `choice` (from the settings file) names, else the computer's, else English.
    pub fn resolve(choice: Option<Language>, system: Option<&str>) -> Language {
        choice
            .or_else(|| system.and_then(Language::from_locale))
            .unwrap_or(Language::English)
    }
}

/// The computer's locale for messages, as POSIX says to look it up: the first of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` that is set and not empty (e.g. "de_DE.UTF-8"). `LANGUAGE` (a GNU
/// priority list) is not read: a "C" `LC_ALL` must win over it, as it does for gettext.
/// On macOS and Windows these are usually unset; the window then asks the web view instead.
pub fn system_locale() -> Option<String> {
    system_locale_with(|name| std::env::var(name).ok())
}

pub fn system_locale_with(lookup: impl Fn(&str) -> Option<String>) -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(&lookup)
        .map(|value| value.trim().to_owned())
        .find(|value| !value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_name_their_language() {
        assert_eq!(Language::from_locale("de_DE.UTF-8"), Some(Language::German));
        assert_eq!(Language::from_locale("de-AT"), Some(Language::German));
        assert_eq!(Language::from_locale("DE"), Some(Language::German));
        assert_eq!(
            Language::from_locale("en_GB.UTF-8"),
            Some(Language::English)
        );
        assert_eq!(Language::from_locale("fr_FR.UTF-8"), None);
        assert_eq!(Language::from_locale("C"), None);
        assert_eq!(Language::from_locale("POSIX"), None);
        assert_eq!(Language::from_locale(""), None);
    }

    #[test]
    fn a_choice_wins_over_the_computer_and_english_is_the_fallback() {
        assert_eq!(
            Language::resolve(Some(Language::English), Some("de_DE.UTF-8")),
            Language::English
        );
        assert_eq!(
            Language::resolve(None, Some("de_DE.UTF-8")),
            Language::German
        );
        assert_eq!(Language::resolve(None, Some("fr_FR")), Language::English);
        assert_eq!(Language::resolve(None, None), Language::English);
    }

    #[test]
    fn lc_all_then_lc_messages_then_lang() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        static ALL: [(&str, &str); 3] = [
            ("LC_ALL", "de_DE.UTF-8"),
            ("LC_MESSAGES", "en_US"),
            ("LANG", "fr_FR"),
        ];
        assert_eq!(
            system_locale_with(env(&ALL)).as_deref(),
            Some("de_DE.UTF-8")
        );
        static MESSAGES: [(&str, &str); 3] =
            [("LC_ALL", ""), ("LC_MESSAGES", "en_US"), ("LANG", "de_DE")];
        assert_eq!(system_locale_with(env(&MESSAGES)).as_deref(), Some("en_US"));
        assert_eq!(
            system_locale_with(env(&[("LANG", "de_DE")])).as_deref(),
            Some("de_DE")
        );
        assert_eq!(system_locale_with(env(&[])), None);
    }
}
