//! `cargo xtask bench-startup`: Petstore Admin against a hello-world Tauri 2 app built the same
//! way (`benches/hello-tauri`), in alternating trials, each a fresh process with fresh folders:
//!
//! * time from spawn to the marker line on stdout: the hello-world's first paint, the app's first
//!   table with sandbox data (both after two animation frames);
//! * memory (RSS and PSS) of the process and all its descendants, after the marker and a settle.
//!
//! Two app configurations: the newcomer's default (Sandbox, embedded sandbox, 20 rows) for time,
//! and 100 pets shown (Staging at a 100-pet sandbox, 100 rows per page remembered) for memory.
//! It prints figures; it asserts nothing about them.

mod procs;
mod report;
mod staging;
mod store;
mod trial;

pub use store::bench_store;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::cmd::{self, Result, StepError, step};
use crate::deps;
use crate::display::VirtualDisplay;
use crate::{cargo, exe};
use trial::Subject;

const DEFAULT_TRIALS: usize = 10;
/// After the marker, before memory is read: lets late start-up work (quota, environments) finish.
const SETTLE: Duration = Duration::from_secs(2);
const IN_SESSION: &str = "--in-session";
/// What the app sets for its web view when unset (src-tauri/src/main.rs,
/// `set_linux_web_view_defaults`); the hello-world gets the same.
const APP_WEB_VIEW_ENV: [(&str, &str); 2] = [
    ("WEBKIT_DISABLE_DMABUF_RENDERER", "1"),
    ("JSC_useJIT", "false"),
];

/// Builds both release binaries and the UI, then runs the trials inside a private D-Bus session
/// with an unlocked gnome-keyring on a virtual display.
pub fn bench_startup(args: &[String]) -> Result {
    let trials = trials(args)?;
    if args.iter().any(|a| a == IN_SESSION) {
        return measure(trials);
    }
    let root = crate::root();
    let target = crate::target_dir();
    let mut packages = deps::BUILD_PACKAGES.to_vec();
    packages.extend(deps::KEYRING_PACKAGES);
    packages.extend(deps::DISPLAY_PACKAGES);
    deps::ensure_system_packages(&packages)?;
    deps::build_ui(&root)?;
    step("Building the release app and the hello-world");
    // Apart from the CLI and the sandbox: built together, cargo would unify their features with
    // the app's and measure an app built unlike the one people get.
    cmd::run(Command::new(cargo()).args(release_build(&["petstore-admin", "hello-tauri"])))?;
    step("Building the CLI and the sandbox (they set up the 100-pet staging sandbox)");
    cmd::run(Command::new(cargo()).args(release_build(&["petstore-cli", "petstore-sandbox"])))?;
    let display = VirtualDisplay::start()?;
    step(&format!(
        "{trials} alternating trials (private D-Bus session, virtual display {})",
        display.name()
    ));
    // This same command again, inside the session: the keychain the app and the CLI use.
    let mut inner = crate::session::with_keyring_session(&target)?;
    inner
        .args(["run", "--quiet", "--package", "xtask", "--"])
        .args(["bench-startup", "--trials", &trials.to_string(), IN_SESSION])
        .current_dir(&root)
        .env("DISPLAY", display.name());
    cmd::run(&mut inner)
}

