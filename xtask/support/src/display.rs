//! A virtual X display (Xvfb) for the tests that drive the real app window.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::cmd::{Result, StepError, fail};

/// An Xvfb server, stopped when dropped.
#[derive(Debug)]
pub struct VirtualDisplay {
    child: Child,
    name: String,
}

impl VirtualDisplay {
    /// Starts Xvfb on the first free display number from :90.
    pub fn start() -> Result<Self> {
        let number = (90..140)
            .find(|n| !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists())
            .ok_or_else(|| StepError("no free X display number between :90 and :139".into()))?;
        let name = format!(":{number}");
        let child = Command::new("Xvfb")
            .args([&name, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| StepError(format!("could not start Xvfb: {e}")))?;
        let mut display = VirtualDisplay { child, name };
        display.wait_until_ready(number)?;
        Ok(display)
    }

    /// The value for `DISPLAY`.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn wait_until_ready(&mut self, number: u32) -> Result {
        let socket = format!("/tmp/.X11-unix/X{number}");
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(15) {
            if let Ok(Some(status)) = self.child.try_wait() {
                return fail(format!("Xvfb exited at start ({status})"));
            }
            if Path::new(&socket).exists() {
                return Ok(());
            }
            thread::sleep(Duration::from_millis(100));
        }
        fail("Xvfb did not come up within 15 s")
    }
}

impl Drop for VirtualDisplay {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
