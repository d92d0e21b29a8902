//! The client's idea of the embedded sandbox must match the sandbox itself, or
//! `petstore --env sandbox` (and the desktop app's default environment) would talk to nothing.

#[test]
fn client_sandbox_defaults_match_the_sandbox() {
    assert_eq!(
        petstore_client::SANDBOX_DEMO_KEY,
        petstore_sandbox::DEMO_KEY
    );
    assert_eq!(
        petstore_client::SANDBOX_DEFAULT_URL,
        format!("http://127.0.0.1:{}/v1", petstore_sandbox::DEFAULT_PORT)
    );
}

#[tokio::test]
async fn default_sandbox_config_serves_the_demo_key_with_demo_data() {
    use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, ListQuery, PetstoreClient};
    let sandbox = petstore_sandbox::Sandbox::start(petstore_sandbox::SandboxConfig::default())
        .await
        .expect("sandbox starts");
    let config = ClientConfig::new(
        Environment::Sandbox,
        BaseUrl::parse(&sandbox.base_url()).expect("loopback base"),
    )
    .with_api_key(ApiKey::new(petstore_client::SANDBOX_DEMO_KEY.to_owned()).expect("demo key"));
    let client = PetstoreClient::new(config).expect("client");
    let page = client
        .list_pets(&ListQuery::default())
        .await
        .expect("demo key accepted");
    assert_eq!(
        page.value.pets.len(),
        20,
        "the default page is full of demo pets"
    );
    let quota = page
        .rate_limit
        .expect("rate-limit headers on the demo response");
    assert_eq!(quota.limit, Some(300), "the demo key is on the Pro plan");
    sandbox.shutdown().await;
}
