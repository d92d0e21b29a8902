//! A process and all its descendants (the app, WebKitWebProcess, WebKitNetworkProcess) read from
//! /proc: their memory, and stopping them all.

use std::fs;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// One process's memory, in KiB.
#[derive(Debug, Clone)]
pub struct ProcMemory {
    pub name: String,
    pub rss_kib: u64,
    pub pss_kib: u64,
}

/// `root` and every process below it, root first (children through each thread's `children`).
pub fn tree(root: u32) -> Vec<u32> {
    let mut out = vec![root];
    let mut next = 0;
    while next < out.len() {
        let pid = out[next];
        next += 1;
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.filter_map(|t| t.ok()) {
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

/// The memory of each process of `root`'s tree that is still there.
pub fn memory(root: u32) -> Vec<ProcMemory> {
    tree(root).into_iter().filter_map(read_memory).collect()
}

fn read_memory(pid: u32) -> Option<ProcMemory> {
    let name = fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    // PSS shares each shared page among the processes that map it, so the sum is not inflated by
    // the libraries all three map; RSS counts shared pages in each of them.
    let rollup = fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    Some(ProcMemory {
        name: name.trim().to_owned(),
        rss_kib: field_kib(&status, "VmRSS:")?,
        pss_kib: field_kib(&rollup, "Pss:")?,
    })
}

fn field_kib(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    line[key.len()..].split_whitespace().next()?.parse().ok()
}

/// Asks the whole tree to stop (TERM), then kills what is left after `patience`. Returns when no
/// process of the tree remains.
pub fn stop_tree(pids: &[u32], patience: Duration) {
    signal(pids, "TERM");
    let started = Instant::now();
    while started.elapsed() < patience {
        if pids.iter().all(|p| !alive(*p)) {
            return;
        }
        thread::sleep(Duration::from_millis(50));
    }
    signal(pids, "KILL");
    while pids.iter().any(|p| alive(*p)) && started.elapsed() < patience * 2 {
        thread::sleep(Duration::from_millis(50));
    }
}

fn signal(pids: &[u32], name: &str) {
    let living: Vec<String> = pids
        .iter()
        .filter(|p| alive(**p))
        .map(u32::to_string)
        .collect();
    if living.is_empty() {
        return;
    }
    // std has no kill(2) for other processes and the crate forbids `unsafe`: the kill command.
    let _ = Command::new("kill")
        .arg(format!("-{name}"))
        .args(&living)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Running (a zombie waiting for its parent's wait counts as gone).
fn alive(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z')),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_in_kib() {
        let text = "Name:\tx\nVmRSS:\t  151234 kB\n";
        assert_eq!(field_kib(text, "VmRSS:"), Some(151_234));
        assert_eq!(field_kib("Rss: 10 kB\nPss:   7 kB\n", "Pss:"), Some(7));
        assert_eq!(field_kib(text, "Pss:"), None);
    }

    #[test]
    fn this_process_is_the_root_of_its_tree_and_has_memory() {
        let me = std::process::id();
        assert_eq!(tree(me)[0], me);
        let memory = memory(me);
        assert!(memory[0].rss_kib > 0 && memory[0].pss_kib > 0, "{memory:?}");
    }
}
