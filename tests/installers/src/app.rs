//! The installed app, started inside the chroot on the host's X display, and the proof that it
//! works there: its window, its embedded sandbox answering with data, the first table rendered.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::mounts::Chroot;
use crate::{APP_BIN, CLI_BIN, procs, window};
use xtask_support::cmd::{Result, StepError, capture, fail, step};

/// The process name of the app (`/proc/PID/comm`), which owns the embedded sandbox's socket.
const APP_COMM: &str = "petstore-admin";
const TITLE: &str = "Petstore Admin";
/// The public key of the embedded sandbox (README, "Configuration").
const DEMO_KEY: &str = "sandbox-demo-key";
/// What the app prints on stdout once the pet table first shows data.
const RENDERED: &str = "first table rendered: ";
/// How long the window, the sandbox and the table may take in a fresh root on a loaded machine.
const PATIENCE: Duration = Duration::from_secs(60);

/// Starts the installed app, waits for its window, its sandbox and its first table, and saves a
/// screenshot of the window to `png`.
pub fn check_app_runs(chroot: &Chroot, display: &str, png: &Path) -> Result {
    let number = display.trim_start_matches(':');
    let number = number.split('.').next().unwrap_or(number);
    if !Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
        return fail(format!(
            "no X server listens on display {display} (no /tmp/.X11-unix/X{number})"
        ));
    }
    let env = scratch_env(chroot, display)?;
    // GTK and WebKit need no session bus (measured: the app runs without one); with one, they
    // meet the D-Bus a desktop has. The package's dependencies bring dbus-run-session.
    let bus = chroot.host_path("/usr/bin/dbus-run-session").is_file();
    step(&format!(
        "Starting the installed app in the root on display {display} ({})",
        if bus {
            "in dbus-run-session"
        } else {
            "no session bus"
        }
    ));
    let mut command = if bus {
        let mut c = chroot.command(&env, "dbus-run-session");
        c.args(["--", APP_BIN]);
        c
    } else {
        chroot.command(&env, APP_BIN)
    };
    let mut app = Running::start(&mut command, chroot.dir())?;
    let (id, port) = wait_until_up(&mut app, chroot.dir(), display, png)?;
    cli_lists_pets(chroot, &env, port)?;
    window::park_pointer(display)?;
    // The line comes from the page's script: give WebKit a moment to paint what it rendered.
    thread::sleep(Duration::from_secs(1));
    window::screenshot(display, &id, png)?;
    drop(app);
    Ok(())
}

/// Waits until the window is shown, the sandbox answers and the table has pets; returns the
/// window's id and the sandbox's port. When it gives up, what the window showed is saved to `png`.
fn wait_until_up(
    app: &mut Running,
    dir: &Path,
    display: &str,
    png: &Path,
) -> Result<(String, u16)> {
    let started = Instant::now();
    let (mut shown, mut sandbox) = (None, None);
    loop {
        if let Some(status) = app.exited() {
            return fail(format!(
                "the installed app exited ({status}) before showing its table; its output:\n{}",
                app.tail()
            ));
        }
        shown = shown.or_else(|| window::find_viewable(display, TITLE));
        sandbox = sandbox.or_else(|| answering_sandbox(dir));
        let pets = app.rendered_pets().filter(|&n| n > 0);
        if let (Some(id), Some(port), Some(n)) = (&shown, sandbox, pets) {
            println!(
                "window {id} \"{TITLE}\" shown, sandbox answering on 127.0.0.1:{port}, \
                 first table rendered with {n} pets, {:.1?} after start",
                started.elapsed()
            );
            return Ok((id.clone(), port));
        }
        if started.elapsed() > PATIENCE {
            let mut missing = Vec::new();
            if shown.is_none() {
                missing.push(format!("no window titled \"{TITLE}\" was shown"));
            }
            if sandbox.is_none() {
                missing.push("its embedded sandbox did not answer on 127.0.0.1".to_owned());
            }
            if pets.is_none() {
                missing.push(format!(
                    "it never printed `{RENDERED}<N> pets` with N > 0 on stdout"
                ));
            }
            // What the window shows is often the answer (an error state in the table).
            if let Some(id) = &shown
                && window::save(display, id, png).is_ok()
            {
                missing.push(format!("the window as it was: {}", png.display()));
            }
            return fail(format!(
                "the installed app did not come up within {PATIENCE:?}: {}; its output:\n{}",
                missing.join("; "),
                app.tail()
            ));
        }
        thread::sleep(Duration::from_millis(500));
    }
}

/// The installed CLI lists pets from the app's sandbox (it needs what the app's client needs,
/// CA certificates included, even for plain HTTP on loopback).
fn cli_lists_pets(chroot: &Chroot, env: &[String], port: u16) -> Result {
    let mut env = env.to_vec();
    env.push(format!("PETSTORE_API_KEY={DEMO_KEY}"));
    let url = format!("http://127.0.0.1:{port}/v1");
    let listed = capture(chroot.command(&env, CLI_BIN).args([
        "--env",
        "sandbox",
        "--base-url",
        &url,
        "--json",
        "list",
        "--limit",
        "3",
    ]))
    .map_err(|e| {
        StepError(format!(
            "the installed CLI could not list the sandbox's pets: {e}"
        ))
    })?;
    if !listed.contains("\"name\"") {
        return fail(format!(
            "`petstore list` against the app's sandbox printed no pets: {}",
            listed.trim()
        ));
    }
    println!("{CLI_BIN} --base-url {url} list: pets listed");
    Ok(())
}

