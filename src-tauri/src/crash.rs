//! Crashes leave a trace. Release builds abort on a panic (`panic = "abort"`), so nothing of
//! the app runs after it: the hook installed first thing in `run()` writes, before the abort,
//! one line to the app's log file (the panic's message and where in the code, bounded: see
//! `petstore_local::panic_note`) and a marker file in the app's data folder. At the next start
//! the backend finds the marker and the UI says that the app closed unexpectedly, with the log
//! file's path ([`LastCrash`]); the marker is removed once that was answered.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chrono::{DateTime, SecondsFormat, Utc};
use petstore_local::panic_note::PanicNote;
use serde::{Deserialize, Serialize};

use crate::dto::CrashNotice;
use crate::logging;

/// The marker's name in the app's data folder.
pub const MARKER_FILE: &str = "last-crash.json";
/// The largest marker read: it holds one instant.
const MAX_MARKER_BYTES: u64 = 4096;
/// The log line's target, as the plugin's lines name theirs.
const LOG_TARGET: &str = "petstore_admin::crash";

/// Where a crash leaves its trace. `None`: this computer gives the app no such folder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CrashFiles {
    /// The log folder (`logging::log_dir`).
    pub log_dir: Option<PathBuf>,
    /// The marker file.
    pub marker: Option<PathBuf>,
}

impl CrashFiles {
    /// The app's own: its log folder, and the marker in its data folder (`PETSTORE_DATA_DIR`
    /// overrides it, as for the rest of the app's data).
    pub fn desktop() -> CrashFiles {
        CrashFiles {
            log_dir: logging::log_dir(),
            marker: petstore_local::data_dir().map(|dir| dir.join(MARKER_FILE)),
        }
    }

    /// The log file the line goes to.
    pub fn log_file(&self) -> Option<PathBuf> {
        self.log_dir.as_deref().map(logging::log_file)
    }
}

/// What the marker holds.
#[derive(Debug, Serialize, Deserialize)]
struct Marker {
    /// RFC 3339.
    at: String,
}

/// Installs the panic hook: the trace first, then the hook there was (the runtime's words on
/// stderr, for a terminal).
pub fn install(files: CrashFiles) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        record(&files, &PanicNote::of(info), Utc::now());
        previous(info);
    }));
}

/// Writes the trace of the panic `note` describes. Never panics (a panic in the hook would
/// abort before anything is written); a file that cannot be written is said on stderr.
pub fn record(files: &CrashFiles, note: &PanicNote, now: DateTime<Utc>) {
    if let Some(dir) = &files.log_dir {
        let text = format!("Petstore Admin stopped on a bug: {note}");
        let line = logging::line(now, log::Level::Error, LOG_TARGET, &text);
        if let Err(error) = logging::append(dir, &line) {
            eprintln_quietly(&format!("the log file could not be written: {error}"));
        }
    }
    if let Some(marker) = &files.marker
        && let Err(error) = write_marker(marker, now)
    {
        eprintln_quietly(&format!("the crash marker could not be written: {error}"));
    }
}

fn write_marker(path: &Path, now: DateTime<Utc>) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let marker = Marker {
        at: now.to_rfc3339_opts(SecondsFormat::Millis, true),
    };
    std::fs::write(path, serde_json::to_vec(&marker).unwrap_or_default())
}

/// stderr without `eprintln!`, which panics when stderr is closed.
fn eprintln_quietly(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "Petstore Admin: {text}");
}

/// The notice of the last run's crash, read once per run: the marker is removed when first
/// asked for, and the notice kept for the rest of the run (a reloaded window shows it again).
#[derive(Debug, Default)]
pub struct LastCrash {
    files: CrashFiles,
    notice: OnceLock<Option<CrashNotice>>,
}

impl LastCrash {
    pub fn new(files: CrashFiles) -> LastCrash {
        LastCrash {
            files,
            notice: OnceLock::new(),
        }
    }

    /// The notice, when the last run crashed.
    pub fn notice(&self) -> Option<CrashNotice> {
        self.notice.get_or_init(|| self.take()).clone()
    }

    fn take(&self) -> Option<CrashNotice> {
        let path = self.files.marker.as_deref()?;
        let mut bytes = Vec::new();
        match std::fs::File::open(path) {
            Ok(file) => {
                if let Err(error) = file.take(MAX_MARKER_BYTES).read_to_end(&mut bytes) {
                    log::warn!(
                        "the crash marker {} cannot be read: {error}",
                        path.display()
                    );
                }
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return None,
            Err(error) => {
                log::warn!(
                    "the crash marker {} cannot be read: {error}",
                    path.display()
                );
            }
        }
        // A marker there is a crash, even when what it says cannot be read.
        let at = serde_json::from_slice::<Marker>(&bytes)
            .ok()
            .and_then(|marker| DateTime::parse_from_rfc3339(&marker.at).ok())
            .map(|at| {
                at.with_timezone(&Utc)
                    .to_rfc3339_opts(SecondsFormat::Millis, true)
            });
        if let Err(error) = std::fs::remove_file(path) {
            log::warn!(
                "the crash marker {} cannot be removed: {error}",
                path.display()
            );
        }
        let log_file = self.files.log_file();
        log::info!(
            "the last run stopped on a bug{}; told the person",
            at.as_deref()
                .map(|at| format!(" at {at}"))
                .unwrap_or_default()
        );
        Some(CrashNotice {
            at,
            log_file: log_file.map(|file| file.display().to_string()),
        })
    }
}
