//! Processes living in a chroot, and what they listen on, read from /proc.
//!
//! A chroot shares the host's process and network namespaces, so everything it runs is visible
//! here; a process belongs to the chroot when its `/proc/PID/root` points at the chroot's folder.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Processes whose root folder is `dir` (the chroot), with their command names.
pub fn rooted_in(dir: &Path) -> Vec<(u32, String)> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let root = fs::read_link(entry.path().join("root")).ok()?;
            if root != dir {
                return None;
            }
            let comm = fs::read_to_string(entry.path().join("comm")).unwrap_or_default();
            Some((pid, comm.trim().to_owned()))
        })
        .collect()
}

/// Stops every process of the chroot: TERM first so WebKit's helpers exit cleanly, then KILL.
/// Nothing may keep running in a folder whose mounts are about to go.
pub fn stop_all_rooted_in(dir: &Path) {
    // Every host process is rooted in "/": never signal those.
    if !dir.is_absolute() || dir.parent().is_none() {
        return;
    }
    for (signal, patience) in [
        ("TERM", Duration::from_secs(5)),
        ("KILL", Duration::from_secs(5)),
    ] {
        let pids = rooted_in(dir);
        if pids.is_empty() {
            return;
        }
        let _ = Command::new("kill")
            .args(["-s", signal, "--"])
            .args(pids.iter().map(|(pid, _)| pid.to_string()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let started = Instant::now();
        while started.elapsed() < patience && !rooted_in(dir).is_empty() {
            thread::sleep(Duration::from_millis(100));
        }
    }
}

/// Ports `pid` listens on at 127.0.0.1 (IPv4), from its socket descriptors and /proc/net/tcp.
pub fn loopback_listening_ports(pid: u32) -> Vec<u16> {
    let inodes = socket_inodes(pid);
    let table = fs::read_to_string("/proc/net/tcp").unwrap_or_default();
    listening_on_loopback(&table)
        .into_iter()
        .filter(|(_, inode)| inodes.contains(inode))
        .map(|(port, _)| port)
        .collect()
}

fn socket_inodes(pid: u32) -> Vec<u64> {
    let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
        return Vec::new();
    };
    fds.flatten()
        .filter_map(|fd| {
            let link = fs::read_link(fd.path()).ok()?;
            let link = link.to_str()?;
            link.strip_prefix("socket:[")?
                .strip_suffix(']')?
                .parse()
                .ok()
        })
        .collect()
}

/// (port, socket inode) of every LISTEN socket bound to 127.0.0.1 in a /proc/net/tcp table.
fn listening_on_loopback(table: &str) -> Vec<(u16, u64)> {
    const LOOPBACK: &str = "0100007F"; // 127.0.0.1, as the kernel prints it (little-endian hex)
    const LISTEN: &str = "0A";
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (local, state, inode) = (fields.get(1)?, fields.get(3)?, fields.get(9)?);
            let (address, port) = local.split_once(':')?;
            if address != LOOPBACK || *state != LISTEN {
                return None;
            }
            Some((u16::from_str_radix(port, 16).ok()?, inode.parse().ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_loopback_listeners_only() {
        let table = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:12AC 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 900792 1 0000000007f0e8e3 100 0 0 10 0
   1: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1234 1 0000000007f0e8e3 100 0 0 10 0
   2: 0100007F:12AC 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 0 1 0000000007f0e8e3 100 0 0 10 0
";
        assert_eq!(listening_on_loopback(table), vec![(4780, 900792)]);
    }

    #[test]
    fn only_processes_of_that_root_are_rooted_in_it() {
        let me = std::process::id();
        assert!(rooted_in(Path::new("/")).iter().any(|(pid, _)| *pid == me));
        assert!(rooted_in(Path::new("/nonexistent")).is_empty());
    }
}
