//! A throw-away chroot: a fresh copy of the base root with the host's /proc, /sys, /dev and X
//! socket folder mounted in, all undone when it is dropped, on every exit path.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::procs;
use xtask_support::cmd::{self, Result, StepError, fail};

/// What a program inside the chroot sees, whatever the caller's environment holds.
const CHROOT_ENV: &[&str] = &[
    "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "LANG=C.UTF-8",
    "HOME=/root",
    "DEBIAN_FRONTEND=noninteractive",
];

/// A mounted chroot. Dropping it stops its processes, unmounts everything and deletes the copy.
#[derive(Debug)]
pub struct Chroot {
    dir: PathBuf,
    mounted: Vec<PathBuf>,
}

impl Chroot {
    /// Copies `base` to `dir` (after clearing what an earlier, interrupted run left there) and
    /// mounts what apt, GTK and WebKit need.
    pub fn fresh_copy(base: &Path, dir: &Path) -> Result<Self> {
        clear(dir)?;
        if let Some(parent) = dir.parent() {
            fs::create_dir_all(parent)
                .map_err(|e| StepError(format!("could not create {}: {e}", parent.display())))?;
        }
        cmd::run(
            Command::new("cp")
                .args(["-a", "--reflink=auto"])
                .arg(base)
                .arg(dir),
        )?;
        let dir = dir
            .canonicalize()
            .map_err(|e| StepError(format!("{} is not usable: {e}", dir.display())))?;
        // From here on, Drop undoes whatever succeeded, even when a later mount fails.
        let mut chroot = Chroot {
            dir,
            mounted: Vec::new(),
        };
        fs::copy("/etc/resolv.conf", chroot.dir.join("etc/resolv.conf"))
            .map_err(|e| StepError(format!("could not copy /etc/resolv.conf for apt: {e}")))?;
        chroot.mount(&["-t", "proc", "proc"], "proc")?;
        chroot.mount(&["-t", "sysfs", "sysfs"], "sys")?;
        chroot.mount(&["--bind", "/dev"], "dev")?;
        chroot.mount(&["--bind", "/dev/pts"], "dev/pts")?;
        chroot.mount(&["--bind", "/tmp/.X11-unix"], "tmp/.X11-unix")?;
        Ok(chroot)
    }

    /// The chroot's folder on the host.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A path inside the chroot (`/usr/bin/x`), as the host sees it.
    pub fn host_path(&self, inside: &str) -> PathBuf {
        self.dir.join(inside.trim_start_matches('/'))
    }

    /// `program` run inside the chroot with a clean environment (plus `env`).
    pub fn command(&self, env: &[String], program: &str) -> Command {
        let mut command = Command::new("chroot");
        command
            .arg(&self.dir)
            .args(["env", "-i"])
            .args(CHROOT_ENV)
            .args(env)
            .arg(program);
        command
    }

    fn mount(&mut self, how: &[&str], inside: &str) -> Result {
        let point = self.host_path(inside);
        fs::create_dir_all(&point)
            .map_err(|e| StepError(format!("could not create {}: {e}", point.display())))?;
        cmd::run(Command::new("mount").args(how).arg(&point))?;
        self.mounted.push(point.clone());
        // On hosts whose mounts are shared (systemd's default), a bind mount would otherwise
        // pass later mounts (dev/pts on dev) back to the host's own /dev.
        if how.first() == Some(&"--bind") {
            cmd::run(Command::new("mount").arg("--make-slave").arg(&point))?;
        }
        Ok(())
    }
}

impl Drop for Chroot {
    fn drop(&mut self) {
        procs::stop_all_rooted_in(&self.dir);
        for point in self.mounted.drain(..).rev() {
            unmount(&point);
        }
        if let Err(error) = clear(&self.dir) {
            eprintln!("xtask: {error}");
        }
    }
}

/// Deletes `dir` after stopping whatever runs in it and unmounting whatever is mounted under it.
/// Never deletes through a live mount: `remove_dir_all` would empty the host's /dev.
pub fn clear(dir: &Path) -> Result {
    if fs::symlink_metadata(dir).is_err() {
        return Ok(());
    }
    let dir = dir
        .canonicalize()
        .map_err(|e| StepError(format!("{} is not usable: {e}", dir.display())))?;
    procs::stop_all_rooted_in(&dir);
    for point in mounts_under(&dir).into_iter().rev() {
        unmount(&point);
    }
    let left = mounts_under(&dir);
    if !left.is_empty() {
        return fail(format!(
            "{} still has mounts ({}); unmount them by hand, then delete the folder",
            dir.display(),
            left.iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    fs::remove_dir_all(&dir)
        .map_err(|e| StepError(format!("could not delete {}: {e}", dir.display())))
}

/// Unmounts `point`; when it is busy, detaches it (lazily) so it is gone from the tree at once.
fn unmount(point: &Path) {
    let quiet = |args: &[&str]| {
        Command::new("umount")
            .args(args)
            .arg(point)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !quiet(&[]) && !quiet(&["--lazy"]) {
        eprintln!("xtask: could not unmount {}", point.display());
    }
}

/// Mount points at or under `dir`, in the order they were mounted.
fn mounts_under(dir: &Path) -> Vec<PathBuf> {
    let table = fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    mount_points(&table)
        .into_iter()
        .filter(|point| point.starts_with(dir))
        .collect()
}

/// The mount points of a /proc/self/mountinfo table (the fifth field, octal escapes decoded).
fn mount_points(table: &str) -> Vec<PathBuf> {
    table
        .lines()
        .filter_map(|line| line.split(' ').nth(4))
        .map(|field| PathBuf::from(unescape(field)))
        .collect()
}

/// The kernel writes space, tab, newline and backslash in paths as `\040`-style octal.
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let code = bytes.get(i + 1..i + 4).and_then(|digits| {
            std::str::from_utf8(digits)
                .ok()
                .and_then(|d| u8::from_str_radix(d, 8).ok())
        });
        match (bytes[i], code) {
            (b'\\', Some(code)) => {
                out.push(code);
                i += 4;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mount_points_with_escaped_spaces() {
        let table = "22 27 0:21 / /proc rw,relatime - proc proc rw\n\
                     90 27 0:6 / /work/my\\040root/dev rw - devtmpfs devtmpfs rw\n";
        assert_eq!(
            mount_points(table),
            vec![PathBuf::from("/proc"), PathBuf::from("/work/my root/dev")]
        );
    }

    #[test]
    fn a_folder_nobody_mounted_into_has_no_mounts() {
        assert!(mounts_under(Path::new("/nonexistent-xtask-folder")).is_empty());
        assert!(!mounts_under(Path::new("/")).is_empty());
    }

    #[test]
    fn clearing_a_missing_folder_is_fine() {
        assert!(clear(Path::new("/nonexistent-xtask-folder")).is_ok());
    }
}
