//! A Wine prefix of the build's own, ready to run Rust programs.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::{LINKER, cargo_for_windows};
use crate::cmd::{self, Result, step};

/// A Wine prefix of the build's own (target/tools/wine), ready to run Rust programs.
pub struct Wine {
    prefix: PathBuf,
}

impl Wine {
    /// Makes the prefix once (`wineboot`), and puts the `ProcessPrng` shim into it when this
    /// Wine lacks `bcryptprimitives.dll` (Wine before 8.13; Debian 12 has 8.0): without it every
    /// program built by Rust 1.78 or later exits at once with code 53.
    pub fn prepare(root: &Path, target: &Path) -> Result<Wine> {
        let home = target.join("tools").join("wine");
        let prefix = home.join("prefix");
        let wine = Wine { prefix };
        if !wine.prefix.join("system.reg").is_file() {
            step("Wine: a prefix of the build's own (target/tools/wine/prefix)");
            fs::create_dir_all(&wine.prefix).map_err(|e| cmd::StepError(e.to_string()))?;
            cmd::run(wine.command("wine").args(["wineboot", "--init"]))?;
        }
        let system32 = wine.prefix.join("drive_c/windows/system32");
        if !has_builtin_bcryptprimitives() {
            let shim = home.join("bcryptprimitives.dll");
            let source = root.join("xtask/windows/bcryptprimitives.c");
            let def = root.join("xtask/windows/bcryptprimitives.def");
            if newer(&source, &shim) || newer(&def, &shim) {
                step("Wine 8.0 has no ProcessPrng: building the shim DLL (xtask/windows)");
                cmd::run(
                    Command::new(LINKER)
                        .args(["-O2", "-shared", "-o"])
                        .arg(&shim)
                        .arg(&source)
                        .arg(&def)
                        .arg("-ladvapi32"),
                )?;
            }
            let installed = system32.join("bcryptprimitives.dll");
            if newer(&shim, &installed) {
                fs::copy(&shim, &installed).map_err(|e| cmd::StepError(e.to_string()))?;
            }
        }
        Ok(wine)
    }

    /// `program` with this prefix, quiet, and without the Mono and Gecko installers Wine would
    /// offer to fetch.
    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        self.apply(&mut command);
        command
    }

    fn apply(&self, command: &mut Command) {
        command
            .env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=");
    }

    /// [`cargo`](crate::cargo) with this prefix for what it runs.
    pub fn cargo(&self, target: &Path, subcommand: &str) -> Command {
        let mut command = cargo_for_windows(target, subcommand);
        self.apply(&mut command);
        command
    }

    /// Starts this prefix's wineserver to stay until [`stop_server`](Self::stop_server), with
    /// `display` when given. Left to itself the server quits 3 s after its last program, and a
    /// test program started in that moment (cargo runs one after another) met a server on its
    /// way out: it exited with code 1 before printing a line (a CI run, once).
    pub fn start_server(&self, display: Option<&str>) -> Result {
        self.stop_server();
        let mut server = self.command("wineserver");
        // The server lives on in the background: it must not hold the suite's output open.
        server
            .arg("-p")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        if let Some(display) = display {
            server.env("DISPLAY", display);
        }
        cmd::run(&mut server)
    }

    /// Stops this prefix's wineserver and waits until it is gone, so the next program starts
    /// one with its own environment (the display among it). A server already stopped is fine.
    pub fn stop_server(&self) {
        let _ = self.command("wineserver").arg("-k").status();
        let _ = self.command("wineserver").arg("-w").status();
    }

    /// The Windows user's `%LOCALAPPDATA%` inside the prefix.
    pub fn local_app_data(&self) -> Result<PathBuf> {
        let users = self.prefix.join("drive_c/users");
        let user = fs::read_dir(&users)
            .map_err(|e| cmd::StepError(format!("{}: {e}", users.display())))?
            .filter_map(|entry| entry.ok())
            .map(|entry| entry.path())
            .find(|path| path.file_name().is_some_and(|name| name != "Public"))
            .ok_or_else(|| cmd::StepError(format!("no user folder in {}", users.display())))?;
        Ok(user.join("AppData/Local"))
    }
}

/// Whether this Wine brings `bcryptprimitives.dll` itself (8.13 and later).
fn has_builtin_bcryptprimitives() -> bool {
    [
        "/usr/lib/x86_64-linux-gnu/wine",
        "/usr/lib/wine",
        "/opt/wine-stable/lib64/wine",
    ]
    .iter()
    .any(|dir| {
        Path::new(dir)
            .join("x86_64-windows/bcryptprimitives.dll")
            .is_file()
    })
}

/// Whether `source` was changed after `made` (or `made` is missing).
fn newer(source: &Path, made: &Path) -> bool {
    let modified = |path: &Path| fs::metadata(path).and_then(|m| m.modified()).ok();
    match (modified(source), modified(made)) {
        (Some(source), Some(made)) => source > made,
        _ => true,
    }
}
