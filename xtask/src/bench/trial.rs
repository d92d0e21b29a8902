//! One trial: a fresh process with fresh folders, timed from spawn to its marker line on stdout,
//! its memory read once it has settled, then the whole tree stopped.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::procs::{self, ProcMemory};
use crate::cmd::{Result, StepError, fail};

/// How long a trial may take to show its marker before it counts as failed.
const PATIENCE: Duration = Duration::from_secs(60);

/// What to start and what it prints when its first frame (or table) is on screen.
#[derive(Debug, Clone)]
pub struct Subject {
    pub label: &'static str,
    pub binary: PathBuf,
    pub marker: &'static str,
    /// Variables on top of the trial's folders and the display.
    pub env: Vec<(&'static str, String)>,
    /// Files written into the trial's config folder first (path inside it, contents).
    pub config_files: Vec<(&'static str, String)>,
}

#[derive(Debug, Clone)]
pub struct Outcome {
    pub to_marker: Duration,
    /// What followed the marker on its line (the app's row count).
    pub marker_tail: String,
    pub memory: Vec<ProcMemory>,
}

/// Runs `subject` once in `scratch` (emptied first) on `display`.
pub fn run(subject: &Subject, scratch: &Path, display: &str, settle: Duration) -> Result<Outcome> {
    let _ = fs::remove_dir_all(scratch);
    let mut command = Command::new(&subject.binary);
    crate::session::use_private_xdg_dirs(&mut command, scratch)?;
    for (path, contents) in &subject.config_files {
        let file = scratch.join("config").join(path);
        if let Some(parent) = file.parent() {
            fs::create_dir_all(parent).map_err(|e| io_error(parent, &e))?;
        }
        fs::write(&file, contents).map_err(|e| io_error(&file, &e))?;
    }
    command
        .env("DISPLAY", display)
        .env("NO_AT_BRIDGE", "1")
        .envs(subject.env.iter().map(|(k, v)| (*k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());

    let started = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| StepError(format!("could not start {}: {e}", subject.binary.display())))?;
    let stdout = child.stdout.take();
    let (lines, receive) = mpsc::channel();
    // Reads every line until the process ends, so it never blocks on a full pipe.
    thread::spawn(move || {
        if let Some(stdout) = stdout {
            for line in BufReader::new(stdout).lines().map_while(|l| l.ok()) {
                if lines.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        }
    });

    let found = wait_for_marker(&receive, subject.marker, started);
    let outcome = match found {
        Ok((to_marker, marker_tail)) => {
            thread::sleep(settle);
            Ok(Outcome {
                to_marker,
                marker_tail,
                memory: procs::memory(child.id()),
            })
        }
        Err(error) => Err(error),
    };
    procs::stop_tree(&procs::tree(child.id()), Duration::from_secs(5));
    let _ = child.kill();
    let _ = child.wait();
    outcome.map_err(|e| StepError(format!("{}: {e}", subject.label)))
}

fn wait_for_marker(
    lines: &mpsc::Receiver<(Instant, String)>,
    marker: &str,
    started: Instant,
) -> Result<(Duration, String)> {
    loop {
        let left = PATIENCE.saturating_sub(started.elapsed());
        match lines.recv_timeout(left) {
            Ok((at, line)) => {
                if let Some(at_marker) = line.find(marker) {
                    let tail = line[at_marker + marker.len()..].trim().to_owned();
                    return Ok((at.duration_since(started), tail));
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                return fail(format!("no `{marker}` line within {PATIENCE:?}"));
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return fail(format!("exited before printing `{marker}`"));
            }
        }
    }
}

fn io_error(path: &Path, error: &std::io::Error) -> StepError {
    StepError(format!("could not write {}: {error}", path.display()))
}
