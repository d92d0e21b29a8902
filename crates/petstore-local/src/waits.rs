//! Remembers across runs, and across the processes on this computer (the CLI, app windows), until
//! when a key must not send. Without it, a script that runs `petstore` again during a 429 wait
//! sends one request per run, which is exactly what earns a key a temporary ban.
//!
//! The file holds, per base address and key, only the time to wait until, and when a person last
//! cleared that wait (so the client can allow it at most once a minute across processes: the CLI
//! is a new one each run). The key is identified
//! by a tag, HMAC-SHA256 of the key with a per-install secret ([`secret`]), never stored. Writes
//! are read-modify-writes under the file's lock, so concurrent writers lose nothing; a file that
//! cannot be read means "nothing remembered" to a reader and is kept aside before a new one is
//! written. Fields this version does not know survive a write.

mod secret;

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use self::secret::{InstallSecret, SECRET_FILE, TAG_PREFIX};
use petstore_client::{ApiKey, CLEAR_SPACING, Forgetting, WaitStore};

use crate::dirs::{CACHE_DIR_VAR, app_dir};
use crate::localfile::{self, FileLock, MAX_FILE_BYTES, Readers};

const FILE_NAME: &str = "rate-limit-waits.json";

/// Waits that outlive the process that learnt them. Clones share one cache.
#[derive(Clone)]
pub struct WaitMemory {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    secret_path: PathBuf,
    state: Mutex<State>,
}

