//! PSS of the app under test and of its web process, read from /proc. The app is started by
//! WebKitWebDriver, so it is found by the config folder only it was given.

use std::fs;
use std::path::Path;

#[derive(Debug, Clone, Copy)]
pub struct Pss {
    /// WebKitWebProcess (the page, its DOM and script), MiB.
    pub web: f64,
    /// petstore-admin itself, MiB.
    pub app: f64,
    /// The app and every process below it (web, network), MiB.
    pub total: f64,
}

#[derive(Debug)]
pub struct AppProcesses {
    root: u32,
}

impl AppProcesses {
    pub fn find(config_dir: &Path) -> AppProcesses {
        let marker = format!("PETSTORE_CONFIG_DIR={}", config_dir.display());
        let root = fs::read_dir("/proc")
            .expect("/proc")
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
            .find(|pid| {
                comm(*pid).as_deref() == Some("petstore-admin")
                    && fs::read(format!("/proc/{pid}/environ")).is_ok_and(|env| {
                        env.split(|b| *b == 0).any(|pair| pair == marker.as_bytes())
                    })
            })
            .expect("the app's process, with this bench's config folder");
        AppProcesses { root }
    }

    /// The median of `samples` reads a second apart (each field on its own), with the lowest and
    /// highest total: the heaps of both processes grow and shrink by tens of MiB between one
    /// read and the next (garbage collection, allocator arenas), so one read can mislead.
    pub async fn settled(&self, samples: usize) -> (Pss, f64, f64) {
        let mut reads = Vec::new();
        for _ in 0..samples.max(1) {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            reads.push(self.read());
        }
        let median = |f: fn(&Pss) -> f64| {
            let mut values: Vec<f64> = reads.iter().map(f).collect();
            values.sort_by(f64::total_cmp);
            values[values.len() / 2]
        };
        let totals: Vec<f64> = reads.iter().map(|r| r.total).collect();
        (
            Pss {
                web: median(|r| r.web),
                app: median(|r| r.app),
                total: median(|r| r.total),
            },
            totals.iter().copied().fold(f64::MAX, f64::min),
            totals.iter().copied().fold(0.0, f64::max),
        )
    }

    pub fn read(&self) -> Pss {
        let mut pss = Pss {
            web: 0.0,
            app: 0.0,
            total: 0.0,
        };
        for pid in tree(self.root) {
            let Some(kib) = pss_kib(pid) else { continue };
            let mib = kib as f64 / 1024.0;
            pss.total += mib;
            match comm(pid).as_deref() {
                Some("petstore-admin") => pss.app += mib,
                Some(name) if name.starts_with("WebKitWebProces") => pss.web += mib,
                _ => {}
            }
        }
        pss
    }
}

fn comm(pid: u32) -> Option<String> {
    fs::read_to_string(format!("/proc/{pid}/comm"))
        .ok()
        .map(|c| c.trim_end().to_owned())
}

fn pss_kib(pid: u32) -> Option<u64> {
    let rollup = fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    let line = rollup.lines().find(|l| l.starts_with("Pss:"))?;
    line["Pss:".len()..].split_whitespace().next()?.parse().ok()
}

/// `root` and every process below it (children through each thread's `children`).
fn tree(root: u32) -> Vec<u32> {
    let mut out = vec![root];
    let mut next = 0;
    while next < out.len() {
        let pid = out[next];
        next += 1;
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let children = fs::read_to_string(task.path().join("children")).unwrap_or_default();
            for child in children.split_whitespace().filter_map(|c| c.parse().ok()) {
                if !out.contains(&child) {
                    out.push(child);
                }
            }
        }
    }
    out
}
