//! Rate limits, time budgets, lost answers and missing configuration, end to end.

mod support;

use std::time::Duration;

use petstore_sandbox::Faults;
use support::{KEY, Running, TestSandbox, petstore, petstore_std, text};

#[test]
fn a_429_is_waited_out_with_a_notice_then_the_list_succeeds() {
    let sandbox = TestSandbox::rate_limited(Duration::from_secs(2));
    sandbox.exhaust_quota(KEY);
    let before = sandbox.sandbox.request_count();

    let mut cmd = petstore_std(sandbox.config_dir.path(), Some(KEY));
    cmd.args([
        "--base-url",
        &sandbox.url(),
        "--timeout",
        "60",
        "--json",
        "list",
        "--limit",
        "3",
    ]);
    let running = Running::spawn(cmd);
    let (notice, _) = running.wait_for_stderr("Waiting until");
    assert!(notice.contains("rate limited"), "says why: {notice}");
    assert!(notice.contains(" s)"), "says when: {notice}");
    // The window ends for the sandbox only now, whatever the real clock says.
    sandbox
        .clock
        .as_ref()
        .unwrap()
        .advance(Duration::from_secs(2));

    let (code, stdout, rest) = running.finish();
    assert_eq!(code, 0, "stderr after the notice: {rest:?}");
    let pets: serde_json::Value = serde_json::from_str(&stdout).expect("JSON on stdout");
    assert_eq!(pets.as_array().map(Vec::len), Some(3));
    let notices = rest.iter().filter(|l| l.contains("Waiting until")).count();
    assert!(notices <= 1, "one notice per wait: {rest:?}");
    assert!(
        sandbox.sandbox.request_count() - before >= 2,
        "the 429, then the retry"
    );
}

#[test]
fn timeout_during_a_rate_limit_wait_exits_5_with_the_retry_time() {
    let sandbox = TestSandbox::rate_limited(Duration::from_secs(600));
    sandbox.exhaust_quota(KEY);
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--timeout", "1", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("Try again after"), "{stderr}");
    assert!(
        stderr.contains(" min"),
        "the retry is minutes away: {stderr}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_rerun_during_a_rate_limit_wait_sends_nothing() {
    // A script that runs `petstore` again while told to wait must not earn the key a ban: the
    // wait learnt by the first run holds the next one without a request.
    let sandbox = TestSandbox::with_a_remembered_wait(KEY);
    let sent = sandbox.sandbox.request_count();
    for _ in 0..3 {
        let again = sandbox
            .petstore(Some(KEY))
            .args(["--timeout", "1", "list"])
            .output()
            .unwrap();
        assert_eq!(again.status.code(), Some(5), "{}", text(&again.stderr));
        assert!(text(&again.stderr).contains("Try again after"));
    }
    assert_eq!(
        sandbox.sandbox.request_count(),
        sent,
        "no request while the remembered wait lasts"
    );
}

#[test]
fn a_create_whose_answer_is_lost_exits_8_and_is_sent_once() {
    let sandbox = TestSandbox::start();
    sandbox.sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let out = sandbox
        .petstore(Some(KEY))
        .args(["add", "--name", "Ghost", "--category", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(8), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("petstore list"),
        "says how to check: {stderr}"
    );
    assert_eq!(sandbox.sandbox.request_count(), 1, "never resent");
}

#[test]
fn a_create_cut_short_by_the_timeout_is_outcome_unknown() {
    let sandbox = TestSandbox::start();
    sandbox.sandbox.set_faults(Faults {
        latency: Duration::from_secs(30),
        ..Faults::default()
    });
    let out = sandbox
        .petstore(Some(KEY))
        .args([
            "--timeout",
            "0.5",
            "add",
            "--name",
            "Slowpoke",
            "--category",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(8), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("petstore list"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(sandbox.sandbox.request_count(), 1, "never resent");
}

#[test]
fn a_slow_list_times_out_with_exit_7() {
    let sandbox = TestSandbox::start();
    sandbox.sandbox.set_faults(Faults {
        latency: Duration::from_secs(30),
        ..Faults::default()
    });
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--timeout", "0.5", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("--timeout"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn server_errors_exit_6() {
    let sandbox = TestSandbox::start();
    sandbox.sandbox.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let out = sandbox
        .petstore(Some(KEY))
        .args(["add", "--name", "Oops", "--category", "1"])
        .output()
        .unwrap();
    // A 5xx on a create may come after the pet was stored.
    assert_eq!(out.status.code(), Some(8), "{}", text(&out.stderr));
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--timeout", "20", "quota"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(6), "{}", text(&out.stderr));
}

#[test]
fn nothing_listening_is_a_network_error() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let dir = tempfile::TempDir::new().unwrap();
    let out = petstore(dir.path(), Some(KEY))
        .args(["--base-url", &format!("http://127.0.0.1:{port}/v1")])
        .args(["--timeout", "10", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7), "{}", text(&out.stderr));
}

#[test]
fn production_without_an_address_exits_9_and_says_how_to_set_one() {
    let dir = tempfile::TempDir::new().unwrap();
    let out = petstore(dir.path(), Some(KEY))
        .args(["--env", "production", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(9), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("PETSTORE_PRODUCTION_URL"), "{stderr}");
    assert!(stderr.contains("--base-url"), "{stderr}");
}

#[test]
fn a_machine_without_root_certificates_is_told_so_by_name() {
    // rustls-native-certs reads only these when they are set: an empty store, as on a Debian
    // root without the ca-certificates package.
    let dir = tempfile::TempDir::new().unwrap();
    let out = petstore(dir.path(), Some(KEY))
        .env("SSL_CERT_FILE", dir.path().join("no-such-bundle.pem"))
        .env("SSL_CERT_DIR", dir.path())
        .args(["--base-url", "https://127.0.0.1:9/v1", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(9), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("No CA certificates"), "{stderr}");
}

#[test]
fn the_loopback_sandbox_needs_no_root_certificates() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .env(
            "SSL_CERT_FILE",
            sandbox.config_dir.path().join("no-such-bundle.pem"),
        )
        .env("SSL_CERT_DIR", sandbox.config_dir.path())
        .args(["list", "--limit", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Biscuit"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_plain_http_address_for_another_host_is_refused() {
    let dir = tempfile::TempDir::new().unwrap();
    let out = petstore(dir.path(), Some(KEY))
        .args(["--base-url", "http://example.invalid/v1", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("https"), "{}", text(&out.stderr));
}

#[test]
fn quota_while_rate_limited_reports_zero_left_without_waiting() {
    let sandbox = TestSandbox::rate_limited(Duration::from_secs(600));
    sandbox.exhaust_quota(KEY);
    let before = sandbox.sandbox.request_count();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["quota", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let quota: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(quota["remaining"], 0);
    assert_eq!(quota["limit"], 60);
    assert_eq!(
        sandbox.sandbox.request_count() - before,
        1,
        "one request, no retry"
    );
}
