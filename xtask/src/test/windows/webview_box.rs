//! The app's answer to a PC without the WebView2 runtime: its message box, checked on a virtual
//! display.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use super::Wine;
use crate::cmd::{self, Result, fail};

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
