//! Starting the `petstore-sandbox` binary for `run` and for the schemathesis check.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command};
use std::thread;
use std::time::{Duration, Instant};

use crate::cmd::{Result, StepError, fail};

/// A sandbox process, killed when dropped so a failed step never leaves one behind.
#[derive(Debug)]
pub struct RunningSandbox {
    child: Child,
    port: u16,
}

impl RunningSandbox {
    /// Starts `binary` on `port` with `args` and waits until it accepts connections.
    pub fn start(binary: &Path, port: u16, args: &[&str]) -> Result<Self> {
        if !binary.is_file() {
            return fail(format!("{} was not built", binary.display()));
        }
        let child = Command::new(binary)
            .args(["--port", &port.to_string()])
            .args(args)
            .spawn()
            .map_err(|e| StepError(format!("could not start {}: {e}", binary.display())))?;
        let mut sandbox = Self { child, port };
        sandbox.wait_until_listening(Duration::from_secs(20))?;
        Ok(sandbox)
    }

    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    /// Blocks until the sandbox exits (Ctrl-C reaches it as well as us).
    pub fn wait(mut self) -> Result {
        let status = self
            .child
            .wait()
            .map_err(|e| StepError(format!("lost the sandbox process: {e}")))?;
        if status.success() {
            Ok(())
        } else {
            fail(format!("the sandbox stopped: {status}"))
        }
    }

    fn wait_until_listening(&mut self, patience: Duration) -> Result {
        let addr = SocketAddr::from(([127, 0, 0, 1], self.port));
        let start = Instant::now();
        while start.elapsed() < patience {
            if let Ok(Some(status)) = self.child.try_wait() {
                return fail(format!("the sandbox exited at start ({status})"));
            }
            if TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
                return Ok(());
            }
            thread::sleep(Duration::from_millis(100));
        }
        fail(format!(
            "the sandbox did not listen on {addr} within {patience:?}"
        ))
    }
}

impl Drop for RunningSandbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port nobody listens on right now.
pub fn free_port() -> Result<u16> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .map_err(|e| StepError(format!("no free port on 127.0.0.1: {e}")))
}

/// Whether something already listens on `port` (so `run` can say so instead of failing oddly).
pub fn port_in_use(port: u16) -> bool {
    TcpListener::bind(("127.0.0.1", port)).is_err()
}
