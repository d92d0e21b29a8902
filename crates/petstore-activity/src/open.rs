//! Opening the file: refuse a newer one without touching it, move a damaged one aside and start
//! afresh, and set every connection up the same way (WAL, busy timeout, schema up to date).

use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, ErrorCode, OpenFlags};

use crate::error::ActivityError;
use crate::schema::{self, SCHEMA_VERSION};

/// How long a statement waits for another process's write lock before giving up. The app and
/// several CLI processes write the same file; their transactions last milliseconds, so ten
/// seconds is only ever reached by a stuck process.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The companions SQLite keeps beside the file. A stale `-wal` left beside a fresh file would be
/// replayed into it, so they go wherever the file goes.
const COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// The two connections of a store: the writer thread's and the one queries (and the rare writes
/// of `resolve` and `prune`) use, so a long listing never holds up recording.
#[derive(Debug)]
pub(crate) struct Opened {
    pub writer: Connection,
    pub reader: Connection,
    pub moved_aside: Option<PathBuf>,
}

pub(crate) fn open(path: &Path) -> Result<Opened, ActivityError> {
    let cause = match open_checked(path) {
        Ok(opened) => return Ok(opened),
        Err(Failure::Corrupt(cause)) => cause,
        Err(Failure::Fatal(error)) => return Err(error),
    };
    // Another process may have found the same damage a moment ago and already put a fresh file
    // in its place (this connection still saw the old one): then that fresh file is the one.
    match open_checked(path) {
        Ok(opened) => return Ok(opened),
        Err(Failure::Corrupt(_)) => {}
        Err(Failure::Fatal(error)) => return Err(error),
    }
    log::warn!(
        "activity history {} is damaged ({cause}); moving it aside",
        path.display()
    );
    let moved = move_aside(path, Utc::now()).map_err(|error| ActivityError::Unavailable {
        path: path.to_owned(),
        cause: format!("it is damaged ({cause}) and could not be moved aside: {error}"),
    })?;
    log::warn!(
        "activity history: the damaged file is kept as {}",
        moved.display()
    );
    match open_checked(path) {
        Ok(opened) => Ok(Opened {
            moved_aside: Some(moved),
            ..opened
        }),
        Err(Failure::Corrupt(cause)) => Err(ActivityError::Unavailable {
            path: path.to_owned(),
            cause: format!("a new file is damaged at once ({cause})"),
        }),
        Err(Failure::Fatal(error)) => Err(error),
    }
}

enum Failure {
    /// SQLite says the file is not a database or is damaged.
    Corrupt(String),
    Fatal(ActivityError),
}

impl From<ActivityError> for Failure {
    fn from(error: ActivityError) -> Self {
        match error {
            ActivityError::Sqlite(error) if is_corruption(&error) => {
                Failure::Corrupt(error.to_string())
            }
            other => Failure::Fatal(other),
        }
    }
}

/// The file's two connections, or why it cannot be opened; nothing moved aside (yet).
fn open_checked(path: &Path) -> Result<Opened, Failure> {
    check_read_only(path)?;
    let mut writer = connect(path)?;
    set_wal(&writer)?;
    schema::migrate(&mut writer)?;
    probe(&writer)?;
    let reader = connect(path)?;
    Ok(Opened {
        writer,
        reader,
        moved_aside: None,
    })
}

/// Reads the schema version and probes an existing file through a read-only connection first:
/// setting WAL mode or a migration would write, and a newer version's file must stay byte for
/// byte as it was, as must a damaged one that is kept for a look. (A read-only connection never
/// checkpoints the WAL into the file when it closes.)
fn check_read_only(path: &Path) -> Result<(), Failure> {
    let exists_with_content = std::fs::metadata(path).is_ok_and(|meta| meta.len() > 0);
    if !exists_with_content {
        return Ok(());
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection =
        Connection::open_with_flags(path, flags).map_err(|error| unavailable(path, error))?;
    connection
        .busy_timeout(BUSY_TIMEOUT)
        .map_err(|error| unavailable(path, error))?;
    let found = schema::user_version(&connection).map_err(|error| unavailable(path, error))?;
    if found > SCHEMA_VERSION {
        return Err(Failure::Fatal(ActivityError::NewerSchema {
            found,
            supported: SCHEMA_VERSION,
        }));
    }
    if found >= 1 {
        probe(&connection).map_err(Failure::from)?;
    }
    Ok(())
}

fn connect(path: &Path) -> Result<Connection, Failure> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection =
        Connection::open_with_flags(path, flags).map_err(|error| unavailable(path, error))?;
    connection
        .busy_timeout(BUSY_TIMEOUT)
        .map_err(|error| unavailable(path, error))?;
    // In WAL mode NORMAL loses at most the last transactions on a power cut, never consistency;
    // FULL would sync on every batch for a history nobody needs to the last millisecond.
    connection
        .pragma_update(None, "synchronous", "NORMAL")
        .map_err(|error| unavailable(path, error))?;
    Ok(connection)
}

