//! A panic in a real `petstore` process: a short message on stderr saying it is a
//! bug and what to report, and exit code 1, whichever thread panicked. The panic comes from the
//! test hook `PETSTORE_TEST_HOOK_PANIC`, which only debug builds have (`src/crash.rs`).

mod support;

use support::{petstore, text};

fn panicking(place: &str, language: Option<&str>) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = petstore(dir.path(), None);
    cmd.env("PETSTORE_TEST_HOOK_PANIC", place).args([
        "--base-url",
        "http://127.0.0.1:9/v1",
        "list",
    ]);
    if let Some(language) = language {
        cmd.env("LC_ALL", language);
    }
    let out = cmd.output().unwrap();
    assert_eq!(text(&out.stdout), "", "nothing on stdout");
    (out.status.code(), text(&out.stderr))
}

#[test]
fn a_panic_is_one_short_message_and_exit_code_1_on_any_thread() {
    for (place, thread) in [("main", "the main thread"), ("thread", "another thread")] {
        let (code, stderr) = panicking(place, None);
        assert_eq!(code, Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(
            stderr.starts_with("petstore stopped because of a bug: "),
            "{stderr}"
        );
        assert!(stderr.contains(thread), "the panic's message: {stderr}");
        assert!(
            stderr.contains("(at crates/petstore-cli/src/crash.rs:"),
            "where: {stderr}"
        );
        assert!(stderr.contains("Please report it"), "{stderr}");
        assert!(
            !stderr.contains("panicked at") && !stderr.contains("RUST_BACKTRACE"),
            "not the runtime's words: {stderr}"
        );
        assert!(
            !stderr.contains("did not end the run"),
            "the other thread's panic ended the run: {stderr}"
        );
    }
}

#[test]
fn the_message_is_in_the_runs_language() {
    let (code, stderr) = panicking("main", Some("de_DE.UTF-8"));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.starts_with("petstore wurde wegen eines Programmfehlers beendet: "),
        "{stderr}"
    );
}
