//! Company networks, offline: the sandbox behind a TLS front whose certificate a private CA
//! issued (for `api.petstore.test`, resolved to 127.0.0.1), reached directly or through a real
//! CONNECT proxy that counts tunnels, checks credentials and records every byte it relayed.

mod common;

use std::time::Duration;

use chrono::Utc;
use common::{KEY, config_for, manual_clock, sandbox_on};
use petstore_client::{
    ApiKey, BaseUrl, ClientConfig, CompanyCa, Environment, Error, ListQuery, ManualProxy,
    NetworkCause, NetworkConfig, NewPet, PetstoreClient, ProxyCredentials, ProxyMode, ProxyUrl,
};
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};
use petstore_test_support::{spend_elsewhere, tiny_quota_config};
use petstore_testnet::{ConnectProxy, PrivateCa, TEST_HOST, TlsFront};
use zeroize::Zeroizing;

/// The sandbox behind TLS, with the CA that issued its certificate.
struct HttpsApi {
    sandbox: Sandbox,
    front: TlsFront,
    ca: PrivateCa,
}

impl HttpsApi {
    async fn start() -> HttpsApi {
        Self::start_with(SandboxConfig::default().with_key(KEY, Plan::Pro), |ca| {
            ca.server_cert(TEST_HOST)
        })
        .await
    }

    async fn start_with(
        config: SandboxConfig,
        cert: impl FnOnce(&PrivateCa) -> petstore_testnet::ServerCert,
    ) -> HttpsApi {
        let sandbox = Sandbox::start(config.answering(TEST_HOST))
            .await
            .expect("sandbox starts");
        Self::around(sandbox, cert)
    }

    fn around(
        sandbox: Sandbox,
        cert: impl FnOnce(&PrivateCa) -> petstore_testnet::ServerCert,
    ) -> HttpsApi {
        let ca = PrivateCa::new("Petstore Test Company Root CA");
        let front = TlsFront::start(cert(&ca), sandbox.addr());
        HttpsApi { sandbox, front, ca }
    }

    fn base_url(&self) -> BaseUrl {
        BaseUrl::parse(&format!("https://{TEST_HOST}:{}/v1", self.front.port())).unwrap()
    }

    /// A client for the API; `direct`: resolve the test name itself (no proxy on the way).
    fn config(&self, network: NetworkConfig, direct: bool) -> ClientConfig {
        let mut config = ClientConfig::new(Environment::Production, self.base_url())
            .with_api_key(ApiKey::new(KEY.to_owned()).unwrap())
            .with_retry(common::fast_policy())
            .with_network(network);
        if direct {
            config = config.with_resolve(TEST_HOST, self.front.addr());
        }
        config
    }

    fn trusted(&self) -> Vec<CompanyCa> {
        CompanyCa::from_pem(self.ca.pem().as_bytes(), Utc::now()).expect("the test CA is valid")
    }

    /// A proxy that reaches the test name at the TLS front.
    fn proxy(&self, credentials: Option<(&str, &str)>) -> ConnectProxy {
        ConnectProxy::start(credentials, [(TEST_HOST.to_owned(), self.front.addr())])
    }
}

fn manual(proxy: &ConnectProxy, user: Option<(&str, &str)>, bypass: &[&str]) -> ProxyMode {
    ProxyMode::Manual(ManualProxy {
        url: ProxyUrl::parse(&proxy.url()).unwrap(),
        credentials: user.map(|(user, password)| ProxyCredentials {
            user: user.to_owned(),
            password: Zeroizing::new(password.to_owned()),
        }),
        bypass: bypass.iter().map(|s| (*s).to_owned()).collect(),
    })
}

fn cause(error: &Error) -> NetworkCause {
    match error {
        Error::Network { cause, .. } => *cause,
        other => panic!("expected a network error, got {other:?}"),
    }
}

#[tokio::test]
async fn a_manual_proxy_carries_the_request_and_never_sees_the_key_or_a_pet_in_clear() {
    let api = HttpsApi::start().await;
    let proxy = api.proxy(None);
    let network = NetworkConfig {
        proxy: manual(&proxy, None, &[]),
        extra_roots: api.trusted(),
    };
    let client = PetstoreClient::new(api.config(network, false)).unwrap();
    let page = client.list_pets(&ListQuery::default()).await.unwrap();
    assert!(!page.value.pets.is_empty(), "the demo pets came through");
    let created = client
        .create_pet(&NewPet {
            name: "Quillon-Secret-Name".into(),
            category_id: 3,
            status: None,
        })
        .await
        .unwrap();
    assert_eq!(created.value.name, "Quillon-Secret-Name");

    let seen = proxy.stats();
    assert!(seen.tunnels >= 1, "{seen:?}");
    assert!(
        seen.targets
            .iter()
            .all(|t| t == &format!("{TEST_HOST}:{}", api.front.port())),
        "{:?}",
        seen.targets
    );
    assert!(
        seen.saw(b"CONNECT api.petstore.test"),
        "the proxy saw the CONNECT"
    );
    assert!(
        !seen.saw(KEY.as_bytes()),
        "the key crossed the proxy in clear"
    );
    assert!(
        !seen.saw(b"Quillon-Secret-Name"),
        "a pet's name crossed in clear"
    );
    assert!(
        !seen.saw(b"Bearer"),
        "an Authorization header crossed in clear"
    );
    assert_eq!(api.sandbox.create_count(), 1);
}