/// WAL lets the app read while CLI processes write. The mode is kept in the file, so only the
/// first opening changes it; that change needs the file to itself, so it is retried while
/// another process holds it, up to the busy timeout.
fn set_wal(connection: &Connection) -> Result<(), ActivityError> {
    let deadline = Instant::now() + BUSY_TIMEOUT;
    loop {
        let result = connection
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get::<_, String>(0));
        match result {
            Ok(mode) => {
                if !mode.eq_ignore_ascii_case("wal") {
                    log::warn!("activity history: journal mode is {mode}, not WAL");
                }
                return Ok(());
            }
            Err(error)
                if matches!(
                    error.sqlite_error_code(),
                    Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
                ) && Instant::now() < deadline =>
            {
                thread::sleep(Duration::from_millis(20));
            }
            Err(error) => return Err(error.into()),
        }
    }
}

/// Touches the schema, both ends of the listing index and the table's last row (what the first
/// listing reads), so a file damaged there is found now and moved aside rather than failing the
/// first query. A whole-file check would read every page on every start. Works on every schema
/// version from 1.
fn probe(connection: &Connection) -> Result<(), ActivityError> {
    connection.query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))?;
    // One aggregate per subquery: SQLite answers a lone min() or max() from an index's end, but
    // scans the whole table for several in one SELECT.
    connection.query_row(
        "SELECT (SELECT min(started_at) FROM activity), (SELECT max(started_at) FROM activity),
             (SELECT max(id) FROM activity)",
        [],
        |_| Ok(()),
    )?;
    Ok(())
}

fn unavailable(path: &Path, error: rusqlite::Error) -> Failure {
    if is_corruption(&error) {
        Failure::Corrupt(error.to_string())
    } else {
        Failure::Fatal(ActivityError::Unavailable {
            path: path.to_owned(),
            cause: error.to_string(),
        })
    }
}

/// True when SQLite found the file damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB`): such a file is
/// moved aside.
fn is_corruption(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
    )
}

/// Renames the file to `<name>.corrupt-<yyyymmddThhmmssZ>` (a `-2`, `-3`… after it if that
/// exists), and its companions to the same name plus their suffix, so SQLite would still pair
/// them if someone opens the kept copy. Returns the new path.
pub(crate) fn move_aside(path: &Path, now: DateTime<Utc>) -> std::io::Result<PathBuf> {
    let stamp = now.format("%Y%m%dT%H%M%SZ");
    let base = format!(
        "{}.corrupt-{stamp}",
        path.file_name().unwrap_or_default().to_string_lossy()
    );
    let target = (1..=100)
        .map(|n| match n {
            1 => path.with_file_name(&base),
            n => path.with_file_name(format!("{base}-{n}")),
        })
        .find(|candidate| !candidate.exists())
        .ok_or_else(|| std::io::Error::other("too many damaged copies kept already"))?;
    std::fs::rename(path, &target)?;
    for suffix in COMPANIONS {
        let companion = with_suffix(path, suffix);
        if !companion.exists() {
            continue;
        }
        if let Err(error) = std::fs::rename(&companion, with_suffix(&target, suffix)) {
            // Left in place it would be replayed into the fresh file; removing it is the
            // fallback, and if even that fails the fresh file cannot be trusted.
            log::warn!(
                "activity history: could not move {}: {error}",
                companion.display()
            );
            std::fs::remove_file(&companion)?;
        }
    }
    Ok(target)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// A read-only connection of its own (an export), set up like the others.
pub(crate) fn connect_reader(path: &Path) -> Result<Connection, ActivityError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(path, flags)?;
    connection.busy_timeout(BUSY_TIMEOUT)?;
    Ok(connection)
}
