//! `cargo xtask test windows`: the Windows build made and tested on this Linux machine. The app,
//! the CLI and the sandbox cross-built for `x86_64-pc-windows-gnu` with mingw-w64, every
//! `cfg(windows)` line linted, the Tauri-free crates' tests run as Windows programs under Wine,
//! and the app's answer to a PC without the WebView2 runtime checked on a virtual display.
//! (The release workflow builds Windows with the hosted runner's MSVC target: docs/releasing.md
//! says what differs.)

mod under_wine;
mod webview_box;
mod wine;

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cargo;
use crate::cmd::{self, Result, step};

use under_wine::WINE_TESTED;
pub use under_wine::{APP_TESTS_UNDER_WINE, NOT_UNDER_WINE, UNIX_ONLY};
pub use webview_box::check_no_webview_box;
pub use wine::Wine;

pub const TARGET: &str = "x86_64-pc-windows-gnu";
/// mingw-w64's linker for the target, from Debian's gcc-mingw-w64-x86-64.
const LINKER: &str = "x86_64-w64-mingw32-gcc";

/// The stage's own cargo target folder (under target/), so that its build can run while another
/// stage's cargo holds the lock of target/ (each would wait for the other otherwise).
pub fn target_dir(target: &Path) -> PathBuf {
    target.join("windows")
}

/// `cargo SUBCOMMAND --target x86_64-pc-windows-gnu` in the stage's target folder, linking with
/// mingw-w64 and running what it runs under Wine. The build and the runs share it, so the runs
/// find the build fresh.
fn cargo_for_windows(target: &Path, subcommand: &str) -> Command {
    let mut command = Command::new(cargo());
    command
        .env("CARGO_TARGET_DIR", target_dir(target))
        .env("CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER", LINKER)
        .env("CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER", "wine")
        // No debug info in the Windows test programs: Wine shows no source lines in a
        // backtrace anyway, and mingw's linker spent most of the stage's link time on it.
        .env("CARGO_PROFILE_DEV_DEBUG", "0")
        .args([subcommand, "--target", TARGET]);
    command
}

/// The `-p` arguments for the crates tested under Wine.
pub fn wine_tested() -> Vec<&'static str> {
    WINE_TESTED.iter().flat_map(|name| ["-p", name]).collect()
}

/// `cargo test` for Windows: with the prefix when it runs them, without when it only builds.
fn cargo_test(target: &Path, wine: Option<&Wine>) -> Command {
    match wine {
        Some(wine) => wine.cargo(target, "test"),
        None => cargo_for_windows(target, "test"),
    }
}

/// The app's test programs (of [`APP_TESTS_UNDER_WINE`]) for Windows, with `extra` arguments.
fn app_tests(target: &Path, wine: Option<&Wine>, extra: &[&str]) -> Command {
    let mut command = cargo_test(target, wine);
    command.args(["--locked", "-p", "petstore-admin"]);
    for test in APP_TESTS_UNDER_WINE {
        command.args(["--test", test]);
    }
    command.args(extra);
    command
}

/// The Tauri-free crates' test programs for Windows, with `extra` arguments.
fn crate_tests(target: &Path, wine: Option<&Wine>, extra: &[&str]) -> Command {
    let mut command = cargo_test(target, wine);
    command.arg("--locked").args(wine_tested()).args(extra);
    command
}

/// The stage's compiling, each step with its title: clippy for Windows, then the test programs
/// of the Tauri-free crates and of the app (which build the app, the CLI and the sandbox too:
/// one build of Tauri for Windows, not two). Nothing here runs a Windows program, so it needs
/// no Wine and can run in the background while other stages work.
pub fn build_steps(target: &Path, workspace: &[&str]) -> Vec<(String, Command)> {
    let mut clippy = cargo_for_windows(target, "clippy");
    clippy
        .args(workspace)
        .args(["--all-targets", "--", "-D", "warnings"]);
    vec![
        (
            "cargo clippy for Windows (every cfg(windows) line; warnings are errors)".to_owned(),
            clippy,
        ),
        (
            "The Tauri-free crates' test programs for Windows".to_owned(),
            crate_tests(target, None, &["--no-run"]),
        ),
        (
            "The app's test programs for Windows (and the app, the CLI and the sandbox)".to_owned(),
            app_tests(target, None, &["--no-run"]),
        ),
    ]
}

/// The tests of the build [`build_steps`] made, as Windows programs under Wine: the Tauri-free
/// crates' and the app's pre-web-view ones; returns the app's program. The app's tests run on
/// `display`: Wine makes no window without one, and single instance meets a second launch
/// through a hidden window.
pub fn test_under_wine(wine: &Wine, target: &Path, display: &str) -> Result<PathBuf> {
    let out = target_dir(target).join(TARGET).join("debug");
    for file in [
        "petstore-admin.exe",
        "WebView2Loader.dll",
        "petstore.exe",
        "petstore-sandbox.exe",
    ] {
        if !out.join(file).is_file() {
            return cmd::fail(format!(
                "the Windows build has no {file} in {}",
                out.display()
            ));
        }
    }
    // The test programs link the WebView2 loader as the app does: it must be beside them.
    std::fs::copy(
        out.join("WebView2Loader.dll"),
        out.join("deps").join("WebView2Loader.dll"),
    )
    .map_err(|e| cmd::StepError(format!("WebView2Loader.dll beside the tests: {e}")))?;
    step("The Tauri-free crates' tests, as Windows programs under Wine");
    for (test, reason) in NOT_UNDER_WINE {
        println!("not under Wine: {test}: {reason}");
    }
    for (test, reason) in UNIX_ONLY {
        println!("Unix only: {test}: {reason}");
    }
    // Exact names: a skip never hides a test whose name merely contains another's.
    wine.start_server(None)?;
    let mut tests = crate_tests(target, Some(wine), &["--", "--exact"]);
    for (test, _) in NOT_UNDER_WINE {
        tests.args(["--skip", test]);
    }
    let ran = cmd::run(&mut tests);
    wine.stop_server();
    ran?;
    step("The app's tests of what runs before a web view, under Wine");
    // Their windows need the display, which a wineserver the crates' tests left running (started
    // without one) would not give them: without it, single instance's second launch never finds
    // the first's hidden window.
    wine.start_server(Some(display))?;
    let mut run_app_tests = app_tests(target, Some(wine), &["--", "--exact"]);
    run_app_tests.env("DISPLAY", display);
    for (test, _) in NOT_UNDER_WINE {
        run_app_tests.args(["--skip", test]);
    }
    let ran = cmd::run(&mut run_app_tests);
    wine.stop_server();
    ran?;
    Ok(out.join("petstore-admin.exe"))
}
