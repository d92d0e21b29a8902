//! The command line, as clap sees it.

use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use petstore_client::{BaseUrl, Environment, Limit, PetStatus};

use crate::values::{
    Since, parse_base_url, parse_category, parse_env, parse_format, parse_limit, parse_log_limit,
    parse_outcome, parse_pet, parse_since, parse_status, parse_timeout,
};

#[derive(Debug, Parser)]
// Every help text (and the exit codes after it) comes from `words::usage`, put in place by
// `usage::command`. The name people type, also on Windows (where the program is `petstore.exe`
// and clap would show that in every "Usage:" line).
#[command(name = "petstore", bin_name = "petstore", version)]
pub struct Cli {
    #[arg(long, global = true, value_name = "production|staging|sandbox", value_parser = parse_env)]
    pub env: Option<Environment>,

    #[arg(long, global = true, value_name = "URL", value_parser = parse_base_url)]
    pub base_url: Option<BaseUrl>,

    #[arg(long, global = true)]
    pub json: bool,

    #[arg(
        long,
        global = true,
        value_name = "SECONDS",
        value_parser = parse_timeout,
        allow_negative_numbers = true
    )]
    pub timeout: Option<Duration>,

    #[arg(long, global = true, requires = "env")]
    pub trust_url: bool,

    // Checked when used (session::network), not by clap: clap's refusal would repeat the value,
    // and a proxy address given with a password must not be printed back.
    #[arg(long, global = true, value_name = "URL", conflicts_with = "no_proxy")]
    pub proxy: Option<String>,

    #[arg(long, global = true)]
    pub no_proxy: bool,

    #[arg(long, global = true, value_name = "FILE")]
    pub ca_file: Vec<std::path::PathBuf>,

    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    List(ListArgs),
    Add(AddArgs),
    Get(GetArgs),
    Quota(QuotaArgs),
    Import(ImportArgs),
    Export(ExportArgs),
    Log(LogArgs),
    Outbox(OutboxArgs),
    Key {
        #[command(subcommand)]
        action: KeyAction,
    },
    Proxy {
        #[command(subcommand)]
        action: ProxyAction,
    },
    Store {
        #[command(subcommand)]
        action: StoreAction,
    },
}

/// `petstore store …`: the shared store (issue 41).
#[derive(Debug, Clone, Subcommand)]
pub enum StoreAction {
    Connect {
        // Checked when used (`store::StoreUrl::parse`), not by clap: clap's refusal would repeat
        // the value, and an address given with a password must not be printed back.
        #[arg(value_name = "postgres://USER@HOST:PORT/DB")]
        url: String,
        #[arg(long, value_name = "NAME")]
        desk: Option<String>,
    },
    Status,
    Disconnect,
}

#[derive(Debug, Clone, Copy, Subcommand)]
pub enum ProxyAction {
    Password,
    ClearPassword,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[arg(long, value_name = "available|pending|sold", value_parser = parse_status)]
    pub status: Option<PetStatus>,
    /// The page size; `None`: 20 for a page, 100 for a search's walk ([`ListArgs::page`]).
    #[arg(
        long,
        value_name = "1-100",
        value_parser = parse_limit,
        allow_negative_numbers = true
    )]
    pub limit: Option<Limit>,
    // Checked when used (`search::Search::new`), not by clap: clap's refusal would repeat a
    // value of any length.
    #[arg(long, value_name = "TEXT")]
    pub name_contains: Option<String>,
}

impl ListArgs {
    /// The size of the one page a plain `list` shows.
    pub fn page(&self) -> Limit {
        self.limit
            .unwrap_or_else(|| Limit::new(DEFAULT_PAGE).unwrap_or_default())
    }
}

/// The page `petstore list` shows when no `--limit` is given.
const DEFAULT_PAGE: u32 = 20;

#[derive(Debug, Args)]
pub struct QuotaArgs {
    #[arg(long)]
    pub forget: bool,
    #[arg(long, conflicts_with = "forget")]
    pub history: bool,
    #[arg(long, value_name = "1h|7d|DATE", value_parser = parse_since, requires = "history")]
    pub since: Option<Since>,
}

#[derive(Debug, Args)]
pub struct LogArgs {
    #[arg(long, value_name = "1h|7d|DATE", value_parser = parse_since)]
    pub since: Option<Since>,
    #[arg(long, value_name = "ok|error|unknown|notFound", value_parser = parse_outcome)]
    pub outcome: Option<petstore_client::Outcome>,
    #[arg(long, value_name = "N", default_value = "50", value_parser = parse_log_limit)]
    pub limit: u32,
}

#[derive(Debug, Args)]
pub struct AddArgs {
    #[arg(long)]
    pub name: String,
    #[arg(long, value_name = "ID", value_parser = parse_category, allow_negative_numbers = true)]
    pub category: i64,
    #[arg(long, value_name = "available|pending|sold", value_parser = parse_status)]
    pub status: Option<PetStatus>,
    #[arg(long)]
    pub allow_repeat: bool,
    /// When the create cannot be sent now (no connection, the quota spent, a wait), put it in
    /// the environment's outbox instead of failing.
    #[arg(long)]
    pub queue: bool,
}

#[derive(Debug, Args)]
pub struct OutboxArgs {
    /// `None`: list the entries.
    #[command(subcommand)]
    pub action: Option<OutboxAction>,
}

#[derive(Debug, Clone, Copy, Subcommand)]
pub enum OutboxAction {
    Send,
    Drop {
        #[arg(value_name = "ID")]
        id: u64,
    },
    SendAnyway {
        #[arg(value_name = "ID")]
        id: u64,
    },
}

#[derive(Debug, Args)]
pub struct GetArgs {
    #[arg(value_parser = parse_pet, allow_negative_numbers = true)]
    pub id: i64,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    #[arg(value_name = "FILE.csv")]
    pub file: std::path::PathBuf,
    #[arg(long)]
    pub dry_run: bool,
    #[arg(long, value_name = "OUT.csv")]
    pub report: Option<std::path::PathBuf>,
    #[arg(long)]
    pub yes: bool,
    #[arg(long)]
    pub resend_unknown: bool,
    #[arg(long)]
    pub allow_repeats: bool,
    /// The shared store cannot be reached: import anyway, checking this desk's own record only.
    #[arg(long)]
    pub unchecked: bool,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[arg(long, value_name = "available|pending|sold", value_parser = parse_status)]
    pub status: Option<PetStatus>,
    #[arg(long, value_name = "csv|json", value_parser = parse_format)]
    pub format: Option<petstore_bulk::ExportFormat>,
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    #[arg(long, requires = "output")]
    pub force: bool,
    #[arg(long)]
    pub category_names: bool,
}

#[derive(Debug, Clone, Copy, Subcommand)]
pub enum KeyAction {
    Set,
    Clear,
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