/// Starts the installed app as [`check_app_runs`] does, with `extra` variables, for a check that
/// watches something else than its window (the update check); it is stopped when dropped.
pub(crate) fn start_installed(chroot: &Chroot, display: &str, extra: &[String]) -> Result<Running> {
    let mut env = scratch_env(chroot, display)?;
    env.extend_from_slice(extra);
    let mut command = if chroot.host_path("/usr/bin/dbus-run-session").is_file() {
        let mut c = chroot.command(&env, "dbus-run-session");
        c.args(["--", APP_BIN]);
        c
    } else {
        chroot.command(&env, APP_BIN)
    };
    Running::start(&mut command, chroot.dir())
}

/// HOME and the XDG folders in a scratch folder of the chroot, so the app writes nothing else.
fn scratch_env(chroot: &Chroot, display: &str) -> Result<Vec<String>> {
    let mut env = vec![format!("DISPLAY={display}"), "NO_AT_BRIDGE=1".to_owned()];
    for (var, folder) in [
        ("HOME", "home"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_RUNTIME_DIR", "runtime"),
    ] {
        let inside = format!("/scratch/{folder}");
        let dir = chroot.host_path(&inside);
        fs::create_dir_all(&dir)
            .map_err(|e| StepError(format!("could not create {}: {e}", dir.display())))?;
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o700))
            .map_err(|e| StepError(format!("could not restrict {}: {e}", dir.display())))?;
        env.push(format!("{var}={inside}"));
    }
    Ok(env)
}

/// The port on which the app's embedded sandbox lists pets for the demo key, if it does yet.
fn answering_sandbox(dir: &Path) -> Option<u16> {
    procs::rooted_in(dir)
        .into_iter()
        .filter(|(_, comm)| comm == APP_COMM)
        .flat_map(|(pid, _)| procs::loopback_listening_ports(pid))
        .find(|&port| lists_pets(port))
}

/// A real request to the sandbox: `GET /v1/pets` with the demo key answers 200 with pets.
fn lists_pets(port: u16) -> bool {
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let Ok(mut stream) = TcpStream::connect_timeout(&addr, Duration::from_secs(1)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(3)));
    let request = format!(
        "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Authorization: Bearer {DEMO_KEY}\r\nConnection: close\r\n\r\n"
    );
    let mut response = String::new();
    stream.write_all(request.as_bytes()).is_ok()
        && stream.read_to_string(&mut response).is_ok()
        && response.starts_with("HTTP/1.1 200")
        && response.contains("\"name\"")
}

/// The app's process (through `chroot`), with its output collected line by line.
#[derive(Debug)]
pub(crate) struct Running {
    child: Child,
    dir: PathBuf,
    stdout: Arc<Mutex<Vec<String>>>,
    stderr: Arc<Mutex<Vec<String>>>,
}

impl Running {
    fn start(command: &mut Command, dir: &Path) -> Result<Self> {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| StepError(format!("could not start the installed app: {e}")))?;
        let stdout = collect(child.stdout.take());
        let stderr = collect(child.stderr.take());
        Ok(Running {
            child,
            dir: dir.to_owned(),
            stdout,
            stderr,
        })
    }

    fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// The largest N of the `first table rendered: N pets` lines printed so far.
    fn rendered_pets(&self) -> Option<u64> {
        let lines = self.stdout.lock().map(|l| l.clone()).unwrap_or_default();
        lines.iter().filter_map(|line| rendered_count(line)).max()
    }

    /// The last lines the app wrote, for failure messages.
    pub(crate) fn tail(&self) -> String {
        let mut text = String::new();
        for (name, lines) in [("stdout", &self.stdout), ("stderr", &self.stderr)] {
            let lines = lines.lock().map(|l| l.clone()).unwrap_or_default();
            let skip = lines.len().saturating_sub(20);
            text.push_str(&format!("--- {name} (last {} lines)\n", lines.len() - skip));
            for line in &lines[skip..] {
                text.push_str(line);
                text.push('\n');
            }
        }
        text
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        procs::stop_all_rooted_in(&self.dir);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn collect(pipe: Option<impl Read + Send + 'static>) -> Arc<Mutex<Vec<String>>> {
    let lines = Arc::new(Mutex::new(Vec::new()));
    if let Some(pipe) = pipe {
        let sink = Arc::clone(&lines);
        thread::spawn(move || {
            let mut reader = BufReader::new(pipe);
            let mut line = Vec::new();
            while reader.read_until(b'\n', &mut line).is_ok_and(|n| n > 0) {
                let text = String::from_utf8_lossy(&line).trim_end().to_owned();
                if let Ok(mut all) = sink.lock() {
                    all.push(text);
                }
                line.clear();
            }
        });
    }
    lines
}

/// N from a `first table rendered: N pets` line.
fn rendered_count(line: &str) -> Option<u64> {
    let (_, rest) = line.split_once(RENDERED)?;
    let mut words = rest.split_whitespace();
    let count = words.next()?.parse().ok()?;
    (words.next()? == "pets").then_some(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_rendered_line() {
        assert_eq!(rendered_count("first table rendered: 20 pets"), Some(20));
        assert_eq!(
            rendered_count("[petstore] first table rendered: 3 pets"),
            Some(3)
        );
        assert_eq!(rendered_count("first table rendered: 20"), None);
        assert_eq!(rendered_count("first table rendered: many pets"), None);
        assert_eq!(rendered_count("table rendered: 20 pets"), None);
    }
}
