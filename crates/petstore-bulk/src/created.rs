//! Every pet this computer created in one environment, by row rather than by file: an import
//! of an edited, reordered or re-saved file, the create form, Add again and `petstore create`
//! (`petstore add`) all write here, so a pet already created (or possibly created) is recognised whatever file
//! it comes from next. The interface has no delete: a pet created twice stays twice.
//!
//! One file per environment (its base address), beside the import journals:
//! `<data folder>/imports/created-<sha256 of the address>.jsonl`, one JSON event a line,
//! each synced to disk before the program goes on:
//!
//! ```text
//! {"event":"sent","key":"<journal>:17","at":…,"name":"Rex","categoryId":1,"status":null,"source":{…}}
//! {"event":"created","key":"<journal>:17","id":1042,…}   the service answered, or reconciliation found it
//! {"event":"refused","key":"<journal>:17"}               provably not created (the service said no)
//! {"event":"created","at":…,"name":"Mia",…,"id":7,"source":{"kind":"form"}}   no key: the form, the CLI
//! ```
//!
//! An import writes `sent` before its request goes and `created`/`refused` after, keyed by its
//! journal and row, so a crash at any point leaves at worst a "may have been added" entry, never
//! a forgotten create. The latest event of a key wins. A torn or unreadable line is passed over
//! (this is a safeguard beside the journals, which stay the record of each import).
//!
//! Bounded: at most [`MAX_REMEMBERED`] entries per environment are kept, the newest; when the
//! file holds a quarter more, it is rewritten with those (under a lock, replaced atomically).
//! 100,000 rows is the largest import, so two of the largest imports are always remembered.

use std::collections::{BTreeMap, HashMap};
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use petstore_client::NewPet;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::journal::JOURNAL_FOLDER;

/// The most created pets remembered per environment (the newest are kept).
pub const MAX_REMEMBERED: usize = 200_000;
/// The largest file read back: [`MAX_REMEMBERED`] entries with long names, and room to spare.
pub const MAX_CREATED_BYTES: u64 = 256 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
#[error("the record of created pets {} could not be {doing}: {source}", .path.display())]
pub struct CreatedError {
    pub path: PathBuf,
    pub doing: &'static str,
    #[source]
    pub source: io::Error,
}

/// Where a pet was created from, for "already added on 24 Nov from shelter.csv line 2".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum CreateSource {
    #[serde(rename_all = "camelCase")]
    Import { file_name: String, line: u64 },
    /// The app's New pet form.
    Form,
    /// Add again, on a create whose outcome was unknown.
    AddAgain,
    /// `petstore add`.
    CommandLine,
}

/// What makes two creates the same pet: the name as the service stores it (trimmed), compared
/// without case and with runs of spaces as one (a fix of "alpha" to "Alpha" in a spreadsheet
/// is the same pet), the category and the status. A missing status (the service chose) matches
/// any status.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint {
    name: String,
    category_id: i64,
    status: Option<String>,
}

impl Fingerprint {
    pub fn of(pet: &NewPet) -> Fingerprint {
        Fingerprint {
            name: normal_name(&pet.name),
            category_id: pet.category_id,
            status: pet.status.as_ref().map(|s| s.as_str().to_owned()),
        }
    }

    fn same_pet(&self, other: &Fingerprint) -> bool {
        self.name == other.name
            && self.category_id == other.category_id
            && (self.status.is_none() || other.status.is_none() || self.status == other.status)
    }

    /// Name and category: the part that must be equal (the status may be left open).
    fn group(&self) -> (String, i64) {
        (self.name.clone(), self.category_id)
    }
}

fn normal_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A pet this computer created (or may have created) in the environment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Earlier {
    pub at: DateTime<Utc>,
    pub source: CreateSource,
    /// `None`: the create went out and its outcome was never confirmed.
    pub pet_id: Option<i64>,
}

