//! Listing, creating and fetching pets over real HTTP, with every validation error.

mod common;

use common::{Api, KEY, big_plan, config, error_body, quota, start};
use petstore_sandbox::{DEMO_KEY, DEMO_PETS, DEPRECATION, SUNSET, SandboxConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn demo_data_lists_in_id_order_with_default_limit_20() {
    let sandbox = start(SandboxConfig::default()).await;
    let mut api = Api::new(&sandbox);
    api.key = DEMO_KEY.to_owned();
    let response = api.send(api.get("/pets")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/json");
    assert!(
        response.headers().get("link").is_none(),
        "no paging links unless asked for"
    );
    let pets: Vec<Value> = response.json().await.unwrap();
    assert_eq!(pets.len(), 20);
    let ids: Vec<i64> = pets.iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, (1..=20).collect::<Vec<_>>());
    assert_eq!(
        pets[0],
        json!({"id": 1, "name": DEMO_PETS[0].0, "categoryId": DEMO_PETS[0].1, "status": DEMO_PETS[0].2})
    );

    let all: Vec<Value> = api
        .send(api.get("/pets?limit=100"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(all.len(), DEMO_PETS.len());
    for status in ["available", "pending", "sold"] {
        assert!(
            all.iter().any(|p| p["status"] == status),
            "demo data has {status} pets"
        );
    }
    assert!(
        all.iter()
            .all(|p| (1..=6).contains(&p["categoryId"].as_i64().unwrap()))
    );
}

#[tokio::test]
async fn status_filter_and_limit() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let sold: Vec<Value> = api
        .send(api.get("/pets?status=sold&limit=100"))
        .await
        .json()
        .await
        .unwrap();
    let expected = DEMO_PETS.iter().filter(|p| p.2 == "sold").count();
    assert_eq!(sold.len(), expected);
    assert!(sold.iter().all(|p| p["status"] == "sold"));

    let two: Vec<Value> = api
        .send(api.get("/pets?limit=2&status=pending"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(two.len(), 2);
    assert!(two.iter().all(|p| p["status"] == "pending"));
}

#[tokio::test]
async fn bad_list_parameters_are_400_naming_the_parameter() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let cases = [
        ("/pets?limit=0", "invalid_limit", "limit"),
        ("/pets?limit=101", "invalid_limit", "limit"),
        ("/pets?limit=ten", "invalid_limit", "limit"),
        ("/pets?limit=", "invalid_limit", "limit"),
        ("/pets?status=lost", "invalid_status", "status"),
        ("/pets?status=SOLD", "invalid_status", "status"),
        ("/pets?after=x", "invalid_after", "after"),
    ];
    for (path, code, field) in cases {
        let response = api.send(api.get(path)).await;
        quota(&response);
        let error = error_body(response).await;
        assert_eq!(error.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(error.code, code, "{path}");
        assert!(
            error.message.starts_with(field),
            "{path}: {}",
            error.message
        );
    }
}

#[tokio::test]
async fn create_returns_201_with_the_pet_and_defaults_status_to_available() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let response = api
        .send(api.post_json(&json!({"name": "Nova", "categoryId": 2})))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    let pet: Value = response.json().await.unwrap();
    let id = DEMO_PETS.len() as i64 + 1;
    assert_eq!(
        pet,
        json!({"id": id, "name": "Nova", "categoryId": 2, "status": "available"})
    );
    assert_eq!(location, format!("{}/pets/{id}", sandbox.base_url()));

    let pending =
        json!({"name": "Ünïcode 🐢", "categoryId": 5, "status": "pending", "extra": true});
    let pet: Value = api
        .send(api.post_json(&pending))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(pet["status"], "pending");
    assert_eq!(pet["name"], "Ünïcode 🐢");
    assert_eq!(pet["id"], id + 1);

    let fetched: Value = api
        .send(api.get(&format!("/pets/{id}")))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(fetched["name"], "Nova");
}

#[tokio::test]
async fn every_invalid_body_is_a_400_error_body_naming_the_field() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let long_name = "n".repeat(1001);
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({"categoryId": 1}), "missing_field", "name"),
        (json!({"name": "Rex"}), "missing_field", "categoryId"),
        (
            json!({"name": "", "categoryId": 1}),
            "invalid_field",
            "name",
        ),
        (
            json!({"name": " \t ", "categoryId": 1}),
            "invalid_field",
            "name",
        ),
        (
            json!({"name": long_name, "categoryId": 1}),
            "invalid_field",
            "name",
        ),
        (
            json!({"name": 42, "categoryId": 1}),
            "invalid_field",
            "name",
        ),
        (
            json!({"name": null, "categoryId": 1}),
            "invalid_field",
            "name",
        ),
        (
            json!({"name": "Rex", "categoryId": 0}),
            "invalid_field",
            "categoryId",
        ),
        (
            json!({"name": "Rex", "categoryId": -3}),
            "invalid_field",
            "categoryId",
        ),
        (
            json!({"name": "Rex", "categoryId": "1"}),
            "invalid_field",
            "categoryId",
        ),
        (
            json!({"name": "Rex", "categoryId": 1.5}),
            "invalid_field",
            "categoryId",
        ),
        (
            json!({"name": "Rex", "categoryId": 1e30}),
            "invalid_field",
            "categoryId",
        ),
        (
            json!({"name": "Rex", "categoryId": 1, "status": "lost"}),
            "invalid_field",
            "status",
        ),
        (
            json!({"name": "Rex", "categoryId": 1, "status": 3}),
            "invalid_field",
            "status",
        ),
    ];
    for (body, code, field) in cases {
        let response = api.send(api.post_json(&body)).await;
        quota(&response);
        let error = error_body(response).await;
        assert_eq!(error.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(error.code, code, "{body}");
        assert!(
            error.message.starts_with(field),
            "{body}: {}",
            error.message
        );
    }
    // Nothing was created by any of them.
    let all: Vec<Value> = api
        .send(api.get("/pets?limit=100"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(all.len(), DEMO_PETS.len());
}

#[tokio::test]
async fn bodies_that_are_not_json_objects_are_400_error_bodies() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let url = format!("{}/pets", sandbox.base_url());
    let raw = |content_type: Option<&str>, body: &str| {
        let request = api.http.post(&url).bearer_auth(KEY).body(body.to_owned());
        match content_type {
            Some(value) => request.header("content-type", value),
            None => request,
        }
    };
    let cases = [
        (
            raw(Some("application/json"), "{\"name\": \"Rex\","),
            "invalid_json",
        ),
        (raw(Some("application/json"), ""), "invalid_json"),
        (raw(Some("application/json"), "[1, 2]"), "invalid_json"),
        (raw(Some("application/json"), "\"Rex\""), "invalid_json"),
        (
            raw(Some("text/plain"), r#"{"name":"Rex","categoryId":1}"#),
            "unsupported_content_type",
        ),
        (
            raw(None, r#"{"name":"Rex","categoryId":1}"#),
            "unsupported_content_type",
        ),
    ];
    for (request, code) in cases {
        let error = error_body(api.send(request).await).await;
        assert_eq!(
            (error.status, error.code.as_str()),
            (StatusCode::BAD_REQUEST, code)
        );
        assert!(error.message.contains("JSON"), "{}", error.message);
    }
    let accepted = api
        .send(raw(
            Some("application/json; charset=utf-8"),
            r#"{"name":"Rex","categoryId":1}"#,
        ))
        .await;
    assert_eq!(accepted.status(), StatusCode::CREATED);

    let huge = format!(r#"{{"name":"{}","categoryId":1}}"#, "x".repeat(100_000));
    let error = error_body(api.send(raw(Some("application/json"), &huge)).await).await;
    assert_eq!(error.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn get_pet_is_deprecated_with_sunset_and_404_for_missing_ids() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let response = api.send(api.get("/pets/3")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["deprecation"], DEPRECATION);
    assert_eq!(response.headers()["deprecation"], "@1735689600");
    assert_eq!(response.headers()["sunset"], SUNSET);
    let sunset = httpdate::parse_http_date(SUNSET).unwrap();
    assert_eq!(
        httpdate::fmt_http_date(sunset),
        SUNSET,
        "a valid IMF-fixdate"
    );
    assert_eq!(
        response.headers()["link"].to_str().unwrap(),
        format!("<{}/pets>; rel=\"successor-version\"", sandbox.base_url())
    );
    let pet: Value = response.json().await.unwrap();
    assert_eq!(pet["id"], 3);
    assert_eq!(pet["name"], DEMO_PETS[2].0);

    for path in [
        "/pets/999",
        "/pets/-1",
        "/pets/abc",
        "/pets/99999999999999999999",
    ] {
        let response = api.send(api.get(path)).await;
        assert_eq!(response.headers()["deprecation"], DEPRECATION, "{path}");
        quota(&response);
        let error = error_body(response).await;
        assert_eq!(
            (error.status, error.code.as_str()),
            (StatusCode::NOT_FOUND, "not_found")
        );
        assert!(error.message.contains("List pets"), "{}", error.message);
    }
}

#[tokio::test]
async fn seeded_pets_keep_exact_large_ids_and_unknown_statuses() {
    let sandbox = start(SandboxConfig {
        seed_demo_data: false,
        ..config(big_plan())
    })
    .await;
    let api = Api::new(&sandbox);
    let empty: Vec<Value> = api.send(api.get("/pets")).await.json().await.unwrap();
    assert!(empty.is_empty());

    let big = (1_i64 << 53) + 1;
    assert_eq!(sandbox.insert_pet("Huge", 1, "reserved", Some(big)), big);
    let text = api
        .send(api.get(&format!("/pets/{big}")))
        .await
        .text()
        .await
        .unwrap();
    assert!(text.contains("\"id\":9007199254740993"), "{text}");
    assert!(text.contains("\"status\":\"reserved\""), "{text}");
    let next = sandbox.insert_pet("After", 2, "available", None);
    assert_eq!(next, big + 1);
}
