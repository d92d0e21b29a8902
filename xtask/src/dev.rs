//! `cargo xtask dev`: Petstore Admin with the UI hot-reloading, on its embedded sandbox.
//!
//! Vite's dev server serves `ui/` at `build.devUrl` of tauri.conf.json; `tauri dev` (the pinned
//! CLI, through `cargo xtask tauri`) builds the app without the `custom-protocol` feature, so the
//! window loads that address instead of the embedded ui/dist, and it rebuilds and restarts the app
//! when Rust code changes. An edited `.svelte` file reaches the open window without a restart.
//! The app's settings and remembered waits live under target/dev-home, so it always starts on the
//! Sandbox and never changes the person's own settings.

use std::net::{TcpStream, ToSocketAddrs};
use std::path::Path;
use std::process::{Child, Command};
use std::thread;
use std::time::{Duration, Instant};

use crate::bundle;
use crate::cmd::{Result, StepError, fail, step};
use crate::setup;

/// How long Vite may take to answer on its port (a cold start pre-bundles dependencies).
const VITE_PATIENCE: Duration = Duration::from_secs(60);

pub fn dev(args: &[String]) -> Result {
    setup::for_run(true)?;
    let root = crate::root();
    let dev_url = dev_url(&root.join("tauri.conf.json"))?;
    let address = host_and_port(&dev_url)
        .ok_or_else(|| StepError(format!("build.devUrl `{dev_url}` names no host and port")))?;
    step(&format!("Vite's dev server for ui/ at {dev_url}"));
    let _vite = Vite::start(&root.join("ui"), &address)?;

    let home = crate::target_dir().join("dev-home");
    let mut tauri_args = vec!["dev".to_owned()];
    tauri_args.extend(args.iter().cloned());
    step("tauri dev (close the window or press Ctrl-C to stop)");
    bundle::tauri_with_env(
        &tauri_args,
        &[
            ("PETSTORE_CONFIG_DIR", home.join("config")),
            ("PETSTORE_CACHE_DIR", home.join("cache")),
        ],
    )
}

/// `build.devUrl` of tauri.conf.json: where the app looks for the dev server.
fn dev_url(config: &Path) -> Result<String> {
    let text = std::fs::read_to_string(config)
        .map_err(|e| StepError(format!("could not read {}: {e}", config.display())))?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| StepError(format!("{} is not JSON: {e}", config.display())))?;
    json["build"]["devUrl"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| StepError(format!("{} has no build.devUrl", config.display())))
}

/// `localhost:5173` from `http://localhost:5173/…`.
fn host_and_port(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split('/').next()?;
    let (host, port) = authority.rsplit_once(':')?;
    let port: u16 = port.parse().ok()?;
    (!host.is_empty()).then(|| format!("{host}:{port}"))
}

/// Vite's dev server, stopped when dropped.
#[derive(Debug)]
struct Vite {
    child: Child,
}

impl Vite {
    /// Starts ui/'s Vite (its port is fixed in ui/vite.config.ts) and waits until `address`
    /// answers. Vite is started directly, not through npm, so stopping it stops the server.
    fn start(ui: &Path, address: &str) -> Result<Self> {
        if answers(address) {
            return fail(format!(
                "something already listens on {address}: stop it (another `cargo xtask dev`?) and \
                 run again"
            ));
        }
        let bin = ui.join("node_modules").join(".bin").join(if cfg!(windows) {
            "vite.cmd"
        } else {
            "vite"
        });
        let child = Command::new(&bin)
            .current_dir(ui)
            .spawn()
            .map_err(|e| StepError(format!("could not start {}: {e}", bin.display())))?;
        let mut vite = Vite { child };
        let started = Instant::now();
        while started.elapsed() < VITE_PATIENCE {
            if let Ok(Some(status)) = vite.child.try_wait() {
                return fail(format!("Vite stopped at start ({status})"));
            }
            if answers(address) {
                return Ok(vite);
            }
            thread::sleep(Duration::from_millis(200));
        }
        fail(format!(
            "Vite did not answer on {address} within {VITE_PATIENCE:?}"
        ))
    }
}

impl Drop for Vite {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether any address `address` resolves to (IPv4 or IPv6 `localhost`) accepts a connection.
fn answers(address: &str) -> bool {
    address.to_socket_addrs().is_ok_and(|mut addrs| {
        addrs.any(|addr| TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_host_and_port_of_the_dev_url() {
        assert_eq!(
            host_and_port("http://localhost:5173").as_deref(),
            Some("localhost:5173")
        );
        assert_eq!(
            host_and_port("http://127.0.0.1:1420/index.html").as_deref(),
            Some("127.0.0.1:1420")
        );
        assert_eq!(host_and_port("http://localhost"), None);
        assert_eq!(host_and_port("localhost:5173"), None);
    }

    #[test]
    fn the_real_config_names_a_dev_url() {
        let url = dev_url(&crate::root().join("tauri.conf.json")).expect("devUrl");
        assert!(host_and_port(&url).is_some(), "{url}");
    }
}
