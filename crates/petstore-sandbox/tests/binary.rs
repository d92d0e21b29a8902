//! The `petstore-sandbox` binary: startup line, a real request, refusal of remote hosts, clean stop.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_petstore-sandbox");

#[test]
fn refuses_a_non_loopback_host_without_allow_remote() {
    let output = Command::new(BIN)
        .args(["--host", "0.0.0.0", "--port", "0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--allow-remote"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn rejects_a_bad_key_plan() {
    let output = Command::new(BIN)
        .args(["--key", "k:gold"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown plan"));
}

#[cfg(unix)]
#[tokio::test]
async fn serves_the_given_keys_and_stops_on_sigterm() {
    let mut child = Command::new(BIN)
        .args([
            "--port",
            "0",
            "--key",
            "secret-one:free",
            "--key",
            "secret-two:enterprise=7/70",
            "--page-links",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(
        line.starts_with("petstore-sandbox listening on http://127.0.0.1:"),
        "{line}"
    );
    assert!(line.trim_end().ends_with("/v1 (keys: 2)"), "{line}");
    assert!(!line.contains("secret"), "keys are never printed");
    let base = line.split_whitespace().nth(3).unwrap().to_owned();

    let http = reqwest::Client::new();
    let response = http
        .get(format!("{base}/pets?limit=2"))
        .bearer_auth("secret-two")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-ratelimit-limit"], "7");
    assert!(
        response.headers().get("link").is_some(),
        "--page-links is on"
    );
    let demo = http
        .get(format!("{base}/pets"))
        .bearer_auth(petstore_sandbox::DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(demo.status(), 401, "given keys replace the demo key");

    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}

#[test]
fn help_tells_about_fault_control_and_accepted_hosts() {
    let output = Command::new(BIN).arg("--help").output().unwrap();
    assert!(output.status.success());
    // Help is wrapped to the terminal's width: compare with single spaces.
    let help = String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for needle in [
        "--faults",
        "/_sandbox/faults",
        "Authorization: Bearer <control token>",
        "127.0.0.1, localhost or [::1]",
        "421 Misdirected Request",
    ] {
        assert!(help.contains(needle), "{needle} missing from:\n{help}");
    }
}

#[tokio::test]
async fn faults_flag_prints_a_control_token_that_the_control_route_needs() {
    let mut child = Command::new(BIN)
        .args(["--port", "0", "--faults"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (mut first, mut second) = (String::new(), String::new());
    stdout.read_line(&mut first).unwrap();
    stdout.read_line(&mut second).unwrap();
    assert!(first.trim_end().ends_with("/v1 (keys: 1)"), "{first}");
    let base = first.split_whitespace().nth(3).unwrap().to_owned();
    let origin = base.strip_suffix("/v1").unwrap();
    let url = format!("{origin}/_sandbox/faults");
    let expected_start = format!("fault control on {url} with header `Authorization: Bearer ");
    let token = second
        .trim_end()
        .strip_prefix(&expected_start)
        .and_then(|rest| rest.strip_suffix('`'))
        .unwrap_or_else(|| panic!("{second}"))
        .to_owned();
    assert_eq!(token.len(), 64, "{second}");

    let http = reqwest::Client::new();
    let refused = http.get(&url).send().await.unwrap();
    assert_eq!(refused.status(), 401);
    let wrong = http
        .get(&url)
        .bearer_auth("0".repeat(64))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), 401);
    let switched = http
        .put(&url)
        .bearer_auth(&token)
        .json(&serde_json::json!({"errorRate": 1.0}))
        .send()
        .await
        .unwrap();
    assert_eq!(switched.status(), 200);
    let failing = http
        .get(format!("{base}/pets"))
        .bearer_auth(petstore_sandbox::DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(failing.status(), 503, "the faults switched over HTTP apply");
    // Windows has no SIGTERM (the first test checks the clean stop on Unix).
    child.kill().unwrap();
    child.wait().unwrap();
}
