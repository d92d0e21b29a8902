//! Command line of the `petstore-sandbox` binary, turned into a [`SandboxConfig`] and an address.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use clap::Parser;
use petstore_sandbox::{DEFAULT_PORT, Faults, KeySpec, Plan, SandboxConfig};

#[derive(Debug, Parser)]
#[command(
    name = "petstore-sandbox",
    version,
    about = "Reference server of the Pet Store interface with demo data, for demos and tests on this machine.",
    after_help = "Requests are answered only when their Host names the sandbox: 127.0.0.1, localhost or [::1] \
                  (any letter case, with or without a port), or the address the sandbox listens on (with \
                  --host 0.0.0.0, the address a client connected to). Any other name, even one that resolves \
                  to this machine, gets 421 Misdirected Request: a web page cannot reach the sandbox by \
                  re-pointing its own name here (DNS rebinding)."
)]
pub struct Args {
    /// Port to listen on.
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// Address to listen on. Only loopback addresses unless --allow-remote.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Listen on a non-loopback address. The demo key is public, so anyone who can reach it can use it.
    /// Clients must then address the sandbox by that address (or a loopback name), not by a host name.
    #[arg(long)]
    allow_remote: bool,
    /// An accepted key and its plan, as NAME:PLAN with PLAN free, pro, business or
    /// enterprise=PER_MINUTE/PER_DAY. Repeatable. Without any, the demo key on the Pro plan.
    #[arg(long = "key", value_name = "NAME:PLAN", value_parser = parse_key)]
    keys: Vec<KeySpec>,
    /// Length of the per-minute window, in seconds (shorten it for tests and benchmarks).
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    minute_window: u64,
    /// Length of the per-day window, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 86_400, value_parser = clap::value_parser!(u64).range(1..))]
    day_window: u64,
    /// Delay added before each API request is handled, in milliseconds.
    #[arg(long, value_name = "N", default_value_t = 0)]
    latency_ms: u64,
    /// Share of API requests answered 503, from 0 to 1.
    #[arg(long, value_name = "F", default_value_t = 0.0, value_parser = parse_rate)]
    error_rate: f64,
    /// Share of API requests whose connection is closed without an answer, from 0 to 1.
    #[arg(long, value_name = "F", default_value_t = 0.0, value_parser = parse_rate)]
    drop_rate: f64,
    /// Add `Link: <...>; rel="next"` to list answers when more pets match.
    #[arg(long)]
    page_links: bool,
    /// Start with an empty catalogue instead of the demo pets.
    #[arg(long)]
    no_demo_data: bool,
    /// Serve /_sandbox/faults, to read (GET) and switch (PUT, JSON such as {"latencyMs": 200,
    /// "errorRate": 0.1, "dropRate": 0}) the faults while running. Every request to it needs
    /// `Authorization: Bearer <control token>`, with the random token printed at start.
    #[arg(long)]
    faults: bool,
}

/// Why the arguments cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum ArgsError {
    #[error(
        "refusing to listen on {0}: it is not a loopback address and the sandbox's demo key is public. \
         Use --host 127.0.0.1, or add --allow-remote if you really mean to expose it."
    )]
    RemoteHost(IpAddr),
}

impl Args {
    pub fn addr(&self) -> Result<SocketAddr, ArgsError> {
        if !self.host.is_loopback() && !self.allow_remote {
            return Err(ArgsError::RemoteHost(self.host));
        }
        Ok(SocketAddr::new(self.host, self.port))
    }

    pub fn config(&self) -> SandboxConfig {
        let mut config = SandboxConfig {
            minute_window: Duration::from_secs(self.minute_window),
            day_window: Duration::from_secs(self.day_window),
            seed_demo_data: !self.no_demo_data,
            page_size_links: self.page_links,
            faults: Faults {
                latency: Duration::from_millis(self.latency_ms),
                error_rate: self.error_rate,
                drop_rate: self.drop_rate,
            },
            fault_control: self.faults,
            ..SandboxConfig::default()
        };
        if !self.keys.is_empty() {
            config.keys = self.keys.clone();
        }
        config
    }
}

fn parse_key(text: &str) -> Result<KeySpec, String> {
    let (key, plan) = text
        .rsplit_once(':')
        .ok_or_else(|| "expected NAME:PLAN, for example my-key:free".to_owned())?;
    if key.is_empty() {
        return Err("the key name before ':' is empty".to_owned());
    }
    let plan: Plan = plan.parse().map_err(|err| format!("{err}"))?;
    Ok(KeySpec {
        key: key.to_owned(),
        plan,
    })
}

fn parse_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if (0.0..=1.0).contains(&rate) => Ok(rate),
        _ => Err(format!("expected a number from 0 to 1, got `{text}`")),
    }
}
