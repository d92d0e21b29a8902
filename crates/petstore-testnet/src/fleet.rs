//! Several desks sharing one API key, each a `petstore` process with folders of its own (as
//! separate computers are): `desks` imports of a file each, started together, while one more
//! desk lists the pets at a steady pace, as a clerk browsing. For the multi-desk pacing test
//! and benchmark, which judge the run by what the sandbox counted.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use petstore_sandbox::{Plan, SandboxConfig};

/// What to run.
#[derive(Debug, Clone)]
pub struct Fleet {
    /// The `petstore` binary.
    pub petstore: PathBuf,
    pub base_url: String,
    pub key: String,
    /// Importing desks, each with a file of its own.
    pub desks: usize,
    pub rows_per_desk: usize,
    /// How often the browsing desk lists the pets.
    pub browse_every: Duration,
    /// Every process is killed after this (a run that hangs fails instead of stalling).
    pub bound: Duration,
}

/// What happened, as the desks saw it.
#[derive(Debug)]
pub struct FleetRun {
    /// From the start to the last import's end.
    pub elapsed: Duration,
    /// Each import's exit code (`None`: killed) and stderr.
    pub imports: Vec<(Option<i32>, String)>,
    /// How long each of the browsing desk's lists took, from start to exit.
    pub lists: Vec<Duration>,
    /// Lists that did not exit 0, with their stderr.
    pub failed_lists: Vec<String>,
}

impl FleetRun {
    /// The `p`th percentile (0 to 100) of the lists' times.
    pub fn list_percentile(&self, p: usize) -> Duration {
        let mut sorted = self.lists.clone();
        sorted.sort();
        match sorted.len() {
            0 => Duration::ZERO,
            n => sorted[((n - 1) * p.min(100)) / 100],
        }
    }
}

impl Fleet {
    /// The sandbox a fleet shares: `key` on a fixed window of `per_window` requests per `window`
    /// (a day limit never reached), `Link` paging, no demo pets (the rows counted are the desks').
    pub fn sandbox_config(key: &str, per_window: u64, window: Duration) -> SandboxConfig {
        let mut config = SandboxConfig::default().with_key(
            key,
            Plan::Enterprise {
                per_minute: per_window,
                per_day: 1_000_000,
            },
        );
        config.minute_window = window;
        config.page_size_links = true;
        config.seed_demo_data = false;
        config
    }

    /// The file desk `desk` imports: `desk{desk}-{row}` pets.
    pub fn file(&self, dir: &Path, desk: usize) -> PathBuf {
        let mut text = String::from("name,categoryId,status\n");
        for row in 0..self.rows_per_desk {
            text.push_str(&format!("desk{desk}-{row},{},available\n", row % 5 + 1));
        }
        let path = dir.join(format!("desk{desk}.csv"));
        std::fs::write(&path, text).expect("the desk's file is written");
        path
    }

    /// Runs the fleet in `dir` (a folder per desk is made there).
    pub fn run(&self, dir: &Path) -> FleetRun {
        let started = Instant::now();
        let importing = Arc::new(AtomicBool::new(true));
        let lists = Arc::new(Mutex::new((Vec::new(), Vec::new())));
        let browser = {
            let (fleet, importing, lists) = (self.clone(), importing.clone(), lists.clone());
            let home = dir.join("browsing-desk");
            std::thread::spawn(move || {
                while importing.load(Ordering::Relaxed) && started.elapsed() < fleet.bound {
                    let asked = Instant::now();
                    let out = fleet
                        .command(&home)
                        .args(["list", "--limit", "5"])
                        .output()
                        .expect("petstore runs");
                    let took = asked.elapsed();
                    let mut lists = lists.lock().expect("lists");
                    lists.0.push(took);
                    if !out.status.success() {
                        lists
                            .1
                            .push(String::from_utf8_lossy(&out.stderr).into_owned());
                    }
                    drop(lists);
                    std::thread::sleep(fleet.browse_every.saturating_sub(took));
                }
            })
        };
        let children: Vec<_> = (0..self.desks)
            .map(|desk| {
                let home = dir.join(format!("desk{desk}"));
                let file = self.file(dir, desk);
                self.command(&home)
                    .args(["import", "--yes"])
                    .arg(file)
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("petstore runs")
            })
            .collect();
        let imports = children
            .into_iter()
            .map(|mut child| {
                let left = self.bound.saturating_sub(started.elapsed());
                let deadline = Instant::now() + left;
                loop {
                    if let Ok(Some(_)) = child.try_wait() {
                        break;
                    }
                    if Instant::now() >= deadline {
                        let _ = child.kill();
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                let out = child.wait_with_output().expect("the import's output");
                (
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr).into_owned(),
                )
            })
            .collect();
        let elapsed = started.elapsed();
        importing.store(false, Ordering::Relaxed);
        browser.join().expect("the browsing desk ends");
        let (lists, failed_lists) = std::mem::take(&mut *lists.lock().expect("lists"));
        FleetRun {
            elapsed,
            imports,
            lists,
            failed_lists,
        }
    }

    /// `petstore` as one desk: its own settings, cache (remembered waits) and data folders.
    fn command(&self, home: &Path) -> Command {
        let mut command = Command::new(&self.petstore);
        crate::isolate_desk(&mut command, home);
        command
            .arg("--base-url")
            .arg(&self.base_url)
            .env("PETSTORE_API_KEY", &self.key);
        command
    }
}
