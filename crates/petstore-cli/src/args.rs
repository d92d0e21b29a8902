//! The command line, as clap sees it.

use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use petstore_client::{BaseUrl, Environment, Limit, PetStatus};

use crate::exit::EXIT_CODES_HELP;
use crate::values::{
    parse_base_url, parse_category, parse_env, parse_format, parse_limit, parse_log_limit,
    parse_outcome, parse_pet, parse_since, parse_status, parse_timeout,
};

/// Manage the Pet Store catalog from a terminal or a script.
#[derive(Debug, Parser)]
#[command(name = "petstore", version, about, after_help = EXIT_CODES_HELP)]
pub struct Cli {
    /// Which service to talk to [default: the settings file's environment, else sandbox]
    #[arg(long, global = true, value_name = "production|staging|sandbox", value_parser = parse_env)]
    pub env: Option<Environment>,

    /// Base address of the service, ending in /v1 (overrides the settings)
    #[arg(long, global = true, value_name = "URL", value_parser = parse_base_url)]
    pub base_url: Option<BaseUrl>,

    /// Print the API's JSON on stdout instead of tables and sentences
    #[arg(long, global = true)]
    pub json: bool,

    /// Give up after this many seconds (0.001 to 86400, i.e. 24 hours), retries and rate-limit
    /// waits included
    #[arg(
        long,
        global = true,
        value_name = "SECONDS",
        value_parser = parse_timeout,
        allow_negative_numbers = true
    )]
    pub timeout: Option<Duration>,

    /// Send the key stored for --env to a --base-url on another server than that environment's
    /// own address (refused without this flag, so a stored key never goes somewhere by mistake)
    #[arg(long, global = true, requires = "env")]
    pub trust_url: bool,

    /// Go through this proxy for this run (http:// or https://, no password: the proxy's user
    /// is the settings file's, its password `petstore proxy password`'s)
    // Checked when used (session::network), not by clap: clap's refusal would repeat the value,
    // and a proxy address given with a password must not be printed back.
    #[arg(long, global = true, value_name = "URL", conflicts_with = "no_proxy")]
    pub proxy: Option<String>,

    /// Reach the service directly for this run, ignoring HTTPS_PROXY and the proxy settings
    #[arg(long, global = true)]
    pub no_proxy: bool,

    /// Trust this company certificate authority (a PEM file) beside the system's, for this run
    /// (repeatable; the settings file's "caFiles" are trusted too)
    #[arg(long, global = true, value_name = "FILE")]
    pub ca_file: Vec<std::path::PathBuf>,

    /// Log what happens to stderr: -v for the main steps, -vv for details (never the API key)
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List pets, optionally filtered by status
    List(ListArgs),
    /// Add a pet
    Add(AddArgs),
    /// Show one pet by id (deprecated: use `list --status`)
    Get(GetArgs),
    /// Show the rate-limit quota: limit, remaining and when it resets, or a remembered wait
    Quota(QuotaArgs),
    /// Create pets from a CSV file (name, categoryId, status), paced by the quota, resumable,
    /// never creating a row twice
    Import(ImportArgs),
    /// Write every pet (all pages) as CSV or JSON
    Export(ExportArgs),
    /// Show the requests this computer sent (the app's and this command's), newest first
    Log(LogArgs),
    /// Store, clear or check the API key in the OS keychain
    Key {
        #[command(subcommand)]
        action: KeyAction,
    },
    /// Store or clear the proxy's password in the OS keychain (its address and user are in the
    /// settings file's "proxy")
    Proxy {
        #[command(subcommand)]
        action: ProxyAction,
    },
}

#[derive(Debug, Clone, Copy, Subcommand)]
pub enum ProxyAction {
    /// Store the proxy's password read from stdin (one line)
    Password,
    /// Remove the stored proxy password
    ClearPassword,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only pets with this status
    #[arg(long, value_name = "available|pending|sold", value_parser = parse_status)]
    pub status: Option<PetStatus>,
    /// How many pets to show, 1 to 100
    #[arg(
        long,
        value_name = "1-100",
        value_parser = parse_limit,
        default_value = "20",
        allow_negative_numbers = true
    )]
    pub limit: Limit,
}

