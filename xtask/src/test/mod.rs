//! `cargo xtask test [STAGE…]`: the named stages of the suite (all of them, as CI runs it, when
//! none is named). Each stage installs what it needs and runs alone from a clean checkout.

mod background;
mod cross;
// Writes shell scripts for zig: a Unix host's.
#[cfg(unix)]
mod macos;
pub(crate) mod targets;
mod windows;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

#[cfg(target_os = "linux")]
use crate::bundle;
use crate::cmd::{self, Result, StepError, step};
use crate::display::VirtualDisplay;
use crate::sandbox::{self, RunningSandbox};
use crate::session;
use crate::setup::{self, Tools};
use crate::stage::{self, Stage};
use crate::{cargo, exe};

/// A key with limits high enough that schemathesis never meets a 429 it did not ask for.
const SCHEMATHESIS_KEY: &str = "schemathesis-key";

/// Every cargo command of the suite builds the whole workspace's feature set, so no stage
/// compiles a crate again with other features than the one before it.
const WORKSPACE: [&str; 3] = ["--locked", "--workspace", "--all-features"];

pub fn test(args: &[String]) -> Result {
    let stages = stage::parse(args).map_err(|e| StepError(e.to_string()))?;
    let started = Instant::now();
    let tools = setup::for_stages(&stages)?;
    let mut times = vec![("setup", started.elapsed())];
    let mut suite = Suite {
        root: crate::root(),
        target: crate::target_dir(),
        installers_follow: stages.contains(&Stage::Installers),
        windows_follows: stages.contains(&Stage::Windows),
        windows_build: None,
        macos_clippy: None,
        tools,
        ui_built: false,
        display: None,
        #[cfg(target_os = "linux")]
        debian_base: None,
    };
    for stage in &stages {
        // After the UI's stage (which writes ui/dist, read by the app's build): from then on the
        // Windows build can compile beside the other stages. Alone, the stage builds in the
        // foreground, where its output shows.
        if !matches!(stage, Stage::Ui | Stage::Windows) {
            suite.start_windows_build()?;
        }
        step(&format!("Stage {stage}: {}", stage.what()));
        let stage_started = Instant::now();
        let result = suite.run(*stage);
        times.push((stage.name(), stage_started.elapsed()));
        if result.is_err() {
            print_times(&times, started.elapsed());
        }
        result?;
    }
    print_times(&times, started.elapsed());
    let names: Vec<&str> = stages.iter().map(|s| s.name()).collect();
    println!("\nPassed: {}.", names.join(", "));
    Ok(())
}

/// Each stage's time, so a run that grows tells where (the suite must stay under 40 minutes
/// cold on 2 cores). A stage's work started early beside another is counted where it is waited for.
fn print_times(times: &[(&str, Duration)], total: Duration) {
    println!("\nTime per stage:");
    for (name, took) in times {
        println!("  {name:<11} {}", minutes(*took));
    }
    println!("  {:<11} {}", "total", minutes(total));
}

/// "12 min 05 s".
fn minutes(took: Duration) -> String {
    let seconds = took.as_secs();
    format!("{} min {:02} s", seconds / 60, seconds % 60)
}

/// What the stages of one `cargo xtask test` share, so no stage does another's work twice.
struct Suite {
    root: PathBuf,
    target: PathBuf,
    /// Whether the installer stage runs after this one (so its Debian root can be made early).
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    installers_follow: bool,
    /// Whether the Windows stage is among the stages (its build then starts early).
    windows_follows: bool,
    /// The Windows stage's compiling, running beside the stages before it.
    windows_build: Option<background::Background>,
    /// The macOS clippy, put off by the lint stage to run beside the Windows stage's tests.
    #[cfg_attr(not(unix), allow(dead_code))]
    macos_clippy: Option<Command>,
    tools: Tools,
    /// ui/dist is fresh: rebuilding it would make cargo rebuild the release app (minutes of LTO).
    ui_built: bool,
    display: Option<VirtualDisplay>,
    /// The clean Debian root, made on a thread while the release app compiles.
    #[cfg(target_os = "linux")]
    debian_base: Option<std::thread::JoinHandle<Result<PathBuf>>>,
}

