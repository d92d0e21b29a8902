//! `petstore key …` against the REAL Secret Service, and the stored key in use.
//!
//! These tests need a D-Bus session with an unlocked Secret Service. Run them as:
//!
//! ```sh
//! export XDG_DATA_HOME=$(mktemp -d)
//! dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec cargo test -p petstore-cli'
//! ```
//! (Debian packages: dbus-daemon, gnome-keyring.) Without one they fail, saying so: never skipped.
//! Each test uses its own environment name, so they do not race on one keychain entry.

mod support;

use std::path::Path;

use support::{KEY, TestSandbox, petstore, text};

const HOW_TO_RUN: &str = "These tests need an unlocked Secret Service on a D-Bus session bus. Run:\n  \
    export XDG_DATA_HOME=$(mktemp -d)\n  \
    dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets \
    >/dev/null; exec cargo test -p petstore-cli'\n\
    (Debian/Ubuntu packages: dbus-daemon gnome-keyring)";

/// `petstore key status --env ENV`, failing the test with how to run it when no keychain answers.
fn status(dir: &Path, env: &str) -> String {
    let out = petstore(dir, None)
        .args(["key", "status", "--env", env])
        .output()
        .unwrap();
    assert!(
        out.status.code() != Some(9),
        "{HOW_TO_RUN}\n\npetstore said: {}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn set_status_use_and_clear_a_production_key() {
    let sandbox = TestSandbox::start();
    let dir = sandbox.config_dir.path();
    // Start clean whatever an earlier run left in this keyring.
    let _ = petstore(dir, None)
        .args(["key", "clear", "--env", "production"])
        .output();
    assert!(status(dir, "production").contains("No API key is stored for production"));

    let out = petstore(dir, None)
        .args(["key", "set", "--env", "production"])
        .write_stdin(format!("  {KEY}  \n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.trim(),
        "Stored the API key for production (••••-key)."
    );
    assert_never_shown(&out, KEY);

    let shown = status(dir, "production");
    assert!(
        shown.contains("An API key is stored for production (••••-key)"),
        "{shown}"
    );
    assert!(!shown.contains(KEY));

    // The stored key is the one sent: the sandbox accepts only it and the demo key. Production
    // has no address configured here, so sending its key to the sandbox needs --trust-url.
    let out = petstore(dir, None)
        .args([
            "--env",
            "production",
            "--base-url",
            &sandbox.url(),
            "--trust-url",
        ])
        .args(["--json", "list", "--limit", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_never_shown(&out, KEY);

    let out = petstore(dir, None)
        .args(["key", "clear", "--env", "production"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Removed the API key for production"));
    let out = petstore(dir, None)
        .args(["key", "clear", "--env", "production"])
        .output()
        .unwrap();
    assert!(text(&out.stdout).contains("There was no API key stored for production"));
    assert!(status(dir, "production").contains("No API key is stored"));

    // And without it, production says how to store one.
    let out = petstore(dir, None)
        .args(["--env", "production", "--base-url", &sandbox.url(), "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("petstore key set --env production"));
}

#[test]
fn staging_key_is_never_printed_even_as_json_and_env_var_wins() {
    let sandbox = TestSandbox::start();
    let dir = sandbox.config_dir.path();
    let secret = "staging-secret-9f3a1c77";
    let _ = status(dir, "staging");
    let out = petstore(dir, None)
        .args(["--json", "key", "set", "--env", "staging"])
        .write_stdin(format!("{secret}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_never_shown(&out, secret);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["masked"], "••••1c77");
    assert_never_shown(
        &petstore(dir, None)
            .args(["--json", "key", "status", "--env", "staging"])
            .output()
            .unwrap(),
        secret,
    );

    // The stored staging key is wrong for this sandbox: the env var must take precedence.
    let out = petstore(dir, Some(KEY))
        .args(["--env", "staging", "--base-url", &sandbox.url(), "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Staging has no address configured: its stored key goes to the sandbox only when trusted.
    let out = petstore(dir, None)
        .args(["--env", "staging", "--base-url", &sandbox.url(), "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "refused: {}", text(&out.stderr));
    assert_never_shown(&out, secret);
    let out = petstore(dir, None)
        .args([
            "--env",
            "staging",
            "--base-url",
            &sandbox.url(),
            "--trust-url",
            "list",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "the stored key was sent and refused"
    );
    assert_never_shown(&out, secret);

    let out = petstore(dir, None)
        .args(["key", "clear", "--env", "staging"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn an_empty_key_is_refused_and_nothing_is_stored() {
    let dir = tempfile::TempDir::new().unwrap();
    let _ = status(dir.path(), "sandbox");
    let out = petstore(dir.path(), None)
        .args(["key", "set", "--env", "sandbox"])
        .write_stdin("   \n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("API key"),
        "{}",
        text(&out.stderr)
    );
    assert!(status(dir.path(), "sandbox").contains("No API key is stored for sandbox"));
}

#[test]
fn sandbox_falls_back_to_the_demo_key() {
    let sandbox = TestSandbox::with_config(petstore_sandbox::SandboxConfig::default(), None);
    let dir = sandbox.config_dir.path();
    assert!(status(dir, "sandbox").contains("No API key is stored for sandbox"));
    let out = petstore(dir, None)
        .args([
            "--env",
            "sandbox",
            "--base-url",
            &sandbox.url(),
            "--json",
            "list",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

fn assert_never_shown(out: &std::process::Output, secret: &str) {
    let shown = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(!shown.contains(secret), "the key was printed: {shown}");
}
