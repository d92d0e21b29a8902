//! The command line itself: values refused while reading the arguments, and clap's refusals
//! in the run's language.

use super::catalog;

catalog! {
    /// The words of argument parsing.
    pub enum HelpMsg {
        NotAFormat { en: "'{text}' is not a format: use csv or json", de: "'{text}' ist kein Format: Verwenden Sie csv oder json" },
        NotASince {
            en: "\"{text}\" is not a time: give a span such as 30m, 1h or 7d, or a date such as 2026-11-20",
            de: "\"{text}\" ist keine Zeitangabe: Geben Sie eine Spanne wie 30m, 1h oder 7d oder ein Datum wie \
                 2026-11-20 an",
        },
        NotAnOutcome {
            en: "outcome must be one of ok, error, unknown, notFound (got \"{text}\")",
            de: "das Ergebnis muss ok, error, unknown oder notFound sein (angegeben: \"{text}\")",
        },
        NotAnEnvironment {
            en: "'{text}' is not an environment: use production, staging or sandbox",
            de: "'{text}' ist keine Umgebung: Verwenden Sie production, staging oder sandbox",
        },
        NotAStatus {
            en: "'{text}' is not a status: use available, pending or sold",
            de: "'{text}' ist kein Status: Verwenden Sie available, pending oder sold",
        },
        NotALimit {
            en: "'{text}' is not a limit: use a whole number from 1 to 100",
            de: "'{text}' ist kein Limit: Verwenden Sie eine ganze Zahl von 1 bis 100",
        },
        NotAnEntryCount {
            en: "'{text}' is not a number of entries: use a whole number from 1 to {max}",
            de: "'{text}' ist keine Anzahl von Einträgen: Verwenden Sie eine ganze Zahl von 1 bis {max}",
        },
        NotATimeout {
            en: "'{text}' is not a timeout: use a number of seconds from {min} to {max} (24 hours), e.g. 30",
            de: "'{text}' ist keine Zeitbegrenzung: Verwenden Sie eine Anzahl Sekunden von {min} bis {max} \
                 (24 Stunden), z. B. 30",
        },
        NotACategoryId {
            en: "'{text}' is not a category id: use a whole number from {min} to {max}, for example 3",
            de: "'{text}' ist keine Kategorie-ID: Verwenden Sie eine ganze Zahl von {min} bis {max}, zum Beispiel 3",
        },
        PetIdTooLarge {
            en: "'{text}' is too large for a pet id: use at most {max}",
            de: "'{text}' ist zu groß für eine Haustier-ID: Verwenden Sie höchstens {max}",
        },
        PetIdTooSmall {
            en: "'{text}' is too small for a pet id: use at least {min}",
            de: "'{text}' ist zu klein für eine Haustier-ID: Verwenden Sie mindestens {min}",
        },
        NotAPetId {
            en: "'{text}' is not a pet id: use a whole number, for example 42",
            de: "'{text}' ist keine Haustier-ID: Verwenden Sie eine ganze Zahl, zum Beispiel 42",
        },
        InvalidValue {
            en: "error: invalid value '{value}' for '{arg}': {why}",
            de: "Fehler: ungültiger Wert '{value}' für '{arg}': {why}",
        },
        UnknownArgument {
            en: "error: unexpected argument '{arg}' found",
            de: "Fehler: unerwartetes Argument '{arg}'",
        },
        UnknownCommand {
            en: "error: unrecognized subcommand '{arg}'",
            de: "Fehler: unbekannter Befehl '{arg}'",
        },
        MissingArguments {
            en: "error: the following required arguments were not provided: {args}",
            de: "Fehler: Diese nötigen Angaben fehlen: {args}",
        },
        Conflict {
            en: "error: '{arg}' cannot be used with '{other}'",
            de: "Fehler: '{arg}' kann nicht zusammen mit '{other}' verwendet werden",
        },
        TryHelp {
            en: "For more information, try '--help'.",
            de: "Weitere Informationen erhalten Sie mit '--help'.",
        },
    }
}
