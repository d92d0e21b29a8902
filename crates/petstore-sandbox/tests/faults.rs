//! Fault injection: latency, 503s and connections closed without an answer, switched at run time and
//! through the `/_sandbox/faults` control API.

mod common;

use std::time::{Duration, Instant};

use common::{Api, big_plan, config, error_body, quota, start};
use petstore_sandbox::{DEMO_PETS, Faults, SandboxConfig};
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

#[tokio::test]
async fn control_api_reads_and_switches_faults_outside_v1() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let url = format!("http://{}/_sandbox/faults", sandbox.addr());
    let current: Value = api
        .http
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

    let set = api
        .http
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
        let response = api.http.put(&url).json(&bad).send().await.unwrap();
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

    api.http.put(&url).json(&json!({})).send().await.unwrap();
    assert_eq!(api.send(api.get("/pets")).await.status(), StatusCode::OK);
    assert_eq!(
        sandbox.request_count(),
        2,
        "control requests are not API requests"
    );
}
