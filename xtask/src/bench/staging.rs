//! The 100-pet configuration: a sandbox started here with its 40 demo pets plus 60 added through
//! the `petstore` CLI, used by the app as its Staging environment, with the key stored in the
//! keychain by the CLI (as an admin would) and 100 rows per page remembered in settings.json.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::cmd::{Result, StepError, fail};
use crate::sandbox::{self, RunningSandbox};

pub const PETS_SHOWN: u32 = 100;
/// The sandbox's own demo pets (petstore_sandbox::demo::DEMO_PETS).
const DEMO_PETS: u32 = 40;
/// Only in the private keychain of the benchmark's D-Bus session.
const KEY: &str = "bench-startup-key";

#[derive(Debug)]
pub struct Staging {
    _sandbox: RunningSandbox,
    pub url: String,
}

impl Staging {
    /// Starts the sandbox, stores its key for Staging and adds the pets.
    pub fn start(sandbox_bin: &Path, cli: &Path) -> Result<Staging> {
        let port = sandbox::free_port()?;
        // Limits no start-up comes near, so pacing never enters the figures.
        let plan = format!("{KEY}:enterprise=1000000/100000000");
        let sandbox = RunningSandbox::start(sandbox_bin, port, &["--key", &plan])?;
        let url = sandbox.base_url();
        store_key(cli)?;
        for n in 1..=PETS_SHOWN - DEMO_PETS {
            let name = format!("Bench pet {n:03}");
            let category = (n % 6 + 1).to_string();
            // Staging's address is not configured yet (settings.json comes later), so sending
            // its stored key to this sandbox needs --trust-url.
            let added = Command::new(cli)
                .args(["--env", "staging", "--base-url", &url, "--trust-url"])
                .args(["--json", "add"])
                .args(["--name", &name, "--category", &category])
                .stdout(Stdio::null())
                .status()
                .map_err(|e| StepError(format!("could not run {}: {e}", cli.display())))?;
            if !added.success() {
                return fail(format!("`petstore add` failed for {name} ({added})"));
            }
        }
        Ok(Staging {
            _sandbox: sandbox,
            url,
        })
    }

    /// The app's settings.json: Staging selected, at this sandbox, 100 rows per page.
    pub fn settings_json(&self) -> String {
        format!(
            "{{\n  \"stagingUrl\": \"{}\",\n  \"environment\": \"staging\",\n  \"pageSize\": {PETS_SHOWN}\n}}\n",
            self.url
        )
    }
}

fn store_key(cli: &Path) -> Result {
    let mut child = Command::new(cli)
        .args(["--env", "staging", "key", "set"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| StepError(format!("could not run {}: {e}", cli.display())))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(format!("{KEY}\n").as_bytes())
            .map_err(|e| StepError(format!("could not give the key to `petstore key set`: {e}")))?;
    }
    let status = child
        .wait()
        .map_err(|e| StepError(format!("`petstore key set` was lost: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        fail(format!(
            "`petstore key set --env staging` failed ({status}): is the keyring session up?"
        ))
    }
}
