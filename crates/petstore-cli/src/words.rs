//! The CLI's words for people, in English and German: the settings file's `language`, else the
//! computer's (LC_ALL, LC_MESSAGES, LANG), else English. `--json` output is the API's own shapes
//! and never goes through here. Adding a message: a variant of [`Msg`], its English and German
//! text (the compiler asks for both), and `{name}` placeholders the same in both (a test checks).

use std::fmt::Display;
use std::sync::OnceLock;

use petstore_local::{Language, Settings, system_locale};

static LANGUAGE: OnceLock<Language> = OnceLock::new();

/// Fixes the language for this run. An unreadable settings file leaves the choice to the
/// computer here: the command itself reports the file's problem when it needs the file.
pub fn init() {
    let choice = Settings::load().ok().and_then(|s| s.language());
    let _ = LANGUAGE.set(Language::resolve(choice, system_locale().as_deref()));
}

pub fn language() -> Language {
    LANGUAGE.get().copied().unwrap_or(Language::English)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Msg {
    ColumnId,
    ColumnName,
    ColumnCategory,
    ColumnStatus,
    NoPets,
    MoreBigger,
    MoreNarrow,
    Added,
    GetDeprecated,
    NewRemovalDate,
    QuotaText,
    PerMinute,
    PerDay,
    WindowUnknown,
    Plan,
    Unknown,
    Now,
    InSeconds,
    InMinutes,
    InHours,
    LocalTime,
    OnDate,
    Date,
    Months,
    KeyPrompt,
    HintStoreKey,
    HintCheckList,
    HintBaseUrl,
    RetryAt,
}

impl Msg {
    /// Every message, for the parity test (the `match`es below already require both texts).
    #[cfg(test)]
    pub const ALL: [Msg; 29] = [
        Msg::ColumnId,
        Msg::ColumnName,
        Msg::ColumnCategory,
        Msg::ColumnStatus,
        Msg::NoPets,
        Msg::MoreBigger,
        Msg::MoreNarrow,
        Msg::Added,
        Msg::GetDeprecated,
        Msg::NewRemovalDate,
        Msg::QuotaText,
        Msg::PerMinute,
        Msg::PerDay,
        Msg::WindowUnknown,
        Msg::Plan,
        Msg::Unknown,
        Msg::Now,
        Msg::InSeconds,
        Msg::InMinutes,
        Msg::InHours,
        Msg::LocalTime,
        Msg::OnDate,
        Msg::Date,
        Msg::Months,
        Msg::KeyPrompt,
        Msg::HintStoreKey,
        Msg::HintCheckList,
        Msg::HintBaseUrl,
        Msg::RetryAt,
    ];

    fn english(self) -> &'static str {
        match self {
            Msg::ColumnId => "ID",
            Msg::ColumnName => "NAME",
            Msg::ColumnCategory => "CATEGORY",
            Msg::ColumnStatus => "STATUS",
            Msg::NoPets => "No pets found.",
            Msg::MoreBigger => {
                "More pets: run with `petstore list{status} --limit {limit}` to see more."
            }
            Msg::MoreNarrow => "More pets: the list holds more than 100; narrow it with --status.",
            Msg::Added => "Added pet {id} ({name}).",
            Msg::GetDeprecated => {
                "Warning: `petstore get` uses a deprecated service endpoint that will be removed on \
                 {date}. Use `petstore list --status available|pending|sold` instead."
            }
            Msg::NewRemovalDate => "The service now gives {date} as its removal date.",
            Msg::QuotaText => {
                "Limit:      {limit} requests ({window}{plan})\nRemaining:  {remaining}\nResets:     {reset}\n"
            }
            Msg::PerMinute => "per minute",
            Msg::PerDay => "per day",
            Msg::WindowUnknown => "window unknown",
            Msg::Plan => ", {plan} plan",
            Msg::Unknown => "unknown",
            Msg::Now => "now",
            Msg::InSeconds => "in {n} s",
            Msg::InMinutes => "in {n} min",
            Msg::InHours => "in {n} h",
            Msg::LocalTime => "{time} local time ({distance})",
            Msg::OnDate => " on {date}",
            Msg::Date => "{day} {month} {year}",
            Msg::Months => {
                "January,February,March,April,May,June,July,August,September,October,November,December"
            }
            Msg::KeyPrompt => "Paste the API key for {env} and press Enter:",
            Msg::HintStoreKey => {
                "Store the key with `petstore key set --env ENV` (it reads the key from stdin), or set PETSTORE_API_KEY."
            }
            Msg::HintCheckList => "Check with `petstore list` before running `petstore add` again.",
            Msg::HintBaseUrl => "Or pass the address for this command only with --base-url URL.",
            Msg::RetryAt => "That is {distance}, at {time} local time.",
        }
    }

    fn german(self) -> &'static str {
        match self {
            Msg::ColumnId => "ID",
            Msg::ColumnName => "NAME",
            Msg::ColumnCategory => "KATEGORIE",
            Msg::ColumnStatus => "STATUS",
            Msg::NoPets => "Keine Haustiere gefunden.",
            Msg::MoreBigger => {
                "Weitere Haustiere: Führen Sie `petstore list{status} --limit {limit}` aus, um mehr zu sehen."
            }
            Msg::MoreNarrow => {
                "Weitere Haustiere: Die Liste umfasst mehr als 100; grenzen Sie sie mit --status ein."
            }
            Msg::Added => "Haustier {id} ({name}) hinzugefügt.",
            Msg::GetDeprecated => {
                "Warnung: `petstore get` nutzt einen veralteten Endpunkt des Dienstes, der am {date} \
                 entfernt wird. Verwenden Sie stattdessen `petstore list --status available|pending|sold`."
            }
            Msg::NewRemovalDate => "Der Dienst nennt jetzt den {date} als Datum der Entfernung.",
            Msg::QuotaText => {
                "Limit:      {limit} Anfragen ({window}{plan})\nVerbleibend: {remaining}\nErneuerung: {reset}\n"
            }
            Msg::PerMinute => "pro Minute",
            Msg::PerDay => "pro Tag",
            Msg::WindowUnknown => "Zeitraum unbekannt",
            Msg::Plan => ", {plan}-Tarif",
            Msg::Unknown => "unbekannt",
            Msg::Now => "jetzt",
            Msg::InSeconds => "in {n} s",
            Msg::InMinutes => "in {n} Min.",
            Msg::InHours => "in {n} Std.",
            Msg::LocalTime => "{time} Ortszeit ({distance})",
            Msg::OnDate => " am {date}",
            Msg::Date => "{day}. {month} {year}",
            Msg::Months => {
                "Januar,Februar,März,April,Mai,Juni,Juli,August,September,Oktober,November,Dezember"
            }
            Msg::KeyPrompt => {
                "Fügen Sie den API-Schlüssel für {env} ein und drücken Sie die Eingabetaste:"
            }
            Msg::HintStoreKey => {
                "Speichern Sie den Schlüssel mit `petstore key set --env ENV` (er wird von stdin gelesen) oder setzen Sie PETSTORE_API_KEY."
            }
            Msg::HintCheckList => {
                "Prüfen Sie mit `petstore list`, bevor Sie `petstore add` erneut ausführen."
            }
            Msg::HintBaseUrl => {
                "Oder geben Sie die Adresse nur für diesen Befehl mit --base-url URL an."
            }
            Msg::RetryAt => "Das ist {distance}, um {time} Ortszeit.",
        }
    }

    pub fn text_in(self, language: Language) -> &'static str {
        match language {
            Language::English => self.english(),
            Language::German => self.german(),
        }
    }
}

/// A message in this run's language with its `{placeholders}` filled.
pub fn say(msg: Msg, args: &[(&str, &dyn Display)]) -> String {
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

    #[test]
    fn every_message_has_the_same_placeholders_in_both_languages() {
        for msg in Msg::ALL {
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
    fn the_list_of_messages_is_complete_and_months_are_twelve() {
        let mut seen = Msg::ALL.to_vec();
        seen.dedup();
        assert_eq!(seen.len(), Msg::ALL.len());
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
