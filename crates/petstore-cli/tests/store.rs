//! `petstore store connect|status|disconnect` against a real PostgreSQL (one per test) and the
//! REAL keychain: run as tests/keychain.rs says (a private D-Bus session with an unlocked
//! gnome-keyring, as `cargo xtask test` does). Without one the connect fails with exit 9, and
//! these tests say how to run them. Each test has its own server, so its own store address and
//! so its own keychain entry: they do not race.

#![cfg(unix)]

mod support;

use std::path::Path;
use std::process::Output;

use petstore_test_support::postgres::TestPostgres;
use support::{petstore, text};
use tempfile::TempDir;

const USER: &str = "petstore_desk";
const PASSWORD: &str = "desk s3cret-xyz";

/// A cluster with a desk user that owns the database `petstore` (so its first connect creates
/// the store).
fn cluster() -> TestPostgres {
    TestPostgres::with_store_owner(USER, PASSWORD, "petstore")
}

fn url(pg: &TestPostgres) -> String {
    format!("postgres://{USER}@{}:{}/petstore", pg.host(), pg.port())
}

fn run(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = petstore(dir, None);
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_owned());
    }
    cmd.output().unwrap()
}

fn connect(dir: &Path, pg: &TestPostgres, desk: &str, password: &str) -> Output {
    let out = run(
        dir,
        &["store", "connect", &url(pg), "--desk", desk],
        Some(&format!("{password}\n")),
    );
    assert_ne!(
        out.status.code(),
        Some(9),
        "no keychain? run these tests as tests/keychain.rs says: {}",
        text(&out.stderr)
    );
    out
}

fn assert_never_shown(out: &Output) {
    for stream in [&out.stdout, &out.stderr] {
        assert!(!text(stream).contains(PASSWORD), "{}", text(stream));
    }
}

fn settings_text(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("settings.json")).unwrap_or_default()
}

