//! Refusal of requests addressed to another name than the sandbox's (DNS rebinding): 421 with an Error
//! body, before counting, authentication and rate limiting, on every route.

mod common;

use common::{
    Api, KEY, RawResponse, big_plan, config, error_body, quota, raw_request, start,
    start_with_clock,
};
use petstore_sandbox::{DEMO_PETS, SandboxConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};

fn assert_misdirected(response: &RawResponse, case: &str) {
    assert_eq!(response.status, 421, "{case}: {}", response.head);
    assert_eq!(response.body["code"], "misdirected_request", "{case}");
    assert_eq!(response.body["status"], 421, "{case}");
    let message = response.body["message"].as_str().expect("a message");
    assert!(
        message.contains("127.0.0.1, localhost or [::1]"),
        "{message}"
    );
    assert!(
        !response.head.to_ascii_lowercase().contains("x-ratelimit"),
        "{case}: refused before rate limiting"
    );
}

#[tokio::test]
async fn other_host_names_are_refused_before_authentication_and_rate_limiting() {
    let (sandbox, _clock) = start_with_clock(SandboxConfig {
        fault_control: true,
        ..config(big_plan())
    })
    .await;
    let api = Api::new(&sandbox);
    let port = sandbox.addr().port();
    let origin = format!("http://{}", sandbox.addr());
    let token = sandbox.control_token().expect("control on").to_owned();
    let pet = json!({"name": "Rebound", "categoryId": 1});
    for host in [
        format!("evil.example:{port}"),
        "evil.example".to_owned(),
        format!("localhost.evil.example:{port}"),
        format!("127.0.0.1.nip.io:{port}"),
        format!("0.0.0.0:{port}"),
    ] {
        let requests = [
            api.get("/pets"),
            api.http.get(format!("{origin}/v1/pets")),
            api.post_json(&pet),
            api.get("/nothing"),
            api.http
                .put(format!("{origin}/_sandbox/faults"))
                .bearer_auth(&token)
                .json(&json!({"errorRate": 1.0})),
        ];
        for request in requests {
            let response = api.send(request.header("host", &host)).await;
            assert!(
                response.headers().get("x-ratelimit-limit").is_none(),
                "{host}: refused before rate limiting"
            );
            let error = error_body(response).await;
            assert_eq!(
                (error.status, error.code.as_str()),
                (StatusCode::MISDIRECTED_REQUEST, "misdirected_request"),
                "{host}"
            );
            assert!(error.message.contains(&host), "{}", error.message);
            assert!(error.message.contains("DNS rebinding"), "{}", error.message);
        }
    }
    assert_eq!(
        sandbox.faults().error_rate,
        0.0,
        "the control route was refused"
    );
    assert_eq!(
        sandbox.request_count(),
        0,
        "refused requests never reached the API"
    );
    assert_eq!(sandbox.create_count(), 0);

    // Nothing was created, and no quota was spent: neither the key's nor the anonymous client's.
    let all = api.send(api.get("/pets?limit=100")).await;
    assert_eq!(quota(&all).1, 999_999);
    assert_eq!(
        all.json::<Vec<Value>>().await.unwrap().len(),
        DEMO_PETS.len()
    );
    let anonymous = api.send(api.http.get(format!("{origin}/v1/pets"))).await;
    let (limit, remaining, _) = quota(&anonymous);
    assert_eq!((limit, remaining), (60, 59));
}

#[tokio::test]
async fn heads_without_one_clear_host_are_refused() {
    let sandbox = start(config(big_plan())).await;
    let addr = sandbox.addr();
    let auth = format!("Authorization: Bearer {KEY}\r\nConnection: close\r\n");
    let cases = [
        ("no Host", format!("GET /v1/pets HTTP/1.1\r\n{auth}\r\n")),
        (
            "two Hosts",
            format!("GET /v1/pets HTTP/1.1\r\nHost: {addr}\r\nHost: evil.example\r\n{auth}\r\n"),
        ),
        (
            "an absolute target naming another host",
            format!("GET http://evil.example/v1/pets HTTP/1.1\r\nHost: {addr}\r\n{auth}\r\n"),
        ),
        (
            "a Host that is not text",
            format!("GET /v1/pets HTTP/1.1\r\nHost: \u{e9}vil\r\n{auth}\r\n"),
        ),
    ];
    for (case, request) in cases {
        assert_misdirected(&raw_request(addr, &request).await, case);
    }
    let fine = raw_request(
        addr,
        &format!("GET http://{addr}/v1/pets HTTP/1.1\r\nHost: {addr}\r\n{auth}\r\n"),
    )
    .await;
    assert_eq!(fine.status, 200, "{}", fine.head);
    assert_eq!(sandbox.request_count(), 1);
}

#[tokio::test]
async fn loopback_names_are_answered_with_or_without_a_port() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let port = sandbox.addr().port();
    for host in [
        format!("127.0.0.1:{port}"),
        "127.0.0.1".to_owned(),
        format!("LocalHost:{port}"),
        "localhost".to_owned(),
        format!("[::1]:{port}"),
        "[::1]".to_owned(),
    ] {
        let response = api.send(api.get("/pets").header("host", &host)).await;
        assert_eq!(response.status(), StatusCode::OK, "{host}");
    }
    assert_eq!(sandbox.request_count(), 6);
}

/// 127.0.0.2 is a loopback address but not one of the loopback names: a sandbox bound there stands for
/// one bound to a network address with --allow-remote (Linux and Windows route all of 127/8 to
/// loopback; macOS only 127.0.0.1).
#[cfg(any(target_os = "linux", windows))]
#[tokio::test]
async fn a_sandbox_bound_to_another_address_accepts_that_address() {
    let bound = std::net::SocketAddr::from(([127, 0, 0, 2], 0));
    let sandbox = petstore_sandbox::Sandbox::start_on(bound, config(big_plan()))
        .await
        .expect("sandbox starts on 127.0.0.2");
    let api = Api::new(&sandbox);
    assert_eq!(sandbox.base_url(), format!("http://{}/v1", sandbox.addr()));
    assert_eq!(
        api.send(api.get("/pets")).await.status(),
        StatusCode::OK,
        "Host {}",
        sandbox.addr()
    );
    let port = sandbox.addr().port();
    let ok = api.send(api.get("/pets").header("host", "127.0.0.2")).await;
    assert_eq!(ok.status(), StatusCode::OK);
    let other = api
        .send(api.get("/pets").header("host", format!("127.0.0.3:{port}")))
        .await;
    assert_eq!(other.status(), StatusCode::MISDIRECTED_REQUEST);
}
