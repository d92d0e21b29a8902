//! Shared by the CLI tests: a sandbox on a free loopback port, and the real `petstore` binary
//! run against it with an isolated configuration.
#![allow(dead_code)] // each test binary uses its own part of this

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command as StdCommand, Stdio};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use assert_cmd::Command;
use petstore_sandbox::{ManualClock, Plan, Sandbox, SandboxConfig};
use tempfile::TempDir;

pub const KEY: &str = "cli-test-key";

/// A sandbox serving on its own runtime, so tests can block on child processes meanwhile.
pub struct TestSandbox {
    pub sandbox: Sandbox,
    pub config_dir: TempDir,
    pub clock: Option<ManualClock>,
    // Dropped last: stops the server.
    _runtime: tokio::runtime::Runtime,
}

impl TestSandbox {
    /// Demo data, plus [`KEY`] on the Pro plan.
    pub fn start() -> TestSandbox {
        Self::for_key(KEY)
    }

    /// Demo data, plus `key` on the Pro plan.
    pub fn for_key(key: &str) -> TestSandbox {
        Self::with_config(SandboxConfig::default().with_key(key, Plan::Pro), None)
    }

    pub fn with_config(config: SandboxConfig, clock: Option<ManualClock>) -> TestSandbox {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("test runtime");
        let addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
        let sandbox = runtime
            .block_on(async {
                match &clock {
                    Some(clock) => {
                        Sandbox::start_with_clock(addr, config, std::sync::Arc::new(clock.clone()))
                            .await
                    }
                    None => Sandbox::start(config).await,
                }
            })
            .expect("sandbox starts");
        TestSandbox {
            sandbox,
            config_dir: TempDir::new().expect("temp dir"),
            clock,
            _runtime: runtime,
        }
    }

    /// A sandbox whose windows only move when the test says, with [`KEY`] on the Free plan
    /// and a "minute" window of `window`. Its clock starts just after a window boundary, so
    /// the first window is whole.
    pub fn rate_limited(window: Duration) -> TestSandbox {
        let secs = window.as_secs().max(1);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .expect("after 1970")
            .as_secs();
        let next_boundary = (now / secs + 1) * secs;
        let clock = ManualClock::at_unix(next_boundary, 10);
        let mut config = SandboxConfig::default().with_key(KEY, Plan::Free);
        config.minute_window = Duration::from_secs(secs);
        Self::with_config(config, Some(clock))
    }

    /// A sandbox of `config` at the start of a whole "minute" window (`config.minute_window`)
    /// that only moves when the test says. The window's reset is between one and two windows
    /// away in real time.
    pub fn at_a_window_start(config: SandboxConfig) -> TestSandbox {
        let secs = config.minute_window.as_secs().max(1);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .expect("after 1970")
            .as_secs();
        let clock = ManualClock::at_unix((now / secs + 1) * secs, 10);
        Self::with_config(config, Some(clock))
    }

    pub fn url(&self) -> String {
        self.sandbox.base_url()
    }

    /// `petstore --base-url URL ARGS…` with an isolated environment and `key` as
    /// PETSTORE_API_KEY (removed when `None`).
    pub fn petstore(&self, key: Option<&str>) -> Command {
        let mut cmd = petstore(self.config_dir.path(), key);
        cmd.arg("--base-url").arg(self.url());
        cmd
    }

    /// Uses up the quota of the current window with bare requests, stopping at remaining 0
    /// (never provoking a 429 here: that would count towards a ban).
    pub fn exhaust_quota(&self, key: &str) {
        for _ in 0..=1_000 {
            let response = raw_get(&self.url(), "/pets?limit=1", key);
            assert!(
                response.starts_with("HTTP/1.1 200"),
                "burning quota: {response}"
            );
            if header(&response, "x-ratelimit-remaining").as_deref() == Some("0") {
                return;
            }
        }
        panic!("the quota never ran out");
    }

    /// A sandbox whose quota ran out, after one `list` of `key` that learnt (and remembered)
    /// the wait: it failed as rate limited (exit 5).
    pub fn with_a_remembered_wait(key: &str) -> TestSandbox {
        let sandbox = TestSandbox::rate_limited(Duration::from_secs(600));
        sandbox.exhaust_quota(key);
        let first = sandbox
            .petstore(Some(key))
            .args(["--timeout", "1", "list"])
            .output()
            .unwrap();
        assert_eq!(first.status.code(), Some(5), "{}", text(&first.stderr));
        sandbox
    }
}

