//! Helpers shared by the sandbox's HTTP tests: start a sandbox, send requests, read Error bodies and quotas.
#![allow(dead_code)]

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use petstore_sandbox::{ManualClock, Plan, Sandbox, SandboxConfig};
use reqwest::{RequestBuilder, Response, StatusCode};
use serde_json::Value;

pub const KEY: &str = "test-key";

/// Start of a minute and a day window with the lengths below, plus half a second.
pub const T0: u64 = 1_800_000_000;
pub const MINUTE: u64 = 10;
pub const DAY: u64 = 100;

pub fn loopback() -> SocketAddr {
    SocketAddr::from((Ipv4Addr::LOCALHOST, 0))
}

pub fn config(plan: Plan) -> SandboxConfig {
    SandboxConfig::default().with_key(KEY, plan)
}

pub fn big_plan() -> Plan {
    Plan::Enterprise {
        per_minute: 1_000_000,
        per_day: 1_000_000,
    }
}

pub async fn start(config: SandboxConfig) -> Sandbox {
    Sandbox::start(config).await.expect("sandbox starts")
}

/// A sandbox on a clock stopped at T0 + 0.5 s, with 10 s "minute" and 100 s "day" windows.
pub async fn start_with_clock(config: SandboxConfig) -> (Sandbox, ManualClock) {
    let clock = ManualClock::at_unix(T0, 500);
    let config = SandboxConfig {
        minute_window: std::time::Duration::from_secs(MINUTE),
        day_window: std::time::Duration::from_secs(DAY),
        ..config
    };
    let sandbox = Sandbox::start_with_clock(loopback(), config, Arc::new(clock.clone()))
        .await
        .expect("sandbox starts");
    (sandbox, clock)
}

pub struct Api {
    pub http: reqwest::Client,
    pub base: String,
    pub key: String,
}

impl Api {
    pub fn new(sandbox: &Sandbox) -> Self {
        Api {
            http: reqwest::Client::new(),
            base: sandbox.base_url(),
            key: KEY.to_owned(),
        }
    }

    pub fn get(&self, path: &str) -> RequestBuilder {
        self.http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.key)
    }

    pub fn post_json(&self, body: &Value) -> RequestBuilder {
        self.http
            .post(format!("{}/pets", self.base))
            .bearer_auth(&self.key)
            .json(body)
    }

    pub async fn send(&self, request: RequestBuilder) -> Response {
        request.send().await.expect("the sandbox answers")
    }
}

/// An Error body checked for the spec's shape: exactly code, message and status, status equal to the
/// HTTP status, served as JSON.
#[derive(Debug)]
pub struct ErrorBody {
    pub status: StatusCode,
    pub code: String,
    pub message: String,
}

pub async fn error_body(response: Response) -> ErrorBody {
    let status = response.status();
    assert_eq!(
        response.headers()["content-type"],
        "application/json",
        "error answers are JSON"
    );
    let body: Value = response.json().await.expect("a JSON body");
    let object = body.as_object().expect("an object");
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["code", "message", "status"], "body: {body}");
    assert_eq!(body["status"].as_u64(), Some(u64::from(status.as_u16())));
    ErrorBody {
        status,
        code: body["code"].as_str().expect("code is text").to_owned(),
        message: body["message"]
            .as_str()
            .expect("message is text")
            .to_owned(),
    }
}

/// (limit, remaining, reset) from the X-RateLimit-* headers, which every answer must carry.
pub fn quota(response: &Response) -> (u64, u64, u64) {
    let number = |name: &str| -> u64 {
        response
            .headers()
            .get(name)
            .unwrap_or_else(|| panic!("{name} missing on a {}", response.status()))
            .to_str()
            .expect("ASCII")
            .parse()
            .expect("an integer")
    };
    (
        number("x-ratelimit-limit"),
        number("x-ratelimit-remaining"),
        number("x-ratelimit-reset"),
    )
}

pub fn retry_after(response: &Response) -> u64 {
    response.headers()["retry-after"]
        .to_str()
        .expect("ASCII")
        .parse()
        .expect("whole seconds")
}

/// An answer to [`raw_request`]: the status, the head as text, and the body as JSON.
#[derive(Debug)]
pub struct RawResponse {
    pub status: u16,
    pub head: String,
    pub body: Value,
}

/// Sends `request` as written (for heads an HTTP client would not send: no Host, two Hosts, an absolute
/// target) on a new connection and reads the answer to the end. `request` must ask `Connection: close`.
pub async fn raw_request(addr: SocketAddr, request: &str) -> RawResponse {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connect to the sandbox");
    stream
        .write_all(request.as_bytes())
        .await
        .expect("send the request");
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .await
        .expect("read the answer");
    let answer = String::from_utf8(answer).expect("a text answer");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .expect("a status line");
    RawResponse {
        status,
        head: head.to_owned(),
        body: serde_json::from_str(body).expect("a JSON body"),
    }
}
