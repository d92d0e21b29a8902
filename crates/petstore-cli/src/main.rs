//! `petstore`: the Pet Store client for admins who script. Exit codes: see `exit.rs`.

mod args;
mod bulk;
mod categories;
mod commands;
mod crash;
mod ctrl_c;
mod exit;
mod explain;
mod history;
mod keycmd;
mod keysource;
mod logging;
mod notices;
mod outbox;
mod output;
mod progress;
mod quota;
mod search;
mod secret_input;
mod session;
mod store;
mod usage;
mod values;
mod words;

use std::process::ExitCode;

use args::Command;

fn main() -> ExitCode {
    // First: a panic anywhere from here on is a short message and exit code 1.
    crash::install();
    // The detached helper a network command starts at its exit to move its recorded entries
    // into the history (a hidden first argument, never in --help): nothing else of a run.
    if let Some(code) = history::helper() {
        return code;
    }
    // Before the arguments: their refusals are worded in the run's language too.
    words::init();
    // Exits with 2 on a usage error, 0 for --help and --version.
    let cli = usage::parse();
    logging::init(cli.verbose);
    log::info!("petstore {} starting", env!("CARGO_PKG_VERSION"));
    #[cfg(debug_assertions)]
    crash::test_hook();
    let result = match &cli.command {
        Command::Key { action } => keycmd::run(&cli, *action),
        Command::Proxy { action } => keycmd::proxy(&cli, *action),
        Command::Store { action } => store::run(&cli, action),
        Command::Import(args) => bulk::import(&cli, args),
        Command::Export(args) => bulk::export(&cli, args),
        Command::Log(args) => history::log(&cli, args),
        Command::Outbox(args) => outbox::run(&cli, args),
        Command::Quota(args) if args.history => history::quota(&cli, args),
        _ => commands::run(&cli),
    };
    match result {
        Ok(()) => ExitCode::from(exit::OK),
        Err(err) => {
            eprintln!("{}", explain::message(&err));
            err.into_exit_code()
        }
    }
}
