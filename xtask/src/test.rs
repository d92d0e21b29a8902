//! `cargo xtask test`: every check and test, as CI runs them.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd::{self, Result, StepError, step};
use crate::deps;
use crate::display::VirtualDisplay;
use crate::run::{cargo, exe};
use crate::sandbox::{self, RunningSandbox};
#[cfg(target_os = "linux")]
use crate::{bundle, debroot};

/// A key with limits high enough that schemathesis never meets a 429 it did not ask for.
const SCHEMATHESIS_KEY: &str = "schemathesis-key";

pub fn test() -> Result {
    let root = crate::root();
    let target = crate::target_dir();
    let mut packages = deps::BUILD_PACKAGES.to_vec();
    packages.extend(deps::TEST_PACKAGES);
    #[cfg(target_os = "linux")]
    packages.extend(debroot::DEBROOT_PACKAGES);
    deps::ensure_system_packages(&packages)?;
    let prism = deps::ensure_prism(&root)?;
    let python_tools = deps::ensure_python_tools(&root, &target)?;

    step("actionlint: the GitHub workflows (shellcheck on their scripts)");
    run_actionlint(&root, &python_tools)?;

    // The UI first: its build (ui/dist) is what the desktop app embeds.
    let ui = root.join("ui");
    deps::ensure_node_modules(&ui, "the UI's packages")?;
    step("UI: svelte-check, Vitest, production build");
    for script in ["check", "test", "build"] {
        cmd::run(
            Command::new(deps::npm_name())
                .args(["run", script])
                .current_dir(&ui),
        )?;
    }

    step("cargo fmt --check");
    cmd::run(Command::new(cargo()).args(["fmt", "--all", "--", "--check"]))?;

    step("cargo clippy (warnings are errors)");
    cmd::run(Command::new(cargo()).args([
        "clippy",
        "--locked",
        "--workspace",
        "--all-targets",
        "--all-features",
        "--",
        "-D",
        "warnings",
    ]))?;

    // The clean Debian root for the installer check is mostly download and unpacking: make it
    // while the release build keeps the CPUs busy.
    #[cfg(target_os = "linux")]
    let debian_base = {
        let target = target.clone();
        std::thread::spawn(move || debroot::prepare_base(&target))
    };

    // The end-to-end tests drive the release app, as people get it, through tauri-driver.
    step("Building the release app for the end-to-end tests");
    cmd::run(Command::new(cargo()).args([
        "build",
        "--locked",
        "--release",
        "-p",
        "petstore-admin",
    ]))?;
    let tauri_driver = deps::ensure_tauri_driver(&target)?;
    let display = VirtualDisplay::start()?;

    step(
        "cargo test (in a private D-Bus session with an unlocked gnome-keyring, on a virtual display)",
    );
    let mut tests = with_keyring_session(&target)?;
    tests
        .args(["test", "--locked", "--workspace", "--all-features"])
        .env("PETSTORE_PRISM_BIN", &prism)
        .env("PETSTORE_OPENAPI", root.join("openapi.yaml"))
        .env(
            "PETSTORE_APP_BIN",
            target.join("release").join(exe("petstore-admin")),
        )
        .env("PETSTORE_TAURI_DRIVER", &tauri_driver)
        .env("PETSTORE_E2E_ARTIFACTS", target.join("e2e-screenshots"))
        .env("DISPLAY", display.name());
    cmd::run(&mut tests)?;

    #[cfg(target_os = "linux")]
    {
        debian_base
            .join()
            .map_err(|_| StepError("making the Debian root panicked".to_owned()))??;
        // The installers as people get them: built offline from the release app just tested, then
        // the .deb installed by apt into a clean Debian root, where the installed app must show
        // its window with the sandbox's pets.
        step("Installers: .deb and .rpm");
        let packages = bundle::bundle(bundle::Ui::AlreadyBuilt)?;
        debroot::check_deb_installs(&root, &target, &packages.deb, display.name())?;
    }
    drop(display);

    step("schemathesis: the sandbox against openapi.yaml");
    // The workspace's feature set, as the tests were built with: nothing is compiled again.
    cmd::run(Command::new(cargo()).args([
        "build",
        "--locked",
        "--workspace",
        "--all-features",
        "--bins",
    ]))?;
    run_schemathesis(&root, &target, &python_tools.join(exe("schemathesis")))?;

    println!("\nAll checks and tests passed.");
    Ok(())
}

