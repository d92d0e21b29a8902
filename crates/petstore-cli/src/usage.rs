//! Reading the command line in the run's language. `--help` comes from the catalog
//! (`words::usage`), put in place over clap's derive; in German clap's own parts (usage heading,
//! headings, the help and version flags, the help command) are replaced too. clap's refusals (an
//! invalid value, an unknown argument) are worded from clap's typed error context in German; in
//! English clap's own words stay, usage line and suggestions included. The values' own reasons
//! come from `values`' parsers, already in the run's language.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, Command, CommandFactory, FromArgMatches};
use petstore_local::Language;

use crate::args::Cli;
use crate::words::{HelpMsg, Text, UsageMsg as U, language, say};

/// Options by clap id, with their help.
type Helps = &'static [(&'static str, U)];

/// Each subcommand's help, and its options'.
const SUBCOMMANDS: [(&str, U, Helps); 11] = [
    (
        "list",
        U::List,
        &[
            ("status", U::Status),
            ("limit", U::ListLimit),
            ("name_contains", U::NameContains),
        ],
    ),
    (
        "add",
        U::Add,
        &[
            ("name", U::Name),
            ("category", U::Category),
            ("status", U::AddStatus),
            ("allow_repeat", U::AllowRepeat),
            ("queue", U::Queue),
        ],
    ),
    ("get", U::Get, &[("id", U::PetId)]),
    (
        "quota",
        U::Quota,
        &[
            ("forget", U::Forget),
            ("history", U::History),
            ("since", U::QuotaSince),
        ],
    ),
    (
        "import",
        U::Import,
        &[
            ("file", U::File),
            ("dry_run", U::DryRun),
            ("report", U::Report),
            ("yes", U::Yes),
            ("resend_unknown", U::ResendUnknown),
            ("allow_repeats", U::AllowRepeats),
            ("unchecked", U::Unchecked),
        ],
    ),
    (
        "export",
        U::Export,
        &[
            ("status", U::Status),
            ("format", U::Format),
            ("output", U::Output),
            ("force", U::Force),
            ("category_names", U::CategoryNames),
        ],
    ),
    (
        "log",
        U::Log,
        &[
            ("since", U::LogSince),
            ("outcome", U::Outcome),
            ("limit", U::LogLimit),
        ],
    ),
    ("outbox", U::Outbox, &[]),
    ("key", U::Key, &[]),
    ("proxy", U::ProxyCommand, &[]),
    ("store", U::Store, &[]),
];

/// The options every command takes.
const GLOBAL: [(&str, U); 9] = [
    ("env", U::Env),
    ("base_url", U::BaseUrl),
    ("json", U::Json),
    ("timeout", U::Timeout),
    ("trust_url", U::TrustUrl),
    ("proxy", U::Proxy),
    ("no_proxy", U::NoProxy),
    ("ca_file", U::CaFile),
    ("verbose", U::Verbose),
];

/// The actions of `key`, `proxy` and `outbox`.
const ACTIONS: [(&str, &str, U); 11] = [
    ("key", "set", U::KeySet),
    ("key", "clear", U::KeyClear),
    ("key", "status", U::KeyStatus),
    ("proxy", "password", U::ProxyPassword),
    ("proxy", "clear-password", U::ProxyClearPassword),
    ("outbox", "send", U::OutboxSend),
    ("outbox", "drop", U::OutboxDrop),
    ("outbox", "send-anyway", U::OutboxSendAnyway),
    ("store", "connect", U::StoreConnect),
    ("store", "status", U::StoreStatus),
    ("store", "disconnect", U::StoreDisconnect),
];

/// The arguments of those actions: (command, action, argument id, help).
const ACTION_ARGS: [(&str, &str, &str, U); 4] = [
    ("outbox", "drop", "id", U::OutboxId),
    ("outbox", "send-anyway", "id", U::OutboxId),
    ("store", "connect", "url", U::StoreUrl),
    ("store", "connect", "desk", U::StoreDesk),
];

/// The command line with its help in `language`.
pub fn command(language: Language) -> Command {
    let t = |msg: U| msg.text_in(language);
    let mut cmd = Cli::command()
        .about(t(U::About))
        .after_help(t(U::ExitCodes));
    for (id, msg) in GLOBAL {
        cmd = cmd.mut_arg(id, |arg| arg.help(t(msg)));
    }
    for (name, about, args) in SUBCOMMANDS {
        cmd = cmd.mut_subcommand(name, |mut sub| {
            sub = sub.about(t(about));
            for &(id, msg) in args {
                sub = sub.mut_arg(id, |arg| arg.help(t(msg)));
            }
            sub
        });
    }
    for (parent, name, about) in ACTIONS {
        cmd = cmd.mut_subcommand(parent, |sub| {
            sub.mut_subcommand(name, |action| action.about(t(about)))
        });
    }
    for (parent, name, id, help) in ACTION_ARGS {
        cmd = cmd.mut_subcommand(parent, |sub| {
            sub.mut_subcommand(name, |action| action.mut_arg(id, |arg| arg.help(t(help))))
        });
    }
    match language {
        Language::English => cmd,
        Language::German => clap_parts(cmd, &t, true),
    }
}

