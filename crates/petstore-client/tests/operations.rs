//! The four operations against the sandbox over real HTTP on 127.0.0.1.

mod common;

use chrono::DateTime;
use common::{KEY, client_for, sandbox, sandbox_with};
use petstore_client::{
    ApiKey, ClientEvent, ConfigError, Error, InvalidInput, Limit, ListQuery, NewPet, NextPage,
    PetStatus, PetstoreClient,
};
use petstore_sandbox::SandboxConfig;

fn empty() -> SandboxConfig {
    SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
}

#[tokio::test]
async fn list_applies_defaults_the_limit_and_the_status_filter() {
    let sandbox = sandbox_with(empty()).await;
    for i in 0..25 {
        let status = if i % 8 == 0 { "sold" } else { "available" };
        sandbox.insert_pet(&format!("pet {i}"), 1, status, None);
    }
    let (client, _) = client_for(&sandbox.base_url());

    let page = client.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(page.value.pets.len(), 20, "default limit is 20");
    assert!(
        page.value.next.is_none(),
        "no Link header, the page is complete"
    );
    assert!(page.rate_limit.is_some(), "quota read from the answer");

    let five = ListQuery {
        limit: Limit::new(5).unwrap(),
        status: None,
    };
    assert_eq!(client.list_pets(&five).await.unwrap().value.pets.len(), 5);

    let sold = ListQuery {
        status: Some(PetStatus::Sold),
        limit: Limit::new(100).unwrap(),
    };
    let pets = client.list_pets(&sold).await.unwrap().value.pets;
    assert_eq!(pets.len(), 4);
    assert!(pets.iter().all(|p| p.status == Some(PetStatus::Sold)));
}

#[tokio::test]
async fn link_next_pages_through_everything_once() {
    let sandbox = sandbox_with(SandboxConfig {
        page_size_links: true,
        ..empty()
    })
    .await;
    let mut expected: Vec<i64> = (0..5)
        .map(|i| sandbox.insert_pet(&format!("p{i}"), 2, "pending", None))
        .collect();
    expected.sort_unstable();
    let (client, _) = client_for(&sandbox.base_url());

    let query = ListQuery {
        limit: Limit::new(2).unwrap(),
        status: Some(PetStatus::Pending),
    };
    let mut page = client.list_pets(&query).await.unwrap().value;
    let mut seen: Vec<i64> = page.pets.iter().map(|p| p.id).collect();
    let mut pages = 1;
    while let Some(next) = page.next.take() {
        // The opaque NextPage survives a round trip through JSON (the UI holds it as a string).
        let next: NextPage = serde_json::from_str(&serde_json::to_string(&next).unwrap()).unwrap();
        page = client.next_page(&next).await.unwrap().value;
        seen.extend(page.pets.iter().map(|p| p.id));
        pages += 1;
        assert!(pages <= 5, "paging must end");
    }
    seen.sort_unstable();
    assert_eq!(seen, expected);
    assert_eq!(pages, 3);
}

#[tokio::test]
async fn create_answers_the_new_pet_and_omits_an_absent_status() {
    let sandbox = sandbox_with(empty()).await;
    let (client, _) = client_for(&sandbox.base_url());

    let created = client
        .create_pet(&NewPet::new("  Biscuit ", 7, None).unwrap())
        .await
        .unwrap()
        .value;
    assert_eq!((created.name.as_str(), created.category_id), ("Biscuit", 7));
    // The field was left out, so the server chose its default (a `null` would be refused).
    assert_eq!(created.status, Some(PetStatus::Available));

    let pending = client
        .create_pet(&NewPet::new("Mochi", 3, Some(PetStatus::Pending)).unwrap())
        .await
        .unwrap()
        .value;
    let listed = client
        .list_pets(&ListQuery {
            status: Some(PetStatus::Pending),
            ..ListQuery::default()
        })
        .await
        .unwrap()
        .value
        .pets;
    assert_eq!(listed, vec![pending]);
    let all = common::default_page(&client).await;
    assert!(
        all.iter()
            .any(|p| p.id == created.id && p.status == Some(PetStatus::Available))
    );
}

