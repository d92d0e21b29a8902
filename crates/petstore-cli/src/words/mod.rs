//! The CLI's words for people, in English and German: the settings file's `language`, else the
//! computer's (LC_ALL, LC_MESSAGES, LANG), else English. `--json` output is the API's own shapes
//! and never goes through here; neither do `-v` log lines, which are for developers.
//!
//! One catalog per area (`general`, `errors`, `service`, `network`, `setup`, `local`, `bulk`,
//! `help`, `usage`, `outbox`, `store`), each written with [`catalog!`]: every message is a variant with its English
//! and German text side by side, so neither can be left out, and `{name}` placeholders must be the
//! same in both (a test checks every catalog).

use std::fmt::{Debug, Display};
use std::sync::OnceLock;

use petstore_local::{Language, Settings, system_locale};

pub mod bulk;
pub mod errors;
pub mod general;
pub mod help;
pub mod local;
pub mod network;
pub mod outbox;
pub mod service;
pub mod setup;
pub mod store;
pub mod usage;

pub use bulk::BulkMsg;
pub use errors::ErrMsg;
pub use general::Msg;
pub use help::HelpMsg;
pub use local::LocalMsg;
pub use network::NetworkMsg;
pub use outbox::OutboxMsg;
pub use service::ServiceMsg;
pub use setup::SetupMsg;
pub use store::StoreMsg;
pub use usage::UsageMsg;

static LANGUAGE: OnceLock<Language> = OnceLock::new();

/// Fixes the language for this run. An unreadable settings file leaves the choice to the
/// computer here: the command itself reports the file's problem when it needs the file.
pub fn init() {
    let choice = Settings::load().ok().and_then(|s| s.language());
    let _ = LANGUAGE.set(Language::resolve(choice, system_locale().as_deref()));
}

pub fn language() -> Language {
    #[cfg(test)]
    if let Some(language) = TEST_LANGUAGE.with(std::cell::Cell::get) {
        return language;
    }
    LANGUAGE.get().copied().unwrap_or(Language::English)
}

#[cfg(test)]
thread_local! {
    static TEST_LANGUAGE: std::cell::Cell<Option<Language>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with this thread's words in `language` (tests run in parallel threads; the run's
/// language is fixed once).
#[cfg(test)]
pub fn with_language<T>(language: Language, f: impl FnOnce() -> T) -> T {
    TEST_LANGUAGE.with(|cell| cell.set(Some(language)));
    let out = f();
    TEST_LANGUAGE.with(|cell| cell.set(None));
    out
}

/// A message of one of the catalogs.
pub trait Text: Copy + Debug {
    fn text_in(self, language: Language) -> &'static str;
}

/// Declares a catalog: `Variant { en: "…", de: "…" }` per message. Generates the enum, its
/// [`Text`] (one `match` over message and language, so a missing text does not compile) and
/// `ALL` (every variant, for the placeholder test).
macro_rules! catalog {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident { en: $en:expr, de: $de:expr $(,)? } ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $( $(#[$vmeta])* $variant ),*
        }

        impl $name {
            #[cfg(test)]
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
        }

        impl $crate::words::Text for $name {
            fn text_in(self, language: petstore_local::Language) -> &'static str {
                use petstore_local::Language;
                match (self, language) {
                    $(
                        ($name::$variant, Language::English) => $en,
                        ($name::$variant, Language::German) => $de,
                    )*
                }
            }
        }
    };
}
pub(crate) use catalog;

/// A message in this run's language with its `{placeholders}` filled.
pub fn say(msg: impl Text, args: &[(&str, &dyn Display)]) -> String {
    fill(msg.text_in(language()), args)
}

fn fill(text: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = text.to_owned();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), &value.to_string());
    }
    out
}

/// "5 December 2030" / "5. Dezember 2030".
pub fn date(day: u32, month0: u32, year: i32) -> String {
    let months = Msg::Months.text_in(language());
    let month = months.split(',').nth(month0 as usize).unwrap_or_default();
    say(
        Msg::Date,
        &[("day", &day), ("month", &month), ("year", &year)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<&str> {
        let mut names: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()))
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    fn check_all<T: Text>(all: &[T]) {
        for &msg in all {
            let english = msg.text_in(Language::English);
            let german = msg.text_in(Language::German);
            assert!(
                !english.trim().is_empty() && !german.trim().is_empty(),
                "{msg:?}"
            );
            assert_eq!(placeholders(english), placeholders(german), "{msg:?}");
        }
    }

    #[test]
    fn every_message_has_the_same_placeholders_in_both_languages() {
        check_all(Msg::ALL);
        check_all(ErrMsg::ALL);
        check_all(ServiceMsg::ALL);
        check_all(NetworkMsg::ALL);
        check_all(SetupMsg::ALL);
        check_all(BulkMsg::ALL);
        check_all(HelpMsg::ALL);
        check_all(LocalMsg::ALL);
        check_all(UsageMsg::ALL);
        check_all(OutboxMsg::ALL);
        check_all(StoreMsg::ALL);
    }

    #[test]
    fn months_are_twelve() {
        for language in Language::ALL {
            assert_eq!(Msg::Months.text_in(language).split(',').count(), 12);
        }
    }

    #[test]
    fn placeholders_are_filled() {
        assert_eq!(
            fill(
                Msg::Added.text_in(Language::German),
                &[("id", &7), ("name", &"Rex")]
            ),
            "Haustier 7 (Rex) hinzugefügt."
        );
        assert_eq!(placeholders("a {x} and {y}, {x}"), ["x", "y"]);
    }
}
