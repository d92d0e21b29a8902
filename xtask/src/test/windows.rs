//! `cargo xtask test windows`: the Windows build made and tested on this Linux machine. The app,
//! the CLI and the sandbox cross-built for `x86_64-pc-windows-gnu` with mingw-w64, every
//! `cfg(windows)` line linted, the Tauri-free crates' tests run as Windows programs under Wine,
//! and the app's answer to a PC without the WebView2 runtime checked on a virtual display.
//! (The release workflow builds Windows with the hosted runner's MSVC target: docs/releasing.md
//! says what differs.)

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::cmd::{self, Result, fail, step};
use crate::run::cargo;

pub const TARGET: &str = "x86_64-pc-windows-gnu";
/// mingw-w64's linker for the target, from Debian's gcc-mingw-w64-x86-64.
const LINKER: &str = "x86_64-w64-mingw32-gcc";

/// Debian/Ubuntu packages of the stage: the linker, Wine (64-bit), and xdotool to answer the
/// app's message box on the virtual display.
pub const PACKAGES: &[&str] = &["gcc-mingw-w64-x86-64", "wine64", "xvfb", "xdotool"];

/// The crates whose tests run under Wine: every crate without Tauri.
const WINE_TESTED: &[&str] = &[
    "petstore-client",
    "petstore-local",
    "petstore-bulk",
    "petstore-activity",
    "petstore-cli",
    "petstore-sandbox",
];

/// Tests compiled for Unix only, with the reason: the stage prints them beside
/// [`NOT_UNDER_WINE`], so nothing is left out without a word.
pub const UNIX_ONLY: &[(&str, &str)] = &[
    (
        "serves_the_given_keys_and_stops_on_sigterm",
        "SIGTERM and its clean stop: Windows has no signals (the Windows run stops the sandbox \
         with TerminateProcess)",
    ),
    (
        "the peak memory part of list_against_an_endless_body_mock_server_fails_with_a_bounded_peak",
        "the peak resident set is read from /proc; the outcome is checked under Wine too",
    ),
    (
        "a_key_typed_in_a_terminal_never_shows_and_is_stored, \
         a_proxy_password_typed_in_a_terminal_never_shows_and_is_stored, \
         ctrl_c_at_the_prompt_stores_nothing_and_the_terminal_shows_typing_again",
        "(Linux only) the terminal is a pseudo-terminal made by util-linux's `script`; the piped \
         secrets' test runs under Wine too",
    ),
];

/// Why the tests below cannot run under Wine; the stage prints them with their tests.
const WINE_CRYPT32: &str = "Wine 8's crypt32 refuses a certificate chain engine with extra \
    trusted roots (CertCreateCertificateChainEngine: invalid parameter), which \
    rustls-platform-verifier builds to trust a company's own authority; each of these tests \
    trusts its TLS server's or proxy's test authority. Real Windows accepts it (Windows 8 and \
    later); the hosted Windows job of ci.yml only builds these tests, so no Windows runs them yet";
const WINDOWS_ROOTS: &str = "Windows reads its root certificates from the system store, which \
    SSL_CERT_FILE and SSL_CERT_DIR do not empty: there is no machine without roots to imitate \
    (a Linux-only case: a Debian without ca-certificates)";

/// Tests that cannot run under Wine (exact names), each with the reason; the stage prints this
/// list and skips exactly these.
pub const NOT_UNDER_WINE: &[(&str, &str)] = &[
    // petstore-client tests/network.rs
    (
        "a_407_is_typed_not_retried_and_credentials_fix_it",
        WINE_CRYPT32,
    ),
    (
        "a_429_through_the_proxy_is_paced_as_without_one",
        WINE_CRYPT32,
    ),
    ("a_bypassed_host_opens_no_tunnel", WINE_CRYPT32),
    (
        "a_manual_proxy_carries_the_request_and_never_sees_the_key_or_a_pet_in_clear",
        WINE_CRYPT32,
    ),
    ("an_expired_or_misnamed_certificate_says_so", WINE_CRYPT32),
    (
        "an_unknown_authority_is_typed_not_retried_and_trusting_the_ca_fixes_it",
        WINE_CRYPT32,
    ),
    (
        "an_unreachable_proxy_is_typed_and_not_retried",
        WINE_CRYPT32,
    ),
    (
        "off_goes_direct_and_the_sandbox_never_uses_a_proxy",
        WINE_CRYPT32,
    ),
    // petstore-cli tests/network.rs
    (
        "a_computer_using_proxy_auto_configuration_is_told_to_set_the_proxy_itself",
        WINE_CRYPT32,
    ),
    (
        "a_proxy_asking_for_credentials_exits_11_once_without_retrying",
        WINE_CRYPT32,
    ),
    (
        "an_unknown_authority_exits_11_and_the_ca_file_fixes_it",
        WINE_CRYPT32,
    ),
    ("credentials_inside_https_proxy_keep_working", WINE_CRYPT32),
    ("no_proxy_and_the_flag_bypass_https_proxy", WINE_CRYPT32),
    (
        "proxy_and_certificate_problems_are_said_in_german",
        WINE_CRYPT32,
    ),
    (
        "system_mode_honours_https_proxy_and_the_proxy_sees_no_key",
        WINE_CRYPT32,
    ),
    (
        "the_settings_file_sets_the_proxy_and_the_ca_and_refuses_a_password_in_the_address",
        WINE_CRYPT32,
    ),
    // src-tauri tests/updates.rs
    (
        "behind_a_company_proxy_the_check_uses_its_credentials_and_the_company_ca",
        WINE_CRYPT32,
    ),
    // petstore-cli tests/failures.rs
    (
        "a_machine_without_root_certificates_is_told_so_by_name",
        WINDOWS_ROOTS,
    ),
];

