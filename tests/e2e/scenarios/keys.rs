//! Staging with a key set in Settings: its data, the key after a restart, the key never in the page or any file.

use crate::*;

#[test]
fn switch_to_staging_with_a_key_set_in_settings_shows_its_data() {
    scenario(|setup, config| async move {
        let (key, sandbox) = staging::free().await;
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .start_on_the_demo_pets()
            .await;

        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;
        let rows = app.wait_rows("the staging pets", shows_staging_pets).await;
        assert_eq!(rows.len(), STAGING_PETS.len(), "{:?}", names(&rows));
        assert!(sandbox.request_count() > 0, "the staging sandbox was asked");
        let banners = app
            .driver()
            .find_all(By::Css("[data-testid='demo-banner']"))
            .await
            .expect("query");
        assert!(banners.is_empty(), "Staging is not marked as demo data");
        app.screenshot("05-staging").await;
        // The gauge follows the switch: the Free plan's 60 a minute, from staging's own answer.
        app.wait_text("[data-testid='quota-count']", |t| t.ends_with("/ 60"))
            .await;
        app.quit().await;
        sandbox.shutdown().await;
    });
}

#[test]
fn a_key_set_in_settings_is_found_again_after_a_restart() {
    scenario(|setup, config| async move {
        let (key, sandbox) = staging::free().await;
        let launch = Launch::new(&setup, config.path()).staging_at(&sandbox.base_url());

        let first = launch.start().await;
        first
            .wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;
        first.set_key_in_settings("staging", &key).await;
        first.switch_to("staging").await;
        first
            .wait_rows("the staging pets", shows_staging_pets)
            .await;
        first.quit().await;

        let before = sandbox.request_count();
        let again = launch.start().await;
        // The selected environment persisted, and the key came back from the keychain.
        again
            .wait_rows("the staging pets after the restart", shows_staging_pets)
            .await;
        assert!(
            sandbox.request_count() > before,
            "the restarted app asked staging"
        );
        again.click_button("Settings").await;
        again.click(By::Css("[role='tab']#tab-staging")).await;
        let status = again
            .wait_text("[data-testid='key-status']", |t| {
                t.contains("Stored in the keychain")
            })
            .await;
        assert!(
            status.contains(&format!("••••{}", &key[key.len() - 4..])),
            "{status}"
        );
        again.screenshot("06-key-after-restart").await;
        again.quit().await;
        sandbox.shutdown().await;
    });
}

#[test]
fn the_key_is_never_present_in_the_page() {
    scenario(|setup, config| async move {
        let (key, sandbox) = staging::free().await;
        // Folders of this run alone, so every file the app writes (the log, the web view's
        // storage, the remembered waits) can be read afterwards.
        let data = scratch_dir("data");
        let cache = scratch_dir("cache");
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .env("XDG_DATA_HOME", &data.path().display().to_string())
            .env("XDG_CACHE_HOME", &cache.path().display().to_string())
            .start_on_the_demo_pets()
            .await;
        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;
        app.wait_rows("the staging pets", shows_staging_pets).await;
        // Settings open again, as someone would look at the key's status.
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-staging")).await;
        app.wait_text("[data-testid='key-status']", |t| t.contains("Stored"))
            .await;

        let everything = app
            .js(r#"
                const seen = [document.documentElement.outerHTML];
                for (const el of document.querySelectorAll('input, textarea, select')) seen.push(el.value);
                for (const store of [localStorage, sessionStorage]) {
                  for (let i = 0; i < store.length; i++) seen.push(store.key(i), store.getItem(store.key(i)));
                }
                seen.push(document.cookie, location.href, document.title);
                for (const name of Object.getOwnPropertyNames(window)) {
                  let value;
                  try { value = window[name]; } catch { continue; }
                  if (typeof value === 'function' || value === window) continue;
                  try { seen.push(name + '=' + JSON.stringify(value)); } catch { seen.push(name + '=' + String(value)); }
                }
                return seen.join('\n');
            "#)
            .await
            .expect("the page can be read");
        let text = everything.as_str().expect("a string");
        assert!(
            text.len() > 1_000,
            "the page was really read ({} chars)",
            text.len()
        );
        assert!(
            text.contains("Stored in the keychain"),
            "the status is part of what was read"
        );
        // The whole key, and also everything but the last 4 characters the status may show.
        for secret in [key.as_str(), &key[..key.len() - 4]] {
            assert!(
                !text.contains(secret),
                "the key (or most of it) is in the page"
            );
        }
        app.quit().await;
        // The log is there and holds the requests to staging, so the search below is not vacuous.
        let log = log_text(data.path());
        assert!(
            log.lines()
                .any(|l| l.contains("petstore::http") && l.contains("/pets")),
            "a request line in the log:\n{log}"
        );
        assert!(log.contains("starting on"), "the start-up line:\n{log}");
        let files: Vec<_> = [config.path(), data.path(), cache.path()]
            .into_iter()
            .flat_map(walk)
            .collect();
        assert!(
            files.iter().any(|f| f.starts_with(log_dir(data.path()))),
            "the log folder is among the files searched: {files:?}"
        );
        for entry in files {
            let content = std::fs::read(&entry).expect("a file the app wrote is readable");
            let text = String::from_utf8_lossy(&content);
            assert!(
                !text.contains(key.as_str()),
                "the key is in {}",
                entry.display()
            );
        }
        sandbox.shutdown().await;
    });
}
