//! A proxy and a company certificate in the real window: Production is
//! `https://api.petstore.test:<port>`, served by a TLS front whose certificate a private CA made
//! in the test issued, in front of a sandbox. Only the test proxy knows that name (loopback never
//! goes through a proxy, so a name is needed).
//! Settings → Network → Manual points the app at the proxy: the table names the unknown
//! authority and where to add the certificate. "Trust a company certificate…" (its native picker
//! answered by `PETSTORE_TEST_HOOK_OPEN_FILE`) lists the CA's subject and fingerprint, and the
//! table loads through the proxy, which never saw the key or a pet's name in clear.

use petstore_sandbox::SandboxConfig;
use petstore_testnet::{ConnectProxy, PrivateCa, TEST_HOST, TlsFront};

use crate::*;

const CA_NAME: &str = "Petstore E2E Company Root CA";
const PET: &str = "Proxy Pepper";

/// The table's failure message, as shown (whitespace collapsed).
async fn table_error(app: &App, accept: impl Fn(&str) -> bool) -> String {
    app.wait_text(
        ".table-card [role='alert'] [data-testid='error-text']",
        accept,
    )
    .await
}

async fn open_network(app: &App) {
    app.click_button("Settings").await;
    app.click(By::Css("[role='tab']#tab-network")).await;
    app.find(By::Css("[data-testid='network-form']")).await;
}

#[test]
fn a_manual_proxy_meets_the_company_certificate_and_trusting_it_loads_the_table() {
    scenario(|setup, config| async move {
        let key = staging::fresh_key();
        let sandbox = Sandbox::start(
            SandboxConfig {
                seed_demo_data: false,
                ..SandboxConfig::default()
            }
            .with_key(&key, Plan::Pro)
            .answering(TEST_HOST),
        )
        .await
        .expect("the sandbox starts");
        sandbox.insert_pet(PET, 3, "available", Some(8_001));
        let ca = PrivateCa::new(CA_NAME);
        let front = TlsFront::start(ca.server_cert(TEST_HOST), sandbox.addr());
        let proxy = ConnectProxy::start(None, [(TEST_HOST.to_owned(), front.addr())]);
        let files = scratch_dir("network");
        let picked = ca.write_pem(files.path(), "corp-root.pem");
        std::fs::write(
            config.path().join("settings.json"),
            serde_json::json!({
                "productionUrl": format!("https://{TEST_HOST}:{}/v1", front.port()),
            })
            .to_string(),
        )
        .expect("settings file");

        let app = Launch::new(&setup, config.path())
            .env(
                "PETSTORE_TEST_HOOK_OPEN_FILE",
                &picked.display().to_string(),
            )
            .start_on_the_demo_pets()
            .await;
        app.set_key_in_settings("production", &key).await;

        // (a) Manual, pointed at the test proxy.
        open_network(&app).await;
        app.click(By::Css("[data-testid='proxy-mode-manual']"))
            .await;
        app.type_into("#proxy-url", &proxy.url()).await;
        app.screenshot("18-network-manual").await;
        app.click(By::Css("[data-testid='network-save']")).await;
        app.wait_text("[data-testid='network-status']", |t| {
            t.contains("Saved. The next request uses these settings.")
        })
        .await;
        let saved = std::fs::read_to_string(config.path().join("settings.json")).expect("saved");
        assert!(saved.contains(&proxy.url()), "{saved}");
        app.close_dialog().await;

        app.switch_to("production").await;
        let text = table_error(&app, |t| t.contains("authority")).await;
        assert!(
            text.contains("A company proxy may be inspecting traffic")
                && text.contains("Settings → Network"),
            "{text}"
        );
        app.screenshot("18-network-unknown-authority").await;
        let refused_tunnels = proxy.stats().tunnels;
        assert!(refused_tunnels >= 1, "the request went through the proxy");

        // (b) Trust a company certificate… (the picker answers the CA's PEM).
        open_network(&app).await;
        app.click(By::Css("[data-testid='trust-certificate']"))
            .await;
        let subject = app
            .wait_text("[data-testid='certificate-subject']", |t| {
                t.contains(CA_NAME)
            })
            .await;
        assert!(subject.contains(&format!("CN={CA_NAME}")), "{subject}");
        let fingerprint = app
            .find(By::Css("[data-testid='certificate-fingerprint']"))
            .await
            .attr("title")
            .await
            .expect("the title")
            .unwrap_or_default();
        assert_eq!(
            fingerprint.len(),
            32 * 3 - 1,
            "SHA-256 as hex pairs: {fingerprint}"
        );
        assert!(fingerprint.split(':').all(|b| b.len() == 2));
        app.wait_text("[data-testid='network-status']", |t| t.contains("Trusted:"))
            .await;
        app.js("document.querySelector(\"[data-testid='certificate']\").scrollIntoView();")
            .await
            .expect("js");
        app.screenshot("18-network-trusted").await;
        app.close_dialog().await;

        // Retry, where the failure is still shown (closing Settings may have reloaded already).
        app.js(
            "const b = [...document.querySelectorAll('.table-card [role=alert] button')]\
               .find((b) => b.textContent.trim() === 'Retry'); if (b) b.click(); return !!b;",
        )
        .await
        .expect("js");
        app.wait_rows("the production pets, through the proxy", |rows| {
            rows.iter().any(|r| r.name == PET)
        })
        .await;
        app.screenshot("18-network-table-through-proxy").await;
        let seen = proxy.stats();
        // The name resolves only at the proxy: these rows came through a new tunnel.
        assert!(
            seen.tunnels > refused_tunnels,
            "the table came through the proxy"
        );
        assert!(
            seen.targets.iter().all(|t| t.starts_with(TEST_HOST)),
            "{:?}",
            seen.targets
        );
        assert!(
            !seen.saw(key.as_bytes()),
            "the key crossed the proxy in clear"
        );
        assert!(
            !seen.saw(PET.as_bytes()),
            "a pet's name crossed the proxy in clear"
        );
        app.quit().await;
    });
}
