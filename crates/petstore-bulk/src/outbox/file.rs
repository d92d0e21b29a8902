//! The outbox file: read whole under its lock, changed, written whole (synced, renamed).

use chrono::Utc;
use petstore_local::localfile::{self, FileLock, Readers};
use serde::{Deserialize, Serialize};

use super::{EntryState, MAX_OUTBOX_BYTES, Outbox, OutboxEntry, OutboxError};

/// What the file holds.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct OutboxFile {
    /// The last id given, so an id is never given twice, even after its entry left.
    pub next_id: u64,
    pub entries: Vec<OutboxEntry>,
}

impl OutboxFile {
    /// Where entry `id` is, when it is not being sent.
    pub fn position_idle(&self, id: u64) -> Result<usize, OutboxError> {
        let at = self
            .entries
            .iter()
            .position(|entry| entry.id == id)
            .ok_or(OutboxError::NotFound { id })?;
        if matches!(self.entries[at].state, EntryState::Sending { .. }) {
            return Err(OutboxError::BeingSent { id });
        }
        Ok(at)
    }
}

impl Outbox {
    /// Runs `change` on the file under its lock; writes it back when `change` says it changed
    /// something (the second of its answer). A file that cannot be read is kept aside and named.
    pub(super) fn change<T>(
        &self,
        change: impl FnOnce(&mut OutboxFile) -> Result<(T, bool), OutboxError>,
    ) -> Result<T, OutboxError> {
        let _lock = FileLock::acquire(&self.path).map_err(self.io("locked"))?;
        let mut file = self.read()?;
        let (answer, changed) = change(&mut file)?;
        if changed {
            let mut bytes = serde_json::to_vec(&file)
                .map_err(|e| self.io("written")(std::io::Error::other(e)))?;
            bytes.push(b'\n');
            localfile::write_atomically(&self.path, &bytes, Readers::Default)
                .map_err(self.io("written"))?;
        }
        Ok(answer)
    }

    /// The file as it is (empty when there is none). The caller holds the lock.
    fn read(&self) -> Result<OutboxFile, OutboxError> {
        let problem = match localfile::read_bounded(&self.path, MAX_OUTBOX_BYTES) {
            Ok(None) => return Ok(OutboxFile::default()),
            Ok(Some(bytes)) => match serde_json::from_slice::<OutboxFile>(&bytes) {
                Ok(file) => return Ok(file),
                Err(error) => error.to_string(),
            },
            Err(error) if error.kind() == std::io::ErrorKind::FileTooLarge => error.to_string(),
            Err(error) => return Err(self.io("read")(error)),
        };
        let kept_as =
            localfile::keep_aside(&self.path, Utc::now()).map_err(self.io("kept aside"))?;
        log::warn!(
            "{}: could not be read ({problem}); kept as {}",
            self.path.display(),
            kept_as.display()
        );
        Err(OutboxError::Damaged {
            path: self.path.clone(),
            kept_as,
            problem,
        })
    }

    fn io(&self, doing: &'static str) -> impl Fn(std::io::Error) -> OutboxError + '_ {
        move |source| OutboxError::Io {
            path: self.path.clone(),
            doing,
            source,
        }
    }
}
