//! `petstore quota --forget` clears a remembered wait at most once a minute per address and key.
//! Each run is a new process, so the time of the last clearing is kept in the shared waits file:
//! a script that clears the wait and sends again in a loop is stopped at its second clearing.
//! The real binary against a real sandbox that answers a real 429.

mod support;

use support::{KEY, TestSandbox, text};

#[test]
fn a_second_forget_within_a_minute_is_refused_and_the_wait_stays() {
    let sandbox = TestSandbox::with_a_remembered_wait(KEY);
    let forget = || {
        sandbox
            .petstore(Some(KEY))
            .args(["quota", "--forget"])
            .output()
            .unwrap()
    };
    let first = forget();
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));

    // What a loop would do next: send again. The quota is still spent, so the service answers
    // 429 once more and the wait is remembered again.
    let again = sandbox
        .petstore(Some(KEY))
        .args(["--timeout", "1", "list"])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(5), "{}", text(&again.stderr));
    let sent = sandbox.sandbox.request_count();

    let second = forget();
    let stderr = text(&second.stderr);
    assert_eq!(second.status.code(), Some(5), "rate limited: {stderr}");
    assert!(
        stderr.contains("cleared less than a minute ago"),
        "says why: {stderr}"
    );
    assert!(stderr.contains("local time"), "says from when: {stderr}");
    assert!(
        stderr.contains(&sandbox.url()),
        "names the address: {stderr}"
    );
    assert!(text(&second.stdout).is_empty(), "{}", text(&second.stdout));

    // The wait is still remembered, and nothing was sent.
    let quota = sandbox.petstore(Some(KEY)).arg("quota").output().unwrap();
    assert!(
        text(&quota.stdout).contains("Rate limited until"),
        "{}",
        text(&quota.stdout)
    );
    assert_eq!(sandbox.sandbox.request_count(), sent);
}

#[test]
fn the_refusal_is_worded_in_german_too() {
    let sandbox = TestSandbox::with_a_remembered_wait(KEY);
    let forget = || {
        sandbox
            .petstore(Some(KEY))
            .env("LANG", "de_DE.UTF-8")
            .args(["quota", "--forget"])
            .output()
            .unwrap()
    };
    assert_eq!(forget().status.code(), Some(0));
    let second = forget();
    let stderr = text(&second.stderr);
    assert_eq!(second.status.code(), Some(5), "{stderr}");
    assert!(
        stderr.contains("vor weniger als einer Minute gelöscht"),
        "{stderr}"
    );
}
