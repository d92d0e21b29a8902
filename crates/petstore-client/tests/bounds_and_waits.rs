//! Answers no real Pet Store gives: bodies past the caps, more pets than asked for, a create
//! answered with a redirect or an unreadable 201, a 5xx with Retry-After. From wiremock, or
//! from a bare socket that streams a body without end; each test is named `mock_…`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use common::{KEY, client_for, config_for, manual_clock};
use petstore_client::limits::{MAX_ERROR_BODY_BYTES, MAX_SUCCESS_BODY_BYTES};
use petstore_client::{
    ApiKey, Clock, Error, ErrorKind, Limit, ListQuery, NewPet, PetstoreClient, WaitReason,
    WaitStore,
};
use petstore_local::WaitMemory;
use serde_json::json;
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

fn base(server: &MockServer) -> String {
    format!("{}/v1", server.uri())
}

fn rex() -> NewPet {
    NewPet::new("Rex", 1, None).unwrap()
}

fn pets_json(count: usize) -> serde_json::Value {
    (0..count)
        .map(|i| json!({"id": i, "name": format!("pet {i}"), "categoryId": 1}))
        .collect()
}

/// A bare HTTP/1.1 server on 127.0.0.1: answers every request with `head` and then a chunked
/// body of `total` bytes, `[` and spaces (in 64 KiB chunks, or until the client hangs up).
fn streaming_server(head: &'static str, total: u64) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                    line.clear();
                }
                let frame = |first: bool| {
                    let mut data = vec![b' '; 64 * 1024];
                    if first {
                        data[0] = b'[';
                    }
                    let mut framed = format!("{:x}\r\n", data.len()).into_bytes();
                    framed.extend_from_slice(&data);
                    framed.extend_from_slice(b"\r\n");
                    framed
                };
                let (first, rest) = (frame(true), frame(false));
                let _ = stream.write_all(head.as_bytes());
                let mut sent = 0u64;
                while sent < total {
                    let chunk = if sent == 0 { &first } else { &rest };
                    if stream.write_all(chunk).is_err() {
                        return;
                    }
                    sent += 64 * 1024;
                }
                let _ = stream.write_all(b"0\r\n\r\n");
            });
        }
    });
    format!("http://{addr}/v1")
}

const CHUNKED_200: &str = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\
                           Transfer-Encoding: chunked\r\n\r\n";