/// The real binary with PETSTORE_* and the config directory isolated.
pub fn petstore(config_dir: &Path, key: Option<&str>) -> Command {
    let mut cmd = Command::from_std(petstore_std(config_dir, key));
    // A hung command fails its test instead of the whole run.
    cmd.timeout(Duration::from_secs(120));
    cmd
}

/// The same, as a plain std command for tests that read stderr while it runs.
pub fn petstore_std(config_dir: &Path, key: Option<&str>) -> StdCommand {
    let mut cmd = StdCommand::new(env!("CARGO_BIN_EXE_petstore"));
    configure(&mut cmd, config_dir, key);
    cmd
}

fn configure(cmd: &mut StdCommand, config_dir: &Path, key: Option<&str>) {
    // Its own folders, English words (tests/language.rs sets German), no host proxy (tests/network.rs
    // sets its own), no key or address from the host.
    petstore_testnet::isolate_desk(cmd, config_dir);
    if let Some(key) = key {
        cmd.env("PETSTORE_API_KEY", key);
    }
}

/// A child whose stderr lines arrive on a channel as they are written.
pub struct Running {
    pub child: Child,
    pub stderr_lines: mpsc::Receiver<String>,
}

impl Running {
    pub fn spawn(mut cmd: StdCommand) -> Running {
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("petstore starts");
        let stderr = child.stderr.take().expect("piped stderr");
        let (send, stderr_lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Running {
            child,
            stderr_lines,
        }
    }

    /// The first stderr line containing `needle`, with every line read up to it.
    pub fn wait_for_stderr(&self, needle: &str) -> (String, Vec<String>) {
        let mut seen = Vec::new();
        loop {
            match self.stderr_lines.recv_timeout(Duration::from_secs(60)) {
                Ok(line) if line.contains(needle) => return (line, seen),
                Ok(line) => seen.push(line),
                Err(err) => panic!("no stderr line with {needle:?} ({err}); saw {seen:?}"),
            }
        }
    }

    /// Exit code, stdout, and the stderr lines not yet read. A child still running after two
    /// minutes is killed and fails the test, rather than hanging the whole run.
    pub fn finish(mut self) -> (i32, String, Vec<String>) {
        let deadline = std::time::Instant::now() + Duration::from_secs(120);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("petstore state") {
                break status;
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                let rest: Vec<String> = self.stderr_lines.try_iter().collect();
                panic!("petstore did not finish in time; stderr: {rest:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stdout = String::new();
        if let Some(mut out) = self.child.stdout.take() {
            out.read_to_string(&mut stdout).expect("read stdout");
        }
        let rest = self.stderr_lines.iter().collect();
        (status.code().expect("exit code"), stdout, rest)
    }
}

/// A bare HTTP/1.1 GET, so burning quota does not go through the client's own pacing.
pub fn raw_get(base_url: &str, path: &str, key: &str) -> String {
    let rest = base_url.strip_prefix("http://").expect("http base url");
    let (host, prefix) = rest.split_once('/').expect("base url with a path");
    let mut stream = TcpStream::connect(host).expect("connect to sandbox");
    write!(
        stream,
        "GET /{prefix}{path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {key}\r\n\
         Connection: close\r\n\r\n"
    )
    .expect("send request");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read response");
    response
}

pub fn header(response: &str, name: &str) -> Option<String> {
    let head = response.split("\r\n\r\n").next()?;
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim()
            .eq_ignore_ascii_case(name)
            .then(|| value.trim().to_string())
    })
}

pub fn stdout_json(output: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|err| {
        panic!(
            "stdout is not JSON ({err}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A desk (its own folders) connected with `petstore store connect` as `name` to the store in
/// `pg`'s database `petstore`, signing in as `user`. Needs a keychain (run as tests/keychain.rs
/// says).
pub fn connected_desk(
    pg: &petstore_test_support::postgres::TestPostgres,
    user: &str,
    password: &str,
    name: &str,
) -> TempDir {
    let dir = TempDir::new().unwrap();
    let url = format!("postgres://{user}@{}:{}/petstore", pg.host(), pg.port());
    let out = petstore(dir.path(), None)
        .args(["store", "connect", &url, "--desk", name])
        .write_stdin(format!("{password}\n"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "(no keychain? run as tests/keychain.rs says) {}",
        text(&out.stderr)
    );
    dir
}
