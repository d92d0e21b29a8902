//! The few words the Rust shell shows without the UI: native file-dialog titles and desktop
//! notifications, which the OS shows. Everything else is worded by the UI's catalog. Each message
//! has English and German (a `match` per language, so neither can be left out); `{name}` marks a
//! placeholder, and both languages have the same ones (a test checks).

use petstore_client::Environment;
use petstore_local::Language;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Msg {
    PickImportFile,
    CsvFilter,
    SaveImportReport,
    ExportPets,
    ExportActivity,
    ExportCategoryNames,
    ImportCategoryNames,
    TrustCertificate,
    CertificateFilter,
    Production,
    Staging,
    Sandbox,
    /// `{env}`.
    QuotaLowTitle,
    /// `{env}`.
    QuotaExhaustedTitle,
    /// `{env}`.
    RateLimitedTitle,
    /// `{remaining}`, `{limit}`.
    RequestsLeft,
    /// `{time}` (HH:MM, local).
    Renews,
    /// `{time}` (HH:MM, local): when requests go again after a 429.
    GoesAgain,
    WaitForRenewal,
    SlowDown,
    /// `{env}`.
    OutboxEmptiedTitle,
    /// `{count}`.
    OutboxEmptied,
    /// `{env}`.
    OutboxRefusedTitle,
    /// `{name}`, `{message}` (the service's words).
    OutboxRefused,
}

impl Msg {
    pub const ALL: [Msg; 24] = [
        Msg::PickImportFile,
        Msg::CsvFilter,
        Msg::SaveImportReport,
        Msg::ExportPets,
        Msg::ExportActivity,
        Msg::ExportCategoryNames,
        Msg::ImportCategoryNames,
        Msg::TrustCertificate,
        Msg::CertificateFilter,
        Msg::Production,
        Msg::Staging,
        Msg::Sandbox,
        Msg::QuotaLowTitle,
        Msg::QuotaExhaustedTitle,
        Msg::RateLimitedTitle,
        Msg::RequestsLeft,
        Msg::Renews,
        Msg::GoesAgain,
        Msg::WaitForRenewal,
        Msg::SlowDown,
        Msg::OutboxEmptiedTitle,
        Msg::OutboxEmptied,
        Msg::OutboxRefusedTitle,
        Msg::OutboxRefused,
    ];

    pub fn template(self, language: Language) -> &'static str {
        match language {
            Language::English => self.english(),
            Language::German => self.german(),
        }
    }

    fn english(self) -> &'static str {
        match self {
            Msg::PickImportFile => "Import pets from a CSV file",
            Msg::CsvFilter => "CSV (comma or semicolon separated)",
            Msg::SaveImportReport => "Save the import report",
            Msg::ExportPets => "Export pets",
            Msg::ExportActivity => "Export activity",
            Msg::ExportCategoryNames => "Export the category names",
            Msg::ImportCategoryNames => "Import category names from a CSV file",
            Msg::TrustCertificate => "Trust a company certificate",
            Msg::CertificateFilter => "Certificate (PEM)",
            Msg::Production => "Production",
            Msg::Staging => "Staging",
            Msg::Sandbox => "Sandbox",
            Msg::QuotaLowTitle => "{env}: quota running low",
            Msg::QuotaExhaustedTitle => "{env}: no requests left",
            Msg::RateLimitedTitle => "{env}: the service asked to slow down",
            Msg::RequestsLeft => "{remaining} of {limit} requests left.",
            Msg::Renews => " It renews at {time}.",
            Msg::GoesAgain => " Requests go again at {time}.",
            Msg::WaitForRenewal => "Requests wait until the quota renews.",
            Msg::SlowDown => "It answered 429 Too Many Requests; requests wait as it asked.",
            Msg::OutboxEmptiedTitle => "{env}: every waiting pet was sent",
            Msg::OutboxEmptied => "Pets added from the outbox: {count}. Nothing waits any more.",
            Msg::OutboxRefusedTitle => "{env}: a waiting pet was not added",
            Msg::OutboxRefused => {
                "The service refused \u{201c}{name}\u{201d}: {message} Edit it or drop it in the table."
            }
        }
    }

    fn german(self) -> &'static str {
        match self {
            Msg::PickImportFile => "Haustiere aus einer CSV-Datei importieren",
            Msg::CsvFilter => "CSV (durch Komma oder Semikolon getrennt)",
            Msg::SaveImportReport => "Importbericht speichern",
            Msg::ExportPets => "Haustiere exportieren",
            Msg::ExportActivity => "Aktivität exportieren",
            Msg::ExportCategoryNames => "Kategorienamen exportieren",
            Msg::ImportCategoryNames => "Kategorienamen aus einer CSV-Datei importieren",
            Msg::TrustCertificate => "Einem Firmenzertifikat vertrauen",
            Msg::CertificateFilter => "Zertifikat (PEM)",
            Msg::Production => "Produktion",
            Msg::Staging => "Staging",
            Msg::Sandbox => "Sandbox",
            Msg::QuotaLowTitle => "{env}: Kontingent wird knapp",
            Msg::QuotaExhaustedTitle => "{env}: keine Anfragen mehr übrig",
            Msg::RateLimitedTitle => "{env}: Der Dienst bittet, langsamer zu werden",
            Msg::RequestsLeft => "{remaining} von {limit} Anfragen übrig.",
            Msg::Renews => " Es erneuert sich um {time}.",
            Msg::GoesAgain => " Anfragen gehen um {time} wieder hinaus.",
            Msg::WaitForRenewal => "Anfragen warten, bis sich das Kontingent erneuert.",
            Msg::SlowDown => {
                "Der Dienst antwortete mit 429 Too Many Requests; Anfragen warten so lange wie verlangt."
            }
            Msg::OutboxEmptiedTitle => "{env}: alle wartenden Haustiere wurden gesendet",
            Msg::OutboxEmptied => {
                "Aus dem Postausgang hinzugefügt: {count}. Es wartet nichts mehr."
            }
            Msg::OutboxRefusedTitle => "{env}: ein wartendes Haustier wurde nicht hinzugefügt",
            Msg::OutboxRefused => {
                "Der Dienst hat \u{201e}{name}\u{201c} abgelehnt: {message} Bearbeiten oder verwerfen Sie es in der Tabelle."
            }
        }
    }

    /// The words in `language`, each `{name}` of `args` filled in.
    pub fn say(self, language: Language, args: &[(&str, &str)]) -> String {
        args.iter()
            .fold(self.template(language).to_owned(), |text, (name, value)| {
                text.replace(&format!("{{{name}}}"), value)
            })
    }

    /// An environment's name.
    pub fn environment(env: Environment) -> Msg {
        match env {
            Environment::Production => Msg::Production,
            Environment::Staging => Msg::Staging,
            Environment::Sandbox => Msg::Sandbox,
        }
    }
}

