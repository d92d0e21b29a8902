//! The update check and install through the real plugin on Tauri's mock runtime, against a
//! loopback update server that counts requests: checking off asks nothing, the system-wide file
//! wins over the person's, the start-up check runs at most once a day, an unreachable address
//! answers quietly and fast, and a bundle signed with another key or changed is refused. Behind a
//! company network, the check goes through the settings' proxy (with its credentials) and trusts
//! the company CA, as the API's requests do.

#[path = "common/update_server.rs"]
mod update_server;

use std::path::Path;
use std::time::{Duration, Instant};

use keyring_core::mock;
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{NetworkCause, UpdateCheck, UpdateFailure};
use petstore_admin::updates::{self, Pending, START_UP_TIMEOUT};
use petstore_local::keychain::Keychain;
use petstore_testnet::{ConnectProxy, PrivateCa, TlsFront};
use tauri::Manager;
use tauri::test::{MockRuntime, mock_builder};
use update_server::{Offer, TestKey, UpdateServer};

const BUNDLE: &[u8] = b"a newer Petstore Admin, as far as this test is concerned";

fn app(
    dir: &Path,
    system: Option<serde_json::Value>,
    person: Option<serde_json::Value>,
) -> tauri::App<MockRuntime> {
    app_with_keychain(dir, system, person, None)
}

fn app_with_keychain(
    dir: &Path,
    system: Option<serde_json::Value>,
    person: Option<serde_json::Value>,
    keychain: Option<Keychain>,
) -> tauri::App<MockRuntime> {
    let system_path = dir.join("system-settings.json");
    if let Some(updates) = system {
        std::fs::write(
            &system_path,
            serde_json::json!({ "updates": updates }).to_string(),
        )
        .unwrap();
    }
    if let Some(updates) = person {
        std::fs::write(
            dir.join("settings.json"),
            serde_json::json!({ "updates": updates }).to_string(),
        )
        .unwrap();
    }
    let backend = Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        system_settings_path: Some(system_path),
        update_stamp_path: Some(dir.join("data").join("last-update-check")),
        keychain: keychain.into(),
        ..BackendConfig::isolated()
    });
    let mut context = tauri::generate_context!("../tauri.conf.json");
    updates::allow_loopback_http(&mut context, &backend.update_policy());
    mock_builder()
        .plugin(updates::plugin())
        .manage(Pending::default())
        .manage(backend)
        .build(context)
        .expect("app builds with the real configuration")
}

fn offer(server: &UpdateServer, key: &TestKey, bytes: &[u8]) {
    server.offer(Offer {
        version: "99.0.0".into(),
        notes: "Faster tables.".into(),
        // Always the genuine bundle's signature: a test that serves changed bytes gets it too.
        signature: key.sign_base64("99.0.0", BUNDLE),
        bundle: bytes.to_vec(),
    });
}

async fn check(app: &tauri::App<MockRuntime>, at_start: bool) -> UpdateCheck {
    updates::check(app.handle(), &app.state::<Backend>(), at_start).await
}

#[tokio::test]
async fn an_administrators_off_sends_no_request_at_start_or_on_demand() {
    let dir = tempfile::tempdir().unwrap();
    let server = UpdateServer::start().await;
    let key = TestKey::generate();
    offer(&server, &key, BUNDLE);
    let app = app(
        dir.path(),
        Some(serde_json::json!({ "check": false, "url": server.url() })),
        Some(serde_json::json!({ "check": true })),
    );
    let backend = app.state::<Backend>();
    let settings = backend.update_settings();
    assert!(!settings.check && settings.managed, "{settings:?}");
    // The person cannot turn it back on.
    let after = backend.save_update_check(true).unwrap();
    assert!(!after.check && after.managed);
    assert_eq!(check(&app, true).await, UpdateCheck::Skipped);
    assert_eq!(
        check(&app, false).await,
        UpdateCheck::Failed {
            failure: UpdateFailure::Managed,
            cause: None
        }
    );
    assert_eq!(server.manifests_served(), 0, "off: no request at all");
}

#[tokio::test]
async fn the_persons_off_skips_the_start_up_check_but_not_one_they_ask_for() {
    let dir = tempfile::tempdir().unwrap();
    let server = UpdateServer::start().await;
    let key = TestKey::generate();
    offer(&server, &key, BUNDLE);
    let app = app(
        dir.path(),
        Some(serde_json::json!({ "url": server.url(), "publicKey": key.public_base64() })),
        None,
    );
    let settings = app.state::<Backend>().save_update_check(false).unwrap();
    assert!(!settings.check && !settings.managed);
    let saved = std::fs::read_to_string(dir.path().join("settings.json")).unwrap();
    assert!(saved.contains("\"check\": false"), "{saved}");
    assert_eq!(check(&app, true).await, UpdateCheck::Skipped);
    assert_eq!(server.manifests_served(), 0);
    assert!(matches!(
        check(&app, false).await,
        UpdateCheck::Available(_)
    ));
    assert_eq!(server.manifests_served(), 1);
}

