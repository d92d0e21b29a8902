//! Installing what the commands need, and skipping what is already there.
//!
//! System packages are installed only on Debian/Ubuntu (apt); elsewhere the missing ones are named.
//! Validator tools are pinned in `xtask/tools/` and installed into folders the build owns.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd::{self, Result, fail, step};
pub use xtask_support::packages::ensure_system_packages;

/// Debian/Ubuntu's C compiler, which ring (TLS) needs even where nothing links WebKit.
pub const C_COMPILER_PACKAGES: &[&str] = &["build-essential"];

/// Debian/Ubuntu packages to build the workspace: a C compiler, and WebKitGTK with the libraries
/// Tauri 2 links on Linux.
pub const BUILD_PACKAGES: &[&str] = &[
    "build-essential",
    "pkg-config",
    "libwebkit2gtk-4.1-dev",
    "libxdo-dev",
    "libssl-dev",
    "libayatana-appindicator3-dev",
    "librsvg2-dev",
];

/// Debian/Ubuntu packages for a private D-Bus session with an unlocked gnome-keyring: the real
/// Secret Service the keychain tests meet.
pub const KEYRING_PACKAGES: &[&str] = &["dbus-daemon", "gnome-keyring", "libsecret-tools"];

/// Debian/Ubuntu's PostgreSQL server, for the shared store's tests (`crates/petstore-shared`):
/// each test starts its own server from `initdb` and `postgres` in a temporary folder, so only
/// the binaries are needed, not the cluster the package sets up.
pub const POSTGRES_PACKAGES: &[&str] = &["postgresql"];

/// Debian/Ubuntu's virtual X display, for windows on a machine with no screen.
pub const DISPLAY_PACKAGES: &[&str] = &["xvfb"];

/// Debian/Ubuntu's WebDriver for WebKitGTK, which tauri-driver drives the app's web view with.
pub const WEBDRIVER_PACKAGES: &[&str] = &["webkit2gtk-driver"];

/// Debian/Ubuntu packages for the Python validators' virtualenv (schemathesis, actionlint).
pub const PYTHON_PACKAGES: &[&str] = &["python3-venv"];

/// Debian/Ubuntu's Node.js and npm, added when npm is missing (the version is checked later).
pub const NODE_PACKAGES: &[&str] = &["nodejs", "npm"];
/// The Windows stage's: mingw-w64's linker, Wine (64-bit, and `wine`, the command the stage runs
/// it with: Debian's wine64 alone has no `wine` on the PATH), and xdotool to answer the app's
/// message box on the virtual display.
pub const WINDOWS_PACKAGES: &[&str] =
    &["gcc-mingw-w64-x86-64", "wine64", "wine", "xvfb", "xdotool"];

/// To show the app on a Linux desktop (`run`): only the build packages.
pub const RUN_PACKAGES: &[&str] = BUILD_PACKAGES;

/// Makes sure rustup has the standard library for `target` (a cross stage's), skipping it when
/// it has.
pub fn ensure_rust_target(target: &str) -> Result {
    let installed = cmd::capture(Command::new("rustup").args(["target", "list", "--installed"]))?;
    if installed.lines().any(|line| line.trim() == target) {
        return Ok(());
    }
    step(&format!("rustup target add {target}"));
    cmd::run(Command::new("rustup").args(["target", "add", target]))
}

/// tauri-driver (the WebDriver bridge to the app's web view), installed with `cargo install`
/// into target/tools/cargo; returns its binary.
pub fn ensure_tauri_driver(target: &Path) -> Result<PathBuf> {
    let root = target.join("tools").join("cargo");
    let bin = root.join("bin").join(if cfg!(windows) {
        "tauri-driver.exe"
    } else {
        "tauri-driver"
    });
    if bin.is_file() {
        return Ok(bin);
    }
    step("Installing tauri-driver (cargo install, into target/tools/cargo)");
    cmd::run(
        Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
            .args([
                "install",
                "tauri-driver",
                "--version",
                "^2",
                "--locked",
                "--root",
            ])
            .arg(&root),
    )?;
    Ok(bin)
}

/// Prism (`@stoplight/prism-cli`) and the Tauri CLI, pinned in xtask/tools/package-lock.json;
/// returns Prism's binary.
pub fn ensure_node_tools(root: &Path) -> Result<PathBuf> {
    let tools = root.join("xtask").join("tools");
    ensure_node_modules(&tools, "Prism and the Tauri CLI")?;
    Ok(tools.join("node_modules").join(".bin").join(prism_name()))
}

