//! Installing the package in the chroot with apt, and checking what it installed.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use crate::mounts::Chroot;
use crate::{APP_BIN, CLI_BIN};
use xtask_support::cmd::{self, Result, StepError, capture, fail, step};

/// The package's name and version, from its control file.
#[derive(Debug)]
pub struct Package {
    pub name: String,
    pub version: String,
}

/// Reads the package's control fields on the host.
pub fn read_package(deb: &Path) -> Result<Package> {
    let field = |name: &str| -> Result<String> {
        let value = capture(Command::new("dpkg-deb").arg("--field").arg(deb).arg(name))?;
        let value = value.trim().to_owned();
        if value.is_empty() {
            return fail(format!("{} has no `{name}` field", deb.display()));
        }
        Ok(value)
    };
    Ok(Package {
        name: field("Package")?,
        version: field("Version")?,
    })
}

/// `apt-get install ./the.deb` in the chroot: apt fetches and installs the declared dependencies
/// (Depends, not Recommends: what a package declares it cannot run without). apt's output (a
/// thousand lines) goes to `log`, and its end is shown when it fails.
pub fn install(chroot: &Chroot, deb: &Path, log: &Path) -> Result {
    let file_name = deb
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| StepError(format!("{} has no usable file name", deb.display())))?;
    let inside = format!("/tmp/{file_name}");
    fs::copy(deb, chroot.host_path(&inside)).map_err(|e| {
        StepError(format!(
            "could not copy {} into the root: {e}",
            deb.display()
        ))
    })?;
    step(&format!(
        "Installing {file_name} in the clean root with apt-get (log: {})",
        log.display()
    ));
    let started = Instant::now();
    let _ = fs::remove_file(log);
    logged(chroot.command(&[], "apt-get").args(["update", "-q"]), log)?;
    logged(
        chroot
            .command(&[], "apt-get")
            .args(["install", "-y", "-q", "--no-install-recommends"])
            // A throw-away root needs no fsync after every file: noticeably quicker.
            .args(["-o", "Dpkg::Options::=--force-unsafe-io"])
            .arg(&inside),
        log,
    )?;
    let log_text = fs::read_to_string(log).unwrap_or_default();
    let summary = log_text
        .lines()
        .find(|l| l.contains("newly installed"))
        .unwrap_or("");
    println!(
        "apt-get update and install took {:.0?} ({})",
        started.elapsed(),
        summary.trim()
    );
    Ok(())
}

/// Runs `command` with its output appended to `log`; on failure, shows the log's last lines.
fn logged(command: &mut Command, log: &Path) -> Result {
    let open = || {
        fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .map_err(|e| StepError(format!("could not open {}: {e}", log.display())))
    };
    command.stdout(open()?).stderr(open()?);
    if let Err(error) = cmd::run(command) {
        let text = fs::read_to_string(log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        let tail = lines[lines.len().saturating_sub(40)..].join("\n");
        return fail(format!("{error}; the end of {}:\n{tail}", log.display()));
    }
    Ok(())
}

/// The package is installed, both programs are where they belong, the CLI reports the
/// workspace's version, and the desktop entry starts the app.
pub fn check_installed(chroot: &Chroot, package: &Package, version: &str) -> Result {
    step("Checking the installed package, its programs and its desktop entry");
    let status = capture(
        chroot
            .command(&[], "dpkg-query")
            .args(["--show", "--showformat=${Status}|${Version}"])
            .arg(&package.name),
    )?;
    let expected = format!("install ok installed|{}", package.version);
    if status.trim() != expected {
        return fail(format!(
            "dpkg reports `{}` for {}, expected `{expected}`",
            status.trim(),
            package.name
        ));
    }
    for program in [APP_BIN, CLI_BIN] {
        if !is_executable(&chroot.host_path(program)) {
            return fail(format!(
                "the package did not install {program} as an executable file"
            ));
        }
    }
    let printed = capture(chroot.command(&[], CLI_BIN).arg("--version"))?;
    let wanted = format!("petstore {version}");
    if printed.trim() != wanted {
        return fail(format!(
            "`petstore --version` printed `{}`, expected `{wanted}` (the workspace version)",
            printed.trim()
        ));
    }
    println!("{CLI_BIN} --version: {wanted}");
    check_desktop_entry(chroot, package)
}

/// A `.desktop` file of the package under /usr/share/applications whose Exec starts the app.
fn check_desktop_entry(chroot: &Chroot, package: &Package) -> Result {
    let files = capture(chroot.command(&[], "dpkg").arg("-L").arg(&package.name))?;
    let entries: Vec<&str> = files
        .lines()
        .filter(|f| f.starts_with("/usr/share/applications/") && f.ends_with(".desktop"))
        .collect();
    let starts_app = |entry: &str| {
        fs::read_to_string(chroot.host_path(entry)).is_ok_and(|text| {
            text.lines()
                .filter_map(|l| l.strip_prefix("Exec="))
                .any(|exec| {
                    exec.split_whitespace()
                        .next()
                        .is_some_and(|p| p == "petstore-admin" || p == APP_BIN)
                })
        })
    };
    match entries.iter().copied().find(|entry| starts_app(entry)) {
        Some(entry) => {
            println!("desktop entry: {entry}");
            Ok(())
        }
        None => fail(format!(
            "the package installs no desktop entry under /usr/share/applications whose Exec \
             starts petstore-admin (found: {entries:?})"
        )),
    }
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
