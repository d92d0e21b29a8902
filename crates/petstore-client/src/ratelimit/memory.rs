//! Remembers across runs until when a key must not send. Each run of the `petstore` CLI starts
//! with a fresh governor; without this, a script that runs it again during a 429 wait sends one
//! request per run, which is exactly what earns a key a temporary ban.
//!
//! The file holds, per base address and key, only the time to wait until. The key is identified
//! by a salted hash (the salt is random per file), never stored. It is a cache: a missing,
//! unreadable or corrupt file means "nothing remembered", never a failed call.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::secret::ApiKey;
use crate::settings::app_dir;

/// Overrides the folder of the file (tests, portable installs).
pub const CACHE_DIR_VAR: &str = "PETSTORE_CACHE_DIR";
const FILE_NAME: &str = "rate-limit-waits.json";

/// Waits that outlive the process that learnt them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitMemory {
    path: PathBuf,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Stored {
    salt: u64,
    waits: Vec<Wait>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Wait {
    base_url: String,
    key_tag: String,
    until: DateTime<Utc>,
}

impl WaitMemory {
    /// A memory kept in the file at `path`.
    pub fn at(path: impl Into<PathBuf>) -> Self {
        WaitMemory { path: path.into() }
    }

    /// `$PETSTORE_CACHE_DIR` or the OS cache folder (`~/.cache/dev.petstore.admin` on Linux).
    pub fn default_location() -> Option<Self> {
        let dir = app_dir(std::env::var(CACHE_DIR_VAR).ok(), dirs::cache_dir)?;
        Some(WaitMemory::at(dir.join(FILE_NAME)))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The remembered time before which `key` must not send to `base_url`, if still ahead.
    pub fn not_before(
        &self,
        base_url: &str,
        key: &ApiKey,
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        let stored = self.read()?;
        let tag = key_tag(stored.salt, key);
        stored
            .waits
            .iter()
            .filter(|wait| wait.base_url == base_url && wait.key_tag == tag && wait.until > now)
            .map(|wait| wait.until)
            .max()
    }

    /// Records that `key` must not send to `base_url` before `until`. Best effort: a cache that
    /// cannot be written is logged and otherwise ignored.
    pub fn remember(&self, base_url: &str, key: &ApiKey, until: DateTime<Utc>, now: DateTime<Utc>) {
        let mut stored = self.read().unwrap_or_else(|| Stored {
            salt: fastrand::u64(..),
            waits: Vec::new(),
        });
        let tag = key_tag(stored.salt, key);
        stored
            .waits
            .retain(|wait| wait.until > now && !(wait.base_url == base_url && wait.key_tag == tag));
        stored.waits.push(Wait {
            base_url: base_url.to_owned(),
            key_tag: tag,
            until,
        });
        if let Err(e) = self.write(&stored) {
            log::warn!(
                "could not remember a rate-limit wait in {}: {e}",
                self.path.display()
            );
        }
    }

    fn read(&self) -> Option<Stored> {
        let bytes = fs::read(&self.path).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    /// Written to a temporary file and renamed, so a concurrent reader never sees half a file.
    fn write(&self, stored: &Stored) -> std::io::Result<()> {
        if let Some(dir) = self.path.parent() {
            fs::create_dir_all(dir)?;
        }
        let json = serde_json::to_vec_pretty(stored).map_err(std::io::Error::other)?;
        let temporary = self
            .path
            .with_extension(format!("tmp{}", std::process::id()));
        fs::write(&temporary, json)?;
        fs::rename(&temporary, &self.path)
    }
}

fn key_tag(salt: u64, key: &ApiKey) -> String {
    let mut hasher = DefaultHasher::new();
    salt.hash(&mut hasher);
    key.expose_secret().hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

#[cfg(test)]
mod tests {
    use chrono::TimeDelta;

    use super::*;

    fn key(text: &str) -> ApiKey {
        ApiKey::new(text.to_owned()).expect("valid key")
    }

    fn memory() -> (tempfile::TempDir, WaitMemory) {
        let dir = tempfile::tempdir().expect("temp dir");
        let memory = WaitMemory::at(dir.path().join("nested").join(FILE_NAME));
        (dir, memory)
    }

    #[test]
    fn a_remembered_wait_is_found_for_the_same_address_and_key_only() {
        let (_dir, memory) = memory();
        let now = Utc::now();
        let until = now + TimeDelta::seconds(30);
        memory.remember("http://127.0.0.1:1/v1", &key("secret-key-1"), until, now);
        assert_eq!(
            memory.not_before("http://127.0.0.1:1/v1", &key("secret-key-1"), now),
            Some(until)
        );
        assert_eq!(
            memory.not_before("http://127.0.0.1:2/v1", &key("secret-key-1"), now),
            None
        );
        assert_eq!(
            memory.not_before("http://127.0.0.1:1/v1", &key("secret-key-2"), now),
            None
        );
    }

    #[test]
    fn a_wait_in_the_past_is_forgotten() {
        let (_dir, memory) = memory();
        let now = Utc::now();
        memory.remember("b", &key("secret-key-1"), now + TimeDelta::seconds(5), now);
        let later = now + TimeDelta::seconds(6);
        assert_eq!(memory.not_before("b", &key("secret-key-1"), later), None);
        memory.remember(
            "c",
            &key("secret-key-1"),
            later + TimeDelta::seconds(5),
            later,
        );
        let text = fs::read_to_string(memory.path()).expect("file");
        assert!(
            !text.contains("\"b\""),
            "expired entries are pruned: {text}"
        );
    }

    #[test]
    fn the_file_never_holds_the_key() {
        let (_dir, memory) = memory();
        let now = Utc::now();
        memory.remember(
            "b",
            &key("very-secret-key-123"),
            now + TimeDelta::seconds(5),
            now,
        );
        let text = fs::read_to_string(memory.path()).expect("file");
        assert!(!text.contains("very-secret-key-123"));
    }

    #[test]
    fn a_corrupt_or_missing_file_means_nothing_remembered() {
        let (_dir, memory) = memory();
        let now = Utc::now();
        assert_eq!(memory.not_before("b", &key("secret-key-1"), now), None);
        fs::create_dir_all(memory.path().parent().expect("parent")).expect("dir");
        fs::write(memory.path(), b"{ not json").expect("write");
        assert_eq!(memory.not_before("b", &key("secret-key-1"), now), None);
        let until = now + TimeDelta::seconds(9);
        memory.remember("b", &key("secret-key-1"), until, now);
        assert_eq!(
            memory.not_before("b", &key("secret-key-1"), now),
            Some(until)
        );
    }
}
