//! `petstore key set` and `petstore proxy password` in a real terminal and from a pipe: typed in
//! a terminal the secret never shows, the prompt says so, and Ctrl+C at the prompt
//! leaves the terminal's echo on; piped in it is one line, as scripts have always given it,
//! and a line longer than any secret is refused.
//!
//! The terminal is a real pseudo-terminal made by util-linux's `script` (Debian package
//! bsdutils, there on every Debian and Ubuntu system). Uses the REAL Secret Service, like
//! tests/keychain.rs (see there for how to run); the tests here share keychain entries, so they
//! take turns. The terminal tests are Linux's (util-linux's `script`); the piped one runs
//! everywhere, Windows under Wine too.
#![cfg_attr(not(target_os = "linux"), allow(dead_code, unused_imports))]

mod support;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::sync::mpsc;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use support::{petstore, text};

static KEYCHAIN: Mutex<()> = Mutex::new(());

/// The proxy a password is stored for (never reached: nothing is sent).
const PROXY: &str = "http://127.0.0.1:3128";

fn turn() -> MutexGuard<'static, ()> {
    KEYCHAIN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `petstore ARGS` with stdin piped, failing with how to run the test when no keychain answers.
fn piped(dir: &Path, args: &[&str], stdin: impl Into<Vec<u8>>) -> std::process::Output {
    let out = petstore(dir, None)
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert_ne!(
        out.status.code(),
        Some(9),
        "these tests need an unlocked Secret Service (see tests/keychain.rs): {}",
        text(&out.stderr)
    );
    out
}

fn key_status(dir: &Path, env: &str) -> String {
    text(&piped(dir, &["key", "status", "--env", env], "").stdout)
}

/// What a terminal showed while `petstore ARGS` ran in it and `typed` was typed once the prompt
/// was up, then `EXIT=<code>` and the terminal's settings (`stty -a`) after it ended.
fn in_terminal(dir: &Path, args: &str, typed: &[u8]) -> String {
    let bin = env!("CARGO_BIN_EXE_petstore");
    let shell = format!("'{bin}' {args}; echo \"EXIT=$?\"; stty -a");
    let mut cmd = StdCommand::new("script");
    // -q: no start and end lines; -e: its own exit code; -c: the command; no typescript file.
    cmd.args(["-qec", &shell, "/dev/null"])
        .env("SHELL", "/bin/sh")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    petstore_testnet::isolate_desk(&mut cmd, dir);
    let mut child = cmd.spawn().expect(
        "util-linux's `script` makes the terminal for this test (Debian/Ubuntu package bsdutils)",
    );
    let mut stdout = child.stdout.take().expect("piped");
    let (send, chunks) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buffer) {
            if send.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut stdin = child.stdin.take();
    // Kept open until the end: `script` ends when the command does, not when its input does.
    let mut typed_into = None;
    loop {
        match chunks.recv_timeout(Duration::from_millis(100)) {
            Ok(chunk) => shown.extend(chunk),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) if Instant::now() > deadline => {
                let _ = child.kill();
                panic!("the terminal did not finish in time: {}", text(&shown));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if typed_into.is_none() && text(&shown).contains("press Enter") {
            // The prompt comes just before the echo goes off: give the read a moment to start.
            std::thread::sleep(Duration::from_millis(500));
            let mut input = stdin.take().expect("once");
            input.write_all(typed).expect("typed");
            typed_into = Some(input);
        }
    }
    let status = child.wait().expect("script ends");
    drop(typed_into);
    let shown = text(&shown);
    assert!(status.success(), "script failed: {shown}");
    shown
}

fn exit_code(shown: &str) -> &str {
    shown
        .split("EXIT=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no exit code in {shown:?}"))
}

