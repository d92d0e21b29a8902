//! Running other programs, with errors that say which step failed.

use std::ffi::OsStr;
use std::fmt;
use std::process::{Command, Stdio};

/// A step of an xtask command or of the installer check that did not work out, in words for the person at the terminal.
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

/// Standard output of `command`; fails with its standard error when it fails.
pub fn capture(command: &mut Command) -> Result<String> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command
        .output()
        .map_err(|e| StepError(format!("could not start `{program}`: {e}")))?;
    if !output.status.success() {
        return fail(format!(
            "`{program}` failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Whether this process runs as root (`id -u` is 0).
pub fn is_root() -> bool {
    capture(Command::new("id").arg("-u")).is_ok_and(|id| id.trim() == "0")
}

/// The command line of `command`, as the logs show it.
pub fn describe(command: &Command) -> String {
    let mut text = command.get_program().to_string_lossy().into_owned();
    for arg in command.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn capture_returns_standard_output() {
        let out = capture(Command::new("sh").args(["-c", "echo pets"])).expect("sh runs");
        assert_eq!(out, "pets\n");
    }

    #[test]
    fn capture_names_the_program_and_its_error_when_it_fails() {
        let error = capture(Command::new("sh").args(["-c", "echo no such root >&2; exit 3"]))
            .expect_err("exit 3 is a failure");
        let message = error.to_string();
        assert!(message.contains("`sh` failed"), "{message}");
        assert!(message.contains("no such root"), "{message}");
    }

    #[test]
    fn run_shows_the_whole_command_that_failed() {
        let error = run(Command::new("sh").args(["-c", "exit 1"])).expect_err("exit 1");
        assert!(
            error.to_string().contains("`sh -c exit 1` failed"),
            "{error}"
        );
        let missing = run(&mut Command::new("no-such-program-petstore")).expect_err("missing");
        assert!(
            missing
                .to_string()
                .contains("could not start `no-such-program-petstore`"),
            "{missing}"
        );
    }
}