#[tokio::test]
async fn a_407_is_typed_not_retried_and_credentials_fix_it() {
    let api = HttpsApi::start().await;
    let proxy = api.proxy(Some(("clerk", "pr0xy-pass")));
    let with = |user| NetworkConfig {
        proxy: manual(&proxy, user, &[]),
        extra_roots: api.trusted(),
    };

    let none = PetstoreClient::new(api.config(with(None), false)).unwrap();
    let err = none.list_pets(&ListQuery::default()).await.unwrap_err();
    assert_eq!(cause(&err), NetworkCause::ProxyAuthRequired, "{err}");
    assert_eq!(proxy.stats().refused, 1, "a 407 is not retried");
    assert_eq!(err.to_string(), "network (ProxyAuthRequired)");

    let wrong = PetstoreClient::new(api.config(with(Some(("clerk", "nope"))), false)).unwrap();
    let err = wrong.list_pets(&ListQuery::default()).await.unwrap_err();
    assert_eq!(cause(&err), NetworkCause::ProxyAuthRefused, "{err}");
    assert_eq!(proxy.stats().refused, 2);

    let right =
        PetstoreClient::new(api.config(with(Some(("clerk", "pr0xy-pass"))), false)).unwrap();
    right.list_pets(&ListQuery::default()).await.unwrap();
    let seen = proxy.stats();
    assert_eq!(seen.tunnels, 1);
    assert!(!seen.saw(KEY.as_bytes()));
    assert_eq!(api.sandbox.request_count(), 1, "only the good one arrived");
}

#[tokio::test]
async fn a_bypassed_host_opens_no_tunnel() {
    let api = HttpsApi::start().await;
    let proxy = api.proxy(None);
    let network = NetworkConfig {
        proxy: manual(&proxy, None, &["petstore.test"]),
        extra_roots: api.trusted(),
    };
    let client = PetstoreClient::new(api.config(network, true)).unwrap();
    client.list_pets(&ListQuery::default()).await.unwrap();
    let seen = proxy.stats();
    assert_eq!(seen.tunnels, 0, "{seen:?}");
    assert!(seen.seen.is_empty());
}

#[tokio::test]
async fn off_goes_direct_and_the_sandbox_never_uses_a_proxy() {
    let api = HttpsApi::start().await;
    let proxy = api.proxy(None);
    let off = NetworkConfig {
        proxy: ProxyMode::Off,
        extra_roots: api.trusted(),
    };
    PetstoreClient::new(api.config(off, true))
        .unwrap()
        .list_pets(&ListQuery::default())
        .await
        .unwrap();
    // A Manual proxy is set, but the base address is loopback: straight there.
    let sandbox = common::sandbox().await;
    let config = config_for(&sandbox.base_url(), manual_clock()).with_network(NetworkConfig {
        proxy: manual(&proxy, None, &[]),
        extra_roots: Vec::new(),
    });
    PetstoreClient::new(config)
        .unwrap()
        .list_pets(&ListQuery::default())
        .await
        .unwrap();
    assert_eq!(proxy.stats().tunnels, 0);
    assert!(proxy.stats().seen.is_empty());
}

#[tokio::test]
async fn an_unknown_authority_is_typed_not_retried_and_trusting_the_ca_fixes_it() {
    let api = HttpsApi::start().await;
    let untrusted = PetstoreClient::new(api.config(NetworkConfig::default(), true)).unwrap();
    let err = untrusted
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    assert_eq!(cause(&err), NetworkCause::UnknownAuthority, "{err}");
    assert_eq!(err.to_string(), "network (UnknownAuthority)");
    assert_eq!(
        api.front.handshakes(),
        1,
        "an unknown certificate is not retried"
    );
    assert_eq!(api.sandbox.request_count(), 0);

    let trusted = NetworkConfig {
        proxy: ProxyMode::System,
        extra_roots: api.trusted(),
    };
    let client = PetstoreClient::new(api.config(trusted, true)).unwrap();
    client.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(api.sandbox.request_count(), 1);
}

