//! `petstore quota` shows a remembered rate-limit wait without sending; `quota --forget`
//! clears it.

mod support;

use support::{KEY, TestSandbox, stdout_json, text};

#[test]
fn quota_shows_a_remembered_wait_without_sending() {
    let sandbox = TestSandbox::with_a_remembered_wait(KEY);
    let sent = sandbox.sandbox.request_count();

    let out = sandbox.petstore(Some(KEY)).arg("quota").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Rate limited until"), "{stdout}");
    assert!(
        stdout.contains("local time (in "),
        "when, and how far: {stdout}"
    );
    assert!(stdout.contains(" min)"), "minutes away: {stdout}");
    assert!(stdout.contains("petstore quota --forget"), "{stdout}");

    let out = sandbox
        .petstore(Some(KEY))
        .args(["quota", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let quota = stdout_json(&out);
    let until = chrono::DateTime::parse_from_rfc3339(
        quota["rateLimitedUntil"]
            .as_str()
            .unwrap_or_else(|| panic!("rateLimitedUntil: {quota}")),
    )
    .unwrap();
    assert!(until > chrono::Utc::now(), "{quota}");
    assert_eq!(quota["remaining"], serde_json::Value::Null, "not asked");

    assert_eq!(
        sandbox.sandbox.request_count(),
        sent,
        "nothing sent while the wait lasts"
    );
}

#[test]
fn quota_forget_clears_the_wait_and_says_so() {
    let sandbox = TestSandbox::with_a_remembered_wait(KEY);
    let sent = sandbox.sandbox.request_count();

    let out = sandbox
        .petstore(Some(KEY))
        .args(["quota", "--forget"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Cleared the rate-limit wait remembered for"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&sandbox.url()),
        "names the address: {stdout}"
    );
    assert!(stdout.contains("local time"), "says until when: {stdout}");
    assert_eq!(
        sandbox.sandbox.request_count(),
        sent,
        "--forget sends nothing"
    );

    // Nothing to clear (another key: this one's next clearing waits a minute, tests/forget_limit.rs).
    let out = sandbox
        .petstore(Some(petstore_client::SANDBOX_DEMO_KEY))
        .args(["quota", "--forget", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json = stdout_json(&out);
    assert_eq!(json["forgotten"], false, "{json}");
    assert_eq!(json["until"], serde_json::Value::Null, "{json}");
    assert_eq!(json["baseUrl"], sandbox.url(), "{json}");

    // Forgotten: the next quota asks the service again (and learns the wait anew).
    let out = sandbox
        .petstore(Some(KEY))
        .args(["quota", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(sandbox.sandbox.request_count(), sent + 1);
    let quota = stdout_json(&out);
    assert_eq!(quota["remaining"], 0, "{quota}");
}

#[test]
fn a_wait_is_kept_per_key() {
    let sandbox = TestSandbox::with_a_remembered_wait(KEY);
    // Another key (the sandbox's demo key) has no wait of its own: forgetting finds nothing,
    // and the first key's wait stays.
    let out = sandbox
        .petstore(Some(petstore_client::SANDBOX_DEMO_KEY))
        .args(["quota", "--forget"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("No rate-limit wait was remembered"),
        "{}",
        text(&out.stdout)
    );
    let out = sandbox.petstore(Some(KEY)).arg("quota").output().unwrap();
    assert!(
        text(&out.stdout).contains("Rate limited until"),
        "{}",
        text(&out.stdout)
    );
}
