//! `-v` / `-vv`: what the command did, on stderr, and never the key.

mod support;

use support::{TestSandbox, text};

/// Distinctive, so any trace of it in the output is found.
const SECRET: &str = "vv-secret-key-5d81c3e9";

fn sandbox() -> TestSandbox {
    TestSandbox::for_key(SECRET)
}

#[test]
fn vv_logs_the_choices_made_and_never_the_key() {
    let sandbox = sandbox();
    let out = sandbox
        .petstore(Some(SECRET))
        .args(["-vv", "list", "--limit", "2"])
        .output()
        .unwrap();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stdout.contains(SECRET), "the key on stdout: {stdout}");
    assert!(!stderr.contains(SECRET), "the key on stderr: {stderr}");
    // Not even its tail, as a masked key would show it.
    assert!(!stderr.contains(&SECRET[SECRET.len() - 4..]), "{stderr}");

    let url = sandbox.url();
    let logged = |needle: &str| {
        stderr
            .lines()
            .any(|l| l.starts_with('[') && l.contains(needle))
    };
    assert!(logged("[INFO petstore"), "info lines of ours: {stderr}");
    assert!(logged("[DEBUG petstore"), "-vv adds debug lines: {stderr}");
    assert!(logged(&format!("base address {url}")), "{stderr}");
    assert!(
        logged("sending the API key in PETSTORE_API_KEY"),
        "{stderr}"
    );
    assert!(logged("rate-limit waits remembered in"), "{stderr}");
    // The client's request log, once it has one: method and path, never a header.
    let requests: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("petstore::http"))
        .collect();
    if !requests.is_empty() {
        assert!(
            requests
                .iter()
                .any(|l| l.contains("GET") && l.contains("/pets")),
            "{requests:?}"
        );
    }
    // The table is still the only thing on stdout.
    assert!(stdout.starts_with("ID"), "{stdout}");
}

#[test]
fn v_logs_info_only_and_no_flag_logs_nothing() {
    let sandbox = sandbox();
    let out = sandbox
        .petstore(Some(SECRET))
        .args(["-v", "list", "--limit", "2"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("[INFO petstore"), "{stderr}");
    assert!(!stderr.contains("DEBUG"), "-v is info only: {stderr}");
    assert!(!stderr.contains(SECRET), "{stderr}");

    // The whole list (40 demo pets in a page of 100): no "there may be more" note either.
    let out = sandbox
        .petstore(Some(SECRET))
        .args(["list", "--limit", "100"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "", "without -v, stderr stays quiet");
}

#[test]
fn a_failure_is_logged_and_still_explained_without_the_key() {
    let sandbox = sandbox();
    let wrong = "vv-wrong-key-0b7e44aa";
    let out = sandbox
        .petstore(Some(wrong))
        .args(["-vv", "quota"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(!stderr.contains(wrong), "{stderr}");
    assert!(
        stderr.contains("The API key in PETSTORE_API_KEY was refused"),
        "says which key: {stderr}"
    );
}
