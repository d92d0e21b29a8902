//! Files on this computer that several processes share (the CLI, one or more app windows): read
//! with a bound, changed only under an advisory lock, written whole and atomically, and a file
//! that cannot be read is kept aside, never overwritten.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{DateTime, Utc};

/// The most read of any of these files. Settings and waits take a few hundred bytes; a file this
/// large was not written by this program, and reading it whole would be unbounded.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Reads at most `limit` bytes of `path`; `None` when there is no file. A longer file is an error
/// of kind `FileTooLarge` whose text says so (for a person), read no further than `limit + 1`.
pub fn read_bounded(path: &Path, limit: u64) -> io::Result<Option<Vec<u8>>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            ErrorKind::FileTooLarge,
            format!(
                "it is larger than {}, far more than this file ever holds",
                petstore_client::ByteSize::of(limit)
            ),
        ));
    }
    Ok(Some(bytes))
}

/// An exclusive advisory lock on `<file>.lock`, held until dropped. A sidecar file, because the
/// data file is replaced by rename: a lock on it would stay with the old, unlinked file. The lock
/// file is never deleted (deleting it would let two processes lock two different files).
///
/// `flock`-style (std's `File::lock`): it excludes every other open of the file, in this process
/// or another, and the OS drops it when its holder exits, so a crash never leaves it stuck.
#[derive(Debug)]
pub struct FileLock {
    file: File,
}

impl FileLock {
    /// Blocks until no other holder is left. Holders keep it for one read-modify-write of a small
    /// file (milliseconds), so waiting is short; polling instead would starve under contention.
    pub fn acquire(data_path: &Path) -> io::Result<FileLock> {
        let path = with_suffix(data_path, ".lock");
        create_parent(&path)?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)?;
        file.lock()?;
        Ok(FileLock { file })
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        // Closing the file releases it anyway; unlocking first just says so.
        let _ = self.file.unlock();
    }
}

/// Who may read a file written by [`write_atomically`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readers {
    /// The default permissions of a new file (the umask decides).
    Default,
    /// Only its owner (0600 on Unix, from creation on: never readable by others, not even briefly).
    OwnerOnly,
}

/// Replaces `path` with `bytes` so that a reader sees the old file or the new one, never half of
/// one, and a crash leaves one of the two: a new file in the same folder, flushed to disk, renamed
/// over the old one.
pub fn write_atomically(path: &Path, bytes: &[u8], readers: Readers) -> io::Result<()> {
    let dir = create_parent(path)?;
    let (temporary, mut file) = create_temporary(path, readers)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            fs::rename(&temporary, path)
        });
    if let Err(e) = written {
        // Best effort: the temporary file is of no use once the rename failed.
        let _ = fs::remove_file(&temporary);
        return Err(e);
    }
    sync_dir(&dir);
    Ok(())
}

/// A new file beside `path` that did not exist before (`create_new`), so a leftover of another
/// process is never written into.
fn create_temporary(path: &Path, readers: Readers) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut last_error = None;
    for _ in 0..16 {
        // The random part keeps a leftover of a dead process with the same id out of the way.
        let unique = format!(
            ".{}.{}-{:04x}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            fastrand::u16(..)
        );
        let temporary = with_suffix(path, &unique);
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if readers == Readers::OwnerOnly {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        #[cfg(not(unix))]
        let _ = readers;
        match options.open(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => last_error = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last_error.unwrap_or_else(|| io::Error::from(ErrorKind::AlreadyExists)))
}

/// Makes the rename itself durable (Unix; Windows has no handle on a folder for this).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = File::open(dir) {
        // Best effort: the data is already on disk; only the new name might be lost in a crash.
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// The most `-N` suffixes tried for one second's kept copies before giving up.
const MAX_KEPT_PER_SECOND: u32 = 1000;

/// Moves `path` aside to `<name>.broken-<UTC YYYYMMDD-HHMMSS>` (or `...-2`, `...-3` when that is
/// taken), never over an existing file, and returns where it went. Callers hold the file's lock.
pub fn keep_aside(path: &Path, now: DateTime<Utc>) -> io::Result<PathBuf> {
    let stamp = now.format("%Y%m%d-%H%M%S").to_string();
    for n in 1..=MAX_KEPT_PER_SECOND {
        let suffix = match n {
            1 => format!(".broken-{stamp}"),
            n => format!(".broken-{stamp}-{n}"),
        };
        let kept = with_suffix(path, &suffix);
        // A hard link cannot replace an existing file, so no check-then-act race.
        match fs::hard_link(path, &kept) {
            Ok(()) => {
                fs::remove_file(path)?;
                return Ok(kept);
            }
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) if e.kind() == ErrorKind::NotFound => return Err(e),
            // No hard links on this file system (FAT, some network shares): check, then rename.
            // Only holders of the lock make kept copies, so nothing appears in between.
            Err(_) => {
                if fs::symlink_metadata(&kept).is_ok() {
                    continue;
                }
                fs::rename(path, &kept)?;
                return Ok(kept);
            }
        }
    }
    Err(io::Error::new(
        ErrorKind::AlreadyExists,
        format!("{MAX_KEPT_PER_SECOND} copies were already kept this second"),
    ))
}

/// `path` with `suffix` appended to its last component (`a/settings.json` + `.lock`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(suffix);
    PathBuf::from(name)
}

/// Creates the folder `path` is in; returns it (`.` for a bare file name).
fn create_parent(path: &Path) -> io::Result<PathBuf> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    Ok(dir.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_limit_is_refused_without_reading_it_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("big.json");
        fs::write(&path, vec![b' '; 4097]).expect("write");
        let err = read_bounded(&path, 4096).expect_err("over the limit");
        assert_eq!(err.kind(), ErrorKind::FileTooLarge);
        assert!(err.to_string().contains("larger than 4 KiB"), "{err}");
        assert_eq!(
            read_bounded(&path, 4097)
                .expect("at the limit")
                .map(|b| b.len()),
            Some(4097)
        );
        assert!(
            read_bounded(&dir.path().join("none"), 10)
                .expect("missing")
                .is_none()
        );
    }

    #[test]
    fn an_atomic_write_leaves_only_the_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a/b/data.json");
        write_atomically(&path, b"one", Readers::Default).expect("first");
        write_atomically(&path, b"two", Readers::Default).expect("second");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        let names: Vec<_> = fs::read_dir(path.parent().expect("parent"))
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![OsString::from("data.json")]);
    }

    #[cfg(unix)]
    #[test]
    fn an_owner_only_file_is_0600() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("secret");
        write_atomically(&path, b"x", Readers::OwnerOnly).expect("write");
        let mode = fs::metadata(&path).expect("metadata").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn keeping_aside_never_overwrites_an_earlier_copy() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("settings.json");
        let now = DateTime::from_timestamp(1_900_000_000, 0).expect("time");
        fs::write(&path, b"first").expect("write");
        let first = keep_aside(&path, now).expect("keep first");
        assert_eq!(
            first,
            dir.path().join("settings.json.broken-20300317-174640")
        );
        fs::write(&path, b"second").expect("write");
        let second = keep_aside(&path, now).expect("keep second");
        assert_eq!(
            second,
            dir.path().join("settings.json.broken-20300317-174640-2")
        );
        assert_eq!(fs::read(&first).expect("first kept"), b"first");
        assert_eq!(fs::read(&second).expect("second kept"), b"second");
        assert!(!path.exists());
        assert_eq!(
            keep_aside(&path, now).expect_err("nothing to keep").kind(),
            ErrorKind::NotFound
        );
    }
}