/// The language the person reads the app in now: the settings' choice, else the computer's.
pub fn language_now(choice: Option<Language>) -> Language {
    Language::resolve(choice, petstore_local::system_locale().as_deref())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn placeholders(text: &str) -> BTreeSet<&str> {
        text.split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .collect()
    }

    /// `ALL` lists every message: a new one fails to build here until it is listed.
    fn listed(msg: Msg) -> bool {
        match msg {
            Msg::PickImportFile
            | Msg::CsvFilter
            | Msg::SaveImportReport
            | Msg::ExportPets
            | Msg::ExportActivity
            | Msg::ExportCategoryNames
            | Msg::ImportCategoryNames
            | Msg::TrustCertificate
            | Msg::CertificateFilter
            | Msg::Production
            | Msg::Staging
            | Msg::Sandbox
            | Msg::QuotaLowTitle
            | Msg::QuotaExhaustedTitle
            | Msg::RateLimitedTitle
            | Msg::RequestsLeft
            | Msg::Renews
            | Msg::GoesAgain
            | Msg::WaitForRenewal
            | Msg::SlowDown
            | Msg::OutboxEmptiedTitle
            | Msg::OutboxEmptied
            | Msg::OutboxRefusedTitle
            | Msg::OutboxRefused => Msg::ALL.contains(&msg),
        }
    }

    #[test]
    fn both_languages_have_every_message_with_the_same_placeholders() {
        for msg in Msg::ALL {
            assert!(listed(msg));
            let (en, de) = (
                msg.template(Language::English),
                msg.template(Language::German),
            );
            assert!(!en.trim().is_empty() && !de.trim().is_empty(), "{msg:?}");
            assert_eq!(placeholders(en), placeholders(de), "{msg:?}");
            let args: Vec<(&str, &str)> = placeholders(en).into_iter().map(|p| (p, "X")).collect();
            for language in Language::ALL {
                let said = msg.say(language, &args);
                assert!(
                    !said.contains('{') && !said.contains('}'),
                    "{msg:?}: {said}"
                );
            }
        }
        let mut all = Msg::ALL.to_vec();
        all.dedup();
        assert_eq!(all.len(), Msg::ALL.len());
    }

    #[test]
    fn placeholders_are_filled_in_the_language_asked() {
        let args = [("remaining", "8"), ("limit", "60")];
        assert_eq!(
            Msg::RequestsLeft.say(Language::English, &args),
            "8 of 60 requests left."
        );
        assert_eq!(
            Msg::RequestsLeft.say(Language::German, &args),
            "8 von 60 Anfragen übrig."
        );
    }
}
