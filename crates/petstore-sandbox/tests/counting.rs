//! The sandbox's counters of what it received: every `POST /v1/pets` whatever its outcome, so end-to-end
//! tests can count the creates a client sent.

mod common;

use common::{Api, KEY, big_plan, config, error_body, start, start_with_clock};
use petstore_sandbox::{Faults, Plan};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn create_count_counts_every_post_to_pets_whatever_its_answer() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    assert_eq!(sandbox.create_count(), 0);

    let created = api
        .send(api.post_json(&json!({"name": "Rex", "categoryId": 1})))
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let invalid = api.send(api.post_json(&json!({"name": ""}))).await;
    assert_eq!(invalid.status(), StatusCode::BAD_REQUEST);
    let anonymous = api
        .send(
            api.http
                .post(format!("{}/pets", api.base))
                .json(&json!({"name": "Rex", "categoryId": 1})),
        )
        .await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(sandbox.create_count(), 3);

    sandbox.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let failed = api
        .send(api.post_json(&json!({"name": "Rex", "categoryId": 1})))
        .await;
    assert_eq!(failed.status(), StatusCode::SERVICE_UNAVAILABLE);
    sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let dropped = api
        .post_json(&json!({"name": "Ghost", "categoryId": 1}))
        .send()
        .await;
    assert!(dropped.is_err(), "the connection closes without an answer");
    assert_eq!(sandbox.create_count(), 5);

    // Other requests, including other methods on the same path and POSTs elsewhere, are not creates.
    sandbox.set_faults(Faults::default());
    assert_eq!(api.send(api.get("/pets")).await.status(), StatusCode::OK);
    let put = api
        .send(api.http.put(format!("{}/pets", api.base)).bearer_auth(KEY))
        .await;
    assert_eq!(put.status(), StatusCode::METHOD_NOT_ALLOWED);
    let elsewhere = api
        .send(
            api.http
                .post(format!("{}/pets/1", api.base))
                .bearer_auth(KEY)
                .json(&json!({"name": "Rex", "categoryId": 1})),
        )
        .await;
    assert_eq!(elsewhere.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(sandbox.create_count(), 5);
    assert_eq!(sandbox.request_count(), 8);
}

#[tokio::test]
async fn create_count_includes_creates_refused_by_the_rate_limit() {
    let plan = Plan::Enterprise {
        per_minute: 1,
        per_day: 100,
    };
    let (sandbox, _clock) = start_with_clock(config(plan)).await;
    let api = Api::new(&sandbox);
    let body = json!({"name": "Rex", "categoryId": 1});
    assert_eq!(
        api.send(api.post_json(&body)).await.status(),
        StatusCode::CREATED
    );
    let limited = api.send(api.post_json(&body)).await;
    assert_eq!(
        error_body(limited).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(sandbox.create_count(), 2);
}
