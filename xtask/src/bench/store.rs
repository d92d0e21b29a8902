//! `cargo xtask bench-store`: a store with 10,000 pets, in the app and in the CLI.
//!
//! * the release app through tauri-driver (`tests/benches/store_app.rs`): every page through
//!   "Load more", a sort by each column, a scroll to the end and a filter, each timed to its
//!   painted frame, with the web process's and the app's PSS;
//! * the release `petstore export` of the same store (`tests/benches/export_store.rs`): time
//!   against the quota's minimum and peak memory.
//!
//! * the release app exporting the store (`tests/benches/export_app.rs`): the window's longest
//!   frame while the export runs;
//! * the release app again (`tests/benches/outbox_app.rs`): queueing a create in the outbox, from
//!   the click on "Add when possible" to the waiting row painted (issue 39 §3).
//!
//! They print their figures against their goals and assert nothing about them.

use std::process::Command;

use crate::cmd::{self, Result, step};
use crate::deps;
use crate::display::VirtualDisplay;
use crate::test::targets::E2E_PACKAGE;
use crate::{cargo, exe};

pub fn bench_store() -> Result {
    let root = crate::root();
    let target = crate::target_dir();
    let mut packages = deps::BUILD_PACKAGES.to_vec();
    packages.extend(deps::KEYRING_PACKAGES);
    packages.extend(deps::DISPLAY_PACKAGES);
    packages.extend(deps::WEBDRIVER_PACKAGES);
    deps::ensure_system_packages(&packages)?;
    let tauri_driver = deps::ensure_tauri_driver(&target)?;
    deps::build_ui(&root)?;
    // With the test hooks, as the e2e tests build it: the export's bench answers the save picker
    // with a folder (nothing else reads them; the figures are the app's).
    step("Building the release app (with its test hooks)");
    cmd::run(
        Command::new(cargo())
            .args(["build", "--locked", "--release", "-p", "petstore-admin"])
            .args(crate::bundle::SUITE_APP_FEATURES),
    )?;
    // Apart from the app, so cargo does not unify the CLI's features with the app's.
    step("Building the release CLI");
    cmd::run(Command::new(cargo()).args(["build", "--locked", "--release", "-p", "petstore-cli"]))?;

    step("The CLI: petstore export of 10,000 pets");
    cmd::run(
        Command::new(cargo())
            .args(e2e_bench("export_store"))
            .current_dir(&root),
    )?;

    let display = VirtualDisplay::start()?;
    step(&format!(
        "The app: 10,000 pets through tauri-driver (private D-Bus session, display {})",
        display.name()
    ));
    for name in ["store_app", "outbox_app", "export_app"] {
        if name == "outbox_app" {
            step("The app: queueing a create in the outbox, click to the waiting row painted");
        }
        if name == "export_app" {
            step("The app: an export of 10,000 pets, the window's frames while it runs");
        }
        let mut bench = crate::session::with_keyring_session(&target)?;
        bench
            .args(e2e_bench(name))
            .current_dir(&root)
            .env(
                "PETSTORE_APP_BIN",
                target.join("release").join(exe("petstore-admin")),
            )
            .env("PETSTORE_TAURI_DRIVER", &tauri_driver)
            .env("PETSTORE_E2E_ARTIFACTS", target.join("e2e-screenshots"))
            .env("DISPLAY", display.name());
        cmd::run(&mut bench)?;
    }
    Ok(())
}

/// `cargo bench` of one of the end-to-end package's benchmarks.
fn e2e_bench(name: &str) -> [&str; 6] {
    ["bench", "--locked", "-p", E2E_PACKAGE, "--bench", name]
}
