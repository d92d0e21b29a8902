//! Reference server of the Pet Store interface: the whole spec on 127.0.0.1, with demo data, per-key rate
//! limits (minute and day windows), temporary bans, deprecation headers, optional `Link rel="next"` paging and
//! fault injection. Started by tests on a free port, and by the `petstore-sandbox` binary for demos.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! use petstore_sandbox::{Plan, Sandbox, SandboxConfig};
//! let sandbox = Sandbox::start(SandboxConfig::default().with_key("test-key", Plan::Free)).await?;
//! println!("serving {}", sandbox.base_url());
//! sandbox.shutdown().await;
//! # Ok(()) }
//! ```

mod auth;
mod clock;
mod config;
mod control;
mod demo;
mod errors;
mod extract;
mod faults;
mod gate;
mod host;
mod kept;
mod pet;
mod ratelimit;
mod routes;
mod server;
mod state;
mod store;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use clock::{Clock, ManualClock, SystemClock};
pub use config::{DEFAULT_PORT, DEMO_KEY, Faults, KeySpec, Plan, PlanParseError, SandboxConfig};
pub use demo::{CATEGORIES, DEMO_PETS};
pub use errors::ApiError;
pub use kept::highest_id as highest_kept_id;
pub use pet::Pet;
pub use ratelimit::LimitCounts;
pub use routes::{DEPRECATION, SUNSET};

use control::ControlToken;
use state::Shared;

/// A running sandbox. It stops when shut down or dropped.
#[derive(Debug)]
pub struct Sandbox {
    addr: SocketAddr,
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl Sandbox {
    /// Starts on 127.0.0.1 with a port chosen by the system.
    pub async fn start(config: SandboxConfig) -> std::io::Result<Sandbox> {
        Self::start_on(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)), config).await
    }

    pub async fn start_on(addr: SocketAddr, config: SandboxConfig) -> std::io::Result<Sandbox> {
        Self::start_with_clock(addr, config, Arc::new(SystemClock)).await
    }

    /// Starts with a given clock, so tests can move across rate-limit windows and bans without waiting.
    pub async fn start_with_clock(
        addr: SocketAddr,
        config: SandboxConfig,
        clock: Arc<dyn Clock>,
    ) -> std::io::Result<Sandbox> {
        let control_token = if config.fault_control {
            Some(ControlToken::generate()?)
        } else {
            None
        };
        let listener = TcpListener::bind(addr).await?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared::new(
            &config,
            clock,
            base_url_of(addr),
            control_token,
        )?);
        let app = routes::router(shared.clone());
        let (stop, stopped) = oneshot::channel();
        let task = tokio::spawn(server::serve(listener, app, stopped));
        Ok(Sandbox {
            addr,
            shared,
            stop: Some(stop),
            task: Some(task),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT/v1`, without a trailing slash.
    pub fn base_url(&self) -> String {
        self.shared.base_url.clone()
    }

    /// Number of keys the sandbox accepts.
    pub fn key_count(&self) -> usize {
        self.shared.keys.len()
    }

    pub fn faults(&self) -> Faults {
        self.shared.faults.get()
    }

    /// Switches fault injection at run time; requests already waiting keep what they rolled.
    pub fn set_faults(&self, faults: Faults) {
        self.shared.faults.set(faults);
    }

    /// The token `/_sandbox/faults` needs (`Authorization: Bearer <token>`), made at random at start;
    /// `None` when the route is off ([`SandboxConfig::fault_control`]).
    pub fn control_token(&self) -> Option<&str> {
        self.shared
            .control_token
            .as_deref()
            .map(ControlToken::as_str)
    }

    /// Requests received on `/v1`, whatever their answer (or lack of one). Requests refused for their
    /// `Host` are not among them: they never reached the API.
    pub fn request_count(&self) -> u64 {
        self.shared.request_count()
    }

    /// `POST /v1/pets` requests received, whatever their answer (created, refused, failed on purpose, or
    /// handled with the connection dropped), so a test can count the creates a client sent. Counted
    /// like [`Sandbox::request_count`], so a request refused for its `Host` is not among them.
    pub fn create_count(&self) -> u64 {
        self.shared.create_count()
    }

    /// The 429s answered and the requests that came while their key was told to wait, since the
    /// start (every key): what pacing tests and benchmarks hold at zero.
    pub fn limit_counts(&self) -> LimitCounts {
        self.shared.limiter.counts()
    }

    /// Lines of the pets file ([`SandboxConfig::pets_file`]) passed over at start because they
    /// could not be read as a pet (a line torn by a crash while it was written).
    pub fn pets_file_skipped_lines(&self) -> usize {
        self.shared.skipped_lines
    }

    /// Adds a pet directly, for tests. `status` is kept as given, even outside the spec's values.
    /// With a pets file, the pet is written to it too; a test whose file cannot be written stops
    /// here, saying so.
    pub fn insert_pet(&self, name: &str, category_id: i64, status: &str, id: Option<i64>) -> i64 {
        match self.shared.store.add(name, category_id, status, id) {
            Ok(pet) => pet.id,
            Err(error) => panic!("insert_pet: {error}"),
        }
    }

    /// Stops accepting, lets requests in flight finish (briefly), and waits for the server task.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        // Dropping the sender is the stop signal; the task drains on its own.
        self.stop.take();
    }
}

/// The base URL links point at. A wildcard bind address is reached through loopback on this machine.
fn base_url_of(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        ip if ip.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("http://{}/v1", SocketAddr::new(ip, addr.port()))
}
