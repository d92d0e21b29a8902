//! Installers: `cargo xtask bundle` (Linux .deb and .rpm, offline) and `cargo xtask tauri ...`
//! (the pinned Tauri CLI, for the release workflow's macOS and Windows installers).
//!
//! The Tauri CLI takes the folder holding `tauri.conf.json` for the app crate and wants a
//! `[package]` beside it; ours sits at the root of a virtual workspace, so the CLI is pointed at
//! `src-tauri/` (`TAURI_APP_PATH`) where this module mirrors, on each run, the root's config and
//! the folders its relative paths name (`icons/`, `ui/dist`). Symlinks on Unix; copies on
//! Windows, where symlinks need privileges. The mirrors are git-ignored.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd::{self, Result, StepError, fail, step};
use crate::deps;
use crate::{cargo, exe};

/// The CLI ships inside the installers as a Tauri external binary. It is given to the CLI here
/// rather than in tauri.conf.json because tauri-build would otherwise copy the sidecar over
/// target/<profile>/petstore on every cargo build, the very file cargo builds the CLI into.
const SIDECAR_CONFIG: &str = r#"{"bundle":{"externalBin":["binaries/petstore"]}}"#;

/// The Linux packages this machine can build without the internet (AppImage downloads its tools).
const OFFLINE_BUNDLES: &str = "deb,rpm";

/// Paths of the packages `bundle` made.
pub struct LinuxPackages {
    pub deb: PathBuf,
    pub rpm: PathBuf,
}

/// Whether `bundle` builds the UI first. Rebuilding it rewrites ui/dist, which makes cargo
/// rebuild the release app (minutes of LTO): the test command, which built both already, skips it.
pub enum Ui {
    Build,
    // Only the Linux installer stage has built both before it bundles.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    AlreadyBuilt,
}

/// Whether the packaged app reads the test-only variables (the app's feature `test-hooks`).
pub enum Hooks {
    /// As people get it: `cargo xtask bundle`, the release workflow.
    Release,
    /// The suite's own packages (`cargo xtask test installers`): the installer check accepts an
    /// update in the installed app with `PETSTORE_TEST_HOOK_ACCEPT_UPDATE`.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    Suite,
}

/// The cargo arguments of the suite's release app: the e2e stage builds it, the installers stage
/// packs that same build (other features would make cargo build it again).
pub const SUITE_APP_FEATURES: [&str; 2] = ["--features", "test-hooks"];

/// `cargo xtask bundle`: the UI, the release app and CLI, then .deb and .rpm with the CLI inside.
pub fn bundle(ui: Ui, hooks: Hooks) -> Result<LinuxPackages> {
    if !cfg!(target_os = "linux") {
        return fail(
            "`cargo xtask bundle` makes the Linux packages; on macOS and Windows run \
             `cargo xtask tauri build` (see docs/releasing.md)",
        );
    }
    let root = crate::root();
    deps::ensure_system_packages(deps::BUILD_PACKAGES)?;
    if matches!(ui, Ui::Build) {
        deps::build_ui(&root)?;
    }
    // One package per cargo run: built together, cargo would unify their features and the
    // packaged app would differ from the one `cargo build -p petstore-admin` makes and tests.
    for package in ["petstore-admin", "petstore-cli"] {
        step(&format!("Building {package} (release)"));
        let mut build = Command::new(cargo());
        build.args(["build", "--locked", "--release", "-p", package]);
        if package == "petstore-admin" && matches!(hooks, Hooks::Suite) {
            build.args(SUITE_APP_FEATURES);
        }
        cmd::run(&mut build)?;
    }
    let args = ["bundle", "--bundles", OFFLINE_BUNDLES].map(String::from);
    tauri(&args)?;
    let packages = LinuxPackages {
        deb: find_package("deb")?,
        rpm: find_package("rpm")?,
    };
    for package in [&packages.deb, &packages.rpm] {
        report_size(package)?;
    }
    Ok(packages)
}

