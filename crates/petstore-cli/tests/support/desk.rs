//! A desk for the outbox tests (`tests/outbox*.rs`): its own folders, and a service address
//! that nothing answers until a sandbox is started on it.
#![allow(dead_code)] // each test binary uses its own part of this

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Output;

use crate::support::{KEY, petstore, stdout_json, text};
use petstore_sandbox::{Faults, Plan, Sandbox, SandboxConfig};
use tempfile::TempDir;

pub const QUEUED: i32 = 15;
pub const STILL_WAITING: i32 = 16;
pub const NEEDS_PERSON: i32 = 17;

/// One computer's folders and a service address that nothing answers until [`Desk::start`].
pub struct Desk {
    pub home: TempDir,
    pub addr: SocketAddr,
}

/// A sandbox on the desk's address, on its own runtime.
pub struct Up {
    pub sandbox: Sandbox,
    _runtime: tokio::runtime::Runtime,
}

impl Desk {
    pub fn new() -> Desk {
        // A port that was free a moment ago: connecting to it is refused until a sandbox takes it.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        drop(listener);
        Desk {
            home: TempDir::new().unwrap(),
            addr,
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    pub fn run_with_key(&self, key: &str, args: &[&str]) -> Output {
        petstore(self.home.path(), Some(key))
            .arg("--base-url")
            .arg(self.url())
            .args(args)
            .output()
            .unwrap()
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.run_with_key(KEY, args)
    }

    pub fn queue(&self, name: &str) -> Output {
        let out = self.run(&["add", "--queue", "--name", name, "--category", "1"]);
        assert_eq!(out.status.code(), Some(QUEUED), "{}", text(&out.stderr));
        out
    }

    pub fn entries(&self) -> Vec<serde_json::Value> {
        let out = self.run(&["outbox", "--json"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        stdout_json(&out).as_array().expect("an array").clone()
    }

    pub fn start(&self, faults: Faults) -> Up {
        let mut config = SandboxConfig::default().with_key(KEY, Plan::Pro);
        config.seed_demo_data = false;
        config.faults = faults;
        self.start_with(config)
    }

    pub fn start_with(&self, config: SandboxConfig) -> Up {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let sandbox = runtime
            .block_on(Sandbox::start_on(self.addr, config))
            .expect("sandbox on the desk's address");
        assert_eq!(sandbox.base_url(), self.url());
        Up {
            sandbox,
            _runtime: runtime,
        }
    }

    /// The desk's outbox, as the app and the CLI open it.
    pub fn outbox(&self) -> petstore_bulk::Outbox {
        let url = petstore_client::BaseUrl::parse(&self.url()).unwrap();
        petstore_bulk::Outbox::new(&self.home.path().join("data"), url.as_str())
    }

    /// The names of the pets the service lists, in its order.
    pub fn pet_names(&self) -> Vec<String> {
        let out = self.run(&["list", "--limit", "100"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let out = self.run(&["--json", "list", "--limit", "100"]);
        stdout_json(&out)
            .as_array()
            .unwrap()
            .iter()
            .map(|pet| pet["name"].as_str().unwrap().to_owned())
            .collect()
    }

    /// The outbox files in the data folder (the outbox itself, and any kept aside).
    pub fn outbox_files(&self) -> Vec<PathBuf> {
        let dir = self.home.path().join("data").join("outbox");
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| !path.to_string_lossy().ends_with(".lock"))
            .collect();
        files.sort();
        files
    }
}

pub fn names(entries: &[serde_json::Value]) -> Vec<&str> {
    entries
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect()
}
