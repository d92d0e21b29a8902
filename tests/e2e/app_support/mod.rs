//! Runs the real release app under tauri-driver + WebKitWebDriver, one scenario at a time.
//!
//! Paths come from the environment that `cargo xtask test` sets up: `PETSTORE_APP_BIN`,
//! `PETSTORE_TAURI_DRIVER` and `DISPLAY` (an Xvfb server), inside `dbus-run-session` with an
//! unlocked gnome-keyring so the app's keychain works.

pub mod axe;
pub mod keyboard;
pub mod page;
pub mod process;
pub mod staging;
// Shared with the app crate's own updater tests (src-tauri/tests/updates.rs).
#[path = "../../../src-tauri/tests/common/update_server.rs"]
pub mod update_server;
pub mod wait;

use std::future::Future;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

pub use process::Launch;

/// Two apps at once on a 2-core machine are too slow to be reliable: scenarios take turns.
static ONE_APP_AT_A_TIME: Mutex<()> = Mutex::new(());

/// What every scenario needs, found once in the environment.
#[derive(Debug, Clone)]
pub struct Setup {
    pub app_bin: PathBuf,
    pub tauri_driver: PathBuf,
    pub artifacts: PathBuf,
}

fn required(var: &str, what: &str) -> String {
    match std::env::var(var) {
        Ok(value) if !value.trim().is_empty() => value,
        _ => panic!(
            "{var} is not set: it must name {what}. These tests drive the real desktop app; \
             run them with `cargo xtask test`, which builds the app, starts Xvfb and a keyring, \
             and sets {var}."
        ),
    }
}

impl Setup {
    fn from_env() -> Setup {
        let app_bin = PathBuf::from(required(
            "PETSTORE_APP_BIN",
            "the release petstore-admin binary",
        ));
        let tauri_driver =
            PathBuf::from(required("PETSTORE_TAURI_DRIVER", "the tauri-driver binary"));
        required("DISPLAY", "an X display (Xvfb)");
        for (path, what) in [
            (&app_bin, "PETSTORE_APP_BIN"),
            (&tauri_driver, "PETSTORE_TAURI_DRIVER"),
        ] {
            assert!(path.is_file(), "{what}={} is not a file", path.display());
        }
        let artifacts = std::env::var_os("PETSTORE_E2E_ARTIFACTS")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/e2e-screenshots")
            });
        std::fs::create_dir_all(&artifacts).expect("screenshot folder can be created");
        Setup {
            app_bin,
            tauri_driver,
            artifacts,
        }
    }
}

/// Runs one scenario: takes the app lock, gives it a fresh config folder, runs it on its own runtime.
pub fn scenario<F, Fut>(body: F)
where
    F: FnOnce(Setup, tempfile::TempDir) -> Fut,
    Fut: Future<Output = ()>,
{
    let setup = Setup::from_env();
    let _turn = ONE_APP_AT_A_TIME
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let config_dir = tempfile::Builder::new()
        .prefix("petstore-e2e-config-")
        .tempdir()
        .expect("temp config folder");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    let started = std::time::Instant::now();
    runtime.block_on(body(setup, config_dir));
    // Where the stage's minutes go (the suite must stay under 40 minutes cold, issue 40 §4).
    // Written to stderr itself: libtest keeps what `eprintln!` says of a passing test.
    let name = std::thread::current()
        .name()
        .unwrap_or("a scenario")
        .to_owned();
    let _ = writeln!(
        std::io::stderr(),
        "scenario {name}: {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
