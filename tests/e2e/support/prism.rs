//! A Prism mock server of `openapi.yaml`, started on a free loopback port for one test.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::workspace_root;

#[derive(Debug)]
pub struct Prism {
    child: Child,
    port: u16,
    log: Arc<Mutex<Vec<String>>>,
    _spec_dir: tempfile::TempDir,
}

impl Prism {
    /// Starts `prism mock`; `dynamic` makes it invent response values instead of using examples.
    pub async fn start(dynamic: bool) -> Prism {
        let binary = prism_binary();
        let spec_dir = tempfile::tempdir().expect("temp dir");
        let spec = spec_dir.path().join("openapi.yaml");
        std::fs::write(&spec, document_under_v1()).expect("write prism's copy of the document");
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let mut command = Command::new(&binary);
        command
            .args(["mock", "--host", "127.0.0.1", "--port", &port.to_string()])
            .arg(&spec)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if dynamic {
            command.arg("--dynamic");
        }
        let mut child = command
            .spawn()
            .unwrap_or_else(|e| panic!("could not start {}: {e}", binary.display()));
        let log = Arc::new(Mutex::new(Vec::new()));
        for stream in [
            child
                .stdout
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            child
                .stderr
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    log.lock().expect("log lock").push(line);
                }
            });
        }
        let prism = Prism {
            child,
            port,
            log,
            _spec_dir: spec_dir,
        };
        prism.wait_until_listening().await;
        prism
    }

    /// Prism serves the document's paths at its root; the copy it was given puts them under /v1.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    /// Requests Prism received so far.
    pub fn request_count(&self) -> usize {
        self.lines_with("Request received").len()
    }

    /// Requests Prism's validator found invalid. (Its complaints about its own mocked responses,
    /// which lack generated headers in static mode, are not about the client and not counted.)
    pub fn rejected_requests(&self) -> Vec<String> {
        self.lines_with("Request did not pass the validation rules")
    }

    fn lines_with(&self, needle: &str) -> Vec<String> {
        let log = self.log.lock().expect("log lock");
        log.iter().filter(|l| l.contains(needle)).cloned().collect()
    }

    async fn wait_until_listening(&self) {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(90) {
            if !self.lines_with("Prism is listening").is_empty() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let log = self.log.lock().expect("log lock").join("\n");
        panic!("prism did not start within 90 s; its output:\n{log}");
    }
}

impl Drop for Prism {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn prism_binary() -> PathBuf {
    let binary = std::env::var_os("PETSTORE_PRISM_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            workspace_root()
                .join("xtask/tools/node_modules/.bin")
                .join(if cfg!(windows) { "prism.cmd" } else { "prism" })
        });
    assert!(
        binary.is_file(),
        "Prism is not installed at {}: run `cargo xtask test`, which installs it (npm ci in xtask/tools)",
        binary.display()
    );
    binary
}

/// `openapi.yaml` with each top-level path moved under `/v1`, where the client's base address ends.
fn document_under_v1() -> String {
    let path = std::env::var_os("PETSTORE_OPENAPI")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("docs").join("openapi.yaml"));
    let document = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut moved = 0;
    let rewritten: Vec<String> = document
        .lines()
        .map(|line| match line.strip_prefix("  /pets") {
            Some(rest) => {
                moved += 1;
                format!("  /v1/pets{rest}")
            }
            None => line.to_owned(),
        })
        .collect();
    assert_eq!(
        moved,
        2,
        "expected the two paths /pets and /pets/{{petId}} in {}",
        path.display()
    );
    rewritten.join("\n")
}
