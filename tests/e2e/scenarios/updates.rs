//! Signed updates in the real window: a loopback update server offers a newer version signed with a
//! key made for the test (named by the system-wide settings file, as an administrator's mirror
//! would be). The app shows the version and notes after the first table; "Not now" downloads and
//! installs nothing; a bundle signed with another key, and a changed bundle, are refused with
//! words in the window. (The install itself is tested on the installed .deb in
//! `tests/installers`.) Turned off by the administrator's file, the app asks nothing at all.

use std::path::Path;

use crate::app_support::update_server::{Offer, TestKey, UpdateServer};
use crate::*;

const NOTES: &str = "Faster tables.\nA new Updates tab in Settings.";

/// The system-wide settings file, in the test's folder (`PETSTORE_SYSTEM_SETTINGS` names it).
fn system_settings(dir: &Path, updates: serde_json::Value) -> String {
    let path = dir.join("system-settings.json");
    std::fs::write(&path, serde_json::json!({ "updates": updates }).to_string())
        .expect("system settings file");
    path.display().to_string()
}

fn contents_of(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("the app binary")
}

#[test]
fn an_offered_update_shows_its_notes_installs_nothing_when_declined_and_refuses_a_bad_signature() {
    scenario(|setup, config| async move {
        let files = scratch_dir("updates");
        let trusted = TestKey::generate();
        let other = TestKey::generate();
        let server = UpdateServer::start().await;
        let bundle = b"a newer Petstore Admin, as far as this test is concerned".to_vec();
        server.offer(Offer {
            version: "99.0.0".into(),
            notes: NOTES.into(),
            signature: trusted.sign_base64("99.0.0", &bundle),
            bundle: bundle.clone(),
        });
        let system = system_settings(
            files.path(),
            serde_json::json!({ "url": server.url(), "publicKey": trusted.public_base64() }),
        );
        let app_before = contents_of(&setup.app_bin);
        let app = Launch::new(&setup, config.path())
            .env("PETSTORE_SYSTEM_SETTINGS", &system)
            .start_on_the_demo_pets()
            .await;

        // After the first table: the offer, with the version and its notes.
        let version = app
            .wait_text("[data-testid='update-version']", |t| t.contains("99.0.0"))
            .await;
        assert!(
            version.contains("Version 99.0.0 is ready to install. You have 0.1.0."),
            "{version}"
        );
        let notes = app
            .wait_text("[data-testid='update-notes']", |t| !t.is_empty())
            .await;
        assert_eq!(notes, "Faster tables. A new Updates tab in Settings.");
        app.screenshot("14-update-offer").await;
        assert_eq!(server.manifests_served(), 1, "one start-up check");
        assert_eq!(server.downloads(), 0, "nothing downloaded before the yes");

        // "Not now": the dialog closes, nothing is downloaded or installed.
        app.click(By::Css("[data-testid='update-decline']")).await;
        app.wait_dialog_closed().await;
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert_eq!(server.downloads(), 0, "declined: nothing downloaded");
        assert!(
            contents_of(&setup.app_bin) == app_before,
            "declined: the app is unchanged"
        );

        // Signed with another key: "Check for updates" in Settings, then yes: refused.
        server.offer(Offer {
            version: "99.0.0".into(),
            notes: NOTES.into(),
            signature: other.sign_base64("99.0.0", &bundle),
            bundle: bundle.clone(),
        });
        check_and_install(&app).await;
        let refused = app
            .wait_text("[data-testid='update-failure']", |t| !t.is_empty())
            .await;
        assert!(
            refused.contains("its signature does not match this app")
                && refused.contains("Nothing was installed"),
            "{refused}"
        );
        app.screenshot("14-update-refused-other-key").await;
        assert_eq!(server.downloads(), 1);

        // Signed with the right key, but the bytes were changed on the way: refused too.
        let mut tampered = bundle.clone();
        tampered[0] ^= 0x20;
        server.offer(Offer {
            version: "99.0.0".into(),
            notes: NOTES.into(),
            signature: trusted.sign_base64("99.0.0", &bundle),
            bundle: tampered,
        });
        app.click(By::Css("[data-testid='update-decline']")).await;
        app.wait_text("[data-testid='update-check-now']", |_| true)
            .await;
        check_and_install(&app).await;
        let refused = app
            .wait_text("[data-testid='update-failure']", |t| !t.is_empty())
            .await;
        assert!(
            refused.contains("its signature does not match this app"),
            "{refused}"
        );
        app.screenshot("14-update-refused-tampered").await;
        assert_eq!(server.downloads(), 2);
        assert!(
            contents_of(&setup.app_bin) == app_before,
            "refused: the app is unchanged"
        );
        app.quit().await;
    });
}

/// Settings → Updates → "Check for updates", then "Install and restart" in the offer.
async fn check_and_install(app: &App) {
    if app.dialogs_open().await == 0 {
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-updates")).await;
    }
    app.click(By::Css("[data-testid='update-check-now']")).await;
    app.wait_text("[data-testid='update-version']", |t| t.contains("99.0.0"))
        .await;
    app.click(By::Css("[data-testid='update-install']")).await;
}

#[test]
fn an_administrators_off_asks_nothing_and_settings_say_it_is_managed() {
    scenario(|setup, config| async move {
        let files = scratch_dir("updates-off");
        let server = UpdateServer::start().await;
        let system = system_settings(
            files.path(),
            serde_json::json!({ "check": false, "url": server.url() }),
        );
        // The person's own file says on: the administrator's off wins.
        std::fs::write(
            config.path().join("settings.json"),
            r#"{ "updates": { "check": true } }"#,
        )
        .expect("the person's settings");
        let app = Launch::new(&setup, config.path())
            .env("PETSTORE_SYSTEM_SETTINGS", &system)
            .start_on_the_demo_pets()
            .await;
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-updates")).await;
        let managed = app
            .wait_text("[data-testid='updates-managed']", |t| !t.is_empty())
            .await;
        assert!(
            managed.contains("Your administrator turned update checks off"),
            "{managed}"
        );
        let disabled = app
            .js("return document.querySelector(\"[data-testid='update-check-at-start']\").disabled;")
            .await
            .expect("the checkbox");
        assert_eq!(disabled, serde_json::json!(true));
        app.screenshot("14-updates-managed").await;
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert_eq!(server.manifests_served(), 0, "off: no request at all");
        app.quit().await;
    });
}
