//! Helpers around the sandbox and the client (the `sandbox` feature, on by default).

use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment};
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A sandbox on 127.0.0.1:0 with `key` on the Pro plan (a quota no test meets), besides what
/// `config` sets.
pub async fn sandbox_for(key: &str, config: SandboxConfig) -> Sandbox {
    Sandbox::start(config.with_key(key, Plan::Pro))
        .await
        .expect("sandbox starts on 127.0.0.1:0")
}

/// No demo pets, and `key` allowed 2 requests a minute (1,000 a day): the third in a minute is
/// answered 429.
pub fn tiny_quota_config(key: &str) -> SandboxConfig {
    SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
    .with_key(
        key,
        Plan::Enterprise {
            per_minute: 2,
            per_day: 1_000,
        },
    )
}

/// A sandbox of [`tiny_quota_config`] on the real clock.
pub async fn tiny_quota(key: &str) -> Sandbox {
    Sandbox::start(tiny_quota_config(key))
        .await
        .expect("sandbox starts")
}

/// One list request with `key`, sent straight to the sandbox as another program sharing the key
/// would (no client of this process sees it); the status it was answered with.
pub async fn raw_list(server: &Sandbox, key: &str) -> u16 {
    let mut stream = tokio::net::TcpStream::connect(server.addr())
        .await
        .expect("connects");
    let request = format!(
        "GET /v1/pets?limit=1 HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {key}\r\nConnection: close\r\n\r\n",
        server.addr()
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("answered");
    let head = String::from_utf8_lossy(&answer[..answer.len().min(20)]).into_owned();
    head.split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("an HTTP status line, got {head:?}"))
}

/// Another program with `key` spends `requests` of the window, each answered 200, and ends: no
/// client of this process knows of them.
pub async fn spend_elsewhere(server: &Sandbox, key: &str, requests: usize) {
    for _ in 0..requests {
        assert_eq!(raw_list(server, key).await, 200);
    }
}

/// A client's configuration for the sandbox at `base_url` with `key`, the client's defaults
/// otherwise.
pub fn client_config(base_url: &str, key: &str) -> ClientConfig {
    ClientConfig::new(
        Environment::Sandbox,
        BaseUrl::parse(base_url).expect("loopback base URL"),
    )
    .with_api_key(ApiKey::new(key.to_owned()).expect("valid key"))
}
