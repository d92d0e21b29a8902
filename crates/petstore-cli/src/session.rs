//! From the command line and the settings to a ready client: environment, base address, key,
//! and the time budget of `--timeout`.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use log::{debug, info};
use petstore_client::retry::RetryPolicy;
use petstore_client::{
    BaseUrl, ClientConfig, Environment, NetworkConfig, PetstoreClient, ProxyUrl,
};
use petstore_local::{ProxyModeName, ProxyPassword, Settings, WaitMemory, network_config};

use crate::args::Cli;
use crate::exit::CliError;
use crate::history::Recording;
use crate::keysource::{self, KeySource, Resolved};

/// Slack between the client's own deadline and the hard stop, so the client's precise answer
/// ("rate limited until …") usually wins over the blunt one.
const MAX_DEADLINE_MARGIN: Duration = Duration::from_millis(250);

/// Everything a network command needs, gathered before the async runtime starts.
#[derive(Debug)]
pub struct Session {
    pub key_source: KeySource,
    pub config: ClientConfig,
    pub budget: Option<Budget>,
    /// This command's requests go into the activity history; written out when dropped.
    #[expect(
        dead_code,
        reason = "held until the command ends: dropping it writes the history out"
    )]
    pub recording: Option<Recording>,
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
    debug!(
        "settings file: {}",
        Settings::default_path().map_or_else(|| "none".to_string(), |p| p.display().to_string())
    );
    let settings = Settings::load()?;
    let env = cli
        .env
        .or(settings.environment)
        .unwrap_or(Environment::Sandbox);
    Ok((env, settings))
}

/// The base address a run would send to, read without a key (a dry run sends nothing).
pub fn base_url(cli: &Cli) -> Result<BaseUrl, CliError> {
    match &cli.base_url {
        Some(url) => Ok(url.clone()),
        None => {
            let (env, settings) = environment(cli)?;
            Ok(settings.base_url(env)?)
        }
    }
}

pub fn prepare(cli: &Cli) -> Result<Session, CliError> {
    let (env, base_url, resolved, settings) = target(cli)?;
    info!(
        "sending {} (the key itself is never logged)",
        resolved.source
    );
    let mut config = ClientConfig::new(env, base_url)
        .with_api_key(resolved.key)
        .with_user_agent(format!("petstore-cli/{}", env!("CARGO_PKG_VERSION")));
    // Each run is a new process: without this, a script re-running us during a 429 wait would
    // send once per run, which is what earns a key a temporary ban.
    if let Some(memory) = WaitMemory::default_location() {
        debug!("rate-limit waits remembered in {}", memory.path().display());
        config = config.with_wait_store(Arc::new(memory));
    }
    config = config.with_network(network(cli, &settings)?);
    let recording = Recording::start(&settings);
    if let Some(recording) = &recording {
        config = config.with_activity_sink(recording.sink());
    }
    let budget = cli.timeout.map(|total| {
        // `--timeout` is at most a day (values::MAX_TIMEOUT), so this never overflows.
        let client_deadline = Utc::now()
            + chrono::TimeDelta::from_std(client_time(total)).unwrap_or(chrono::TimeDelta::MAX);
        Budget {
            total,
            client_deadline,
        }
    });
    if let Some(total) = cli.timeout {
        debug!("time budget: {} s", total.as_secs_f64());
        let client_time = client_time(total);
        config = config
            .with_timeouts(client_time.min(Duration::from_secs(10)), client_time)
            .with_retry(RetryPolicy {
                max_wait: client_time,
                ..RetryPolicy::default()
            });
    }
    Ok(Session {
        key_source: resolved.source,
        config,
        budget,
        recording,
    })
}

/// The environment, the address and the key of a network command (see `keysource` for which key
/// may go where).
fn target(cli: &Cli) -> Result<(Environment, BaseUrl, Resolved, Settings), CliError> {
    let (env, settings) = environment(cli)?;
    let Some(url) = cli.base_url.clone() else {
        // The address before the key: a missing address is the first thing to fix.
        let base_url = settings.base_url(env)?;
        info!("environment {env}, base address {base_url} (configured)");
        return Ok((env, base_url, keysource::for_environment(env)?, settings));
    };
    if let Some(env) = cli.env {
        let configured = settings.base_url(env).ok();
        info!(
            "environment {env}, base address {url} (--base-url; {env}'s own is {})",
            configured
                .as_ref()
                .map_or_else(|| "not configured".to_string(), ToString::to_string)
        );
        let resolved =
            keysource::for_environment_at(env, &url, configured.as_ref(), cli.trust_url)?;
        return Ok((env, url, resolved, settings));
    }
    // No --env: only an environment whose address this exactly is may lend its stored key; the
    // settings' active environment first.
    let mut candidates: Vec<Environment> = Environment::ALL
        .into_iter()
        .filter(|&candidate| settings.base_url(candidate).is_ok_and(|own| own == url))
        .collect();
    candidates.sort_by_key(|&candidate| candidate != env);
    let (owner, resolved) = keysource::for_address(&url, &candidates)?;
    match owner {
        Some(owner) => info!("base address {url} (--base-url) is {owner}'s configured address"),
        None => info!("base address {url} (--base-url) is no configured environment's address"),
    }
    // Messages name an environment; the sandbox for a loopback address nobody configured.
    let label = owner.unwrap_or(if url.is_loopback() {
        Environment::Sandbox
    } else {
        env
    });
    Ok((label, url, resolved, settings))
}

/// The proxy and company certificates: the settings file's, then this run's flags.
fn network(cli: &Cli, settings: &Settings) -> Result<NetworkConfig, CliError> {
    let config_dir = Settings::default_path().and_then(|p| p.parent().map(Path::to_path_buf));
    let mut prefs = settings.proxy.clone().unwrap_or_default();
    if let Some(url) = &cli.proxy {
        let url = ProxyUrl::parse(url).map_err(CliError::ProxyFlag)?;
        prefs.mode = ProxyModeName::Manual;
        prefs.url = Some(url.as_str().to_owned());
    } else if cli.no_proxy {
        prefs.mode = ProxyModeName::Off;
    }
    // Only the password stored for this proxy: one typed for another (the address changed since,
    // or --proxy names another) is not sent, and the proxy's 407 asks for this one's.
    let password =
        |_user: &str, proxy: &ProxyUrl| match petstore_local::keychain::Keychain::system()
            .and_then(|keychain| keychain.proxy_password_for(proxy))
        {
            Ok(ProxyPassword::For(password)) => Some(password),
            Ok(ProxyPassword::ForAnotherProxy { proxy: other }) => {
                log::warn!("the stored proxy password is for {other}, not this proxy: not sent");
                None
            }
            Ok(ProxyPassword::None) => None,
            Err(err) => {
                log::warn!("the proxy password could not be read from the keychain: {err}");
                None
            }
        };
    let mut ca_files = settings.ca_files.clone();
    ca_files.extend(cli.ca_file.iter().cloned());
    let network = network_config(
        Some(&prefs),
        &ca_files,
        config_dir.as_deref(),
        &password,
        Utc::now(),
    )?;
    info!(
        "proxy: {:?}; {} company certificate(s) trusted beside the system's",
        prefs.mode,
        network.extra_roots.len()
    );
    Ok(network)
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