/// `npm ci` in `dir` unless its node_modules already matches its package-lock.json.
pub fn ensure_node_modules(dir: &Path, what: &str) -> Result {
    ensure_node_version()?;
    let lock = dir.join("package-lock.json");
    let stamp = dir.join("node_modules").join(".xtask-lock");
    if same_contents(&lock, &stamp) {
        return Ok(());
    }
    step(&format!("Installing {what} (npm ci in {})", dir.display()));
    cmd::run(
        Command::new(npm_name())
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(dir),
    )?;
    copy_stamp(&lock, &stamp)
}

/// The UI's production build into ui/dist, which the app embeds (installing its packages first).
pub fn build_ui(root: &Path) -> Result {
    let ui = root.join("ui");
    ensure_node_modules(&ui, "the UI's packages")?;
    step("Building the UI");
    cmd::run(
        Command::new(npm_name())
            .args(["run", "build"])
            .current_dir(&ui),
    )
}

/// The oldest Node.js the UI's toolchain (Vite 8) runs on.
const NODE_MINIMUM: (u32, u32) = (20, 19);

fn ensure_node_version() -> Result {
    let output = Command::new(node_name()).arg("--version").output();
    let version = match output {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        _ => {
            return fail(
                "Node.js is not installed: install Node.js 20.19 or newer (with npm) and run again",
            );
        }
    };
    let mut parts = version
        .trim_start_matches('v')
        .split('.')
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let found = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    if found < NODE_MINIMUM {
        return fail(format!(
            "Node.js {version} is too old: the UI's build tools need 20.19 or newer. Debian 12 and \
             Ubuntu 24.04 ship Node 18; install Node 20 or 22 (e.g. from NodeSource or your \
             distribution's backports) and run again"
        ));
    }
    Ok(())
}

/// The Python validators the `lint` and `api` stages run, installed with pip from xtask/tools/requirements.txt.
const PYTHON_TOOLS: &[&str] = &["schemathesis", "actionlint", "shellcheck"];

/// schemathesis, actionlint and shellcheck in a virtualenv under target/tools (pinned in
/// xtask/tools/requirements.txt); returns the venv's folder of programs.
pub fn ensure_python_tools(root: &Path, target: &Path) -> Result<PathBuf> {
    let venv = target.join("tools").join("venv");
    let bin = venv.join(if cfg!(windows) { "Scripts" } else { "bin" });
    let requirements = root.join("xtask").join("tools").join("requirements.txt");
    let stamp = venv.join(".xtask-requirements");
    // actionlint skips script checks without a word when shellcheck is missing: insist on all.
    let missing = || {
        PYTHON_TOOLS
            .iter()
            .find(|tool| !bin.join(crate::exe(tool)).is_file())
    };
    if missing().is_none() && same_contents(&requirements, &stamp) {
        return Ok(bin);
    }
    step("Installing schemathesis, actionlint and shellcheck (pip, in target/tools/venv)");
    let python = if cmd::works("python3", &["--version"]) {
        "python3"
    } else {
        "python"
    };
    cmd::run(
        Command::new(python)
            .args(["-m", "venv", "--clear"])
            .arg(&venv),
    )?;
    cmd::run(
        Command::new(bin.join("pip"))
            .args(["install", "--quiet", "--disable-pip-version-check", "-r"])
            .arg(&requirements),
    )?;
    if let Some(tool) = missing() {
        return fail(format!(
            "pip installed xtask/tools/requirements.txt, yet {} has no {tool}",
            bin.display()
        ));
    }
    copy_stamp(&requirements, &stamp)?;
    Ok(bin)
}

fn same_contents(a: &Path, b: &Path) -> bool {
    matches!((fs::read(a), fs::read(b)), (Ok(x), Ok(y)) if x == y)
}

fn copy_stamp(from: &Path, to: &Path) -> Result {
    fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| cmd::StepError(format!("could not write {}: {e}", to.display())))
}

pub fn npm_name() -> &'static str {
    if cfg!(windows) { "npm.cmd" } else { "npm" }
}

fn node_name() -> &'static str {
    if cfg!(windows) { "node.exe" } else { "node" }
}

fn prism_name() -> &'static str {
    if cfg!(windows) { "prism.cmd" } else { "prism" }
}

#[cfg(test)]
mod tests {
    use super::BUILD_PACKAGES;

    /// The release workflow installs the build packages by hand (it runs before any xtask is
    /// built): it must name every one, or a Linux release fails on the runner, not here.
    #[test]
    fn the_release_workflow_installs_every_build_package() {
        let path = crate::root()
            .join(".github")
            .join("workflows")
            .join("release.yml");
        let workflow = std::fs::read_to_string(&path).expect("release.yml is readable");
        let named: Vec<&str> = workflow.split_whitespace().collect();
        for package in BUILD_PACKAGES {
            assert!(
                named.contains(package),
                "{} does not install {package}, which xtask's BUILD_PACKAGES lists",
                path.display()
            );
        }
    }
}