#[cfg(target_os = "linux")]
#[test]
fn a_key_typed_in_a_terminal_never_shows_and_is_stored() {
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let secret = "typed-in-a-terminal-4711";
    piped(dir.path(), &["key", "clear", "--env", "staging"], "");

    let shown = in_terminal(
        dir.path(),
        "key set --env staging",
        format!("{secret}\r").as_bytes(),
    );
    assert!(!shown.contains(secret), "the key showed: {shown}");
    assert!(
        !shown.contains("typed-in"),
        "part of the key showed: {shown}"
    );
    assert!(
        shown.contains(
            "Paste the API key for staging and press Enter (it will not show as you type or paste):"
        ),
        "{shown}"
    );
    assert!(
        shown.contains("Stored the API key for staging (••••4711)."),
        "{shown}"
    );
    assert_eq!(exit_code(&shown), "0", "{shown}");
    assert!(
        key_status(dir.path(), "staging").contains("(••••4711)"),
        "the typed key was stored"
    );
    piped(dir.path(), &["key", "clear", "--env", "staging"], "");
}

#[cfg(target_os = "linux")]
#[test]
fn a_proxy_password_typed_in_a_terminal_never_shows_and_is_stored() {
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let secret = "proxy pass with spaces 93";
    let shown = in_terminal(
        dir.path(),
        &format!("--proxy {PROXY} proxy password"),
        format!("{secret}\r").as_bytes(),
    );
    assert!(!shown.contains("proxy pass with"), "it showed: {shown}");
    assert!(
        shown.contains("Type the proxy's password and press Enter (it will not show as you type):"),
        "{shown}"
    );
    assert!(
        shown.contains("Stored the proxy's password in the keychain."),
        "{shown}"
    );
    assert_eq!(exit_code(&shown), "0", "{shown}");
    let out = piped(
        dir.path(),
        &["--proxy", PROXY, "proxy", "clear-password"],
        "",
    );
    assert!(
        text(&out.stdout).contains("Removed the proxy's password"),
        "it was stored: {}",
        text(&out.stdout)
    );
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_at_the_prompt_stores_nothing_and_the_terminal_shows_typing_again() {
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    piped(dir.path(), &["key", "clear", "--env", "production"], "");
    let shown = in_terminal(dir.path(), "key set --env production", b"half-a-key\x03");
    assert!(!shown.contains("half-a-key"), "{shown}");
    assert!(
        shown.contains("Stopped (Ctrl+C); nothing was stored."),
        "{shown}"
    );
    assert_eq!(exit_code(&shown), "130", "{shown}");
    let settings = shown.split("EXIT=").nth(1).unwrap_or_default();
    assert!(
        settings.contains(" echo ") && !settings.contains("-echo "),
        "the terminal's echo is back on (stty -a): {settings}"
    );
    assert!(key_status(dir.path(), "production").contains("No API key is stored"));
}

#[test]
fn piped_secrets_are_one_line_as_before_with_no_prompt_and_bounded() {
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    // A Windows line ending and a second line, as a file saved by Notepad may give.
    let out = piped(
        dir.path(),
        &["key", "set", "--env", "sandbox"],
        "  piped-key-0042 \r\nsecond line\r\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("(••••0042)"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(text(&out.stderr), "", "no prompt for a pipe");

    // Longer than any key: refused, and the key stored before stays.
    let out = piped(
        dir.path(),
        &["key", "set", "--env", "sandbox"],
        format!("{}\n", "k".repeat(5000)),
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("longer than any key or password (4096 bytes at most)"),
        "{}",
        text(&out.stderr)
    );
    assert!(key_status(dir.path(), "sandbox").contains("(••••0042)"));
    piped(dir.path(), &["key", "clear", "--env", "sandbox"], "");

    let out = piped(
        dir.path(),
        &["--proxy", PROXY, "proxy", "password"],
        "pipe pass\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "", "no prompt for a pipe");
    let out = piped(
        dir.path(),
        &["--proxy", PROXY, "proxy", "password"],
        "p".repeat(5000).into_bytes(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    piped(
        dir.path(),
        &["--proxy", PROXY, "proxy", "clear-password"],
        "",
    );
}
