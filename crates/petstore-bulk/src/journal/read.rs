//! Reading a journal back: its lines replayed into the rows' states, checked line by line;
//! a torn last line is the caller's to drop.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::{FORMAT, JournalError, MAX_JOURNAL_BYTES, RowState, UnknownReason};

/// What a journal's lines say, checked line by line.
#[derive(Debug, Default)]
pub(super) struct Replayed {
    pub(super) origin: String,
    pub(super) row_count: usize,
    pub(super) rows: BTreeMap<usize, RowState>,
    pub(super) before: Option<BTreeSet<i64>>,
    pub(super) source: Option<PathBuf>,
    pub(super) finished: bool,
}

/// `expect`: the origin and row count the journal must be for (`None`: whatever it says).
pub(super) fn replay(
    text: &str,
    path: &Path,
    expect: Option<(&str, usize)>,
) -> Result<Replayed, JournalError> {
    let mut replayed = Replayed::default();
    let mut before = BTreeSet::new();
    for (number, line) in text.lines().enumerate() {
        let damaged = |reason: &str| JournalError::Damaged {
            path: path.to_owned(),
            line: number + 1,
            reason: reason.to_owned(),
        };
        if let Some(quoted) = line.strip_prefix("source ") {
            let text: String =
                serde_json::from_str(quoted).map_err(|_| damaged("a source that is not a path"))?;
            replayed.source = Some(PathBuf::from(text));
            continue;
        }
        let mut words = line.split(' ');
        let word = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        match (number, word, rest.as_slice()) {
            (0, _, _) if line == FORMAT => {}
            (0, _, _) => return Err(damaged("not an import journal of this version")),
            (_, "origin", [origin]) => {
                if expect.is_some_and(|(want, _)| want != *origin) {
                    return Err(damaged("made for another environment"));
                }
                replayed.origin = (*origin).to_owned();
            }
            (_, "rows", [count]) => {
                replayed.row_count = count.parse().map_err(|_| damaged("rows is not a number"))?;
                if expect.is_some_and(|(_, want)| want != replayed.row_count) {
                    return Err(damaged("made for another number of rows"));
                }
            }
            (_, "before", [ids]) => {
                for text in ids.split(',').filter(|t| !t.is_empty()) {
                    before.insert(text.parse().map_err(|_| damaged("an id is not a number"))?);
                }
            }
            (_, "before-end", [count]) if count.parse() == Ok(before.len()) => {
                replayed.before = Some(std::mem::take(&mut before));
            }
            (_, "finished", []) => replayed.finished = true,
            (_, event, args) => {
                let (row, state) =
                    parse_event(event, args).ok_or_else(|| damaged("unknown event"))?;
                if row >= replayed.row_count {
                    return Err(damaged("a row beyond the file"));
                }
                replayed.rows.insert(row, state);
            }
        }
    }
    Ok(replayed)
}

fn parse_event(event: &str, args: &[&str]) -> Option<(usize, RowState)> {
    let row = args.first()?.parse().ok()?;
    let state = match (event, &args[1..]) {
        ("sent", []) => RowState::Sent,
        ("created", [id]) => RowState::Created {
            id: id.parse().ok()?,
        },
        ("failed", [kind]) => RowState::Failed {
            kind: (*kind).to_owned(),
        },
        ("unknown", ["outcome"]) => RowState::Unknown {
            reason: UnknownReason::Outcome,
        },
        ("unknown", ["not-found"]) => RowState::Unknown {
            reason: UnknownReason::NotFound,
        },
        ("unknown", ["unchecked"]) => RowState::Unknown {
            reason: UnknownReason::Unchecked,
        },
        _ => return None,
    };
    Some((row, state))
}

pub(super) fn read_bounded(file: &mut File) -> io::Result<String> {
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::new();
    file.take(MAX_JOURNAL_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_JOURNAL_BYTES {
        return Err(io::Error::other(format!(
            "it is larger than {MAX_JOURNAL_BYTES} bytes"
        )));
    }
    // A torn multi-byte character can only be in the torn last line, which is dropped.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
