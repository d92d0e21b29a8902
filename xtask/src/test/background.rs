//! A stage's compiling started early, at the lowest CPU priority, so that it uses the time the
//! stages before it leave the CPUs idle (tests waiting on a window, a server or a download)
//! instead of adding its own minutes at the end. The foreground stages keep the CPUs whenever
//! they want them: a process at nice 19 gets about 1.5% of a core against one at nice 0.
//!
//! Its commands write to a log file (their output would otherwise interleave with the stages'),
//! and end with the suite: a failed stage before it stops them (the whole process group, so no
//! rustc is left compiling after the suite has exited).

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::cmd::{Result, StepError, describe, fail};

/// How much of a failed log is printed: enough for rustc's error and its context.
const LOG_TAIL_LINES: usize = 80;

/// Commands running one after another on a thread, at the lowest priority.
pub struct Background {
    thread: Option<JoinHandle<Result>>,
    shared: Arc<Mutex<Shared>>,
    log: PathBuf,
    started: Instant,
}

#[derive(Default)]
struct Shared {
    /// The suite ended first: start nothing more.
    cancelled: bool,
    /// The process group of the command running now.
    running: Option<u32>,
}

impl Background {
    /// Starts `steps` (each a description and its command) in order; the first that fails ends
    /// the run. Everything they print goes to `log`.
    pub fn start(steps: Vec<(String, Command)>, log: PathBuf) -> Result<Background> {
        if let Some(dir) = log.parent() {
            fs::create_dir_all(dir).map_err(|e| StepError(format!("{}: {e}", dir.display())))?;
        }
        let file = File::create(&log).map_err(|e| StepError(format!("{}: {e}", log.display())))?;
        let shared = Arc::new(Mutex::new(Shared::default()));
        let thread = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || run_steps(steps, &file, &shared))
        };
        Ok(Background {
            thread: Some(thread),
            shared,
            log,
            started: Instant::now(),
        })
    }

    pub fn log(&self) -> &Path {
        &self.log
    }

    /// Waits for the commands to end; returns how long they ran in all. A failure carries the
    /// end of the log.
    pub fn wait(mut self) -> Result<Duration> {
        let outcome = match self.thread.take().map(JoinHandle::join) {
            Some(Ok(outcome)) => outcome,
            Some(Err(_)) => fail("the background build's thread panicked"),
            None => fail("the background build was already waited for"),
        };
        match outcome {
            Ok(()) => Ok(self.started.elapsed()),
            Err(StepError(message)) => {
                print_tail(&self.log);
                fail(format!(
                    "{message} (in the background; its log: {})",
                    self.log.display()
                ))
            }
        }
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        let Some(thread) = self.thread.take() else {
            return;
        };
        {
            let mut shared = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
            shared.cancelled = true;
            if let Some(group) = shared.running {
                stop_group(group);
            }
        }
        let _ = thread.join();
    }
}

fn run_steps(steps: Vec<(String, Command)>, log: &File, shared: &Mutex<Shared>) -> Result {
    for (what, command) in steps {
        let mut command = lowest_priority(&command);
        let out = log.try_clone().map_err(|e| StepError(e.to_string()))?;
        let err = log.try_clone().map_err(|e| StepError(e.to_string()))?;
        {
            use std::io::Write;
            let _ = writeln!(&*log, "\n==> {what}\n{}", describe(&command));
        }
        command.stdin(Stdio::null()).stdout(out).stderr(err);
        let mut child = {
            let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
            if shared.cancelled {
                return fail("the suite ended before the background build");
            }
            let child = command
                .spawn()
                .map_err(|e| StepError(format!("could not start `{what}`: {e}")))?;
            shared.running = Some(child.id());
            child
        };
        let status = child
            .wait()
            .map_err(|e| StepError(format!("`{what}`: {e}")))?;
        shared
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .running = None;
        if !status.success() {
            return fail(format!("{what} failed ({status})"));
        }
    }
    Ok(())
}

/// `command` under `nice -n 19`, in a process group of its own (so it can be stopped with every
/// compiler it started).
#[cfg(unix)]
fn lowest_priority(command: &Command) -> Command {
    use std::os::unix::process::CommandExt;
    let mut niced = Command::new("nice");
    niced
        .args(["-n", "19"])
        .arg(command.get_program())
        .args(command.get_args());
    copy_env_and_dir(command, &mut niced);
    niced.process_group(0);
    niced
}

/// Elsewhere the commands run at normal priority (the background build is made for the Linux
/// suite; this keeps the module portable).
#[cfg(not(unix))]
fn lowest_priority(command: &Command) -> Command {
    let mut copy = Command::new(command.get_program());
    copy.args(command.get_args());
    copy_env_and_dir(command, &mut copy);
    copy
}

fn copy_env_and_dir(from: &Command, to: &mut Command) {
    for (key, value) in from.get_envs() {
        match value {
            Some(value) => to.env(key, value),
            None => to.env_remove(key),
        };
    }
    if let Some(dir) = from.get_current_dir() {
        to.current_dir(dir);
    }
}

#[cfg(unix)]
fn stop_group(group: u32) {
    let _ = Command::new("kill")
        .args(["-TERM", "--", &format!("-{group}")])
        .status();
}

#[cfg(not(unix))]
fn stop_group(pid: u32) {
    let _ = Command::new("taskkill")
        .args(["/T", "/F", "/PID", &pid.to_string()])
        .status();
}

fn print_tail(log: &Path) {
    let Ok(text) = fs::read_to_string(log) else {
        return;
    };
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(LOG_TAIL_LINES);
    println!("--- the last lines of {} ---", log.display());
    for line in &lines[from..] {
        println!("{line}");
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("xtask-background-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn shell(script: &str) -> Command {
        let mut command = Command::new("sh");
        command.args(["-c", script]);
        command
    }

    #[test]
    fn steps_run_in_order_niced_into_the_log() {
        let dir = scratch("order");
        let log = dir.join("build.log");
        let background = Background::start(
            vec![
                ("first".into(), shell("echo one; nice")),
                ("second".into(), shell("echo two >&2")),
            ],
            log.clone(),
        )
        .unwrap();
        background.wait().unwrap();
        let text = fs::read_to_string(&log).unwrap();
        let one = text.find("one").unwrap();
        assert!(text[one..].contains("19"), "not niced: {text}");
        assert!(text.find("two").unwrap() > one, "{text}");
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn a_failing_step_fails_the_wait_and_stops_the_rest() {
        let dir = scratch("fail");
        let marker = dir.join("ran");
        let background = Background::start(
            vec![
                ("breaks".into(), shell("echo the reason; exit 3")),
                (
                    "after".into(),
                    shell(&format!("touch '{}'", marker.display())),
                ),
            ],
            dir.join("build.log"),
        )
        .unwrap();
        let error = background.wait().unwrap_err();
        assert!(error.0.contains("breaks failed"), "{}", error.0);
        assert!(!marker.exists());
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn dropping_it_stops_the_running_command_and_its_children() {
        let dir = scratch("drop");
        fs::create_dir_all(&dir).unwrap();
        let marker = dir.join("child-finished");
        let background = Background::start(
            vec![(
                "slow".into(),
                shell(&format!("(sleep 3; touch '{}') & wait", marker.display())),
            )],
            dir.join("build.log"),
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        let stopped = Instant::now();
        drop(background);
        assert!(stopped.elapsed() < Duration::from_secs(2));
        std::thread::sleep(Duration::from_secs(4));
        assert!(!marker.exists(), "the child went on after the suite ended");
        let _ = fs::remove_dir_all(dir);
    }
}