#[tokio::test]
async fn the_start_up_check_runs_at_most_once_a_day_and_offers_version_and_notes() {
    let dir = tempfile::tempdir().unwrap();
    let server = UpdateServer::start().await;
    let key = TestKey::generate();
    offer(&server, &key, BUNDLE);
    let app = app(
        dir.path(),
        Some(serde_json::json!({ "url": server.url(), "publicKey": key.public_base64() })),
        None,
    );
    match check(&app, true).await {
        UpdateCheck::Available(offer) => {
            assert_eq!(offer.version, "99.0.0");
            assert_eq!(offer.current_version, env!("CARGO_PKG_VERSION"));
            assert_eq!(offer.notes.as_deref(), Some("Faster tables."));
            assert_eq!(offer.date.as_deref(), Some("2026-11-20T10:00:00Z"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        check(&app, true).await,
        UpdateCheck::Skipped,
        "the same day"
    );
    assert_eq!(server.manifests_served(), 1);
    // A new run the same day (the time is kept in the data folder) skips it too.
    drop(app);
    let app = self::app(dir.path(), None, None);
    assert_eq!(check(&app, true).await, UpdateCheck::Skipped);
    assert_eq!(server.manifests_served(), 1);
}

#[tokio::test]
async fn an_unreachable_address_answers_quietly_and_fast() {
    let dir = tempfile::tempdir().unwrap();
    // A port nobody listens on: refused at once.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let app = app(
        dir.path(),
        Some(serde_json::json!({ "url": format!("http://127.0.0.1:{port}/latest.json") })),
        None,
    );
    let started = Instant::now();
    assert_eq!(
        check(&app, true).await,
        UpdateCheck::Failed {
            failure: UpdateFailure::Unreachable,
            cause: Some(NetworkCause::Refused)
        }
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );

    // A server that accepts and never answers (a black hole): given up after the start-up
    // timeout, never longer.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let silent_port = silent.local_addr().unwrap().port();
    let _held = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = silent.accept().await {
            held.push(stream);
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let app = self::app(
        dir.path(),
        Some(serde_json::json!({ "url": format!("http://127.0.0.1:{silent_port}/latest.json") })),
        None,
    );
    let started = Instant::now();
    assert_eq!(
        check(&app, true).await,
        UpdateCheck::Failed {
            failure: UpdateFailure::Unreachable,
            cause: None
        }
    );
    let took = started.elapsed();
    assert!(
        took >= START_UP_TIMEOUT - Duration::from_secs(1)
            && took < START_UP_TIMEOUT + Duration::from_secs(3),
        "{took:?}"
    );
}

#[tokio::test]
async fn a_bundle_signed_with_another_key_or_changed_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = UpdateServer::start().await;
    let trusted = TestKey::generate();
    let other = TestKey::generate();
    offer(&server, &other, BUNDLE);
    let app = app(
        dir.path(),
        Some(serde_json::json!({ "url": server.url(), "publicKey": trusted.public_base64() })),
        None,
    );
    let backend = app.state::<Backend>();
    assert_eq!(
        updates::install(app.handle(), &backend).await,
        UpdateFailure::NothingToInstall,
        "nothing installs without a check's offer"
    );
    assert!(matches!(
        check(&app, false).await,
        UpdateCheck::Available(_)
    ));
    assert_eq!(
        updates::install(app.handle(), &backend).await,
        UpdateFailure::SignatureRefused
    );
    assert_eq!(server.downloads(), 1);

    let mut changed = BUNDLE.to_vec();
    changed[0] ^= 0x20;
    offer(&server, &trusted, &changed);
    assert!(matches!(
        check(&app, false).await,
        UpdateCheck::Available(_)
    ));
    assert_eq!(
        updates::install(app.handle(), &backend).await,
        UpdateFailure::SignatureRefused
    );
    assert_eq!(server.downloads(), 2);
}

#[tokio::test]
async fn an_older_genuine_bundle_announced_as_newer_or_signed_without_a_version_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = UpdateServer::start().await;
    let trusted = TestKey::generate();
    let app = app(
        dir.path(),
        Some(serde_json::json!({ "url": server.url(), "publicKey": trusted.public_base64() })),
        None,
    );
    let backend = app.state::<Backend>();
    // A genuine bundle of an old version (signed for 0.0.9) in a manifest that says 99.0.0:
    // the downgrade a tampered manifest would try.
    for (what, signature) in [
        (
            "signed for another version",
            trusted.sign_base64("0.0.9", BUNDLE),
        ),
        (
            "signed without a version",
            trusted.sign_without_version_base64(BUNDLE),
        ),
    ] {
        server.offer(Offer {
            version: "99.0.0".into(),
            notes: String::new(),
            signature,
            bundle: BUNDLE.to_vec(),
        });
        assert!(
            matches!(check(&app, false).await, UpdateCheck::Available(_)),
            "{what}"
        );
        assert_eq!(
            updates::install(app.handle(), &backend).await,
            UpdateFailure::SignatureRefused,
            "{what}"
        );
    }
    // The same bundle signed for the version announced passes the signature check (and then
    // fails as an installer: the bytes are not one).
    offer(&server, &trusted, BUNDLE);
    assert!(matches!(
        check(&app, false).await,
        UpdateCheck::Available(_)
    ));
    assert_ne!(
        updates::install(app.handle(), &backend).await,
        UpdateFailure::SignatureRefused
    );
}

/// The update address's name on the company network; only the test proxy knows it (→ the TLS
/// front before the update server), so reaching it at all proves the proxy carried the check.
const UPDATES_HOST: &str = "updates.petstore.test";

#[tokio::test]
async fn behind_a_company_proxy_the_check_uses_its_credentials_and_the_company_ca() {
    let server = UpdateServer::start().await;
    let key = TestKey::generate();
    offer(&server, &key, BUNDLE);
    let ca = PrivateCa::new("Petstore Updates Test Root CA");
    let front = TlsFront::start(ca.server_cert(UPDATES_HOST), server.addr());
    let proxy = ConnectProxy::start(
        Some(("clerk", "pr0xy pass")),
        [(UPDATES_HOST.to_owned(), front.addr())],
    );
    let dir = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let picked = ca.write_pem(downloads.path(), "corp-root.pem");
    std::fs::write(
        dir.path().join("settings.json"),
        serde_json::json!({
            "proxy": { "mode": "manual", "url": proxy.url(), "user": "clerk" },
        })
        .to_string(),
    )
    .unwrap();
    let store = mock::Store::new().unwrap();
    let keychain = Keychain::with_store(store);
    keychain
        .set_proxy_password(
            &petstore_client::ProxyUrl::parse(&proxy.url()).unwrap(),
            "pr0xy pass",
        )
        .unwrap();
    let url = format!("https://{UPDATES_HOST}:{}/latest.json", front.port());
    let app = app_with_keychain(
        dir.path(),
        Some(serde_json::json!({ "url": url, "publicKey": key.public_base64() })),
        None,
        Some(keychain),
    );

    // The company CA is not trusted yet: refused, and named as the certificate's authority.
    assert_eq!(
        check(&app, false).await,
        UpdateCheck::Failed {
            failure: UpdateFailure::Unreachable,
            cause: Some(NetworkCause::UnknownAuthority)
        }
    );
    let seen = proxy.stats();
    assert_eq!(
        (seen.tunnels, seen.refused),
        (1, 0),
        "through the proxy, with its credentials"
    );
    assert_eq!(server.manifests_served(), 0);

    app.state::<Backend>().trust_ca_file(&picked).await.unwrap();
    match check(&app, false).await {
        UpdateCheck::Available(offer) => assert_eq!(offer.version, "99.0.0"),
        other => panic!("{other:?}"),
    }
    let seen = proxy.stats();
    assert_eq!(seen.tunnels, 2);
    assert_eq!(seen.targets[1], format!("{UPDATES_HOST}:{}", front.port()));
    assert_eq!(server.manifests_served(), 1);
    assert!(
        !seen.saw(b"Faster tables."),
        "the manifest crossed the proxy in clear"
    );
}

#[tokio::test]
async fn a_proxy_that_wants_credentials_is_named_as_the_cause() {
    let proxy = ConnectProxy::start(Some(("clerk", "pr0xy pass")), []);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("settings.json"),
        serde_json::json!({ "proxy": { "mode": "manual", "url": proxy.url() } }).to_string(),
    )
    .unwrap();
    let app = app(
        dir.path(),
        Some(serde_json::json!({ "url": format!("https://{UPDATES_HOST}/latest.json") })),
        None,
    );
    assert_eq!(
        check(&app, false).await,
        UpdateCheck::Failed {
            failure: UpdateFailure::Unreachable,
            cause: Some(NetworkCause::ProxyAuthRequired)
        }
    );
    assert_eq!(proxy.stats().refused, 1);
}