/// Why a valid row of a file is not sent unless the person chooses to create it again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Repeat {
    /// This computer already created (or may have created) the same pet in this environment.
    Earlier(Earlier),
    /// An earlier row of the same file is the same pet.
    InFile { line: u64 },
}

/// One line of the file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "event")]
enum Event {
    #[serde(rename_all = "camelCase")]
    Sent {
        key: String,
        #[serde(flatten)]
        pet: Line,
    },
    #[serde(rename_all = "camelCase")]
    Created {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
        id: i64,
        #[serde(flatten)]
        pet: Line,
    },
    Refused {
        key: String,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Line {
    at: DateTime<Utc>,
    name: String,
    category_id: i64,
    status: Option<String>,
    source: CreateSource,
}

impl Line {
    fn new(pet: &NewPet, source: CreateSource) -> Line {
        Line {
            at: Utc::now(),
            name: pet.name.clone(),
            category_id: pet.category_id,
            status: pet.status.as_ref().map(|s| s.as_str().to_owned()),
            source,
        }
    }

    fn fingerprint(&self) -> Fingerprint {
        Fingerprint {
            name: normal_name(&self.name),
            category_id: self.category_id,
            status: self.status.clone(),
        }
    }
}

#[derive(Debug, Clone)]
struct Entry {
    key: Option<String>,
    line: Line,
    id: Option<i64>,
    /// Order of writing, for keeping the newest.
    seq: u64,
}

/// The created pets of one environment, read at open and kept in step with what this process
/// writes.
#[derive(Debug)]
pub struct CreatedPets {
    path: PathBuf,
    lock_path: PathBuf,
    by_key: HashMap<String, Entry>,
    keyless: Vec<Entry>,
    lines: usize,
    seq: u64,
    /// Bytes of the file read so far: another process's lines are read from here on.
    read_to: u64,
}

impl CreatedPets {
    /// The record of the environment at `base_url` in `data_dir` (empty when there is none).
    pub fn open(data_dir: &Path, base_url: &str) -> Result<CreatedPets, CreatedError> {
        let dir = data_dir.join(JOURNAL_FOLDER);
        let hex: String = Sha256::digest(base_url.as_bytes())
            .iter()
            .take(16)
            .map(|byte| format!("{byte:02x}"))
            .collect();
        let mut created = CreatedPets {
            path: dir.join(format!("created-{hex}.jsonl")),
            lock_path: dir.join(format!("created-{hex}.lock")),
            by_key: HashMap::new(),
            keyless: Vec::new(),
            lines: 0,
            seq: 0,
            read_to: 0,
        };
        created.catch_up()?;
        Ok(created)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads what was appended since the last read (by this process or another); all of it again
    /// when the file was rewritten shorter meanwhile.
    fn catch_up(&mut self) -> Result<(), CreatedError> {
        let mut file = match File::open(&self.path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                self.forget();
                return Ok(());
            }
            Err(error) => return Err(self.error("opened")(error)),
        };
        let len = file.metadata().map_err(self.error("read"))?.len();
        if len < self.read_to {
            self.forget();
        }
        if len > MAX_CREATED_BYTES {
            let source = io::Error::other(format!("it is larger than {MAX_CREATED_BYTES} bytes"));
            return Err(self.error("read")(source));
        }
        file.seek(SeekFrom::Start(self.read_to))
            .map_err(self.error("read"))?;
        let mut bytes = Vec::new();
        file.take(len - self.read_to)
            .read_to_end(&mut bytes)
            .map_err(self.error("read"))?;
        // Only whole lines: a torn last one (a writer mid-line, or a crash) is read next time.
        let whole = bytes
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |end| end + 1);
        self.read_to += whole as u64;
        for line in String::from_utf8_lossy(&bytes[..whole]).lines() {
            self.lines += 1;
            match serde_json::from_str::<Event>(line) {
                Ok(event) => self.apply(event),
                Err(error) => log::warn!("{}: a line passed over ({error})", self.path.display()),
            }
        }
        Ok(())
    }

    fn forget(&mut self) {
        self.by_key.clear();
        self.keyless.clear();
        self.lines = 0;
        self.read_to = 0;
    }

    fn apply(&mut self, event: Event) {
        self.seq += 1;
        let seq = self.seq;
        match event {
            Event::Sent { key, pet } => {
                let entry = Entry {
                    key: Some(key.clone()),
                    line: pet,
                    id: None,
                    seq,
                };
                self.by_key.insert(key, entry);
            }
            Event::Created { key, id, pet } => {
                let entry = Entry {
                    key: key.clone(),
                    line: pet,
                    id: Some(id),
                    seq,
                };
                match key {
                    Some(key) => {
                        self.by_key.insert(key, entry);
                    }
                    None => self.keyless.push(entry),
                }
            }
            Event::Refused { key } => {
                self.by_key.remove(&key);
            }
        }
    }

    /// An import's row is about to be sent (before the request goes).
    pub fn record_sent(
        &mut self,
        key: &str,
        pet: &NewPet,
        source: CreateSource,
    ) -> Result<(), CreatedError> {
        self.write(Event::Sent {
            key: key.to_owned(),
            pet: Line::new(pet, source),
        })
    }

    /// The service created `pet` as `id` (for an import's row, `key` names it; the form and the
    /// CLI give none).
    pub fn record_created(
        &mut self,
        key: Option<&str>,
        pet: &NewPet,
        id: i64,
        source: CreateSource,
    ) -> Result<(), CreatedError> {
        // A row found by reconciliation keeps the time and source it was sent with.
        let line = key
            .and_then(|key| self.by_key.get(key))
            .map(|entry| entry.line.clone())
            .unwrap_or_else(|| Line::new(pet, source));
        self.write(Event::Created {
            key: key.map(str::to_owned),
            id,
            pet: line,
        })
    }

    /// The row `key` was provably not created (refused by the service).
    pub fn record_refused(&mut self, key: &str) -> Result<(), CreatedError> {
        if !self.by_key.contains_key(key) {
            return Ok(());
        }
        self.write(Event::Refused {
            key: key.to_owned(),
        })
    }

    /// The newest earlier create of the same pet, leaving out the entry `except` (a row is
    /// no repeat of itself).
    pub fn earlier(&self, pet: &NewPet, except: Option<&str>) -> Option<Earlier> {
        let fingerprint = Fingerprint::of(pet);
        newest(
            self.entries()
                .filter(|entry| entry.key.is_none() || entry.key.as_deref() != except)
                .filter(|entry| entry.line.fingerprint().same_pet(&fingerprint)),
        )
    }

    fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.by_key.values().chain(self.keyless.iter())
    }

