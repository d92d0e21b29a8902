//! Company networks in the app's backend: the settings' Manual proxy carries the table's
//! requests, an unknown authority reaches the UI as its typed cause, and trusting the company
//! CA fixes it on the next request, without a restart.

mod common;

use std::sync::Arc;

use common::company_net::CompanyNet;
use common::{Collected, STAFF_KEY, backend, facts};
use petstore_admin::dto::Environment;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_loads_through_the_proxy_once_the_company_ca_is_trusted() {
    let net = CompanyNet::start("Petstore App Test Root CA").await;
    let proxy = net.proxy(None);
    net.write_settings(serde_json::json!({ "mode": "manual", "url": proxy.url() }));
    let (dir, picked) = (&net.dir, &net.picked);
    let app = backend(dir.path(), None, Arc::new(Collected::default()));
    app.set_api_key(Environment::Production, STAFF_KEY.to_owned(), true)
        .await
        .unwrap();
    app.select_environment(Environment::Production)
        .await
        .unwrap();

    let err = app.list_pets(None, None).await.unwrap_err();
    assert_eq!(facts(&err)["cause"], "unknownAuthority", "{err:?}");
    assert_eq!(
        proxy.stats().tunnels,
        1,
        "through the proxy, and not retried"
    );

    let trusted = app.trust_ca_file(picked).await.unwrap();
    assert!(trusted[0].subject.contains("Petstore App Test Root CA"));
    let on_disk: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("settings.json")).unwrap())
            .unwrap();
    let listed = on_disk["caFiles"][0].as_str().unwrap().to_owned();
    assert!(
        dir.path().join(&listed).exists(),
        "copied into the settings folder"
    );

    let page = app.list_pets(None, None).await.unwrap();
    assert!(!page.pets.is_empty());
    let seen = proxy.stats();
    assert_eq!(seen.tunnels, 2);
    assert!(
        !seen.saw(STAFF_KEY.as_bytes()),
        "the key crossed the proxy in clear"
    );

    // Trust withdrawn: the next request meets the unknown authority again.
    app.remove_ca_file(std::path::Path::new(&listed))
        .await
        .unwrap();
    let err = app.list_pets(None, None).await.unwrap_err();
    assert_eq!(facts(&err)["cause"], "unknownAuthority", "{err:?}");
}

#[tokio::test]
async fn a_password_in_the_proxy_address_is_refused_with_where_it_goes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("settings.json"),
        serde_json::json!({
            "productionUrl": "https://api.example.com/v1",
            "proxy": { "mode": "manual", "url": "http://clerk:hunter2@proxy.example:3128" },
        })
        .to_string(),
    )
    .unwrap();
    let app = backend(dir.path(), None, Arc::new(Collected::default()));
    app.set_api_key(Environment::Production, STAFF_KEY.to_owned(), true)
        .await
        .unwrap();
    app.select_environment(Environment::Production)
        .await
        .unwrap();
    let err = app.list_pets(None, None).await.unwrap_err();
    assert_eq!(
        facts(&err)["network"]["problem"],
        "passwordInAddress",
        "{err:?}"
    );
    assert!(!format!("{err:?}").contains("hunter2"));
}
