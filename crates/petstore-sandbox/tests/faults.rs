//! Fault injection: latency, 503s and connections closed without an answer, switched at run time and
//! through the `/_sandbox/faults` control API, which is off unless asked for and then needs its token.

mod common;

use std::time::{Duration, Instant};

use common::{Api, big_plan, config, error_body, quota, start};
use petstore_sandbox::{DEMO_PETS, Faults, Sandbox, SandboxConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn error_rate_one_answers_503_error_bodies_with_quota() {
    let faults = Faults {
        error_rate: 1.0,
        ..Faults::default()
    };
    let sandbox = start(SandboxConfig {
        faults,
        ..config(big_plan())
    })
    .await;
    let api = Api::new(&sandbox);
    for request in [
        api.get("/pets"),
        api.post_json(&json!({"name": "Rex", "categoryId": 1})),
    ] {
        let response = api.send(request).await;
        quota(&response);
        let error = error_body(response).await;
        assert_eq!(
            (error.status, error.code.as_str()),
            (StatusCode::SERVICE_UNAVAILABLE, "service_unavailable")
        );
    }
    sandbox.set_faults(Faults::default());
    let pets: Vec<Value> = api
        .send(api.get("/pets?limit=100"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        pets.len(),
        DEMO_PETS.len(),
        "the failed create created nothing"
    );
}

#[tokio::test]
async fn drop_rate_one_closes_the_connection_without_an_answer() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let err = api.get("/pets").send().await.expect_err("no answer at all");
    assert!(!err.is_status() && !err.is_timeout(), "{err:?}");

    // The create was handled, but its answer was lost: the outcome is unknown to the client.
    let body = json!({"name": "Ghost", "categoryId": 3});
    assert!(api.post_json(&body).send().await.is_err());
    assert_eq!(sandbox.request_count(), 2);

    sandbox.set_faults(Faults::default());
    let pets: Vec<Value> = api
        .send(api.get("/pets?limit=100"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(pets.last().unwrap()["name"], "Ghost");
    assert_eq!(sandbox.request_count(), 3);
}

#[tokio::test]
async fn latency_delays_answers() {
    let latency = Duration::from_millis(150);
    let sandbox = start(SandboxConfig {
        faults: Faults {
            latency,
            ..Faults::default()
        },
        ..config(big_plan())
    })
    .await;
    let api = Api::new(&sandbox);
    let started = Instant::now();
    let response = api.send(api.get("/pets")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(started.elapsed() >= latency);
}

/// A sandbox with the control route on, its URL, and a client that sends the control token.
async fn with_control() -> (Sandbox, String, Control) {
    let sandbox = start(SandboxConfig {
        fault_control: true,
        ..config(big_plan())
    })
    .await;
    let url = format!("http://{}/_sandbox/faults", sandbox.addr());
    let control = Control {
        http: reqwest::Client::new(),
        token: sandbox.control_token().expect("control on").to_owned(),
    };
    (sandbox, url, control)
}

struct Control {
    http: reqwest::Client,
    token: String,
}

impl Control {
    fn get(&self, url: &str) -> reqwest::RequestBuilder {
        self.http.get(url).bearer_auth(&self.token)
    }

    fn put(&self, url: &str) -> reqwest::RequestBuilder {
        self.http.put(url).bearer_auth(&self.token)
    }
}

// The control route is served only with `fault_control` on (`--faults` for the binary) and only to
// a client that sends the control token: `with_control` sets up both.
#[tokio::test]
async fn control_api_reads_and_switches_faults_outside_v1() {
    let (sandbox, url, control) = with_control().await;
    let api = Api::new(&sandbox);
    let current: Value = control
        .get(&url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        current,
        json!({"latencyMs": 0, "errorRate": 0.0, "dropRate": 0.0})
    );

    let set = control
        .put(&url)
        .json(&json!({"errorRate": 1.0, "latencyMs": 5}))
        .send()
        .await
        .unwrap();
    assert_eq!(set.status(), StatusCode::OK);
    assert_eq!(sandbox.faults().error_rate, 1.0);
    assert_eq!(sandbox.faults().latency, Duration::from_millis(5));
    assert_eq!(
        api.send(api.get("/pets")).await.status(),
        StatusCode::SERVICE_UNAVAILABLE
    );

    for bad in [
        json!({"dropRate": 2.0}),
        json!({"errorRate": -0.1}),
        json!({"oops": 1}),
    ] {
        let response = control.put(&url).json(&bad).send().await.unwrap();
        let error = error_body(response).await;
        assert_eq!(
            (error.status, error.code.as_str()),
            (StatusCode::BAD_REQUEST, "invalid_faults")
        );
    }
    assert_eq!(
        sandbox.faults().error_rate,
        1.0,
        "refused settings change nothing"
    );

    control.put(&url).json(&json!({})).send().await.unwrap();
    assert_eq!(api.send(api.get("/pets")).await.status(), StatusCode::OK);
    assert_eq!(
        sandbox.request_count(),
        2,
        "control requests are not API requests"
    );
}

#[tokio::test]
async fn control_api_is_off_unless_asked_for() {
    let sandbox = start(config(big_plan())).await;
    assert_eq!(sandbox.control_token(), None);
    let http = reqwest::Client::new();
    let url = format!("http://{}/_sandbox/faults", sandbox.addr());
    for request in [
        http.get(&url),
        http.put(&url).json(&json!({"errorRate": 1.0})),
        // Not even with a key the API accepts.
        http.put(&url)
            .bearer_auth(common::KEY)
            .json(&json!({"errorRate": 1.0})),
    ] {
        let error = error_body(request.send().await.unwrap()).await;
        assert_eq!(
            (error.status, error.code.as_str()),
            (StatusCode::NOT_FOUND, "fault_control_off")
        );
        assert!(error.message.contains("--faults"), "{}", error.message);
    }
    assert_eq!(sandbox.faults(), Faults::default());
}

#[tokio::test]
async fn control_api_needs_this_sandboxs_token() {
    let (sandbox, url, control) = with_control().await;
    let (other, _, other_control) = with_control().await;
    let token = sandbox.control_token().expect("control on");
    assert_eq!(token.len(), 64, "256 random bits as hex");
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_ne!(
        other.control_token(),
        Some(token),
        "a new token per sandbox"
    );

    let http = &control.http;
    let switch_on = json!({"errorRate": 1.0});
    let cases = [
        (http.put(&url).json(&switch_on), "missing_control_token"),
        (http.get(&url), "missing_control_token"),
        (
            http.put(&url).bearer_auth("").json(&switch_on),
            "missing_control_token",
        ),
        (
            http.put(&url)
                .header("authorization", format!("Basic {token}"))
                .json(&switch_on),
            "malformed_authorization",
        ),
        (
            http.put(&url)
                .bearer_auth(&other_control.token)
                .json(&switch_on),
            "invalid_control_token",
        ),
        (
            http.put(&url).bearer_auth(&token[..32]).json(&switch_on),
            "invalid_control_token",
        ),
        (
            http.put(&url).bearer_auth(common::KEY).json(&switch_on),
            "invalid_control_token",
        ),
    ];
    for (request, code) in cases {
        let response = request.send().await.unwrap();
        assert_eq!(
            response.headers()["www-authenticate"],
            "Bearer realm=\"petstore-sandbox-control\""
        );
        let error = error_body(response).await;
        assert_eq!(
            (error.status, error.code.as_str()),
            (StatusCode::UNAUTHORIZED, code)
        );
        assert!(
            error
                .message
                .contains("Authorization: Bearer <control token>"),
            "{}",
            error.message
        );
        assert!(!error.message.contains(token), "the token is never echoed");
    }
    assert_eq!(
        sandbox.faults(),
        Faults::default(),
        "refused requests change nothing"
    );

    let response = control.put(&url).json(&switch_on).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(sandbox.faults().error_rate, 1.0);
    assert_eq!(other.faults(), Faults::default());
}
