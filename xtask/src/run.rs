//! `cargo xtask run`: Petstore Admin on the embedded sandbox.
//!
//! The desktop app starts the sandbox itself. Where no window can be shown (a server, a CI box),
//! or with `--cli`, the sandbox runs on its own and the `petstore` CLI lists from it instead.

use std::process::Command;

use crate::cmd::{self, Result, fail, step};
use crate::deps;
use crate::sandbox::{self, RunningSandbox};
use crate::setup;
use crate::{cargo, exe};

/// The sandbox's default port (`petstore_sandbox::DEFAULT_PORT`), where `petstore --env sandbox` looks.
const SANDBOX_PORT: u16 = 4780;

pub fn run(cli_only: bool) -> Result {
    let window = !cli_only && has_display();
    setup::for_run(window)?;
    if !window {
        if !cli_only {
            println!(
                "No display here (DISPLAY and WAYLAND_DISPLAY are unset): running the sandbox and the CLI instead."
            );
        }
        return run_cli_demo();
    }
    deps::build_ui(&crate::root())?;
    step("Building Petstore Admin");
    cmd::run(Command::new(cargo()).args(["build", "--locked", "-p", "petstore-admin"]))?;
    step("Starting Petstore Admin (on the embedded sandbox; close the window to stop)");
    cmd::run(&mut Command::new(
        crate::target_dir()
            .join("debug")
            .join(exe("petstore-admin")),
    ))
}

/// Whether a window can be shown: always on macOS and Windows, on Linux with X11 or Wayland.
fn has_display() -> bool {
    !cfg!(target_os = "linux")
        || std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty())
        || std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty())
}

fn run_cli_demo() -> Result {
    step("Building the sandbox and the petstore CLI");
    cmd::run(Command::new(cargo()).args([
        "build",
        "--locked",
        "-p",
        "petstore-sandbox",
        "-p",
        "petstore-cli",
    ]))?;
    if sandbox::port_in_use(SANDBOX_PORT) {
        return fail(format!(
            "port {SANDBOX_PORT} on 127.0.0.1 is already in use (another sandbox?). Stop that program and run again."
        ));
    }
    let bin = crate::target_dir().join("debug");
    step("Starting the sandbox with demo data");
    // Paging links on, so the demo shows "more pets" as a real paginated service would.
    let running = RunningSandbox::start(
        &bin.join(exe("petstore-sandbox")),
        SANDBOX_PORT,
        &["--page-links"],
    )?;
    let petstore = bin.join(exe("petstore"));
    step("petstore --env sandbox list");
    cmd::run(Command::new(&petstore).args(["--env", "sandbox", "list"]))?;
    step("petstore --env sandbox quota");
    cmd::run(Command::new(&petstore).args(["--env", "sandbox", "quota"]))?;
    println!(
        "\nThe sandbox is running at {} with demo data. In another terminal, try:\n  \
         {p} --env sandbox list --status available\n  \
         {p} --env sandbox add --name Biscuit --category 1\n\
         Press Ctrl-C to stop it.",
        running.base_url(),
        p = petstore.display()
    );
    running.wait()
}