#[test]
fn connect_status_and_disconnect_round_trip_without_the_password_in_a_file_or_output() {
    let pg = cluster();
    let desk = TempDir::new().unwrap();
    let dir = desk.path();
    let before = run(dir, &["store", "status"], None);
    assert_eq!(before.status.code(), Some(18), "{}", text(&before.stderr));
    assert!(text(&before.stderr).contains("No shared store is set up"));

    let out = connect(dir, &pg, "FRONT", PASSWORD);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    for proven in [
        "This desk (FRONT) now shares the store",
        "on this computer (unencrypted",
        &format!("signed in as {USER} to the database petstore"),
        "schema version 3",
        "other desks seen: 0",
        "Sharing: yes.",
    ] {
        assert!(said.contains(proven), "{proven:?} in {said}");
    }
    assert_never_shown(&out);
    let settings = settings_text(dir);
    assert!(settings.contains("\"sharedStore\""), "{settings}");
    assert!(settings.contains("\"desk\": \"FRONT\""), "{settings}");
    assert!(!settings.contains(PASSWORD), "{settings}");

    let status = run(dir, &["--json", "store", "status"], None);
    assert_eq!(status.status.code(), Some(0), "{}", text(&status.stderr));
    assert_never_shown(&status);
    let json: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(json["sharing"], true);
    assert_eq!(json["signedIn"], true);
    assert_eq!(json["schemaVersion"], 3);
    assert_eq!(json["encrypted"], false);
    assert_eq!(json["desk"], "FRONT");
    assert_eq!(json["setBy"], "person");

    let out = run(dir, &["store", "disconnect"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("no longer uses the shared store"));
    assert!(!settings_text(dir).contains("sharedStore"));
    let after = run(dir, &["store", "status"], None);
    assert_eq!(after.status.code(), Some(18), "{}", text(&after.stderr));

    // The password left the keychain too: the address set again by hand has none.
    let by_hand = format!(
        "{{\"sharedStore\": {{\"host\": \"{}\", \"port\": {}, \"database\": \"petstore\", \"user\": \"{USER}\"}}}}",
        pg.host(),
        pg.port()
    );
    std::fs::write(dir.join("settings.json"), by_hand).unwrap();
    let none = run(dir, &["store", "status"], None);
    assert_eq!(none.status.code(), Some(18), "{}", text(&none.stderr));
    assert!(
        text(&none.stderr).contains("no password for it is stored"),
        "{}",
        text(&none.stderr)
    );
}

#[test]
fn a_wrong_password_is_named_and_nothing_is_saved() {
    let pg = cluster();
    let desk = TempDir::new().unwrap();
    let dir = desk.path();
    let out = connect(dir, &pg, "FRONT", "not the password");
    assert_eq!(out.status.code(), Some(20), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(said.contains("did not let petstore_desk sign in"), "{said}");
    assert!(said.contains("Nothing was saved"), "{said}");
    assert!(!said.contains("not the password"), "{said}");
    assert!(!settings_text(dir).contains("sharedStore"));
    let status = run(dir, &["store", "status"], None);
    assert_eq!(status.status.code(), Some(18), "{}", text(&status.stderr));
}

#[test]
fn a_password_in_the_address_is_refused_and_not_repeated() {
    let desk = TempDir::new().unwrap();
    let out = run(
        desk.path(),
        &[
            "store",
            "connect",
            "postgres://desk:hunter2@db.example:5432/petstore",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(said.contains("must not contain the password"), "{said}");
    assert!(!said.contains("hunter2"), "{said}");
}

#[test]
fn a_stopped_store_is_unreachable_and_a_running_one_is_shared_again() {
    let mut pg = cluster();
    let desk = TempDir::new().unwrap();
    let dir = desk.path();
    let out = connect(dir, &pg, "FRONT", PASSWORD);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    pg.stop();
    let status = run(dir, &["store", "status"], None);
    assert_eq!(status.status.code(), Some(19), "{}", text(&status.stderr));
    assert!(text(&status.stderr).contains("could not be reached"));
    pg.start_again();
    let status = run(dir, &["store", "status"], None);
    assert_eq!(status.status.code(), Some(0), "{}", text(&status.stderr));
}

#[test]
fn the_system_wide_file_sets_the_store_and_wins() {
    let pg = cluster();
    let desk = TempDir::new().unwrap();
    let dir = desk.path();
    let system = dir.join("system-settings.json");
    std::fs::write(
        &system,
        format!(
            "{{\"sharedStore\": {{\"host\": \"{}\", \"port\": {}, \"database\": \"petstore\", \"user\": \"{USER}\", \"desk\": \"ADMIN-SET\"}}}}",
            pg.host(),
            pg.port()
        ),
    )
    .unwrap();
    let with_system = |args: &[&str], stdin: Option<&str>| {
        let mut cmd = petstore(dir, None);
        cmd.env("PETSTORE_SYSTEM_SETTINGS", &system).args(args);
        if let Some(input) = stdin {
            cmd.write_stdin(input.to_owned());
        }
        cmd.output().unwrap()
    };
    // Another store than the administrator's is refused.
    let other = with_system(
        &[
            "store",
            "connect",
            "postgres://someone@db.example:5432/other",
        ],
        None,
    );
    assert_eq!(other.status.code(), Some(9), "{}", text(&other.stderr));
    assert!(text(&other.stderr).contains("system-wide settings file sets the shared store"));
    // The administrator's store: the password is stored, the person's file left alone.
    let out = with_system(
        &["store", "connect", &url(&pg)],
        Some(&format!("{PASSWORD}\n")),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("This desk (ADMIN-SET)"));
    assert!(!settings_text(dir).contains("sharedStore"));
    let status = with_system(&["store", "status"], None);
    assert_eq!(status.status.code(), Some(0), "{}", text(&status.stderr));
    assert!(
        text(&status.stdout).contains("set by the system-wide settings file"),
        "{}",
        text(&status.stdout)
    );
    let out = with_system(&["store", "disconnect"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("stays set by the system-wide settings file"));
    let status = with_system(&["store", "status"], None);
    assert_eq!(status.status.code(), Some(18), "{}", text(&status.stderr));
}