#[tokio::test]
async fn mock_an_endless_success_body_stops_at_the_cap() {
    let url = streaming_server(CHUNKED_200, 64 * 1024 * 1024);
    let (client, clock) = client_for(&url);
    let err = client.list_pets(&ListQuery::default()).await.unwrap_err();
    match &err {
        Error::ResponseTooLarge { limit_bytes } => {
            assert_eq!(*limit_bytes, MAX_SUCCESS_BODY_BYTES)
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(err.kind(), ErrorKind::ResponseTooLarge);
    assert!(err.to_string().contains("larger than 8 MiB"), "{err}");
    assert!(
        clock.sleeps().is_empty(),
        "not retried: it would be as large again"
    );
}

#[tokio::test]
async fn mock_an_endless_answer_to_a_create_is_outcome_unknown() {
    let url = streaming_server(CHUNKED_200, 64 * 1024 * 1024);
    let (client, _) = client_for(&url);
    let err = client.create_pet(&rex()).await.unwrap_err();
    match &err {
        Error::OutcomeUnknown { reason, why, .. } => {
            assert!(reason.contains("8 MiB"), "{reason}");
            assert!(
                matches!(
                    why,
                    petstore_client::OutcomeCause::TooLarge { status: 200, .. }
                ),
                "{why:?}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn mock_a_body_just_within_the_cap_is_read_whole() {
    // 8 MiB exactly, in 64 KiB chunks: "[" and spaces is no JSON array, which says it was read.
    let url = streaming_server(CHUNKED_200, MAX_SUCCESS_BODY_BYTES);
    let (client, _) = client_for(&url);
    let err = client.list_pets(&ListQuery::default()).await.unwrap_err();
    assert!(
        matches!(err, Error::UnexpectedResponse { status: 200, .. }),
        "{err:?}"
    );
}

#[tokio::test]
async fn mock_an_announced_oversize_body_is_refused_unread() {
    let server = MockServer::start().await;
    let oversize = vec![b' '; usize::try_from(MAX_SUCCESS_BODY_BYTES).unwrap() + 1];
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(oversize, "application/json"))
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    let err = client.list_pets(&ListQuery::default()).await.unwrap_err();
    assert!(
        matches!(err, Error::ResponseTooLarge { limit_bytes } if limit_bytes == MAX_SUCCESS_BODY_BYTES),
        "{err:?}"
    );
}

#[tokio::test]
async fn mock_an_error_body_past_its_cap_is_too_large() {
    let server = MockServer::start().await;
    let page = "x".repeat(usize::try_from(MAX_ERROR_BODY_BYTES).unwrap() + 1);
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(500).set_body_raw(page, "text/html"))
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    let err = client.list_pets(&ListQuery::default()).await.unwrap_err();
    assert!(
        matches!(err, Error::ResponseTooLarge { limit_bytes } if limit_bytes == MAX_ERROR_BODY_BYTES),
        "{err:?}"
    );
    assert!(err.to_string().contains("64 KiB"), "{err}");
}

#[tokio::test]
async fn mock_more_pets_than_the_limit_are_cut_and_counted() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(pets_json(25)))
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    let page = client.list_pets(&ListQuery::default()).await.unwrap().value;
    assert_eq!(page.pets.len(), 20);
    assert_eq!(page.pets.last().map(|p| p.id), Some(19));
    assert_eq!(page.dropped, 5);
    let three = ListQuery {
        limit: Limit::new(3).unwrap(),
        status: None,
    };
    let page = client.list_pets(&three).await.unwrap().value;
    assert_eq!((page.pets.len(), page.dropped), (3, 22));
    let json = serde_json::to_value(&page).unwrap();
    assert_eq!(json["dropped"], 22);
    assert_eq!(json["pets"].as_array().map(Vec::len), Some(3));
}

#[tokio::test]
async fn mock_a_create_answered_with_a_redirect_is_outcome_unknown() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(303).insert_header("Location", "https://elsewhere.example/x"),
        )
        .mount(&server)
        .await;
    let (client, _) = client_for(&base(&server));
    match client.create_pet(&rex()).await.unwrap_err() {
        Error::OutcomeUnknown { reason, why, .. } => {
            assert_eq!(
                why,
                petstore_client::OutcomeCause::Redirected { status: 303 }
            );
            assert!(reason.contains("HTTP 303"), "{reason}");
            assert!(reason.contains("elsewhere.example"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
}

#[tokio::test]
async fn mock_a_create_whose_2xx_answer_cannot_be_read_is_outcome_unknown() {
    for (body, says) in [
        (&br#"{"id":10,"categoryId":2}"#[..], "name"),
        (b"<html>created</html>", "not JSON"),
        (b"", "not JSON"),
    ] {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(201).set_body_raw(body, "application/json"))
            .mount(&server)
            .await;
        let (client, _) = client_for(&base(&server));
        let err = client.create_pet(&rex()).await.unwrap_err();
        match &err {
            Error::OutcomeUnknown { reason, why, .. } => {
                assert_eq!(*why, petstore_client::OutcomeCause::NotAPet { status: 201 });
                assert!(reason.contains("HTTP 201"), "{reason}");
                assert!(reason.contains(says), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        assert!(err.to_string().starts_with("outcome unknown: "), "{err}");
        assert_eq!(server.received_requests().await.unwrap().len(), 1);
    }
}

async fn unavailable_then_ok(retry_after: &str) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(503).insert_header("Retry-After", retry_after))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&server)
        .await;
    server
}

#[tokio::test]
async fn mock_a_503_retry_after_is_waited_for_before_the_get_is_retried() {
    let server = unavailable_then_ok("7").await;
    let dir = tempfile::tempdir().unwrap();
    let memory = WaitMemory::at(dir.path().join("waits.json"));
    let clock = manual_clock();
    let start = clock.now();
    let config =
        config_for(&base(&server), clock.clone()).with_wait_store(Arc::new(memory.clone()));
    let client = PetstoreClient::new(config).unwrap();
    let mut events = client.subscribe();
    client.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
    assert_eq!(clock.sleeps(), vec![Duration::from_secs(7)], "not earlier");
    let key = ApiKey::new(KEY.to_owned()).unwrap();
    assert_eq!(
        memory.not_before(&base(&server), &key, start),
        Some(start + chrono::Duration::seconds(7)),
        "remembered like a 429's wait"
    );
    let mut waited = false;
    while let Ok(event) = events.try_recv() {
        waited |= matches!(
            event,
            petstore_client::ClientEvent::Waiting {
                reason: WaitReason::Backoff,
                ..
            }
        );
    }
    assert!(waited, "the wait was announced");
}

#[tokio::test]
async fn mock_a_503_retry_after_past_the_deadline_says_when() {
    let server = unavailable_then_ok("600").await;
    let (client, clock) = client_for(&base(&server));
    let now = clock.now();
    let err = client
        .with_deadline(now + chrono::Duration::seconds(5))
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    match &err {
        Error::RateLimited {
            retry_at, server, ..
        } => {
            assert_eq!(*retry_at, now + chrono::Duration::seconds(600));
            assert_eq!(server.as_ref().map(|s| s.status), Some(503));
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("(Backoff)"), "{err}");
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
    assert!(clock.sleeps().is_empty());
}

#[tokio::test]
async fn mock_a_create_answered_503_with_retry_after_is_unknown_and_holds_the_next_call() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503).insert_header("Retry-After", "20"))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&server)
        .await;
    let (client, clock) = client_for(&base(&server));
    let err = client.create_pet(&rex()).await.unwrap_err();
    assert!(matches!(err, Error::OutcomeUnknown { .. }), "{err:?}");
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
    assert!(client.remembered_wait().is_some());
    client.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(clock.sleeps(), vec![Duration::from_secs(20)]);
}