fn release_build(packages: &[&'static str]) -> Vec<&'static str> {
    let mut args = vec!["build", "--locked", "--release"];
    for package in packages {
        args.extend(["-p", package]);
    }
    args
}

fn trials(args: &[String]) -> Result<usize> {
    let Some(at) = args.iter().position(|a| a == "--trials") else {
        return Ok(DEFAULT_TRIALS);
    };
    args.get(at + 1)
        .and_then(|n| n.parse().ok())
        .filter(|n| (1..=100).contains(n))
        .ok_or_else(|| StepError("--trials needs a whole number from 1 to 100".into()))
}

fn measure(trials: usize) -> Result {
    let display = std::env::var("DISPLAY")
        .map_err(|_| StepError("DISPLAY is not set inside the benchmark session".into()))?;
    let release = crate::target_dir().join("release");
    let scratch = crate::target_dir().join("bench-startup");
    // Last run's trial folders (settings, WebKit caches) must not warm this one.
    let _ = std::fs::remove_dir_all(&scratch);
    let staging = staging::Staging::start(
        &release.join(exe("petstore-sandbox")),
        &release.join(exe("petstore")),
    )?;
    let subjects = subjects(&release, &staging);

    let mut results: Vec<Vec<trial::Outcome>> = vec![Vec::new(); subjects.len()];
    // Round 0 is not counted: the session's first GUI process starts the desktop portal and the
    // accessibility bus, and the first runs fill the disk cache; neither should fall on one side.
    for round in 0..=trials {
        for (subject, outcomes) in subjects.iter().zip(&mut results) {
            let dir = scratch.join(format!("{}-{round}", subject.label));
            let outcome = trial::run(subject, &dir, &display, SETTLE)?;
            if round == 0 {
                println!(
                    "warm-up   {:<12} {:>6.0} ms (not counted)",
                    subject.label,
                    report::ms(outcome.to_marker)
                );
                continue;
            }
            println!(
                "round {round:>2}  {:<12} {:>6.0} ms  PSS {:>4.0} MiB  RSS {:>4.0} MiB  ({})",
                subject.label,
                report::ms(outcome.to_marker),
                report::mib(outcome.memory.iter().map(|p| p.pss_kib).sum()),
                report::mib(outcome.memory.iter().map(|p| p.rss_kib).sum()),
                outcome.marker_tail,
            );
            outcomes.push(outcome);
        }
    }
    report::print(&subjects, &results);
    Ok(())
}

fn subjects(release: &Path, staging: &staging::Staging) -> Vec<Subject> {
    let app = release.join(exe("petstore-admin"));
    let mut subjects = vec![
        Subject {
            label: "hello",
            binary: release.join(exe("hello-tauri")),
            marker: "hello-tauri: first paint",
            // The web-view settings the app gives itself at start (src-tauri main.rs): the same
            // renderer and the same JavaScriptCore (no JIT) for both.
            env: APP_WEB_VIEW_ENV
                .iter()
                .map(|(name, value)| (*name, (*value).to_owned()))
                .collect(),
            config_files: Vec::new(),
        },
        Subject {
            label: "app",
            binary: app.clone(),
            marker: "first table rendered:",
            env: Vec::new(),
            config_files: Vec::new(),
        },
        Subject {
            label: "app-100",
            binary: app,
            marker: "first table rendered:",
            env: Vec::new(),
            config_files: vec![("dev.petstore.admin/settings.json", staging.settings_json())],
        },
    ];
    // Another build of the app (a commit before a change), measured in the same rounds: a change
    // is judged against the app before it on the same machine at the same moment.
    if let Some(before) = std::env::var_os(BEFORE_VAR) {
        let before = PathBuf::from(before);
        subjects.push(Subject {
            label: "before",
            binary: before.clone(),
            marker: "first table rendered:",
            env: Vec::new(),
            config_files: Vec::new(),
        });
        subjects.push(Subject {
            label: "before-100",
            binary: before,
            marker: "first table rendered:",
            env: Vec::new(),
            config_files: vec![("dev.petstore.admin/settings.json", staging.settings_json())],
        });
    }
    subjects
}

/// The path of another build of the app to measure beside this one (see `subjects`).
const BEFORE_VAR: &str = "PETSTORE_BENCH_BEFORE";

#[cfg(test)]
mod tests {
    use super::*;

    /// The hello-world gets exactly what the app sets for its web view: one list is copied here
    /// (xtask cannot link the app's binary), so this check keeps the copy honest.
    #[test]
    fn the_hello_world_gets_the_apps_web_view_settings() {
        let main = std::fs::read_to_string(crate::root().join("src-tauri/src/main.rs"))
            .expect("the app's main.rs");
        for (name, value) in APP_WEB_VIEW_ENV {
            assert!(
                main.contains(&format!("(\"{name}\", \"{value}\")")),
                "src-tauri/src/main.rs no longer sets {name}={value}: update APP_WEB_VIEW_ENV"
            );
        }
        let sets = main.matches("\", \"").count();
        assert_eq!(
            sets,
            APP_WEB_VIEW_ENV.len(),
            "the app sets other variables too"
        );
    }
}
