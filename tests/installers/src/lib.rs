//! The installer check: proof that the `.deb` installs and runs on a clean system. xtask runs it
//! in stage `installers` of `cargo xtask test` and as `cargo xtask check-deb PATH.deb`.
//!
//! A minimal Debian root made by debootstrap is cached under `target/tools/debian-root-base`.
//! Every check works on a fresh copy of it (`target/debroot/run`): `apt-get install ./the.deb`
//! there, so apt resolves the package's declared dependencies for real; then the installed files
//! and CLI are checked (with a company CA installed by `update-ca-certificates`, trusted with no
//! setting), and the installed app is started inside the chroot on the host's X
//! display until its window, its embedded sandbox and its first table of pets are seen. The copy
//! is unmounted and deleted afterwards, whatever happened; a run killed outright (Ctrl-C) leaves
//! its mounts, and the next run clears them before anything else.

// Linux only: debootstrap, mount and chroot (xtask depends on this crate only there).
#![cfg(target_os = "linux")]

mod app;
mod base;
mod company_ca;
mod install;
mod mounts;
mod procs;
mod update;
mod window;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use xtask_support::cmd::{Result, StepError, fail, is_root, step};
use xtask_support::display::VirtualDisplay;
use xtask_support::packages;

/// Where the package must install the app and the CLI, where the desktop and admins look.
const APP_BIN: &str = "/usr/bin/petstore-admin";
const CLI_BIN: &str = "/usr/bin/petstore";

/// Host packages the check uses: debootstrap for the root, Xvfb for the display, xwininfo
/// (x11-utils) to find the window, xdotool to move the pointer off it, ImageMagick for the
/// screenshot.
pub const DEBROOT_PACKAGES: &[&str] =
    &["debootstrap", "xvfb", "x11-utils", "xdotool", "imagemagick"];

/// `cargo xtask check-deb PATH.deb`: installs the [`DEBROOT_PACKAGES`], then the check below on a
/// virtual display of its own.
pub fn check_deb(root: &Path, target: &Path, deb: &Path) -> Result {
    packages::ensure_system_packages(DEBROOT_PACKAGES)?;
    let display = VirtualDisplay::start()?;
    check_deb_installs(root, target, deb, display.name())
}

/// Installs `deb` in a fresh clean root and runs the installed app there on X `display`; the
/// screenshot goes to `target/e2e-screenshots/installed-deb.png`. Needs root (debootstrap, mount,
/// chroot) and the [`DEBROOT_PACKAGES`].
pub fn check_deb_installs(root: &Path, target: &Path, deb: &Path, display: &str) -> Result {
    if !cfg!(target_os = "linux") {
        return fail("the .deb check runs on Debian-like Linux only");
    }
    if !is_root() {
        return fail(
            "the .deb check needs root (debootstrap, mount and chroot): run it as root or with sudo",
        );
    }
    let deb = deb
        .canonicalize()
        .map_err(|e| StepError(format!("no package at {}: {e}", deb.display())))?;
    let version = workspace_version(root)?;
    let package = install::read_package(&deb)?;
    let started = Instant::now();
    let base = prepare_base(target)?;
    let chroot = mounts::Chroot::fresh_copy(&base, &target.join("debroot").join("run"))?;
    install::install(&chroot, &deb, &target.join("debroot").join("apt.log"))?;
    install::check_installed(&chroot, &package, &version)?;
    company_ca::check_company_ca_trusted(&chroot, root, target)?;
    let png = target.join("e2e-screenshots").join("installed-deb.png");
    app::check_app_runs(&chroot, display, &png)?;
    update::check_update_installs_with_test_hook_yes(
        &chroot,
        &deb,
        &package,
        &target.join("debroot").join("update"),
        display,
    )?;
    step("Removing the root's copy");
    drop(chroot);
    println!(
        "{} {} installed and ran in a clean root ({:.0?} in all)",
        package.name,
        package.version,
        started.elapsed()
    );
    Ok(())
}

/// Makes the cached base root unless it is complete already (a cold debootstrap takes 1.5-2.5
/// min here); [`check_deb_installs`] calls it too, but a caller may run it early, e.g. on a
/// thread while the release build compiles.
pub fn prepare_base(target: &Path) -> Result<PathBuf> {
    base::ensure(target)
}

/// `[workspace.package] version` of the root Cargo.toml: what `petstore --version` must print.
fn workspace_version(root: &Path) -> Result<String> {
    let manifest = root.join("Cargo.toml");
    let text = fs::read_to_string(&manifest)
        .map_err(|e| StepError(format!("could not read {}: {e}", manifest.display())))?;
    version_of_workspace(&text).ok_or_else(|| {
        StepError(format!(
            "{} has no `version` under [workspace.package]",
            manifest.display()
        ))
    })
}

fn version_of_workspace(manifest: &str) -> Option<String> {
    manifest
        .lines()
        .map(str::trim)
        .skip_while(|line| *line != "[workspace.package]")
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "version").then(|| value.trim().trim_matches('"').to_owned())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_workspace_version_only() {
        let manifest = "[package]\nversion = \"9.9.9\"\n\n[workspace.package]\nedition = \"2024\"\n\
                        version = \"0.1.0\"\n\n[workspace.dependencies]\nversion = \"1\"\n";
        assert_eq!(version_of_workspace(manifest).as_deref(), Some("0.1.0"));
        assert_eq!(version_of_workspace("[package]\nversion = \"1\"\n"), None);
    }

    /// The workspace root, two folders above this crate (`tests/installers/`).
    fn workspace_root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .nth(2)
            .expect("tests/installers sits two folders below the workspace root")
            .to_path_buf()
    }

    #[test]
    fn the_real_workspace_has_a_version() {
        let version = workspace_version(&workspace_root()).expect("version");
        assert!(version.split('.').count() == 3, "{version}");
    }
}