#[tokio::test]
#[allow(deprecated)]
async fn deprecated_get_surfaces_the_headers_and_tells_subscribers() {
    let sandbox = sandbox().await;
    let id = sandbox.insert_pet("Pixel", 4, "sold", None);
    let (client, _) = client_for(&sandbox.base_url());
    let mut events = client.subscribe();

    let response = client.get_pet(id).await.unwrap();
    assert_eq!(response.value.id, id);
    assert_eq!(response.value.status, Some(PetStatus::Sold));
    let notice = response.deprecation.expect("a deprecation notice");
    assert_eq!(
        notice.deprecated_since,
        DateTime::from_timestamp(1_735_689_600, 0)
    );
    assert_eq!(notice.sunset.to_rfc3339(), "2030-12-05T00:00:00+00:00");
    assert_eq!(notice.replacement, "GET /pets with the status filter");

    let mut got_notice = false;
    while let Ok(event) = events.try_recv() {
        got_notice |= matches!(event, ClientEvent::Deprecation(ref n) if *n == notice);
    }
    assert!(got_notice, "a Deprecation event was broadcast");
}

#[tokio::test]
#[allow(deprecated)]
async fn an_unknown_id_is_not_found_with_the_server_code() {
    let sandbox = sandbox_with(empty()).await;
    let (client, _) = client_for(&sandbox.base_url());
    match client.get_pet(987_654).await {
        Err(Error::NotFound(api)) => {
            assert_eq!(api.status, 404);
            assert!(!api.code.is_empty() && !api.message.is_empty());
        }
        other => panic!("{other:?}"),
    }
    assert!(
        client.rate_limit().is_some(),
        "the error answer's quota is kept"
    );
}

#[tokio::test]
async fn a_wrong_key_is_unauthorized_and_never_shown() {
    let sandbox = sandbox().await;
    let secret = "wrong-key-DO-NOT-PRINT-7788";
    let config = common::config_for(&sandbox.base_url(), common::manual_clock())
        .with_api_key(ApiKey::new(secret.to_owned()).unwrap());
    let client = PetstoreClient::new(config).unwrap();
    let err = client.list_pets(&ListQuery::default()).await.unwrap_err();
    assert!(
        matches!(err, Error::Unauthorized(ref api) if api.status == 401),
        "{err:?}"
    );
    for text in [format!("{err}"), format!("{err:?}"), format!("{client:?}")] {
        assert!(!text.contains(secret), "key leaked in {text}");
    }
    assert!(format!("{client:?}").contains("ApiKey(<redacted>)"));
    assert!(
        client.rate_limit().is_some(),
        "401 answers carry quota headers too"
    );
}

#[tokio::test]
async fn invalid_input_is_refused_before_anything_is_sent() {
    let sandbox = sandbox().await;
    let (client, _) = client_for(&sandbox.base_url());

    let bad_status = ListQuery {
        status: Some(PetStatus::Other("adopted".into())),
        ..ListQuery::default()
    };
    let err = client.list_pets(&bad_status).await.unwrap_err();
    assert!(
        matches!(err, Error::InvalidInput(InvalidInput::Status { .. })),
        "{err:?}"
    );

    let nameless = NewPet {
        name: "   ".into(),
        category_id: 1,
        status: None,
    };
    let err = client.create_pet(&nameless).await.unwrap_err();
    assert!(
        matches!(err, Error::InvalidInput(InvalidInput::Name)),
        "{err:?}"
    );

    let odd_status = NewPet {
        name: "Rex".into(),
        category_id: 1,
        status: Some(PetStatus::Other("lost".into())),
    };
    assert!(matches!(
        client.create_pet(&odd_status).await,
        Err(Error::InvalidInput(InvalidInput::Status { .. }))
    ));
    assert!(Limit::new(0).is_err() && Limit::new(101).is_err());

    let foreign: NextPage = serde_json::from_str("\"http://127.0.0.2:9/v1/pets?after=1\"").unwrap();
    let err = client.next_page(&foreign).await.unwrap_err();
    assert!(
        matches!(err, Error::Configuration(ConfigError::ForeignLink { .. })),
        "{err:?}"
    );
    // The same server, outside the base address's path: another service (or version) there
    // never gets the key either, and nothing is sent.
    let sent_before = sandbox.request_count();
    let base = client.base_url().as_str().to_owned();
    let origin = base.trim_end_matches("/v1");
    for outside in [
        format!("{origin}/admin/pets?after=1"),
        format!("{origin}/v10/pets?after=1"),
        format!("{origin}/pets"),
    ] {
        let next: NextPage =
            serde_json::from_value(serde_json::Value::String(outside.clone())).unwrap();
        let err = client.next_page(&next).await.unwrap_err();
        assert!(
            matches!(err, Error::Configuration(ConfigError::ForeignLink { .. })),
            "{outside}: {err:?}"
        );
    }
    assert_eq!(
        sandbox.request_count(),
        sent_before,
        "nothing was sent outside"
    );

    let keyless = PetstoreClient::new(petstore_client::ClientConfig::new(
        petstore_client::Environment::Staging,
        client.base_url().clone(),
    ))
    .unwrap();
    let err = keyless.list_pets(&ListQuery::default()).await.unwrap_err();
    assert!(
        matches!(err, Error::Configuration(ConfigError::MissingApiKey { .. })),
        "{err:?}"
    );

    assert_eq!(sandbox.request_count(), 0, "nothing reached the server");
}