impl Suite {
    fn run(&mut self, stage: Stage) -> Result {
        match stage {
            Stage::Ui => self.ui(),
            Stage::Lint => self.lint(),
            Stage::Unit => self.unit(),
            Stage::E2e => self.e2e(),
            Stage::Installers => self.installers(),
            Stage::Api => self.api(),
            Stage::Windows => self.windows(),
        }
    }

    fn ui(&mut self) -> Result {
        let ui = self.root.join("ui");
        for script in ["check", "test", "build"] {
            cmd::run(
                Command::new(crate::deps::npm_name())
                    .args(["run", script])
                    .current_dir(&ui),
            )?;
        }
        self.ui_built = true;
        Ok(())
    }

    /// The UI's production build, once per run: the app embeds ui/dist at compile time, so
    /// clippy, the tests and the release build all need it.
    fn ensure_ui_built(&mut self) -> Result {
        if !self.ui_built {
            crate::deps::build_ui(&self.root)?;
            self.ui_built = true;
        }
        Ok(())
    }

    fn lint(&mut self) -> Result {
        step("actionlint: the GitHub workflows (shellcheck on their scripts)");
        run_actionlint(
            &self.root,
            self.tool(self.tools.python.as_deref(), "actionlint")?,
        )?;

        step("cargo fmt --check");
        cmd::run(Command::new(cargo()).args(["fmt", "--all", "--", "--check"]))?;

        self.ensure_ui_built()?;
        step("cargo clippy (warnings are errors)");
        cmd::run(Command::new(cargo()).arg("clippy").args(WORKSPACE).args([
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]))?;
        #[cfg(unix)]
        if self.windows_follows {
            // Until the Windows stage the background build has every idle moment; its tests
            // under Wine leave the CPUs half idle, and the Mac check fills them.
            self.macos_clippy = Some(macos::clippy_command(&self.target)?);
            println!(
                "\nThe macOS clippy runs beside the Windows stage's tests under Wine (the lint \
                 stage's last step, reported there)"
            );
        } else {
            macos::clippy(&self.target)?;
        }
        Ok(())
    }

    fn unit(&mut self) -> Result {
        self.ensure_ui_built()?;
        let tests = targets::unit_tests(&targets::integration_tests(&self.root)?)?;
        step(
            "cargo test: libraries, binaries and integration tests (in a private D-Bus session \
             with an unlocked gnome-keyring)",
        );
        let mut run = session::with_keyring_session(&self.target)?;
        run.arg("test")
            .args(WORKSPACE)
            .args(["--lib", "--bins", "--examples"]);
        for test in &tests {
            run.args(["--test", test]);
        }
        cmd::run(&mut run)?;
        // Doc tests cannot be selected together with other targets.
        step("cargo test --doc");
        let mut docs = session::with_keyring_session(&self.target)?;
        docs.arg("test").args(WORKSPACE).arg("--doc");
        cmd::run(&mut docs)
    }

    fn e2e(&mut self) -> Result {
        self.ensure_ui_built()?;
        // The clean Debian root for the installer check is mostly download and unpacking: make it
        // while the release build keeps the CPUs busy.
        self.start_debian_base();
        // The end-to-end tests drive the release app, as people get it, through tauri-driver.
        step("Building the release app for the end-to-end tests (with its test hooks)");
        cmd::run(
            Command::new(cargo())
                .args(["build", "--locked", "--release", "-p", "petstore-admin"])
                .args(crate::bundle::SUITE_APP_FEATURES),
        )?;
        let tauri_driver = self
            .tool(self.tools.tauri_driver.as_deref(), "tauri-driver")?
            .to_owned();
        let display = self.display()?.to_owned();
        step(&format!(
            "cargo test --test {} (the release app through tauri-driver, display {display})",
            targets::APP_TESTS
        ));
        let mut tests = session::with_keyring_session(&self.target)?;
        tests
            .arg("test")
            .args(WORKSPACE)
            .args(["--test", targets::APP_TESTS])
            .env(
                "PETSTORE_APP_BIN",
                self.target.join("release").join(exe("petstore-admin")),
            )
            .env("PETSTORE_TAURI_DRIVER", &tauri_driver)
            .env(
                "PETSTORE_E2E_ARTIFACTS",
                self.target.join("e2e-screenshots"),
            )
            .env("DISPLAY", display);
        cmd::run(&mut tests)
    }

