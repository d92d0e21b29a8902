//! Settings → Shared store in the real window (issue 41), against a real PostgreSQL the test
//! starts (Debian's `postgresql`, a temporary cluster on loopback) and the real keychain: a wrong
//! password is named and keeps every field; the right one connects and says what it proved; the
//! password is only in the keychain; with the server stopped a new start of the app says "Not
//! sharing" in the header, and with it back a Test with no password typed uses the kept one.
#![cfg(unix)]

use petstore_test_support::postgres::TestPostgres;

use crate::*;

const USER: &str = "front_desk";
const PASSWORD: &str = "desk secret e2e";

async fn open_store(app: &App) {
    app.click_button("Settings").await;
    app.click(By::Css("[role='tab']#tab-store")).await;
    app.find(By::Css("[data-testid='store-form']")).await;
}

async fn value(app: &App, css: &str) -> String {
    app.find(By::Css(css))
        .await
        .value()
        .await
        .expect("value")
        .unwrap_or_default()
}

#[test]
fn a_shared_store_is_tested_connected_and_said_not_sharing_while_down() {
    scenario(|setup, config| async move {
        let mut pg = TestPostgres::with_store_owner(USER, PASSWORD, "petstore");

        let app = Launch::new(&setup, config.path())
            .start_on_the_demo_pets()
            .await;
        open_store(&app).await;
        app.type_into("#store-host", pg.host()).await;
        app.type_into("#store-port", &pg.port().to_string()).await;
        app.type_into("#store-database", "petstore").await;
        app.type_into("#store-user", USER).await;
        app.type_into("#store-desk", "COUNTER").await;
        app.type_into("#store-password", "not it").await;

        // (a) A wrong password: named, and every field as typed.
        app.click(By::Css("[data-testid='store-test']")).await;
        app.wait_text("[data-testid='store-error']", |t| {
            t.contains("PostgreSQL did not let the user front_desk sign in.")
        })
        .await;
        assert_eq!(value(&app, "#store-password").await, "not it");
        assert_eq!(value(&app, "#store-desk").await, "COUNTER");
        app.screenshot("41-store-wrong-password").await;

        // (b) The right one connects and says what it proved.
        app.type_into("#store-password", PASSWORD).await;
        app.click(By::Css("[data-testid='store-connect']")).await;
        app.wait_text("[data-testid='store-status']", |t| t.contains("Connected."))
            .await;
        let proof = app
            .wait_text("[data-testid='store-proof']", |t| t.contains("Signed in"))
            .await;
        assert!(proof.contains("on this computer"), "{proof}");
        assert!(proof.contains("Signed in as front_desk."), "{proof}");
        app.wait_text("[data-testid='store-password-state']", |t| {
            t.contains("is kept in this computer")
        })
        .await;
        app.screenshot("41-store-connected").await;
        let settings = std::fs::read_to_string(config.path().join("settings.json")).expect("saved");
        assert!(settings.contains("sharedStore"), "{settings}");
        assert!(
            !settings.contains(PASSWORD),
            "the password stays out of files"
        );
        app.close_dialog().await;
        assert!(
            app.driver()
                .find_all(By::Css("[data-testid='not-sharing']"))
                .await
                .expect("find")
                .is_empty(),
            "sharing: nothing in the header"
        );
        app.quit().await;

        // (c) The server down: a new start says so in the header, and the table still loads.
        pg.stop();
        let app = Launch::new(&setup, config.path())
            .start_on_the_demo_pets()
            .await;
        let badge = app
            .wait_text("[data-testid='not-sharing']", |t| t.contains("Not sharing"))
            .await;
        assert!(badge.contains("cannot be reached"), "{badge}");
        app.screenshot("41-header-not-sharing").await;

        // (d) Back: a Test with no password typed uses the one kept in the keychain.
        pg.start_again();
        open_store(&app).await;
        app.wait_text("[data-testid='store-state']", |t| {
            t.contains("as “COUNTER”")
        })
        .await;
        app.click(By::Css("[data-testid='store-test']")).await;
        app.wait_text("[data-testid='store-proof']", |t| t.contains("Signed in"))
            .await;
        app.close_dialog().await;
        app.quit().await;
    });
}