/// A Wine prefix of the build's own (target/tools/wine), ready to run Rust programs.
pub struct Wine {
    prefix: PathBuf,
}

impl Wine {
    /// Makes the prefix once (`wineboot`), and puts the `ProcessPrng` shim into it when this
    /// Wine lacks `bcryptprimitives.dll` (Wine before 8.13; Debian 12 has 8.0): without it every
    /// program built by Rust 1.78 or later exits at once with code 53.
    pub fn prepare(root: &Path, target: &Path) -> Result<Wine> {
        let home = target.join("tools").join("wine");
        let prefix = home.join("prefix");
        let wine = Wine { prefix };
        if !wine.prefix.join("system.reg").is_file() {
            step("Wine: a prefix of the build's own (target/tools/wine/prefix)");
            fs::create_dir_all(&wine.prefix).map_err(|e| cmd::StepError(e.to_string()))?;
            cmd::run(wine.command("wine").args(["wineboot", "--init"]))?;
        }
        let system32 = wine.prefix.join("drive_c/windows/system32");
        if !has_builtin_bcryptprimitives() {
            let shim = home.join("bcryptprimitives.dll");
            let source = root.join("xtask/windows/bcryptprimitives.c");
            let def = root.join("xtask/windows/bcryptprimitives.def");
            if newer(&source, &shim) || newer(&def, &shim) {
                step("Wine 8.0 has no ProcessPrng: building the shim DLL (xtask/windows)");
                cmd::run(
                    Command::new(LINKER)
                        .args(["-O2", "-shared", "-o"])
                        .arg(&shim)
                        .arg(&source)
                        .arg(&def)
                        .arg("-ladvapi32"),
                )?;
            }
            let installed = system32.join("bcryptprimitives.dll");
            if newer(&shim, &installed) {
                fs::copy(&shim, &installed).map_err(|e| cmd::StepError(e.to_string()))?;
            }
        }
        Ok(wine)
    }

    /// `program` with this prefix, quiet, and without the Mono and Gecko installers Wine would
    /// offer to fetch.
    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        self.apply(&mut command);
        command
    }

    fn apply(&self, command: &mut Command) {
        command
            .env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=");
    }

    /// [`cargo`] with this prefix for what it runs.
    pub fn cargo(&self, target: &Path, subcommand: &str) -> Command {
        let mut command = cargo_for_windows(target, subcommand);
        self.apply(&mut command);
        command
    }

    /// Stops this prefix's wineserver and waits until it is gone, so the next program starts
    /// one with its own environment (the display among it). A server already stopped is fine.
    pub fn stop_server(&self) {
        let _ = self.command("wineserver").arg("-k").status();
        let _ = self.command("wineserver").arg("-w").status();
    }

    /// The Windows user's `%LOCALAPPDATA%` inside the prefix.
    pub fn local_app_data(&self) -> Result<PathBuf> {
        let users = self.prefix.join("drive_c/users");
        let user = fs::read_dir(&users)
            .map_err(|e| cmd::StepError(format!("{}: {e}", users.display())))?
            .filter_map(|entry| entry.ok())
            .map(|entry| entry.path())
            .find(|path| path.file_name().is_some_and(|name| name != "Public"))
            .ok_or_else(|| cmd::StepError(format!("no user folder in {}", users.display())))?;
        Ok(user.join("AppData/Local"))
    }
}

