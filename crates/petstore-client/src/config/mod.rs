//! Where the client talks to and how: base addresses, the network, timeouts.

use std::sync::Arc;
use std::time::Duration;

use crate::activity::ActivitySink;
use crate::clock::{Clock, SystemClock};
use crate::environment::Environment;
use crate::ratelimit::WaitStore;
use crate::retry::RetryPolicy;
use crate::secret::ApiKey;

mod auto_config;
mod base_url;
mod error;
mod network;

pub use auto_config::{AutoConfig, TEST_HOOK_AUTO_CONFIG, detect_auto_config};
pub use base_url::BaseUrl;
pub use error::{BaseUrlProblem, ConfigError};
pub(crate) use network::apply as apply_network;
pub use network::{
    ManualProxy, NetworkConfig, OtherClientNetwork, ProxyCredentials, ProxyMode, ProxyUrl,
    ProxyUrlError, Route, is_bypass_entry,
};

/// The embedded reference server's address (its default port).
pub const SANDBOX_DEFAULT_URL: &str = "http://127.0.0.1:4780/v1";
/// The public demo key of the embedded sandbox; not a secret.
pub const SANDBOX_DEMO_KEY: &str = "sandbox-demo-key";

/// Everything a [`crate::PetstoreClient`] needs.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    pub environment: Environment,
    pub base_url: BaseUrl,
    pub api_key: Option<ApiKey>,
    pub connect_timeout: Duration,
    /// Bound of one attempt, response body included.
    pub request_timeout: Duration,
    pub user_agent: String,
    pub retry: RetryPolicy,
    pub clock: Arc<dyn Clock>,
    /// Where 429 waits are remembered across runs; `None` keeps them in this process only.
    pub wait_store: Option<Arc<dyn WaitStore>>,
    /// Where a record of each operation goes (the activity history); `None` records nothing.
    pub activity: Option<Arc<dyn ActivitySink>>,
    /// Proxy and company certificates.
    pub network: NetworkConfig,
    /// Names reached at fixed addresses instead of through DNS (like curl's `--resolve`): the
    /// tests' `api.petstore.test`. Empty in the app and the CLI.
    pub resolve: Vec<(String, std::net::SocketAddr)>,
}

impl ClientConfig {
    pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
    pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

    pub fn new(environment: Environment, base_url: BaseUrl) -> Self {
        ClientConfig {
            environment,
            base_url,
            api_key: None,
            connect_timeout: Self::DEFAULT_CONNECT_TIMEOUT,
            request_timeout: Self::DEFAULT_REQUEST_TIMEOUT,
            user_agent: default_user_agent(),
            retry: RetryPolicy::default(),
            clock: Arc::new(SystemClock),
            wait_store: None,
            activity: None,
            network: NetworkConfig::default(),
            resolve: Vec::new(),
        }
    }

    /// The embedded sandbox at its default address, with its demo key.
    pub fn sandbox() -> Self {
        let base =
            BaseUrl::parse(SANDBOX_DEFAULT_URL).expect("the sandbox default address is valid");
        let key = ApiKey::new(SANDBOX_DEMO_KEY.to_owned()).expect("the sandbox demo key is valid");
        ClientConfig::new(Environment::Sandbox, base).with_api_key(key)
    }

    pub fn with_api_key(mut self, key: ApiKey) -> Self {
        self.api_key = Some(key);
        self
    }

    pub fn with_timeouts(mut self, connect: Duration, request: Duration) -> Self {
        self.connect_timeout = connect;
        self.request_timeout = request;
        self
    }

    pub fn with_retry(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    pub fn with_user_agent(mut self, user_agent: String) -> Self {
        self.user_agent = user_agent;
        self
    }

    /// Remember 429 waits across runs and processes (for short-lived processes such as the CLI,
    /// and for the app beside them).
    pub fn with_wait_store(mut self, store: Arc<dyn WaitStore>) -> Self {
        self.wait_store = Some(store);
        self
    }

    /// Go through this proxy mode, trusting these company authorities beside the system's.
    pub fn with_network(mut self, network: NetworkConfig) -> Self {
        self.network = network;
        self
    }

    /// Reach `name` at `addr` without asking DNS (tests).
    pub fn with_resolve(mut self, name: &str, addr: std::net::SocketAddr) -> Self {
        self.resolve.push((name.to_owned(), addr));
        self
    }

    /// Record every operation (the app's and the CLI's activity history).
    pub fn with_activity_sink(mut self, sink: Arc<dyn ActivitySink>) -> Self {
        self.activity = Some(sink);
        self
    }
}

/// `petstore-admin/<version>`.
pub fn default_user_agent() -> String {
    format!("petstore-admin/{}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sandbox_config_and_defaults() {
        let config = ClientConfig::sandbox();
        assert_eq!(config.environment, Environment::Sandbox);
        assert_eq!(config.base_url.as_str(), SANDBOX_DEFAULT_URL);
        assert_eq!(
            config.api_key.as_ref().unwrap().expose_secret(),
            SANDBOX_DEMO_KEY
        );
        assert_eq!(config.connect_timeout, Duration::from_secs(5));
        assert_eq!(config.request_timeout, Duration::from_secs(30));
        assert_eq!(
            config.user_agent,
            format!("petstore-admin/{}", env!("CARGO_PKG_VERSION"))
        );
    }
}
