//! The embedded sandbox: started on 127.0.0.1 the first time the Sandbox environment is used,
//! stopped with the app.

use std::io::ErrorKind as IoErrorKind;
use std::net::{Ipv4Addr, SocketAddr};

use petstore_sandbox::{Sandbox, SandboxConfig};
use tokio::sync::Mutex;

use crate::dto::{ClientErrorKind, CommandError, Problem};

#[derive(Debug)]
pub struct EmbeddedSandbox {
    preferred_port: u16,
    running: Mutex<Option<Sandbox>>,
}

impl EmbeddedSandbox {
    pub fn new(preferred_port: u16) -> EmbeddedSandbox {
        EmbeddedSandbox {
            preferred_port,
            running: Mutex::new(None),
        }
    }

    /// The running sandbox's base address, starting it first if needed.
    pub async fn ensure(&self) -> Result<String, CommandError> {
        let mut running = self.running.lock().await;
        if let Some(sandbox) = running.as_ref() {
            return Ok(sandbox.base_url());
        }
        let sandbox = self.start().await.map_err(|e| {
            log::warn!("the sandbox could not be started: {e}");
            CommandError::problem(ClientErrorKind::Network, Problem::SandboxNotStarted)
        })?;
        let url = sandbox.base_url();
        log::info!("sandbox started at {url}");
        *running = Some(sandbox);
        Ok(url)
    }

    /// The base address when it runs.
    pub async fn url(&self) -> Option<String> {
        self.running.lock().await.as_ref().map(Sandbox::base_url)
    }

    async fn start(&self) -> std::io::Result<Sandbox> {
        let at = |port| SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        match Sandbox::start_on(at(self.preferred_port), config()).await {
            // Another sandbox (or anything else) holds the usual port: any free one will do.
            Err(e) if e.kind() == IoErrorKind::AddrInUse => {
                Sandbox::start_on(at(0), config()).await
            }
            other => other,
        }
    }

    pub async fn shutdown(&self) {
        if let Some(sandbox) = self.running.lock().await.take() {
            sandbox.shutdown().await;
        }
    }
}

/// Demo data, the demo key, and next-page links so "Load more" can be seen.
fn config() -> SandboxConfig {
    SandboxConfig {
        page_size_links: true,
        ..SandboxConfig::default()
    }
}