/// Whether this Wine brings `bcryptprimitives.dll` itself (8.13 and later).
fn has_builtin_bcryptprimitives() -> bool {
    [
        "/usr/lib/x86_64-linux-gnu/wine",
        "/usr/lib/wine",
        "/opt/wine-stable/lib64/wine",
    ]
    .iter()
    .any(|dir| {
        Path::new(dir)
            .join("x86_64-windows/bcryptprimitives.dll")
            .is_file()
    })
}

/// Whether `source` was changed after `made` (or `made` is missing).
fn newer(source: &Path, made: &Path) -> bool {
    let modified = |path: &Path| fs::metadata(path).and_then(|m| m.modified()).ok();
    match (modified(source), modified(made)) {
        (Some(source), Some(made)) => source > made,
        _ => true,
    }
}

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

/// The app's tests of what runs before any web view exists: its settings file, its keys in the
/// Windows Credential Manager, the start-up sequence of the backend, single instance (the named
/// mutex and the hidden message window, between real processes), the window state file and the
/// updater's check against a local server.
pub const APP_TESTS_UNDER_WINE: &[&str] = &[
    "backend_setup",
    "keys",
    "settings_file",
    "single_instance",
    "updates",
    "window_state",
];

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
    let mut tests = crate_tests(target, Some(wine), &["--", "--exact"]);
    for (test, _) in NOT_UNDER_WINE {
        tests.args(["--skip", test]);
    }
    cmd::run(&mut tests)?;
    step("The app's tests of what runs before a web view, under Wine");
    // Their windows need the display, which a wineserver the crates' tests left running (started
    // without one) would not give them: without it, single instance's second launch never finds
    // the first's hidden window.
    wine.stop_server();
    let mut run_app_tests = app_tests(target, Some(wine), &["--", "--exact"]);
    run_app_tests.env("DISPLAY", display);
    for (test, _) in NOT_UNDER_WINE {
        run_app_tests.args(["--skip", test]);
    }
    cmd::run(&mut run_app_tests)?;
    Ok(out.join("petstore-admin.exe"))
}

/// The app without a WebView2 runtime (Wine has none): started on `display`, its message box
/// must appear within `BOX_WITHIN` (found by its title), close on Enter (xdotool), and the app
/// must then exit with code 2 and have written the reason to its log file.
pub fn check_no_webview_box(wine: &Wine, app: &Path, display: &str) -> Result {
    const BOX_WITHIN: Duration = Duration::from_secs(30);
    const TITLE: &str = "Petstore Admin";
    let logs = wine
        .local_app_data()?
        .join("dev.petstore.admin/logs/petstore-admin.log");
    let _ = fs::remove_file(&logs);
    // A wineserver left by the tests would give the app no display to put its box on: stop it,
    // and let the app start one with the virtual display.
    wine.stop_server();
    let mut child = wine
        .command("wine")
        .arg(app)
        .env("DISPLAY", display)
        .spawn()
        .map_err(|e| cmd::StepError(format!("could not start {}: {e}", app.display())))?;
    let started = Instant::now();
    let window = loop {
        if let Ok(Some(status)) = child.try_wait() {
            return fail(format!(
                "the app exited ({status}) before showing its message box"
            ));
        }
        let found = Command::new("xdotool")
            .args(["search", "--name", &format!("^{TITLE}$")])
            .env("DISPLAY", display)
            .output();
        if let Ok(found) = found
            && let Some(id) = String::from_utf8_lossy(&found.stdout).lines().next()
        {
            break id.trim().to_owned();
        }
        if started.elapsed() > BOX_WITHIN {
            let _ = child.kill();
            return fail(format!(
                "no window titled \"{TITLE}\" within {BOX_WITHIN:?}: the app says nothing"
            ));
        }
        std::thread::sleep(Duration::from_millis(250));
    };
    println!(
        "the message box appeared after {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let status = loop {
        let _ = Command::new("xdotool")
            .args(["windowfocus", "--sync", &window, "key", "Return"])
            .env("DISPLAY", display)
            .status();
        std::thread::sleep(Duration::from_millis(1000));
        if let Ok(Some(status)) = child.try_wait() {
            break status;
        }
        if started.elapsed() > BOX_WITHIN * 2 {
            let _ = child.kill();
            return fail("the message box did not close on Enter");
        }
    };
    if status.code() != Some(2) {
        return fail(format!("the app exited with {status}, not code 2"));
    }
    let log = fs::read_to_string(&logs)
        .map_err(|e| cmd::StepError(format!("no log file at {}: {e}", logs.display())))?;
    if !log.contains("the WebView2 runtime is not installed") {
        return fail(format!("the log file does not say why: {log}"));
    }
    println!("closed by Enter; exit code 2; the log file says why");
    Ok(())
}