/// clap's own words in `--help`, replaced: the usage heading, the headings, the help flag (and
/// at the top the version flag and the help command).
fn clap_parts(cmd: Command, t: &dyn Fn(U) -> &'static str, top: bool) -> Command {
    let options = t(U::OptionsHeading);
    let arguments = t(U::ArgumentsHeading);
    let mut cmd = cmd
        .help_template(format!(
            "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
            t(U::UsageHeading)
        ))
        .subcommand_help_heading(t(U::CommandsHeading))
        .disable_help_flag(true)
        .disable_help_subcommand(true)
        .mut_args(|arg| {
            let heading = match arg.is_positional() {
                true => arguments,
                false => options,
            };
            let arg = arg.help_heading(heading);
            // The defaults are in the words ("[Standard: 20]").
            match arg.get_action().takes_values() && !arg.get_default_values().is_empty() {
                true => arg.hide_default_value(true),
                false => arg,
            }
        })
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help(t(U::PrintHelp))
                .help_heading(options),
        );
    if top {
        cmd = cmd.disable_version_flag(true).arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .help(t(U::PrintVersion))
                .help_heading(options),
        );
    }
    if cmd.has_subcommands() {
        cmd = cmd.subcommand(
            Command::new("help").about(t(U::HelpCommand)).arg(
                Arg::new("command")
                    .num_args(0..)
                    .value_name("COMMAND")
                    .help(t(U::HelpCommandArgument)),
            ),
        );
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(name, |sub| clap_parts(sub, t, false));
    }
    cmd
}

/// The parsed command line; exits with clap's codes (2 for a usage error, 0 for --help).
pub fn parse() -> Cli {
    let parsed = command(language()).try_get_matches();
    if let Ok(matches) = &parsed {
        help_command(matches);
    }
    let parsed = parsed.and_then(|matches| Cli::from_arg_matches(&matches));
    match parsed {
        Ok(cli) => cli,
        Err(err) => fail(&err),
    }
}

/// `petstore help [COMMAND…]` where clap's own help command is replaced (German): the same as
/// `petstore COMMAND… --help`.
fn help_command(matches: &clap::ArgMatches) {
    let mut path = Vec::new();
    let mut level = matches;
    while let Some((name, sub)) = level.subcommand() {
        if name == "help" {
            path.extend(
                sub.get_many::<String>("command")
                    .into_iter()
                    .flatten()
                    .cloned(),
            );
            path.push("--help".to_owned());
            let again = command(language())
                .try_get_matches_from(std::iter::once("petstore".to_owned()).chain(path));
            match again {
                Err(err) => fail(&err),
                Ok(_) => std::process::exit(0),
            }
        }
        path.push(name.to_owned());
        level = sub;
    }
}

/// Ends the run on clap's refusal (or its help and version, which clap prints itself).
fn fail(err: &clap::Error) -> ! {
    match refusal(err) {
        Some(text) if language() != Language::English => {
            eprintln!("{text}\n\n{}", say(HelpMsg::TryHelp, &[]));
            std::process::exit(err.exit_code())
        }
        _ => err.exit(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn each(cmd: &Command, check: &mut dyn FnMut(&Command)) {
        check(cmd);
        for sub in cmd.get_subcommands() {
            each(sub, check);
        }
    }

    #[test]
    fn every_command_and_option_has_help_in_both_languages() {
        for language in Language::ALL {
            command(language).debug_assert();
            let mut cmd = command(language);
            cmd.build();
            each(&cmd, &mut |sub| {
                let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
                assert!(!about.trim().is_empty(), "{language:?}: {}", sub.get_name());
                for arg in sub.get_arguments() {
                    assert!(
                        arg.get_help().is_some(),
                        "{language:?}: {} {}",
                        sub.get_name(),
                        arg.get_id()
                    );
                }
            });
        }
    }

    #[test]
    fn german_help_keeps_no_english_frame() {
        let mut cmd = command(Language::German);
        cmd.build();
        each(&cmd, &mut |sub| {
            let help = sub.clone().render_help().to_string();
            for english in [
                "Usage:",
                "Options:",
                "Commands:",
                "Print ",
                "[default",
                "Exit codes",
            ] {
                assert!(!help.contains(english), "{}: {help}", sub.get_name());
            }
        });
        let top = cmd.render_help().to_string();
        assert!(
            top.contains("Aufruf: petstore") && top.contains("Exit-Codes:"),
            "{top}"
        );
    }
}
