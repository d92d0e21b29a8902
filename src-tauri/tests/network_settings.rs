//! Settings → Network through the backend's commands: a save takes effect on the next request
//! without a restart (the test proxy counts the tunnel), a password inside the address is
//! refused with nothing saved, the proxy password goes to the keychain and never to the settings
//! file, and a company certificate is listed once trusted and gone once removed.

mod common;

use std::sync::Arc;

use common::company_net::CompanyNet;
use common::{Collected, STAFF_KEY, backend, mock_keychain};
use petstore_admin::dto::{
    CommandError, ConfigurationProblem, Environment, Field, NetworkInput, NetworkProblem,
    NetworkRefusal, ProxyChoice,
};
use petstore_testnet::{PrivateCa, TEST_HOST};

fn manual(url: &str, user: Option<&str>, bypass: &[&str]) -> NetworkInput {
    NetworkInput {
        mode: ProxyChoice::Manual,
        url: Some(url.to_owned()),
        user: user.map(str::to_owned),
        bypass: bypass.iter().map(|b| (*b).to_owned()).collect(),
    }
}

fn settings_file(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join("settings.json")).unwrap_or_default()
}

/// Why a network setting was refused, when that is the error.
fn refusal_of(error: &CommandError) -> Option<NetworkRefusal> {
    match error {
        CommandError::Configuration(problem) => match &**problem {
            ConfigurationProblem::NetworkSettings { network, .. } => Some(network.clone()),
            _ => None,
        },
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_proxy_carries_the_next_request_with_its_password_from_the_keychain() {
    let net = CompanyNet::start("Petstore Settings Test Root CA").await;
    // Without the proxy the test name does not resolve: only the proxy knows it.
    let proxy = net.proxy(Some(("clerk", "pr0xy-pass")));
    net.write_settings(serde_json::json!({ "mode": "off" }));
    let (dir, picked) = (&net.dir, &net.picked);
    let (keychain, _store) = mock_keychain();
    let app = backend(dir.path(), Some(keychain), Arc::new(Collected::default()));
    app.set_api_key(Environment::Production, STAFF_KEY.to_owned(), true)
        .await
        .unwrap();
    app.select_environment(Environment::Production)
        .await
        .unwrap();
    app.trust_company_certificate(picked).await.unwrap();
    // Off: straight to a name nothing resolves.
    app.list_pets(None, None).await.unwrap_err();
    assert_eq!(proxy.stats().tunnels, 0);

    let saved = app
        .save_network_settings(manual(&proxy.url(), Some("clerk"), &["*.intranet.example"]))
        .await
        .unwrap();
    assert_eq!(saved.mode, ProxyChoice::Manual);
    assert!(!saved.password_stored);
    // No password yet: the proxy refuses the tunnel.
    app.list_pets(None, None).await.unwrap_err();
    assert_eq!(proxy.stats().refused, 1, "{:?}", proxy.stats().targets);

    let with_password = app
        .set_proxy_password("pr0xy-pass".to_owned())
        .await
        .unwrap();
    assert!(with_password.password_stored);
    let page = app.list_pets(None, None).await.unwrap();
    assert!(!page.pets.is_empty());
    let seen = proxy.stats();
    assert_eq!(seen.tunnels, 1, "the next request went through the proxy");
    assert!(
        !seen.saw(STAFF_KEY.as_bytes()),
        "the key crossed the proxy in clear"
    );

    let on_disk = settings_file(dir.path());
    assert!(on_disk.contains("\"user\": \"clerk\"") || on_disk.contains("\"user\":\"clerk\""));
    assert!(on_disk.contains("*.intranet.example"));
    assert!(
        !on_disk.contains("pr0xy-pass"),
        "the password is in the settings file"
    );
    let shown = serde_json::to_string(&app.network_settings().await).unwrap();
    assert!(
        !shown.contains("pr0xy-pass"),
        "the password reached the UI: {shown}"
    );

    let cleared = app.clear_proxy_password().await.unwrap();
    assert!(!cleared.password_stored);
}

#[tokio::test]
async fn a_password_inside_the_proxy_address_is_refused_and_nothing_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let app = backend(dir.path(), None, Arc::new(Collected::default()));
    app.save_network_settings(manual("http://proxy.corp.example:3128", None, &[]))
        .await
        .unwrap();
    let before = settings_file(dir.path());

    let err = app
        .save_network_settings(manual(
            "http://clerk:hunter2@proxy.corp.example:3128",
            None,
            &[],
        ))
        .await
        .unwrap_err();
    let refusal = refusal_of(&err).expect("the facts of the refusal");
    assert_eq!(refusal.problem, NetworkProblem::PasswordInAddress);
    assert_eq!(err.field(), Some(Field::ProxyUrl));
    assert_eq!(refusal.given, None, "the address is not sent back");
    assert!(!serde_json::to_string(&err).unwrap().contains("hunter2"));
    assert_eq!(settings_file(dir.path()), before, "nothing was saved");

    for (input, problem, field) in [
        (
            manual("", None, &[]),
            NetworkProblem::NoProxyAddress,
            Field::ProxyUrl,
        ),
        (
            manual("socks5://proxy:1080", None, &[]),
            NetworkProblem::NotHttp,
            Field::ProxyUrl,
        ),
        (
            manual("http://proxy:3128/x", None, &[]),
            NetworkProblem::AddressHasPath,
            Field::ProxyUrl,
        ),
        (
            manual("http://proxy:3128", None, &["intranet.example:8080"]),
            NetworkProblem::BadBypassEntry,
            Field::Bypass,
        ),
    ] {
        let err = app.save_network_settings(input).await.unwrap_err();
        assert_eq!(refusal_of(&err).map(|n| n.problem), Some(problem));
        assert_eq!(err.field(), Some(field));
    }
    assert_eq!(settings_file(dir.path()), before, "nothing was saved");
    assert_eq!(app.network_settings().await.mode, ProxyChoice::Manual);
}

#[tokio::test]
async fn a_company_certificate_is_listed_once_trusted_and_gone_once_removed() {
    let dir = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let ca = PrivateCa::new("Petstore Listed Root CA");
    let picked = ca.write_pem(downloads.path(), "corp-root.pem");
    let app = backend(dir.path(), None, Arc::new(Collected::default()));
    assert!(app.network_settings().await.certificates.is_empty());

    let shown = app.trust_company_certificate(&picked).await.unwrap();
    let [certificate] = shown.certificates.as_slice() else {
        panic!("one certificate: {shown:?}")
    };
    assert!(
        certificate
            .subject
            .as_deref()
            .unwrap()
            .contains("Petstore Listed Root CA")
    );
    let fingerprint = certificate.fingerprint.clone().unwrap();
    assert_eq!(fingerprint.len(), 32 * 3 - 1, "{fingerprint}");
    assert!(certificate.expires.is_some() && certificate.unusable.is_none());
    assert!(
        dir.path().join(&certificate.file).exists(),
        "copied into the settings folder"
    );

    // A server's certificate is not an authority: refused, with its subject.
    let leaf = downloads.path().join("server.pem");
    std::fs::write(&leaf, ca.server_cert(TEST_HOST).cert_pem).unwrap();
    let err = app.trust_company_certificate(&leaf).await.unwrap_err();
    assert_eq!(
        refusal_of(&err).map(|n| n.problem),
        Some(NetworkProblem::NotAnAuthority)
    );

    let after = app
        .remove_company_certificate(&certificate.file)
        .await
        .unwrap();
    assert!(after.certificates.is_empty());
    assert!(!settings_file(dir.path()).contains(&certificate.file));
}

/// A proxy address changed after its password was stored (here
/// by editing the settings file, as anyone who can write it could) does not get that password;
/// Settings says whose it is, and storing it again for the new proxy works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_proxy_password_goes_only_to_the_proxy_it_was_stored_for() {
    let net = CompanyNet::start("Petstore Proxy Password Test Root CA").await;
    let first = net.proxy(Some(("clerk", "pr0xy-pass")));
    let second = net.proxy(Some(("clerk", "pr0xy-pass")));
    net.write_settings(serde_json::json!({ "mode": "off" }));
    let (dir, picked) = (&net.dir, &net.picked);
    let (keychain, _store) = mock_keychain();
    let app = backend(
        dir.path(),
        Some(keychain.clone()),
        Arc::new(Collected::default()),
    );
    app.set_api_key(Environment::Production, STAFF_KEY.to_owned(), true)
        .await
        .unwrap();
    app.select_environment(Environment::Production)
        .await
        .unwrap();
    app.trust_company_certificate(picked).await.unwrap();

    // No Manual proxy yet: there is no proxy to keep a password for.
    let refused = app
        .set_proxy_password("pr0xy-pass".to_owned())
        .await
        .expect_err("a password needs its proxy");
    assert_eq!(refused.field(), Some(Field::ProxyUrl), "{refused:?}");
    assert_eq!(
        refusal_of(&refused).map(|n| n.problem),
        Some(NetworkProblem::NoProxyAddress)
    );

    app.save_network_settings(manual(&first.url(), Some("clerk"), &[]))
        .await
        .unwrap();
    app.set_proxy_password("pr0xy-pass".to_owned())
        .await
        .unwrap();
    app.list_pets(None, None)
        .await
        .expect("through the first proxy");
    assert_eq!(first.stats().tunnels, 1);

    // The address is changed in the file, behind the app's back, to the second proxy; the app
    // reads it at its next start (the same keychain).
    app.shutdown().await;
    let mut on_disk: serde_json::Value = serde_json::from_str(&settings_file(dir.path())).unwrap();
    on_disk["proxy"]["url"] = serde_json::json!(second.url());
    std::fs::write(dir.path().join("settings.json"), on_disk.to_string()).unwrap();
    let app = backend(dir.path(), Some(keychain), Arc::new(Collected::default()));
    app.set_api_key(Environment::Production, STAFF_KEY.to_owned(), true)
        .await
        .unwrap();
    app.select_environment(Environment::Production)
        .await
        .unwrap();

    app.list_pets(None, None)
        .await
        .expect_err("the second proxy asks for credentials it was not sent");
    let seen = second.stats();
    assert_eq!(seen.tunnels, 0);
    assert_eq!(seen.refused, 1, "one 407, no retry");
    let basic = base64::Engine::encode(
        &base64::engine::general_purpose::STANDARD,
        "clerk:pr0xy-pass",
    );
    assert!(
        !seen.saw(basic.as_bytes()) && !seen.saw(b"pr0xy-pass"),
        "the password reached the new proxy"
    );
    let shown = app.network_settings().await;
    assert!(!shown.password_stored);
    let first_origin = first.url().trim_end_matches('/').to_owned();
    assert_eq!(
        shown.password_for_other_proxy.as_deref(),
        Some(first_origin.as_str())
    );

    // Typed again, for this proxy: it goes through.
    let stored = app
        .set_proxy_password("pr0xy-pass".to_owned())
        .await
        .unwrap();
    assert!(stored.password_stored);
    assert_eq!(stored.password_for_other_proxy, None);
    app.list_pets(None, None)
        .await
        .expect("through the second proxy");
    assert_eq!(second.stats().tunnels, 1);
}
