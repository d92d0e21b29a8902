//! A company certificate authority installed the Debian way is trusted with no setting: the
//! OS trust store is the default. A private CA made for this run issues the certificate
//! of a test API (`petstore-testnet-api`, on the host's loopback, which the root shares) reached
//! by the name [`HOST`], which the root's `/etc/hosts` maps to 127.0.0.1. The installed CLI
//! refuses it as an unknown authority (its exit code for a network setting to change) until the
//! CA is copied to /usr/local/share/ca-certificates and `update-ca-certificates` runs; then it
//! lists the pets, with no `--ca-file` and no settings file.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Output, Stdio};

use crate::CLI_BIN;
use crate::mounts::Chroot;
use xtask_support::cmd::{self, Result, StepError, fail, step};

/// The test API's name (petstore-testnet's `TEST_HOST`), known only to the root's /etc/hosts.
const HOST: &str = "api.petstore.test";
/// The key the test API accepts; made for this check, never a real one.
const KEY: &str = "installer-check-key-0123456789";
/// Where Debian's `update-ca-certificates` picks up local authorities (the name must end .crt).
const LOCAL_CA: &str = "/usr/local/share/ca-certificates/petstore-installer-check.crt";
/// The CLI's exit code for "change a network setting" (an unknown authority among them).
const EXIT_NETWORK_SETUP: i32 = 11;

/// The test API, running on the host until dropped (its standard input closes, and it ends).
struct TestApi {
    child: Child,
    stdin: Option<ChildStdin>,
    port: u16,
}

impl Drop for TestApi {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

impl TestApi {
    /// Builds `petstore-testnet-api` (debug: a test helper) and starts it; the CA's PEM goes to
    /// `ca_file`.
    fn start(root: &Path, target: &Path, ca_file: &Path) -> Result<TestApi> {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        cmd::run(
            Command::new(cargo)
                .current_dir(root)
                .args(["build", "--quiet", "-p", "petstore-testnet"])
                .args(["--bin", "petstore-testnet-api", "--target-dir"])
                .arg(target),
        )?;
        let program = target.join("debug").join("petstore-testnet-api");
        let mut child = Command::new(&program)
            .arg(ca_file)
            .args([HOST, KEY])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| StepError(format!("could not start {}: {e}", program.display())))?;
        let stdin = child.stdin.take();
        let mut line = String::new();
        if let Some(stdout) = child.stdout.take() {
            let _ = BufReader::new(stdout).read_line(&mut line);
        }
        let mut api = TestApi {
            child,
            stdin,
            port: 0,
        };
        api.port = match line.trim().strip_prefix("port ").map(str::parse) {
            Some(Ok(port)) => port,
            _ => {
                return fail(format!(
                    "petstore-testnet-api did not say its port: `{line}`"
                ));
            }
        };
        Ok(api)
    }
}

/// The check; `root` is the workspace (to build the test API), `target` its target folder.
pub fn check_company_ca_trusted(chroot: &Chroot, root: &Path, target: &Path) -> Result {
    step("A company CA installed with update-ca-certificates is trusted with no setting");
    if !chroot
        .host_path("/usr/sbin/update-ca-certificates")
        .is_file()
    {
        // The package depends on ca-certificates; should that change, the check still runs.
        cmd::run(chroot.command(&[], "apt-get").args([
            "install",
            "-y",
            "-q",
            "--no-install-recommends",
            "ca-certificates",
        ]))?;
    }
    let ca_file = target.join("debroot").join("company-ca.pem");
    let api = TestApi::start(root, target, &ca_file)?;
    let hosts = chroot.host_path("/etc/hosts");
    let mut text = fs::read_to_string(&hosts).unwrap_or_default();
    text.push_str(&format!("\n127.0.0.1 {HOST}\n"));
    write(&hosts, &text)?;
    let env = cli_env(chroot, api.port)?;

    let before = list(chroot, &env)?;
    let stderr = String::from_utf8_lossy(&before.stderr);
    if before.status.code() != Some(EXIT_NETWORK_SETUP) || !stderr.contains("authority") {
        return fail(format!(
            "before the CA was installed, `petstore list` against https://{HOST} should fail with \
             exit code {EXIT_NETWORK_SETUP} naming the unknown authority; it exited {:?}: {}",
            before.status.code(),
            stderr.trim()
        ));
    }
    println!("not trusted yet: exit {EXIT_NETWORK_SETUP}, the unknown authority named");

    let pem = fs::read_to_string(&ca_file)
        .map_err(|e| StepError(format!("could not read {}: {e}", ca_file.display())))?;
    let installed = chroot.host_path(LOCAL_CA);
    if let Some(dir) = installed.parent() {
        fs::create_dir_all(dir)
            .map_err(|e| StepError(format!("could not create {}: {e}", dir.display())))?;
    }
    write(&installed, &pem)?;
    cmd::run(&mut chroot.command(&[], "update-ca-certificates"))?;

    let after = list(chroot, &env)?;
    let stdout = String::from_utf8_lossy(&after.stdout);
    if !after.status.success() || !stdout.contains("\"name\"") {
        return fail(format!(
            "with the CA in the system's store, `petstore list` should list pets with no setting; \
             it exited {:?}: {}",
            after.status.code(),
            String::from_utf8_lossy(&after.stderr).trim()
        ));
    }
    println!("{CLI_BIN} list over https://{HOST}: pets listed, trusted through the system store");
    drop(api);
    Ok(())
}

/// A fresh home and config folder (no settings file), the key, and the address by its name.
fn cli_env(chroot: &Chroot, port: u16) -> Result<Vec<String>> {
    let home = "/tmp/company-ca-home";
    fs::create_dir_all(chroot.host_path(home))
        .map_err(|e| StepError(format!("could not create {home} in the root: {e}")))?;
    Ok(vec![
        format!("HOME={home}"),
        format!("XDG_CONFIG_HOME={home}/config"),
        format!("XDG_DATA_HOME={home}/data"),
        format!("XDG_CACHE_HOME={home}/cache"),
        format!("PETSTORE_PRODUCTION_URL=https://{HOST}:{port}/v1"),
        format!("PETSTORE_API_KEY={KEY}"),
    ])
}

fn list(chroot: &Chroot, env: &[String]) -> Result<Output> {
    chroot
        .command(env, CLI_BIN)
        .args(["--env", "production", "--json", "list", "--limit", "3"])
        .output()
        .map_err(|e| StepError(format!("could not run {CLI_BIN} in the root: {e}")))
}

fn write(path: &Path, text: &str) -> Result {
    fs::write(path, text).map_err(|e| StepError(format!("could not write {}: {e}", path.display())))
}