/// `cargo` wrapped so tests meet a real Secret Service (Linux), with every XDG folder in a scratch
/// place under target/ so nothing is written to the person's home.
pub(crate) fn with_keyring_session(target: &Path) -> Result<Command> {
    if !cfg!(target_os = "linux") {
        return Ok(Command::new(cargo()));
    }
    let scratch = target.join("test-home");
    let _ = fs::remove_dir_all(&scratch);
    let mut command = Command::new("dbus-run-session");
    command.args([
        "--",
        "sh",
        "-c",
        // The keyring's password only unlocks this throw-away login keyring.
        "printf scratch-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec \"$@\"",
        "keyring-session",
    ]);
    command.arg(cargo());
    use_private_xdg_dirs(&mut command, &scratch)?;
    command.env("NO_AT_BRIDGE", "1");
    Ok(command)
}

/// Points every XDG folder of `command` into `scratch` (data, cache, config, runtime), so what a
/// desktop program writes stays there and not in the person's home.
pub(crate) fn use_private_xdg_dirs(command: &mut Command, scratch: &Path) -> Result {
    for (var, folder) in [
        ("XDG_DATA_HOME", "data"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_RUNTIME_DIR", "runtime"),
    ] {
        let dir = scratch.join(folder);
        make_private_dir(&dir)?;
        command.env(var, dir);
    }
    Ok(())
}

fn make_private_dir(dir: &PathBuf) -> Result {
    fs::create_dir_all(dir)
        .map_err(|e| StepError(format!("could not create {}: {e}", dir.display())))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
            .map_err(|e| StepError(format!("could not restrict {}: {e}", dir.display())))?;
    }
    Ok(())
}

/// actionlint on every workflow in .github/workflows, with the venv's shellcheck named
/// explicitly so `run:` scripts are always checked; any finding fails the command.
fn run_actionlint(root: &Path, tools: &Path) -> Result {
    let dir = root.join(".github").join("workflows");
    let entries = fs::read_dir(&dir)
        .map_err(|e| StepError(format!("could not read {}: {e}", dir.display())))?;
    let mut workflows: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.extension()
                .is_some_and(|ext| ext == "yml" || ext == "yaml")
        })
        .collect();
    if workflows.is_empty() {
        return cmd::fail(format!("no workflow files in {}", dir.display()));
    }
    workflows.sort();
    cmd::run(
        Command::new(tools.join(exe("actionlint")))
            .current_dir(root)
            .arg("-shellcheck")
            .arg(tools.join(exe("shellcheck")))
            // No Python in the workflows; an empty value keeps a pyflakes on PATH out of it.
            .arg("-pyflakes=")
            .args(&workflows),
    )
}

fn run_schemathesis(root: &Path, target: &Path, schemathesis: &Path) -> Result {
    let port = sandbox::free_port()?;
    let key_arg = format!("{SCHEMATHESIS_KEY}:enterprise=1000000/100000000");
    let running = RunningSandbox::start(
        &target.join("debug").join(exe("petstore-sandbox")),
        port,
        &["--key", &key_arg],
    )?;
    // schemathesis keeps a cache folder where it runs: keep it under target/.
    let workdir = target.join("tools");
    cmd::run(
        Command::new(schemathesis)
            .current_dir(&workdir)
            .arg("run")
            .arg(root.join("openapi.yaml"))
            .args(["--url", &running.base_url()])
            .args([
                "--header",
                &format!("Authorization: Bearer {SCHEMATHESIS_KEY}"),
            ])
            // A fixed seed keeps CI repeatable; all checks, no exclusions (about 1,000 cases, 20 s).
            .args(["--checks", "all", "--seed", "1"]),
    )
}