    /// Why each row of `rows` (index, pet, line) would repeat a pet: an earlier create by this
    /// computer (rows an earlier run of this same import created included: they were added),
    /// or an earlier row of the same rows. A row of the import whose journal is `own_journal`
    /// and that its journal does not know as sent (`unsent`) is no repeat of its own entry: a
    /// run killed between the two records never sent it.
    pub fn repeats<'a>(
        &self,
        rows: impl IntoIterator<Item = (usize, &'a NewPet, u64)>,
        own_journal: Option<&str>,
        unsent: impl Fn(usize) -> bool,
    ) -> BTreeMap<usize, Repeat> {
        let mut index: HashMap<(String, i64), Vec<&Entry>> = HashMap::new();
        for entry in self.entries() {
            index
                .entry(entry.line.fingerprint().group())
                .or_default()
                .push(entry);
        }
        let mut in_file: HashMap<(String, i64), Vec<(Fingerprint, u64)>> = HashMap::new();
        let mut found = BTreeMap::new();
        for (row, pet, line) in rows {
            let fingerprint = Fingerprint::of(pet);
            let group = fingerprint.group();
            let itself = own_journal
                .filter(|_| unsent(row))
                .map(|own| row_key(own, row));
            let earlier = newest(
                index
                    .get(&group)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|entry| entry.key.is_none() || entry.key != itself)
                    .filter(|entry| entry.line.fingerprint().same_pet(&fingerprint)),
            );
            let same_rows = in_file.entry(group).or_default();
            if let Some(earlier) = earlier {
                found.insert(row, Repeat::Earlier(earlier));
            } else if let Some((_, first)) =
                same_rows.iter().find(|(f, _)| f.same_pet(&fingerprint))
            {
                found.insert(row, Repeat::InFile { line: *first });
            }
            same_rows.push((fingerprint, line));
        }
        found
    }

    fn write(&mut self, event: Event) -> Result<(), CreatedError> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(self.error("created"))?;
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&self.lock_path)
            .map_err(self.error("locked"))?;
        // Another process (the app and the CLI) may write too: one writer at a time, and what
        // it wrote is read back before this line goes after it.
        lock.lock().map_err(self.error("locked"))?;
        self.catch_up()?;
        let mut text =
            serde_json::to_string(&event).map_err(|e| self.error("written")(e.into()))?;
        text.push('\n');
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(self.error("opened"))?;
        // A torn line a crash left at the end must not swallow this one.
        let len = file.metadata().map_err(self.error("read"))?.len();
        if len > self.read_to {
            text.insert(0, '\n');
        }
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(self.error("written"))?;
        self.catch_up()?;
        if self.lines > MAX_REMEMBERED + MAX_REMEMBERED / 4 {
            self.compact()?;
        }
        drop(lock);
        Ok(())
    }

    /// Rewrites the file with the newest [`MAX_REMEMBERED`] entries (the caller holds the lock).
    fn compact(&mut self) -> Result<(), CreatedError> {
        let mut entries: Vec<Entry> = self.entries().cloned().collect();
        entries.sort_by_key(|entry| entry.seq);
        let keep = entries.split_off(entries.len().saturating_sub(MAX_REMEMBERED));
        let mut text = String::new();
        for entry in &keep {
            let event = match (&entry.key, entry.id) {
                (Some(key), None) => Event::Sent {
                    key: key.clone(),
                    pet: entry.line.clone(),
                },
                (key, Some(id)) => Event::Created {
                    key: key.clone(),
                    id,
                    pet: entry.line.clone(),
                },
                (None, None) => continue,
            };
            text.push_str(&serde_json::to_string(&event).unwrap_or_default());
            text.push('\n');
        }
        let temp = self.path.with_extension("jsonl.tmp");
        let written = File::create(&temp)
            .and_then(|mut file| file.write_all(text.as_bytes()).and(file.sync_all()))
            .and_then(|()| std::fs::rename(&temp, &self.path));
        written.map_err(self.error("rewritten"))?;
        log::info!(
            "{}: kept the newest {} created pets",
            self.path.display(),
            keep.len()
        );
        self.forget();
        self.catch_up()
    }

    fn error(&self, doing: &'static str) -> impl FnOnce(io::Error) -> CreatedError {
        let path = self.path.clone();
        move |source| CreatedError {
            path,
            doing,
            source,
        }
    }
}

/// The key of an import's row: its journal's name and the row's index.
pub fn row_key(journal: &str, row: usize) -> String {
    format!("{journal}:{row}")
}

/// The entry to name: a confirmed create before one whose outcome is unknown, then the newest.
fn newest<'a>(entries: impl Iterator<Item = &'a Entry>) -> Option<Earlier> {
    entries
        .max_by_key(|entry| (entry.id.is_some(), entry.seq))
        .map(|entry| Earlier {
            at: entry.line.at,
            source: entry.line.source.clone(),
            pet_id: entry.id,
        })
}

#[cfg(test)]
mod tests;
