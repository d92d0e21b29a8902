//! Reading the command line in the run's language: clap's refusals (an invalid value, an
//! unknown argument) are worded from clap's typed error context in German; in English clap's
//! own words stay, usage line and suggestions included. The values' own reasons come from
//! `args`' parsers, already in the run's language.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches};

use crate::args::Cli;
use crate::words::{HelpMsg, language, say};

/// The parsed command line; exits with clap's codes (2 for a usage error, 0 for --help).
pub fn parse() -> Cli {
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    match parsed {
        Ok(cli) => cli,
        Err(err) => match refusal(&err) {
            Some(text) if language() != petstore_local::Language::English => {
                eprintln!("{text}\n\n{}", say(HelpMsg::TryHelp, &[]));
                std::process::exit(err.exit_code())
            }
            _ => err.exit(),
        },
    }
}

/// The refusal in words, or `None` for what clap prints itself (help, version, and refusals
/// too rare to word).
fn refusal(err: &clap::Error) -> Option<String> {
    let text = |kind| match err.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        Some(ContextValue::Strings(texts)) => Some(texts.join(", ")),
        _ => None,
    };
    let arg = text(ContextKind::InvalidArg);
    Some(match err.kind() {
        ErrorKind::ValueValidation | ErrorKind::InvalidValue => {
            let why = match std::error::Error::source(err) {
                Some(reason) => reason.to_string(),
                None => text(ContextKind::ValidValue).unwrap_or_default(),
            };
            say(
                HelpMsg::InvalidValue,
                &[
                    (
                        "value",
                        &text(ContextKind::InvalidValue).unwrap_or_default(),
                    ),
                    ("arg", &arg?),
                    ("why", &why),
                ],
            )
        }
        ErrorKind::UnknownArgument => say(HelpMsg::UnknownArgument, &[("arg", &arg?)]),
        ErrorKind::InvalidSubcommand => say(
            HelpMsg::UnknownCommand,
            &[("arg", &text(ContextKind::InvalidSubcommand)?)],
        ),
        ErrorKind::MissingRequiredArgument => say(HelpMsg::MissingArguments, &[("args", &arg?)]),
        ErrorKind::ArgumentConflict => say(
            HelpMsg::Conflict,
            &[("arg", &arg?), ("other", &text(ContextKind::PriorArg)?)],
        ),
        _ => return None,
    })
}
