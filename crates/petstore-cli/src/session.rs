//! From the command line and the settings to a ready client: environment, base address, key,
//! and the time budget of `--timeout`.

use std::time::Duration;

use chrono::{DateTime, Utc};
use petstore_client::retry::RetryPolicy;
use petstore_client::{ClientConfig, Environment, PetstoreClient, Settings, WaitMemory};

use crate::args::Cli;
use crate::exit::CliError;
use crate::keysource;

/// Slack between the client's own deadline and the hard stop, so the client's precise answer
/// ("rate limited until …") usually wins over the blunt one.
const MAX_DEADLINE_MARGIN: Duration = Duration::from_millis(250);

/// Everything a network command needs, gathered before the async runtime starts.
#[derive(Debug)]
pub struct Session {
    pub env: Environment,
    pub config: ClientConfig,
    pub budget: Option<Budget>,
}

/// The `--timeout` budget of the whole command.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub total: Duration,
    /// When the client must have stopped retrying and waiting.
    pub client_deadline: DateTime<Utc>,
}

/// The environment a command is about: `--env`, else the settings file's, else sandbox.
pub fn environment(cli: &Cli) -> Result<(Environment, Settings), CliError> {
    let settings = Settings::load()?;
    let env = cli
        .env
        .or(settings.environment)
        .unwrap_or(Environment::Sandbox);
    Ok((env, settings))
}

pub fn prepare(cli: &Cli) -> Result<Session, CliError> {
    let (env, settings) = environment(cli)?;
    // The address before the key: a missing address is the first thing to fix.
    let base_url = match &cli.base_url {
        Some(url) => url.clone(),
        None => settings.base_url(env)?,
    };
    let key = keysource::resolve(env)?;
    let mut config = ClientConfig::new(env, base_url)
        .with_api_key(key)
        .with_user_agent(format!("petstore-cli/{}", env!("CARGO_PKG_VERSION")));
    // Each run is a new process: without this, a script re-running us during a 429 wait would
    // send once per run, which is what earns a key a temporary ban.
    if let Some(memory) = WaitMemory::default_location() {
        config = config.with_wait_memory(memory);
    }
    let budget = cli.timeout.map(|total| {
        // `--timeout` is at most a day (args::MAX_TIMEOUT), so this never overflows.
        let client_deadline = Utc::now()
            + chrono::TimeDelta::from_std(client_time(total)).unwrap_or(chrono::TimeDelta::MAX);
        Budget {
            total,
            client_deadline,
        }
    });
    if let Some(total) = cli.timeout {
        let client_time = client_time(total);
        config = config
            .with_timeouts(client_time.min(Duration::from_secs(10)), client_time)
            .with_retry(RetryPolicy {
                max_wait: client_time,
                ..RetryPolicy::default()
            });
    }
    Ok(Session {
        env,
        config,
        budget,
    })
}

/// The client's share of the budget: all of it but a small margin for the backstop.
fn client_time(total: Duration) -> Duration {
    total.saturating_sub((total / 10).min(MAX_DEADLINE_MARGIN))
}

impl Session {
    pub fn client(&self) -> Result<PetstoreClient, CliError> {
        let client = PetstoreClient::new(self.config.clone())?;
        Ok(match self.budget {
            Some(budget) => client.with_deadline(budget.client_deadline),
            None => client,
        })
    }
}
