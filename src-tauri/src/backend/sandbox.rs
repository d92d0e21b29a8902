//! The embedded sandbox: started on 127.0.0.1 the first time the Sandbox environment is used,
//! stopped with the app. Its pets are kept in the data folder across restarts: a
//! clerk expects what they added to still be there, and the app's own memory of the sandbox (the
//! activity history, import journals, the pets created from this computer) assumes a service
//! that keeps its pets and never gives an id to two of them.

use std::io::ErrorKind as IoErrorKind;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use petstore_sandbox::{Sandbox, SandboxConfig};
use tokio::sync::Mutex;

use crate::dto::CommandError;

/// The sandbox's pets file in the data folder.
pub const SANDBOX_PETS_FILE: &str = "sandbox-pets.jsonl";

#[derive(Debug)]
pub struct EmbeddedSandbox {
    preferred_port: u16,
    /// Where its pets are kept across restarts; `None`: the demo data anew at every start.
    pets_file: Option<PathBuf>,
    running: Mutex<Option<Sandbox>>,
}

impl EmbeddedSandbox {
    pub fn new(preferred_port: u16, pets_file: Option<PathBuf>) -> EmbeddedSandbox {
        EmbeddedSandbox {
            preferred_port,
            pets_file,
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
            CommandError::SandboxNotStarted
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
        let Some(file) = &self.pets_file else {
            return self.start_with(config(None)).await;
        };
        match self.start_with(config(Some(file.clone()))).await {
            Ok(sandbox) => {
                let skipped = sandbox.pets_file_skipped_lines();
                if skipped > 0 {
                    log::warn!(
                        "the sandbox passed over {skipped} unreadable lines of {}",
                        file.display()
                    );
                }
                Ok(sandbox)
            }
            // Demo data that is not kept beats no sandbox at all; the log says why.
            Err(error) => {
                log::warn!(
                    "the sandbox could not start with its pets kept ({error}); it starts with the demo data, not kept"
                );
                self.start_with(config(None)).await
            }
        }
    }

    async fn start_with(&self, config: SandboxConfig) -> std::io::Result<Sandbox> {
        let at = |port| SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        match Sandbox::start_on(at(self.preferred_port), config.clone()).await {
            // Another sandbox (or anything else) holds the usual port: any free one will do.
            Err(e) if e.kind() == IoErrorKind::AddrInUse => Sandbox::start_on(at(0), config).await,
            other => other,
        }
    }

    pub async fn shutdown(&self) {
        if let Some(sandbox) = self.running.lock().await.take() {
            sandbox.shutdown().await;
        }
    }
}

/// Demo data, the demo key, next-page links so "Load more" can be seen, and the pets kept in
/// `pets_file`.
fn config(pets_file: Option<PathBuf>) -> SandboxConfig {
    SandboxConfig {
        page_size_links: true,
        pets_file,
        ..SandboxConfig::default()
    }
}
