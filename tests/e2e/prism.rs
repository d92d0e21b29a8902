//! Prism (`@stoplight/prism-cli`, pinned in xtask/tools) as an independent judge of the client:
//! a mock server generated from `openapi.yaml` that rejects any request the document does not allow.
//! Every request the client makes must be accepted; requests the document forbids must be refused
//! by the client before anything is sent.

mod support;

use std::sync::Arc;

use petstore_client::ratelimit::{Governor, Observation, parse_retry_after};
use petstore_client::retry::RetryPolicy;
use petstore_client::{
    ApiKey, BaseUrl, ClientConfig, ConfigError, Environment, Error, InvalidInput, Limit, ListQuery,
    NewPet, PetStatus, PetstoreClient, RateLimitSnapshot, SystemClock,
};
use support::prism::Prism;

fn client(prism: &Prism) -> PetstoreClient {
    let base = BaseUrl::parse(&prism.base_url()).expect("prism's loopback address is a valid base");
    let key = ApiKey::new("prism-test-key".to_owned()).expect("valid key");
    PetstoreClient::new(ClientConfig::new(Environment::Staging, base).with_api_key(key))
        .expect("client builds")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prism_accepts_every_request_the_client_makes() {
    let prism = Prism::start(false).await;
    let client = client(&prism);

    let all = client
        .list_pets(&ListQuery::default())
        .await
        .expect("default list accepted");
    assert!(!all.value.pets.is_empty(), "prism's example list has pets");

    for status in [PetStatus::Available, PetStatus::Pending, PetStatus::Sold] {
        for limit in [1, 20, 100] {
            let query = ListQuery {
                status: Some(status.clone()),
                limit: Limit::new(limit).expect("valid limit"),
            };
            client
                .list_pets(&query)
                .await
                .unwrap_or_else(|e| panic!("list status={status} limit={limit} refused: {e:?}"));
        }
    }

    let with_status = NewPet::new("Biscuit", 3, Some(PetStatus::Pending)).expect("valid pet");
    client
        .create_pet(&with_status)
        .await
        .expect("create with status accepted");
    // Prism validates in JavaScript and rejects integers above 2^53, so 2^32 + 1 stands in here for
    // "needs int64"; the sandbox tests carry 2^53 + 1 end to end.
    let without_status = NewPet::new("Pepper", 4_294_967_297, None).expect("valid pet");
    client
        .create_pet(&without_status)
        .await
        .expect("create without status accepted");

    #[allow(deprecated)]
    let one = client
        .get_pet(4_294_967_297)
        .await
        .expect("deprecated get accepted");
    assert!(
        one.value.id != 0 || !one.value.name.is_empty(),
        "a pet came back"
    );

    assert_eq!(
        prism.rejected_requests(),
        Vec::<String>::new(),
        "prism found requests of the client invalid"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_prism_refuses_are_refused_by_the_client_before_sending() {
    let prism = Prism::start(false).await;

    // Prism, asked directly, refuses these requests: proof they are invalid.
    let raw = reqwest::Client::new();
    let pets = format!("{}/pets", prism.base_url());
    for (query, auth) in [
        ("?limit=0", true),
        ("?limit=101", true),
        ("?status=lost", true),
        ("", false),
    ] {
        let mut request = raw.get(format!("{pets}{query}"));
        if auth {
            request = request.bearer_auth("prism-test-key");
        }
        let status = request.send().await.expect("prism answers").status();
        assert!(
            status.is_client_error(),
            "prism accepted GET /pets{query} (auth: {auth}): {status}"
        );
    }

    // The client refuses the same requests locally.
    assert!(matches!(Limit::new(0), Err(InvalidInput::Limit { .. })));
    assert!(matches!(Limit::new(101), Err(InvalidInput::Limit { .. })));
    assert!("lost".parse::<PetStatus>().is_err());
    assert!(matches!(
        NewPet::new("   ", 1, None),
        Err(InvalidInput::Name)
    ));
    let unknown_status = NewPet::new("Rex", 1, Some(PetStatus::Other("lost".into())));
    assert!(
        unknown_status.is_err(),
        "an unknown status is refused for a create"
    );

    let base = BaseUrl::parse(&prism.base_url()).expect("valid base");
    let keyless =
        PetstoreClient::new(ClientConfig::new(Environment::Staging, base)).expect("builds");
    let before = prism.request_count();
    let error = keyless
        .list_pets(&ListQuery::default())
        .await
        .expect_err("no key, no request");
    assert!(
        matches!(
            error,
            Error::Configuration(ConfigError::MissingApiKey { .. })
        ),
        "unexpected: {error:?}"
    );
    assert_eq!(
        prism.request_count(),
        before,
        "the keyless request reached prism"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_decodes_prism_dynamic_data_and_odd_rate_limit_headers() {
    let prism = Prism::start(true).await;
    let client = client(&prism);
    // Dynamic mode invents values anywhere the document allows: extreme int64s, odd strings.
    for _ in 0..15 {
        client
            .list_pets(&ListQuery::default())
            .await
            .expect("dynamic list decodes");
    }
    client
        .create_pet(&NewPet::new("Mochi", 2, None).expect("valid"))
        .await
        .expect("dynamic create decodes");

    // Prism's mock 429 (asked for explicitly) carries Retry-After and rate-limit values invented
    // from the document: absurd ones. Reading them never fails, and the governor clamps the wait
    // and answers at once with the time to retry instead of sleeping for it.
    let response = reqwest::Client::new()
        .get(format!("{}/pets", prism.base_url()))
        .bearer_auth("prism-test-key")
        .header("Prefer", "code=429")
        .send()
        .await
        .expect("prism answers");
    assert_eq!(response.status().as_u16(), 429);
    let now = chrono::Utc::now();
    let policy = RetryPolicy::default();
    let governor = Governor::new(Arc::new(SystemClock), policy.clone());
    let permit = governor.acquire(None).await.expect("first request may go");
    let resume = permit.finish(Observation {
        status: 429,
        snapshot: RateLimitSnapshot::from_headers(response.headers(), now),
        retry_after: parse_retry_after(response.headers(), now),
    });
    let latest_allowed = now
        + chrono::Duration::from_std(policy.max_retry_after).expect("fits")
        + chrono::Duration::seconds(5);
    let resume = resume.expect("a 429 imposes a wait");
    assert!(
        resume <= latest_allowed,
        "absurd Retry-After not clamped: {resume}"
    );
    let refused = governor
        .acquire(None)
        .await
        .expect_err("too long to wait inside a call");
    assert_eq!(refused.retry_at, resume, "the caller is told when to retry");
}
