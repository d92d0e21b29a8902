//! Exact answers the sandbox cannot give (a removed endpoint, a broken body, a proxy's HTML page,
//! a redirect elsewhere, a 503 followed by success), from wiremock. Each test is named `mock_…`.

mod common;

use common::{KEY, client_for};
use petstore_client::{Error, ListQuery, NewPet, PetStatus};
use serde_json::json;
use wiremock::matchers::{body_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn base(server: &MockServer) -> String {
    format!("{}/v1", server.uri())
}

#[tokio::test]
#[allow(deprecated)]
async fn mock_410_means_the_endpoint_is_gone() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/pets/7"))
        .respond_with(ResponseTemplate::new(410).set_body_json(
            json!({"code": "gone", "message": "GET /pets/{petId} was removed", "status": 410}),
        ))
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    let err = client.get_pet(7).await.unwrap_err();
    assert!(
        matches!(err, Error::Gone(ref api) if api.code == "gone"),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("gone: HTTP 410 gone"), "{err}");
}

#[tokio::test]
async fn mock_a_bad_required_field_fails_naming_it() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/pets"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([
            {"id": 1, "name": "a", "categoryId": 1},
            {"id": 2, "name": "b", "categoryId": 1},
            {"id": 3, "name": "c", "categoryId": 1},
            {"id": 4, "name": "d", "categoryId": "four"}
        ])))
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    match client.list_pets(&ListQuery::default()).await {
        Err(Error::Decode { status, path, .. }) => {
            assert_eq!((status, path.as_str()), (200, "[3].categoryId"));
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn mock_unknown_fields_and_statuses_are_tolerated_and_kept() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/pets"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            r#"[{"id":9007199254740993,"name":"Rex","categoryId":1,"status":"quarantined","tags":["x"],"owner":{"id":5}},
                {"id":2,"name":"Tom","categoryId":1,"status":7}]"#,
            "application/json",
        ))
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    let pets = common::default_page(&client).await;
    assert_eq!(pets[0].id, 9_007_199_254_740_993);
    assert_eq!(pets[0].status, Some(PetStatus::Other("quarantined".into())));
    assert_eq!(pets[0].extra["owner"], json!({"id": 5}));
    assert_eq!(pets[1].status, Some(PetStatus::Other("7".into())));
    let back = serde_json::to_value(&pets[0]).unwrap();
    assert_eq!(back["tags"], json!(["x"]));
}

#[tokio::test]
async fn mock_a_proxy_html_page_becomes_an_unexpected_response() {
    let server = MockServer::start().await;
    let html = format!(
        "<!DOCTYPE html>\n<html><body><h1>502 Bad Gateway</h1>{}</body></html>",
        "padding ".repeat(60)
    );
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(502).set_body_raw(html, "text/html"))
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    match client.list_pets(&ListQuery::default()).await {
        Err(Error::UnexpectedResponse { status, snippet }) => {
            assert_eq!(status, 502);
            assert!(snippet.contains("502 Bad Gateway"), "{snippet}");
            assert!(snippet.chars().count() <= 200 && !snippet.contains('\n'));
        }
        other => panic!("{other:?}"),
    }
    // A 502 is a gateway error: the GET was retried before giving up.
    assert_eq!(server.received_requests().await.unwrap().len(), 3);
}

#[tokio::test]
async fn mock_a_503_then_success_recovers() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&server)
        .await;
    let (client, clock) = client_for(&base(&server));
    let page = client.list_pets(&ListQuery::default()).await.unwrap();
    assert!(page.value.pets.is_empty());
    assert_eq!(clock.sleeps().len(), 1);
}

#[tokio::test]
async fn mock_a_zero_retry_after_and_odd_quota_headers_are_survived() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("Retry-After", "0")
                .insert_header("X-RateLimit-Limit", "-1")
                .insert_header("X-RateLimit-Remaining", "lots")
                .insert_header("X-RateLimit-Reset", "99999999999999999999")
                .set_body_json(
                    json!({"code": "rate_limited", "message": "slow down", "status": 429}),
                ),
        )
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&server)
        .await;
    let (client, clock) = client_for(&base(&server));
    client.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
    assert!(
        !clock.sleeps().is_empty(),
        "a zero Retry-After is clamped to a short wait"
    );
}

#[tokio::test]
async fn mock_requests_carry_the_key_agent_and_spec_shapes() {
    let server = MockServer::start().await;
    let bearer = format!("Bearer {KEY}");
    let agent = format!("petstore-admin/{}", env!("CARGO_PKG_VERSION"));
    Mock::given(method("GET"))
        .and(path("/v1/pets"))
        .and(query_param("limit", "20"))
        .and(query_param("status", "sold"))
        .and(header("authorization", bearer.as_str()))
        .and(header("user-agent", agent.as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/pets"))
        .and(header("authorization", bearer.as_str()))
        .and(header("content-type", "application/json"))
        .and(body_json(json!({"name": "Rex", "categoryId": 2})))
        .respond_with(ResponseTemplate::new(201).set_body_json(
            json!({"id": 10, "name": "Rex", "categoryId": 2, "status": "available"}),
        ))
        .expect(1)
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    let sold = ListQuery {
        status: Some(PetStatus::Sold),
        ..ListQuery::default()
    };
    client.list_pets(&sold).await.unwrap();
    let created = client
        .create_pet(&NewPet::new("Rex", 2, None).unwrap())
        .await
        .unwrap();
    assert_eq!(created.value.id, 10);
    server.verify().await;
}

#[tokio::test]
async fn mock_a_redirect_to_another_host_is_not_followed_and_the_key_stays_home() {
    let elsewhere = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&elsewhere)
        .await;
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(
            ResponseTemplate::new(302)
                .insert_header("Location", format!("{}/v1/pets", elsewhere.uri()).as_str()),
        )
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    let err = client.list_pets(&ListQuery::default()).await.unwrap_err();
    match &err {
        Error::UnexpectedResponse { status, snippet } => {
            assert_eq!(*status, 302);
            assert!(snippet.contains(&elsewhere.uri()), "{snippet}");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        elsewhere.received_requests().await.unwrap().is_empty(),
        "nothing, key included, went elsewhere"
    );
    assert!(!format!("{err} {err:?}").contains(KEY));
}