#[tokio::test]
async fn unknown_statuses_are_kept_and_big_ids_stay_exact() {
    let sandbox = sandbox_with(empty()).await;
    let big = (1_i64 << 53) + 1;
    sandbox.insert_pet("Odd", (1_i64 << 53) + 3, "adopted", Some(big));
    sandbox.insert_pet("Even", 1, "available", None);
    let (client, _) = client_for(&sandbox.base_url());

    let pets = common::default_page(&client).await;
    assert_eq!(pets.len(), 2, "one odd status does not fail the list");
    let odd = pets.iter().find(|p| p.name == "Odd").unwrap();
    assert_eq!(odd.id, 9_007_199_254_740_993);
    assert_eq!(odd.category_id, 9_007_199_254_740_995);
    assert_eq!(odd.status, Some(PetStatus::Other("adopted".into())));
}

#[tokio::test]
#[allow(deprecated)]
async fn every_answer_updates_the_quota_errors_included() {
    let sandbox = sandbox_with(empty()).await;
    let (client, _) = client_for(&sandbox.base_url());
    let mut events = client.subscribe();

    let ok = client.list_pets(&ListQuery::default()).await.unwrap();
    let first = ok.rate_limit.expect("snapshot on a 200");
    assert!(first.limit.is_some() && first.remaining.is_some() && first.reset_at.is_some());

    assert!(matches!(
        client.get_pet(424_242).await,
        Err(Error::NotFound(_))
    ));
    let after_error = client.rate_limit().expect("snapshot kept after a 404");
    assert!(
        after_error.remaining < first.remaining,
        "{after_error:?} vs {first:?}"
    );

    // A clone shares the state.
    let clone = client.clone();
    assert_eq!(clone.rate_limit(), Some(after_error));

    let mut quota_events = 0;
    while let Ok(event) = events.try_recv() {
        quota_events += usize::from(matches!(event, ClientEvent::RateLimit(_)));
    }
    assert_eq!(quota_events, 2, "one RateLimit event per answer");
}

#[tokio::test]
async fn the_key_never_shows_in_debug_output() {
    let (client, _) = client_for("http://127.0.0.1:9/v1");
    let text = format!("{client:?}");
    assert!(!text.contains(KEY), "{text}");
    assert!(text.contains("127.0.0.1:9/v1"), "{text}");
}

#[tokio::test]
async fn an_https_client_builds_and_speaks_tls_with_the_bundled_provider() {
    // A plain TCP listener that answers a TLS hello with garbage: the client must build (a
    // crypto provider is installed), attempt the handshake, and fail as a network error.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (mut socket, _) = listener.accept().await.unwrap();
        let mut hello = [0u8; 5];
        socket.read_exact(&mut hello).await.unwrap();
        socket
            .write_all(b"HTTP/1.1 400 Not TLS\r\n\r\n")
            .await
            .unwrap();
        hello
    });
    let base = petstore_client::BaseUrl::parse(&format!("https://localhost:{port}/v1")).unwrap();
    let client = petstore_client::PetstoreClient::new(
        petstore_client::ClientConfig::new(petstore_client::Environment::Staging, base)
            .with_api_key(petstore_client::ApiKey::new(common::KEY.to_owned()).unwrap())
            .with_retry(petstore_client::RetryPolicy {
                max_attempts: 1,
                ..common::fast_policy()
            }),
    )
    .expect("an https client builds");
    let err = client
        .list_pets(&petstore_client::ListQuery::default())
        .await
        .unwrap_err();
    let hello = server.await.unwrap();
    assert_eq!(hello[0], 0x16, "a TLS handshake record was sent");
    assert!(
        matches!(err, petstore_client::Error::Network { .. }),
        "{err:?}"
    );
}