/// What [`WaitMemory::not_before`] keeps between calls, so a call costs a small read and a
/// comparison, not a parse: it is asked before every request.
#[derive(Default)]
struct State {
    secret: Option<InstallSecret>,
    /// The file's bytes when last read and the waits in them (`None`: not readable).
    file: Option<(Vec<u8>, Option<Vec<Wait>>)>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Stored {
    #[serde(default)]
    waits: Vec<Wait>,
    /// Left out while empty, as the versions before it wrote the file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    cleared: Vec<Clearing>,
    /// Also keeps the former format's `salt`, so a file this version wrote stays readable by the
    /// versions before it.
    #[serde(flatten)]
    unknown: Map<String, Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Wait {
    base_url: String,
    key_tag: String,
    until: DateTime<Utc>,
    #[serde(flatten)]
    unknown: Map<String, Value>,
}

/// When a person last cleared the wait of one (base address, key).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Clearing {
    base_url: String,
    key_tag: String,
    at: DateTime<Utc>,
    #[serde(flatten)]
    unknown: Map<String, Value>,
}

/// `at` plus `spacing`, saturating: times come from a file anyone may have edited.
fn after(at: DateTime<Utc>, spacing: TimeDelta) -> DateTime<Utc> {
    at.checked_add_signed(spacing)
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// The file on disk, read for a change.
enum OnDisk {
    Readable(Stored),
    Unreadable(String),
}

impl WaitMemory {
    /// A memory kept in the file at `path`; its secret is `install-secret` beside it.
    pub fn at(path: impl Into<PathBuf>) -> Self {
        let path = path.into();
        let secret_path = path.with_file_name(SECRET_FILE);
        WaitMemory {
            inner: Arc::new(Inner {
                path,
                secret_path,
                state: Mutex::new(State::default()),
            }),
        }
    }

    /// `$PETSTORE_CACHE_DIR` or the OS cache folder (`~/.cache/dev.petstore.admin` on Linux).
    pub fn default_location() -> Option<Self> {
        let dir = app_dir(std::env::var(CACHE_DIR_VAR).ok(), dirs::cache_dir)?;
        Some(WaitMemory::at(dir.join(FILE_NAME)))
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    fn try_remember(
        &self,
        base_url: &str,
        key: &ApiKey,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> io::Result<()> {
        let _lock = FileLock::acquire(self.path())?;
        let mut stored = match self.read_for_change()? {
            OnDisk::Readable(stored) => stored,
            OnDisk::Unreadable(problem) => {
                let kept = localfile::keep_aside(self.path(), Utc::now())?;
                log::warn!(
                    "the rate-limit waits file {} could not be read ({problem}); it is kept as {} and a new one started",
                    self.path().display(),
                    kept.display()
                );
                Stored::default()
            }
        };
        let secret = InstallSecret::read_or_create(&self.inner.secret_path)?;
        let tag = secret.tag(key);
        self.state().secret = Some(secret);
        stored.waits.retain(|wait| {
            wait.until > now
                && wait.key_tag.starts_with(TAG_PREFIX)
                && !(wait.base_url == base_url && wait.key_tag == tag)
        });
        stored.waits.push(Wait {
            base_url: base_url.to_owned(),
            key_tag: tag,
            until,
            unknown: Map::new(),
        });
        self.write(&stored)
    }

    fn read_for_change(&self) -> io::Result<OnDisk> {
        match localfile::read_bounded(self.path(), MAX_FILE_BYTES) {
            Ok(None) => Ok(OnDisk::Readable(Stored::default())),
            Ok(Some(bytes)) => Ok(match serde_json::from_slice(&bytes) {
                Ok(stored) => OnDisk::Readable(stored),
                Err(e) => OnDisk::Unreadable(e.to_string()),
            }),
            Err(e) if e.kind() == io::ErrorKind::FileTooLarge => {
                Ok(OnDisk::Unreadable(e.to_string()))
            }
            Err(e) => Err(e),
        }
    }

    /// Written whole under a new name and renamed, so a reader without the lock never sees half
    /// a file.
    fn write(&self, stored: &Stored) -> io::Result<()> {
        let mut json = serde_json::to_vec_pretty(stored).map_err(io::Error::other)?;
        json.push(b'\n');
        localfile::write_atomically(self.path(), &json, Readers::Default)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for WaitMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WaitMemory")
            .field("path", &self.inner.path)
            .finish_non_exhaustive()
    }
}

/// The client asks and tells the file through this (see `ClientConfig::with_wait_store`).
impl WaitStore for WaitMemory {
    /// The remembered time before which `key` must not send to `base_url`, if still ahead. Reads
    /// without the lock (writes replace the file whole); a missing or unreadable file, or no
    /// secret yet, is "nothing remembered".
    fn not_before(
        &self,
        base_url: &str,
        key: &ApiKey,
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        let mut state = self.state();
        if state.secret.is_none() {
            state.secret = InstallSecret::read(&self.inner.secret_path).ok().flatten();
        }
        let tag = state.secret.as_ref()?.tag(key);
        let bytes = localfile::read_bounded(&self.inner.path, MAX_FILE_BYTES).ok()??;
        if state.file.as_ref().is_none_or(|(seen, _)| *seen != bytes) {
            let waits = serde_json::from_slice::<Stored>(&bytes)
                .ok()
                .map(|s| s.waits);
            state.file = Some((bytes, waits));
        }
        let (_, waits) = state.file.as_ref()?;
        waits
            .as_ref()?
            .iter()
            .filter(|wait| wait.base_url == base_url && wait.key_tag == tag && wait.until > now)
            .map(|wait| wait.until)
            .max()
    }

    /// Records that `key` must not send to `base_url` before `until`. Best effort: a cache that
    /// cannot be written is logged and otherwise ignored.
    fn remember(&self, base_url: &str, key: &ApiKey, until: DateTime<Utc>, now: DateTime<Utc>) {
        if let Err(e) = self.try_remember(base_url, key, until, now) {
            log::warn!(
                "could not remember a rate-limit wait in {}: {e}",
                self.path().display()
            );
        }
    }

    /// Forgets the wait remembered for `key` at `base_url`, unless one was cleared less than
    /// [`CLEAR_SPACING`] before `now` (by any process); a removal is remembered as a clearing at
    /// `now`.
    /// Checked and changed under the file's lock, so two processes asking at once clear once. An
    /// unreadable file holds nothing to forget and is left as it is.
    fn forget(&self, base_url: &str, key: &ApiKey, now: DateTime<Utc>) -> io::Result<Forgetting> {
        let _lock = FileLock::acquire(self.path())?;
        let OnDisk::Readable(mut stored) = self.read_for_change()? else {
            return Ok(Forgetting::Done(false));
        };
        let Some(secret) = InstallSecret::read(&self.inner.secret_path)? else {
            return Ok(Forgetting::Done(false));
        };
        let tag = secret.tag(key);
        let ours = |url: &str, key_tag: &str| url == base_url && key_tag == tag;
        // A clearing stamped later than now (a clock set back) is no reason to refuse for ever.
        let again_at = stored
            .cleared
            .iter()
            .filter(|c| ours(&c.base_url, &c.key_tag) && c.at <= now)
            .map(|c| after(c.at, CLEAR_SPACING))
            .max();
        if let Some(again_at) = again_at.filter(|again_at| *again_at > now) {
            return Ok(Forgetting::TooSoon { again_at });
        }
        let before = stored.waits.len();
        stored
            .waits
            .retain(|wait| !ours(&wait.base_url, &wait.key_tag));
        if stored.waits.len() == before {
            return Ok(Forgetting::Done(false));
        }
        stored
            .waits
            .retain(|wait| wait.key_tag.starts_with(TAG_PREFIX));
        // Only clearings that still count are kept, ours replaced by this one.
        stored.cleared.retain(|c| {
            !ours(&c.base_url, &c.key_tag)
                && c.key_tag.starts_with(TAG_PREFIX)
                && c.at <= now
                && after(c.at, CLEAR_SPACING) > now
        });
        stored.cleared.push(Clearing {
            base_url: base_url.to_owned(),
            key_tag: tag,
            at: now,
            unknown: Map::new(),
        });
        self.write(&stored)?;
        Ok(Forgetting::Done(true))
    }

    fn location(&self) -> String {
        self.path().display().to_string()
    }
}

/// Two memories are the same when they use the same file.
impl PartialEq for WaitMemory {
    fn eq(&self, other: &Self) -> bool {
        self.inner.path == other.inner.path
    }
}

impl Eq for WaitMemory {}

#[cfg(test)]
mod tests;