    #[cfg(target_os = "linux")]
    fn installers(&mut self) -> Result {
        self.ensure_ui_built()?;
        // Alone, the root is made here, still beside the release build the bundler starts with.
        self.start_debian_base();
        // The installers as people get them: built offline from the release app (the one the
        // e2e stage tested, when it ran), then the .deb installed by apt into a clean Debian
        // root, where the installed app must show its window with the sandbox's pets.
        step("Installers: .deb and .rpm");
        let packages = bundle::bundle(bundle::Ui::AlreadyBuilt, bundle::Hooks::Suite);
        if let Some(thread) = self.debian_base.take() {
            thread
                .join()
                .map_err(|_| StepError("making the Debian root panicked".to_owned()))??;
        }
        let packages = packages?;
        let display = self.display()?.to_owned();
        petstore_installer_check::check_deb_installs(
            &self.root,
            &self.target,
            &packages.deb,
            &display,
        )
    }

    #[cfg(not(target_os = "linux"))]
    fn installers(&mut self) -> Result {
        cmd::fail(
            "the installers stage builds and installs the Linux packages: run it on Linux (on \
             macOS and Windows, `cargo xtask tauri build` makes the installers)",
        )
    }

    fn api(&mut self) -> Result {
        step(&format!(
            "cargo test --test {}: the client's requests against a Prism mock of openapi.yaml",
            targets::PRISM_TESTS
        ));
        let prism = self.tool(self.tools.prism.as_deref(), "Prism")?.to_owned();
        let mut tests = session::with_private_home(&self.target, "api-home")?;
        tests
            .arg("test")
            .args(WORKSPACE)
            .args(["--test", targets::PRISM_TESTS])
            .env("PETSTORE_PRISM_BIN", &prism)
            .env(
                "PETSTORE_OPENAPI",
                self.root.join("docs").join("openapi.yaml"),
            );
        cmd::run(&mut tests)?;

        step("schemathesis: the sandbox against openapi.yaml");
        cmd::run(
            Command::new(cargo())
                .arg("build")
                .args(WORKSPACE)
                .args(["--bin", "petstore-sandbox"]),
        )?;
        let schemathesis = self
            .tool(self.tools.python.as_deref(), "schemathesis")?
            .join(exe("schemathesis"));
        run_schemathesis(&self.root, &self.target, &schemathesis)
    }

    /// Starts making the Debian root on a thread, once, when the installer stage will need it.
    #[cfg(target_os = "linux")]
    fn start_debian_base(&mut self) {
        if self.installers_follow && self.debian_base.is_none() {
            let target = self.target.clone();
            self.debian_base = Some(std::thread::spawn(move || {
                petstore_installer_check::prepare_base(&target)
            }));
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn start_debian_base(&mut self) {}

    /// The virtual display the window stages share, started on first use.
    fn display(&mut self) -> Result<&str> {
        if self.display.is_none() {
            self.display = Some(VirtualDisplay::start()?);
        }
        Ok(self
            .display
            .as_ref()
            .map(VirtualDisplay::name)
            .unwrap_or_default())
    }

    fn tool<'a>(&self, installed: Option<&'a Path>, what: &str) -> Result<&'a Path> {
        installed.ok_or_else(|| StepError(format!("setup did not install {what}")))
    }
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
            .arg(root.join("docs").join("openapi.yaml"))
            .args(["--url", &running.base_url()])
            .args([
                "--header",
                &format!("Authorization: Bearer {SCHEMATHESIS_KEY}"),
            ])
            // A fixed seed keeps CI repeatable; all checks, no exclusions (about 1,000 cases, 20 s).
            .args(["--checks", "all", "--seed", "1"]),
    )
}

#[cfg(test)]
mod time_tests {
    use super::*;

    #[test]
    fn a_stage_time_reads_in_minutes_and_seconds() {
        assert_eq!(minutes(Duration::from_secs(0)), "0 min 00 s");
        assert_eq!(minutes(Duration::from_millis(65_900)), "1 min 05 s");
        assert_eq!(minutes(Duration::from_secs(27 * 60 + 50)), "27 min 50 s");
    }
}