/// `cargo xtask tauri <args>`: the Tauri CLI pinned in xtask/tools, run against src-tauri/ with the
/// root's config. For `build` and `bundle` it first puts the CLI where the bundler looks for it.
pub fn tauri(args: &[String]) -> Result {
    tauri_with_env(args, &[])
}

/// [`tauri`] with extra environment variables for the CLI (and the app `tauri dev` starts).
pub fn tauri_with_env(args: &[String], env: &[(&str, PathBuf)]) -> Result {
    let root = crate::root();
    let tools = root.join("xtask").join("tools");
    deps::ensure_node_modules(&tools, "the Tauri CLI")?;
    let app = root.join("src-tauri");
    if args.first().is_some_and(|a| a == "build") {
        // tauri.conf.json has no beforeBuildCommand: build the UI here, so the app never
        // embeds a stale ui/dist.
        deps::build_ui(&root)?;
    }
    let packaging = matches!(args.first().map(String::as_str), Some("build" | "bundle"));
    mirror(&root.join("tauri.conf.json"), &app.join("tauri.conf.json"))?;
    mirror(&root.join("icons"), &app.join("icons"))?;
    let dist = root.join("ui").join("dist");
    // Only packaging reads the UI build; `tauri icon` or `tauri info` must work without one.
    if packaging || dist.exists() {
        mirror(&dist, &app.join("ui").join("dist"))?;
    }

    let mut command = Command::new(tools.join("node_modules").join(".bin").join(tauri_name()));
    command.args(args).env("TAURI_APP_PATH", &app);
    for (name, value) in env {
        command.env(name, value);
    }
    if packaging {
        place_sidecar(
            &app,
            target_arg(args).as_deref(),
            args.first().map(String::as_str),
        )?;
        command.args(["--config", SIDECAR_CONFIG]);
    }
    step(&format!("tauri {}", args.join(" ")));
    cmd::run(&mut command)?;
    #[cfg(target_os = "linux")]
    if packaging {
        // The bundler signed the gzip package for the updater (release.yml turns
        // createUpdaterArtifacts on with TAURI_SIGNING_PRIVATE_KEY set): the repacked one is
        // signed again, with the same key from the same variables, or the update is refused.
        for deb in crate::debpack::repack_all(&crate::target_dir())? {
            step(&format!(
                "Signing the repacked {} for the updater",
                deb.display()
            ));
            let mut sign = Command::new(tools.join("node_modules").join(".bin").join(tauri_name()));
            // Bound to the version, as `tauri build` binds its own signatures: the app refuses
            // a signature that names no version or another (`requireSignedVersion`). The app
            // shares the workspace's version with this program.
            sign.args(["signer", "sign", "--app-version", env!("CARGO_PKG_VERSION")])
                .arg(&deb);
            cmd::run(&mut sign)?;
        }
    }
    Ok(())
}

/// Copies the release `petstore` for `target` (the host when `None`) to
/// src-tauri/binaries/petstore-<triple>, the name Tauri's bundler expects. `tauri build` compiles
/// the app itself, so for it the CLI is compiled here first; `bundle` packs what is built.
fn place_sidecar(app: &Path, target: Option<&str>, subcommand: Option<&str>) -> Result {
    let triple = match target {
        Some(triple) => triple.to_owned(),
        None => host_triple()?,
    };
    if triple == "universal-apple-darwin" {
        return fail(
            "a universal macOS build is not set up: build aarch64-apple-darwin and \
             x86_64-apple-darwin separately (the release workflow does)",
        );
    }
    if subcommand == Some("build") {
        step(&format!("Building the petstore CLI for {triple}"));
        let mut build = Command::new(cargo());
        build.args(["build", "--locked", "--release", "-p", "petstore-cli"]);
        if let Some(triple) = target {
            build.args(["--target", triple]);
        }
        cmd::run(&mut build)?;
    }
    let mut built = crate::target_dir();
    if let Some(triple) = target {
        built.push(triple);
    }
    let built = built.join("release").join(exe("petstore"));
    if !built.is_file() {
        return fail(format!(
            "{} is missing: build it with `cargo build --release -p petstore-cli` first",
            built.display()
        ));
    }
    let binaries = app.join("binaries");
    fs::create_dir_all(&binaries).map_err(|e| io_error(&binaries, &e))?;
    let sidecar = binaries.join(exe(&format!("petstore-{triple}")));
    fs::copy(&built, &sidecar).map_err(|e| io_error(&sidecar, &e))?;
    Ok(())
}

