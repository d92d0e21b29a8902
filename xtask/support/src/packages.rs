//! Installing missing system packages with apt on Debian/Ubuntu, and naming them elsewhere.

use std::process::Command;

use crate::cmd::{self, Result, fail, step};

/// Installs the missing `packages` with apt-get when this is a Debian-like system.
pub fn ensure_system_packages(packages: &[&str]) -> Result {
    if !cfg!(target_os = "linux") {
        return Ok(());
    }
    let wanted: Vec<&str> = packages.to_vec();
    if !cmd::on_path("dpkg-query") || !cmd::on_path("apt-get") {
        println!(
            "Not a Debian/Ubuntu system: make sure these (or your distribution's equivalents) are installed: {}",
            wanted.join(" ")
        );
        return Ok(());
    }
    let missing: Vec<&str> = wanted.into_iter().filter(|p| !installed(p)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    step(&format!(
        "Installing system packages: {}",
        missing.join(" ")
    ));
    let (program, prefix) = privileged()?;
    cmd::run(
        Command::new(program)
            .args(&prefix)
            .args(["apt-get", "update", "-q"]),
    )?;
    cmd::run(
        Command::new(program)
            .args(&prefix)
            .args([
                "env",
                "DEBIAN_FRONTEND=noninteractive",
                "apt-get",
                "install",
                "-y",
                "-q",
            ])
            .arg("--no-install-recommends")
            .args(&missing),
    )
}

fn installed(package: &str) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f=${Status}", package])
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("install ok installed"))
}

/// `apt-get` needs root: run it directly as root, else through sudo.
fn privileged() -> Result<(&'static str, Vec<&'static str>)> {
    if cmd::is_root() {
        Ok(("env", vec![]))
    } else if cmd::on_path("sudo") {
        Ok(("sudo", vec![]))
    } else {
        fail("installing system packages needs root or sudo; install them by hand and run again")
    }
}
