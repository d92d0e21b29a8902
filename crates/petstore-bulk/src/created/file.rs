//! The file of one environment: reading back what was appended (by this process or another),
//! appending one event under the lock, and rewriting it with the newest entries.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

use super::{CreatedError, CreatedPets, Entry, Event, MAX_CREATED_BYTES, MAX_REMEMBERED};

impl CreatedPets {
    /// Reads what was appended since the last read (by this process or another); all of it again
    /// when the file was rewritten shorter meanwhile.
    pub(super) fn catch_up(&mut self) -> Result<(), CreatedError> {
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

    pub(super) fn write(&mut self, event: Event) -> Result<(), CreatedError> {
        self.write_unless(event, |_| None::<()>).map(|_| ())
    }

    /// Writes `event` unless `refuse`, asked under the lock once what other programs wrote has
    /// been read, answers something: then nothing is written and that answer is returned.
    pub(super) fn write_unless<T>(
        &mut self,
        event: Event,
        refuse: impl FnOnce(&CreatedPets) -> Option<T>,
    ) -> Result<Option<T>, CreatedError> {
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
        if let Some(refused) = refuse(self) {
            return Ok(Some(refused));
        }
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
        Ok(None)
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
