//! Running other programs, with errors that say which step failed.

use std::ffi::OsStr;
use std::fmt;
use std::process::{Command, Stdio};

/// A step of `run` or `test` that did not work out, in words for the person at the terminal.
#[derive(Debug)]
pub struct StepError(pub String);

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StepError {}

pub type Result<T = ()> = std::result::Result<T, StepError>;

pub fn fail<T>(message: impl Into<String>) -> Result<T> {
    Err(StepError(message.into()))
}

/// Prints a banner so a long log shows where each step starts.
pub fn step(title: &str) {
    println!("\n==> {title}");
}

/// Runs `command` with inherited output; fails when it exits non-zero.
pub fn run(command: &mut Command) -> Result {
    let shown = describe(command);
    let status = command
        .status()
        .map_err(|e| StepError(format!("could not start `{shown}`: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        fail(format!("`{shown}` failed ({status})"))
    }
}

/// True when `program --version` (or the given probe args) runs successfully.
pub fn works<S: AsRef<OsStr>>(program: &str, args: &[S]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Whether `program` is on PATH.
pub fn on_path(program: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| {
        let candidate = dir.join(program);
        candidate.is_file() || candidate.with_extension("exe").is_file()
    })
}

fn describe(command: &Command) -> String {
    let mut text = command.get_program().to_string_lossy().into_owned();
    for arg in command.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}
