//! tauri-driver (and through it WebKitWebDriver and the app) as a child process group of the test.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::json;
use thirtyfour::WebDriver;

use super::Setup;
use super::page::App;
use super::wait::eventually;

/// How long the app may take to show its window on a busy 2-core machine.
const START_TIMEOUT: Duration = Duration::from_secs(90);

/// tauri-driver, its WebKitWebDriver and the app all share one process group, so a failed
/// scenario can end them all at once without knowing their ids.
#[derive(Debug)]
pub struct DriverProcess {
    child: Child,
}

impl DriverProcess {
    fn end(&mut self) {
        if let Ok(Some(_)) = self.child.try_wait() {
            return;
        }
        let group = format!("-{}", self.child.id());
        for signal in ["-TERM", "-KILL"] {
            let _ = Command::new("kill")
                .args([signal, "--", &group])
                .stderr(Stdio::null())
                .status();
            for _ in 0..20 {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    }
}

impl Drop for DriverProcess {
    fn drop(&mut self) {
        self.end();
        // The app and the web processes may outlive tauri-driver by a moment; the group goes too.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        // Until the app is gone it holds the single-instance name on the session bus, and the
        // next scenario's app would hand over to it and exit.
        for _ in 0..50 {
            let alive = Command::new("kill")
                .args(["-0", "--", &group])
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if !alive {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// Two free ports on 127.0.0.1, both held until both are found: a port let go is the one the
/// system may hand out next, and tauri-driver and WebKitWebDriver on the same one fail to start
/// ("Unable to listen for HTTP server").
fn two_free_ports() -> (u16, u16) {
    let bind = || TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a free port on 127.0.0.1");
    let port = |listener: &TcpListener| listener.local_addr().expect("a bound port").port();
    let (first, second) = (bind(), bind());
    (port(&first), port(&second))
}

fn accepts(port: u16) -> bool {
    TcpStream::connect_timeout(
        &SocketAddr::from((Ipv4Addr::LOCALHOST, port)),
        Duration::from_millis(500),
    )
    .is_ok()
}

/// Variables of the test's own environment the app must not see unless a test gives them.
const ENV_REMOVED: [&str; 3] = [
    "PETSTORE_PRODUCTION_URL",
    "PETSTORE_STAGING_URL",
    "JSC_useJIT",
];

/// One start of the app: the environment it gets, then [`Launch::start`].
#[derive(Debug)]
pub struct Launch<'a> {
    setup: &'a Setup,
    env: Vec<(String, String)>,
}

impl<'a> Launch<'a> {
    pub fn new(setup: &'a Setup, config_dir: &Path) -> Launch<'a> {
        Launch {
            setup,
            env: vec![
                (
                    "PETSTORE_CONFIG_DIR".into(),
                    config_dir.display().to_string(),
                ),
                // The activity history and import journals: this test's own.
                (
                    "PETSTORE_DATA_DIR".into(),
                    config_dir.join("data").display().to_string(),
                ),
                // The app sets this itself when it is unset (src-tauri main.rs); the tests fix it.
                ("WEBKIT_DISABLE_DMABUF_RENDERER".into(), "1".into()),
                ("NO_AT_BRIDGE".into(), "1".into()),
            ],
        }
    }

    pub fn env(mut self, name: &str, value: &str) -> Self {
        self.env.push((name.into(), value.into()));
        self
    }

    /// Staging's address set outside the app (by whoever installed it), as the variable does.
    pub fn staging_at(self, base_url: &str) -> Self {
        self.env("PETSTORE_STAGING_URL", base_url)
    }

    /// The app binary itself, with the environment [`Launch::start`] gives it: a second launch
    /// as a person would start one, outside tauri-driver.
    pub fn app_command(&self) -> Command {
        let mut command = Command::new(&self.setup.app_bin);
        for name in ENV_REMOVED {
            command.env_remove(name);
        }
        command
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null());
        command
    }

    /// Starts the app, which opens on the embedded sandbox, and waits for its first page of demo
    /// pets: where most scenarios begin.
    pub async fn start_on_the_demo_pets(&self) -> App {
        let app = self.start().await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;
        app
    }

    /// Starts tauri-driver on free ports, waits until it and WebKitWebDriver both listen, then
    /// opens a session, which starts the app.
    pub async fn start(&self) -> App {
        let (port, native_port) = two_free_ports();
        let mut command = Command::new(&self.setup.tauri_driver);
        for name in ENV_REMOVED {
            command.env_remove(name);
        }
        command
            .args(["--port", &port.to_string()])
            .args(["--native-port", &native_port.to_string()])
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null());
        // Its own process group, so the WebKitWebDriver it starts is stopped with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let child = command.spawn().unwrap_or_else(|e| {
            panic!(
                "tauri-driver at {} did not start: {e}",
                self.setup.tauri_driver.display()
            )
        });
        let process = DriverProcess { child };
        // tauri-driver accepts before WebKitWebDriver listens; a session asked for then fails.
        eventually(
            "tauri-driver and WebKitWebDriver to listen",
            Duration::from_secs(30),
            || async { Ok((accepts(port) && accepts(native_port)).then_some(())) },
        )
        .await;
        let capabilities = json!({
            "browserName": "wry",
            "tauri:options": {
                "application": self.setup.app_bin.display().to_string(),
                "args": [],
            },
        });
        let serde_json::Value::Object(capabilities) = capabilities else {
            unreachable!("a JSON object literal")
        };
        let driver = WebDriver::builder(format!("http://127.0.0.1:{port}"), capabilities)
            .request_timeout(START_TIMEOUT)
            .await
            .unwrap_or_else(|e| panic!("the app did not start under WebDriver: {e}"));
        App::new(driver, process, self.setup.artifacts.clone())
    }
}

/// The environment of every WebKitWebProcess started for the app that uses `config_dir` (found
/// by that unique `PETSTORE_CONFIG_DIR`, which the web processes inherit from the app).
pub fn web_process_environments(config_dir: &Path) -> Vec<Vec<(String, String)>> {
    let marker = format!("PETSTORE_CONFIG_DIR={}", config_dir.display());
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter(|e| {
            std::fs::read_to_string(e.path().join("comm"))
                .is_ok_and(|comm| comm.trim_end().starts_with("WebKitWebProces"))
        })
        .filter_map(|e| std::fs::read(e.path().join("environ")).ok())
        .map(|raw| {
            raw.split(|b| *b == 0)
                .map(|pair| String::from_utf8_lossy(pair).into_owned())
                .collect::<Vec<_>>()
        })
        .filter(|vars| vars.contains(&marker))
        .map(|vars| {
            vars.iter()
                .filter_map(|v| v.split_once('='))
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect()
        })
        .collect()
}