#[tokio::test]
async fn an_expired_or_misnamed_certificate_says_so() {
    let expired = HttpsApi::start_with(SandboxConfig::default().with_key(KEY, Plan::Pro), |ca| {
        ca.expired_server_cert(TEST_HOST)
    })
    .await;
    let network = NetworkConfig {
        proxy: ProxyMode::Off,
        extra_roots: expired.trusted(),
    };
    let err = PetstoreClient::new(expired.config(network, true))
        .unwrap()
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    assert_eq!(cause(&err), NetworkCause::CertificateExpired, "{err}");
    assert_eq!(expired.front.handshakes(), 1);

    let misnamed = HttpsApi::start_with(SandboxConfig::default().with_key(KEY, Plan::Pro), |ca| {
        ca.server_cert("other.petstore.test")
    })
    .await;
    let network = NetworkConfig {
        proxy: ProxyMode::Off,
        extra_roots: misnamed.trusted(),
    };
    let err = PetstoreClient::new(misnamed.config(network, true))
        .unwrap()
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    assert_eq!(cause(&err), NetworkCause::CertificateName, "{err}");
}

#[tokio::test]
async fn an_unreachable_proxy_is_typed_and_not_retried() {
    let api = HttpsApi::start().await;
    // A port that was free a moment ago: nothing listens there.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let network = NetworkConfig {
        proxy: ProxyMode::Manual(ManualProxy {
            url: ProxyUrl::parse(&url).unwrap(),
            credentials: None,
            bypass: Vec::new(),
        }),
        extra_roots: api.trusted(),
    };
    let started = std::time::Instant::now();
    let err = PetstoreClient::new(api.config(network, false))
        .unwrap()
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    assert_eq!(cause(&err), NetworkCause::ProxyUnreachable, "{err}");
    assert_eq!(err.to_string(), "network (ProxyUnreachable)");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "no backoff and retries: {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_429_through_the_proxy_is_paced_as_without_one() {
    let clock = manual_clock();
    let key = "tiny-quota-key-proxy";
    let sandbox = sandbox_on(tiny_quota_config(key).answering(TEST_HOST), &clock).await;
    let api = HttpsApi::around(sandbox, |ca| ca.server_cert(TEST_HOST));
    let proxy = api.proxy(None);
    let mut policy = common::fast_policy();
    policy.max_wait = Duration::from_secs(120);
    let network = NetworkConfig {
        proxy: manual(&proxy, None, &[]),
        extra_roots: api.trusted(),
    };
    let client = PetstoreClient::new(
        api.config(network, false)
            .with_api_key(ApiKey::new(key.to_owned()).unwrap())
            .with_retry(policy)
            .with_clock(clock.clone()),
    )
    .unwrap();
    // Another program with the same key used the window up, straight to the sandbox.
    spend_elsewhere(&api.sandbox, key, 2).await;
    // Through the proxy: a 429, the wait it asks for, then the answer (as in failures.rs
    // without a proxy).
    client.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(
        api.sandbox.request_count(),
        4,
        "two raw, one 429, one retry"
    );
    assert!(
        clock.total_slept() >= Duration::from_secs(1),
        "{:?}",
        clock.sleeps()
    );
    assert!(proxy.stats().tunnels >= 1);
}

#[test]
fn a_company_ca_file_is_checked_before_it_is_trusted() {
    let ca = PrivateCa::new("Example Corp Root CA");
    let now = Utc::now();
    let trusted = CompanyCa::from_pem(ca.pem().as_bytes(), now).unwrap();
    assert_eq!(trusted.len(), 1);
    assert!(
        trusted[0].subject.contains("Example Corp Root CA"),
        "{:?}",
        trusted[0]
    );
    assert_eq!(trusted[0].fingerprint.len(), 32 * 3 - 1);
    assert_eq!(
        CompanyCa::from_pem(trusted[0].pem().as_bytes(), now).unwrap()[0],
        trusted[0],
        "the kept PEM reads back the same"
    );

    let leaf = ca.server_cert(TEST_HOST);
    let err = CompanyCa::from_pem(leaf.cert_pem.as_bytes(), now).unwrap_err();
    assert!(
        matches!(err, petstore_client::CaFileError::NotAnAuthority { .. }),
        "{err:?}"
    );
    let later = now + chrono::TimeDelta::days(400);
    assert!(matches!(
        CompanyCa::from_pem(ca.pem().as_bytes(), later),
        Err(petstore_client::CaFileError::Expired { .. })
    ));
    assert_eq!(
        CompanyCa::from_pem(b"not a certificate", now),
        Err(petstore_client::CaFileError::NoCertificate)
    );
    assert_eq!(
        CompanyCa::from_pem(leaf.key_pem.as_bytes(), now),
        Err(petstore_client::CaFileError::NoCertificate),
        "a key file is not a certificate"
    );
    let garbled = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    assert!(matches!(
        CompanyCa::from_pem(garbled.as_bytes(), now),
        Err(petstore_client::CaFileError::Unreadable { .. })
    ));
}
