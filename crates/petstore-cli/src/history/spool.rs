//! Recording without making the person wait: a network command appends each request's entry to
//! a spool file of its own (no SQLite, no sync on the request path), and a detached helper, this
//! same binary with a hidden first argument, moves the spool into the SQLite history once the
//! command has ended, while the person already has their answer. The helper is started at the
//! command's start, from a thread (its exec is not on the command's path), and waits for its
//! stdin, a pipe only the command holds, to close: the command's end, a SIGKILL too. The spool stays locked from the
//! command to the helper: the helper's stdout is the spool file itself, so the lock's open file
//! description lives on in it. A spool the helper never took (it could not start, or died) is
//! moved in by the next reader (`petstore log`, `petstore quota --history`, the app).

use std::process::ExitCode;

use petstore_activity::spool::is_spool_name;
use petstore_activity::{ActivityStore, Retention, Source, Spool, spool_dir};
use petstore_local::Settings;

/// The hidden first argument that makes this binary the helper:
/// `petstore __ingest-spool <spool name> <retention days> <max entries>`.
pub const HELPER_ARG: &str = "__ingest-spool";
/// How long the helper waits for its spool's lock when it did not inherit it (started by hand,
/// or on a system where the handle is not passed).
const HELPER_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// A network command's spool, and its helper, started beside the command (so the helper's
/// start is not on the command's path) and waiting for its stdin to close: the command's end,
/// however it ends (a SIGKILL too).
#[derive(Debug)]
pub struct Recording {
    spool: Spool,
    helper: Option<std::thread::JoinHandle<std::io::Result<std::process::Child>>>,
}

impl Recording {
    /// `None` (logged) when the spool cannot be created: the command runs unrecorded.
    pub fn start(settings: &Settings) -> Option<Recording> {
        let file = super::path()?;
        let prefs = settings.activity.clone().unwrap_or_default().effective();
        let retention = Retention {
            max_age_days: prefs.retention_days,
            max_entries: prefs.max_entries,
        };
        let spool = match Spool::create(&spool_dir(&file), Source::Cli) {
            Ok(spool) => spool,
            Err(error) => {
                log::warn!("this command is not recorded in the activity history: {error}");
                return None;
            }
        };
        // A helper that cannot start leaves the spool to the next reading.
        let helper = helper_command(&spool, retention)
            .and_then(|mut command| {
                std::thread::Builder::new()
                    .name("petstore-spool-helper".to_owned())
                    .spawn(move || command.spawn())
            })
            .map_err(|error| {
                log::warn!("the activity history is updated at the next reading: {error}")
            })
            .ok();
        Some(Recording { spool, helper })
    }

    pub fn sink(&self) -> std::sync::Arc<dyn petstore_client::ActivitySink> {
        self.spool.sink()
    }
}

/// The helper's command line, with the spool's handle as its stdout and a pipe of its own as
/// its stdin; nothing of the caller's, so a pipe reader (`petstore --json list | jq`) sees its
/// end when this command exits, not when the helper does.
fn helper_command(spool: &Spool, retention: Retention) -> std::io::Result<std::process::Command> {
    let mut command = std::process::Command::new(std::env::current_exe()?);
    command
        .arg(HELPER_ARG)
        .arg(spool.name())
        .arg(retention.max_age_days.to_string())
        .arg(retention.max_entries.to_string())
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.stdout(spool.handle()?);
        // Its own process group: a Ctrl-C meant for the command is not its.
        command.process_group(0);
    }
    #[cfg(not(unix))]
    command.stdout(std::process::Stdio::null());
    Ok(command)
}

impl Drop for Recording {
    fn drop(&mut self) {
        if self.spool.entries() == 0 {
            // The helper then finds no spool and ends.
            self.spool.clone().discard();
        }
        let started = self.helper.take().map(std::thread::JoinHandle::join);
        match started {
            // Its stdin closes here: the spool is complete, it may begin (never waited for).
            Some(Ok(Ok(mut child))) => drop(child.stdin.take()),
            Some(Ok(Err(error))) => {
                log::warn!("the activity history is updated at the next reading: {error}");
            }
            _ => {}
        }
    }
}

/// The helper, when this run is one (see [`HELPER_ARG`]); its exit code says nothing to anyone.
pub fn helper() -> Option<ExitCode> {
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() != Some(HELPER_ARG) {
        return None;
    }
    let (Some(name), Some(days), Some(entries)) = (args.next(), args.next(), args.next()) else {
        return Some(ExitCode::from(2));
    };
    let (Ok(max_age_days), Ok(max_entries)) = (days.parse(), entries.parse()) else {
        return Some(ExitCode::from(2));
    };
    if !is_spool_name(&name) {
        return Some(ExitCode::from(2));
    }
    let retention = Retention {
        max_age_days,
        max_entries,
    };
    // The command holds the other end of stdin until it ends: till then its spool grows.
    let mut discard = [0u8; 64];
    while matches!(std::io::Read::read(&mut std::io::stdin(), &mut discard), Ok(n) if n > 0) {}
    Some(match ingest(&name, retention) {
        Ok(()) => ExitCode::SUCCESS,
        Err(()) => ExitCode::FAILURE,
    })
}

fn ingest(name: &str, retention: Retention) -> Result<(), ()> {
    let file = super::path().ok_or(())?;
    let store = ActivityStore::open(&file, retention).map_err(drop)?.store;
    let path = spool_dir(&file).join(name);
    let Some(mut spool) = locked_spool(&path) else {
        // Another ingest has it; it moves it in.
        return Ok(());
    };
    store.ingest_spool(name, &mut spool).map_err(drop)?;
    drop(spool);
    // Leftovers of runs whose helper never came: not waited for, a reader takes the rest.
    store.ingest_spools(std::time::Duration::ZERO);
    Ok(())
}

/// The spool, locked: the handle the command passed as stdout when it is that very file, else
/// the file opened by name once its lock is free.
fn locked_spool(path: &std::path::Path) -> Option<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let inherited = std::io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .map(std::fs::File::from);
        if let (Ok(file), Ok(named)) = (inherited, std::fs::metadata(path))
            && let Ok(meta) = file.metadata()
            && meta.dev() == named.dev()
            && meta.ino() == named.ino()
        {
            return Some(file);
        }
    }
    let file = std::fs::File::open(path).ok()?;
    let deadline = std::time::Instant::now() + HELPER_LOCK_WAIT;
    loop {
        match file.try_lock() {
            Ok(()) => return Some(file),
            Err(std::fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(_) => return None,
        }
    }
}