/// The value of `--target`/`-t` in the CLI's arguments, if any.
fn target_arg(args: &[String]) -> Option<String> {
    args.iter().enumerate().find_map(|(i, arg)| {
        if arg == "--target" || arg == "-t" {
            args.get(i + 1).cloned()
        } else {
            arg.strip_prefix("--target=").map(str::to_owned)
        }
    })
}

fn host_triple() -> Result<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let output = Command::new(&rustc)
        .arg("-vV")
        .output()
        .map_err(|e| StepError(format!("could not run `{rustc} -vV`: {e}")))?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .map(str::to_owned)
        .ok_or_else(|| StepError(format!("`{rustc} -vV` did not name the host")))
}

/// Makes `link` show what `original` holds: a symlink on Unix, a fresh copy elsewhere.
fn mirror(original: &Path, link: &Path) -> Result {
    if !original.exists() {
        return fail(format!(
            "{} is missing (for the UI: `cd ui && npm ci && npm run build`)",
            original.display()
        ));
    }
    remove_any(link)?;
    if let Some(parent) = link.parent() {
        fs::create_dir_all(parent).map_err(|e| io_error(parent, &e))?;
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(original, link).map_err(|e| io_error(link, &e))
    }
    #[cfg(not(unix))]
    {
        copy_tree(original, link)
    }
}

#[cfg(not(unix))]
fn copy_tree(from: &Path, to: &Path) -> Result {
    if from.is_file() {
        return fs::copy(from, to).map(drop).map_err(|e| io_error(to, &e));
    }
    fs::create_dir_all(to).map_err(|e| io_error(to, &e))?;
    for entry in fs::read_dir(from).map_err(|e| io_error(from, &e))? {
        let entry = entry.map_err(|e| io_error(from, &e))?;
        copy_tree(&entry.path(), &to.join(entry.file_name()))?;
    }
    Ok(())
}

fn remove_any(path: &Path) -> Result {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(());
    };
    let removed = if meta.is_dir() {
        fs::remove_dir_all(path)
    } else {
        fs::remove_file(path)
    };
    removed.map_err(|e| io_error(path, &e))
}

/// The newest package of `kind` the bundler wrote (old versions may linger in the folder).
fn find_package(kind: &str) -> Result<PathBuf> {
    let dir = crate::target_dir()
        .join("release")
        .join("bundle")
        .join(kind);
    let entries = fs::read_dir(&dir).map_err(|e| io_error(&dir, &e))?;
    entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == kind))
        .max_by_key(|path| fs::metadata(path).and_then(|m| m.modified()).ok())
        .ok_or_else(|| {
            StepError(format!(
                "the bundler wrote no .{kind} into {}",
                dir.display()
            ))
        })
}

fn report_size(package: &Path) -> Result {
    let bytes = fs::metadata(package)
        .map_err(|e| io_error(package, &e))?
        .len();
    #[allow(clippy::cast_precision_loss)] // a package size, shown to two decimals
    let mib = bytes as f64 / (1024.0 * 1024.0);
    println!("{}: {bytes} bytes ({mib:.2} MiB)", package.display());
    Ok(())
}

fn tauri_name() -> &'static str {
    if cfg!(windows) { "tauri.cmd" } else { "tauri" }
}

fn io_error(path: &Path, error: &std::io::Error) -> StepError {
    StepError(format!("{}: {error}", path.display()))
}
