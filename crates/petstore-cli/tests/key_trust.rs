//! A stored key goes only where it was set for: `--base-url` without `--env` uses no stored key
//! but the one of the environment configured with exactly that address; `--env E --base-url`
//! on another server is refused unless `--trust-url`. `PETSTORE_API_KEY` goes anywhere.
//!
//! Uses the REAL Secret Service, like tests/keychain.rs (see there for how to run). The tests
//! here share keychain entries, so they take turns.

mod support;

use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};

use support::{KEY, TestSandbox, petstore, text};

/// Refused by every test sandbox: where it is sent shows as exit 3.
const WRONG_KEY: &str = "stored-but-wrong-7731";

static KEYCHAIN: Mutex<()> = Mutex::new(());

/// Holds the keychain for one test, with `key` stored for `env` (cleared again on drop).
struct StoredKey<'a> {
    dir: &'a Path,
    env: &'static str,
    _turn: MutexGuard<'static, ()>,
}

impl<'a> StoredKey<'a> {
    fn new(dir: &'a Path, env: &'static str, key: &str) -> StoredKey<'a> {
        let turn = KEYCHAIN.lock().unwrap_or_else(PoisonError::into_inner);
        let out = petstore(dir, None)
            .args(["key", "set", "--env", env])
            .write_stdin(format!("{key}\n"))
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "storing a key needs an unlocked Secret Service (see tests/keychain.rs): {}",
            text(&out.stderr)
        );
        StoredKey {
            dir,
            env,
            _turn: turn,
        }
    }
}

impl Drop for StoredKey<'_> {
    fn drop(&mut self) {
        let _ = petstore(self.dir, None)
            .args(["key", "clear", "--env", self.env])
            .output();
    }
}

fn write_settings(dir: &Path, json: serde_json::Value) {
    std::fs::write(dir.join("settings.json"), json.to_string()).unwrap();
}

#[test]
fn a_stored_key_is_not_sent_to_another_server_without_trust_url() {
    let sandbox = TestSandbox::start();
    let dir = sandbox.config_dir.path();
    let url = sandbox.url();
    let _stored = StoredKey::new(dir, "production", KEY);
    write_settings(
        dir,
        serde_json::json!({ "productionUrl": "https://prod.example.invalid/v1" }),
    );

    let out = petstore(dir, None)
        .args(["--env", "production", "--base-url", &url, "list"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for needle in [
        "nothing was sent",
        "https://prod.example.invalid/v1",
        "would go to another server",
        "--trust-url",
        "PETSTORE_API_KEY",
    ] {
        assert!(stderr.contains(needle), "{needle:?} in: {stderr}");
    }
    assert!(!stderr.contains(KEY));
    assert_eq!(sandbox.sandbox.request_count(), 0, "refused before sending");

    // The person's explicit choices: --trust-url, or a key in the environment variable.
    let out = petstore(dir, None)
        .args([
            "--env",
            "production",
            "--base-url",
            &url,
            "--trust-url",
            "list",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = petstore(dir, Some(KEY))
        .args(["--env", "production", "--base-url", &url, "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    // No address configured for production: nowhere is its own server.
    write_settings(dir, serde_json::json!({}));
    let out = petstore(dir, None)
        .args(["--env", "production", "--base-url", &url, "list"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("production has no address configured"),
        "{stderr}"
    );

    // Its own server, even under another path, is where the key belongs.
    let origin = url.strip_suffix("/v1").unwrap();
    for own in [url.clone(), format!("{origin}/api/v1")] {
        write_settings(dir, serde_json::json!({ "productionUrl": own }));
        let out = petstore(dir, None)
            .args(["--env", "production", "--base-url", &url, "list"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{own}: {}", text(&out.stderr));
    }
}

#[test]
fn base_url_without_env_sends_no_stored_key_but_its_own_environments() {
    let sandbox = TestSandbox::start();
    let dir = sandbox.config_dir.path();
    let url = sandbox.url();
    let _stored = StoredKey::new(dir, "production", WRONG_KEY);

    // Production is the active environment, but this address is not its: its key stays home,
    // and the loopback sandbox gets the public demo key.
    write_settings(dir, serde_json::json!({ "environment": "production" }));
    let out = petstore(dir, None)
        .args(["-v", "--base-url", &url, "list"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(0),
        "the stored key was sent: {stderr}"
    );
    assert!(stderr.contains("sandbox's public demo key"), "{stderr}");

    // Exactly production's address: its stored key is the one sent (and refused here).
    write_settings(
        dir,
        serde_json::json!({ "environment": "sandbox", "productionUrl": url }),
    );
    let out = petstore(dir, None)
        .args(["--base-url", &url, "list"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("The API key for production was refused"),
        "{stderr}"
    );
    assert!(!stderr.contains(WRONG_KEY));

    // Another server, no key for it: refused before anything is sent, saying what to do.
    write_settings(dir, serde_json::json!({ "environment": "production" }));
    let out = petstore(dir, None)
        .args(["--base-url", "https://api.example.invalid/v1", "list"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    for needle in [
        "No API key for https://api.example.invalid/v1",
        "PETSTORE_API_KEY",
        "--trust-url",
    ] {
        assert!(stderr.contains(needle), "{needle:?} in: {stderr}");
    }
}

#[test]
fn a_stored_sandbox_key_stays_with_the_sandboxs_own_address() {
    let sandbox = TestSandbox::start();
    let dir = sandbox.config_dir.path();
    let url = sandbox.url();
    let _stored = StoredKey::new(dir, "sandbox", WRONG_KEY);
    // The test sandbox is not on the sandbox's fixed port: another server for the stored key.
    let out = petstore(dir, None)
        .args(["--env", "sandbox", "--base-url", &url, "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(sandbox.sandbox.request_count(), 0);
    // As the installed-package check calls it: the key in the environment variable.
    let out = petstore(dir, Some(petstore_client::SANDBOX_DEMO_KEY))
        .args([
            "--env",
            "sandbox",
            "--base-url",
            &url,
            "--json",
            "list",
            "--limit",
            "3",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_loopback_base_url_with_nothing_set_uses_the_demo_key() {
    // No keychain entry is read for an address no environment has, so this needs none.
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(None)
        .args(["--json", "list", "--limit", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn trust_url_needs_env() {
    let dir = tempfile::TempDir::new().unwrap();
    let out = petstore(dir.path(), Some(KEY))
        .args(["--base-url", "http://127.0.0.1:9/v1", "--trust-url", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("--env"), "{}", text(&out.stderr));
}