#[derive(Debug, Args)]
pub struct QuotaArgs {
    /// Clear the rate-limit wait remembered for this address and key (sends nothing)
    #[arg(long)]
    pub forget: bool,
    /// Show the quota over time from this computer's history, per window: requests sent, 429s,
    /// lowest remaining (sends nothing)
    #[arg(long, conflicts_with = "forget")]
    pub history: bool,
    /// With --history: from this long ago (30m, 1h, 7d) or this date (2026-11-20) [default: 1d]
    #[arg(long, value_name = "1h|7d|DATE", value_parser = parse_since, requires = "history")]
    pub since: Option<Since>,
}

#[derive(Debug, Args)]
pub struct LogArgs {
    /// From this long ago (30m, 1h, 7d) or this date (2026-11-20, your local time)
    #[arg(long, value_name = "1h|7d|DATE", value_parser = parse_since)]
    pub since: Option<Since>,
    /// Only requests that ended this way
    #[arg(long, value_name = "ok|error|unknown", value_parser = parse_outcome)]
    pub outcome: Option<petstore_client::Outcome>,
    /// How many entries at most, newest first (1 to 10000)
    #[arg(long, value_name = "N", default_value = "50", value_parser = parse_log_limit)]
    pub limit: u32,
}

/// `--since`: a span back from now, or the start of a local date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    Ago(chrono::TimeDelta),
    Date(chrono::NaiveDate),
}

impl Since {
    pub fn instant(self, now: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
        match self {
            Since::Ago(span) => now - span,
            Since::Date(date) => date
                .and_hms_opt(0, 0, 0)
                .and_then(|midnight| midnight.and_local_timezone(chrono::Local).earliest())
                .map_or(now, |local| local.with_timezone(&chrono::Utc)),
        }
    }
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// The pet's name
    #[arg(long)]
    pub name: String,
    /// Identifier of the pet's category (a whole number, int64)
    #[arg(long, value_name = "ID", value_parser = parse_category, allow_negative_numbers = true)]
    pub category: i64,
    /// Availability status (the server decides when omitted)
    #[arg(long, value_name = "available|pending|sold", value_parser = parse_status)]
    pub status: Option<PetStatus>,
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// The pet's id (a whole number, int64)
    #[arg(value_parser = parse_pet, allow_negative_numbers = true)]
    pub id: i64,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The CSV file: a header row with name, categoryId (or category_id, category) and
    /// optionally status, in any order; comma or semicolon separated
    #[arg(value_name = "FILE.csv")]
    pub file: std::path::PathBuf,
    /// Check the file and show what would be created, and how long it would take; send nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Also write every row with its outcome and created id to this CSV file (an existing one
    /// is kept as OUT.csv.bak)
    #[arg(long, value_name = "OUT.csv")]
    pub report: Option<std::path::PathBuf>,
    /// Answer yes to the confirmation (importing into production); never to resending
    #[arg(long)]
    pub yes: bool,
    /// Send again the rows whose outcome stayed unknown and that were not found in the pet
    /// list (they may exist twice if the service stored them without being able to show them)
    #[arg(long)]
    pub resend_unknown: bool,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Only pets with this status
    #[arg(long, value_name = "available|pending|sold", value_parser = parse_status)]
    pub status: Option<PetStatus>,
    /// csv (default; --json makes it json) or json
    #[arg(long, value_name = "csv|json", value_parser = parse_format)]
    pub format: Option<petstore_bulk::ExportFormat>,
    /// Write to this file instead of stdout (written whole or not at all)
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Replace an existing FILE (the old one is kept as FILE.bak)
    #[arg(long, requires = "output")]
    pub force: bool,
    /// Add each pet's category name from this computer's list for the environment (the app's
    /// Settings → Categories): a categoryName column (CSV) or field (JSON), empty where unnamed
    #[arg(long)]
    pub category_names: bool,
}

#[derive(Debug, Clone, Copy, Subcommand)]
pub enum KeyAction {
    /// Store the API key read from stdin (one line)
    Set,
    /// Remove the stored API key
    Clear,
    /// Tell whether an API key is stored (shows at most its last 4 characters)
    Status,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
