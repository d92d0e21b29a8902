//! Rate-limit waits in the window: a forced 429 shown in the gauge, and a wait the CLI remembered, paused until cleared.

use crate::*;
use petstore_client::WaitStore;

#[test]
fn a_forced_429_shows_waiting_in_the_gauge_then_the_table_recovers() {
    scenario(|setup, config| async move {
        let key = staging::fresh_key();
        let plan = Plan::Enterprise {
            per_minute: 3,
            per_day: 1_000,
        };
        // Short enough to wait out, long enough that the quota is still spent when the app asks.
        let sandbox = staging::start(&key, plan, Duration::from_secs(8)).await;
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .start_on_the_demo_pets()
            .await;
        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;
        app.wait_rows("the staging pets", shows_staging_pets).await;

        // A window may roll over between spending the quota and the click: then try again.
        let mut waiting = None;
        for _ in 0..3 {
            staging::exhaust_quota(&sandbox, &key).await;
            app.click_button("Refresh").await;
            let seen = within(Duration::from_secs(15), || async {
                let text = app
                    .js("const w = document.querySelector(\"[data-testid='quota-waiting']\"); return w ? w.innerText : null;")
                    .await?;
                Ok(text.as_str().filter(|t| t.contains("Waiting")).map(str::to_owned))
            })
            .await;
            if let Ok(text) = seen {
                waiting = Some(text);
                break;
            }
            app.wait_rows("the staging pets", shows_staging_pets).await;
        }
        let waiting = waiting.expect("the app was refused (429) at least once in 3 tries");
        let seconds: u32 = waiting
            .split_whitespace()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("\"Waiting N s\", got {waiting:?}"));
        // The window is 8 s; the client may add a little jitter, never a long sleep.
        assert!((1..=20).contains(&seconds), "{waiting}");
        app.screenshot("08-waiting-after-429").await;

        app.wait_rows("the staging pets after the wait", shows_staging_pets)
            .await;
        eventually("the waiting text to go", UI_TIMEOUT, || async {
            let gone = app
                .driver()
                .find_all(By::Css("[data-testid='quota-waiting']"))
                .await;
            Ok(gone.map_err(|e| e.to_string())?.is_empty().then_some(()))
        })
        .await;
        app.wait_text("[data-testid='quota-count']", |t| t.ends_with("/ 3"))
            .await;
        app.screenshot("08-recovered").await;
        app.quit().await;
        sandbox.shutdown().await;
    });
}

#[test]
fn a_wait_the_cli_remembered_pauses_the_app_until_cleared_in_the_gauge() {
    scenario(|setup, config| async move {
        let (key, sandbox) = staging::free().await;
        let cache = scratch_dir("cache");
        // What the CLI leaves after a 429, in the cache folder the app shares with it.
        let waits = petstore_local::WaitMemory::at(
            cache
                .path()
                .join("dev.petstore.admin")
                .join("rate-limit-waits.json"),
        );
        let now = chrono::Utc::now();
        let api_key = petstore_client::ApiKey::new(key.clone()).expect("key");
        waits.remember(
            &sandbox.base_url(),
            &api_key,
            now + chrono::TimeDelta::minutes(20),
            now,
        );
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .env("XDG_CACHE_HOME", &cache.path().display().to_string())
            .start_on_the_demo_pets()
            .await;

        // Staging's address comes from the variable: shown, not editable.
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-staging")).await;
        let note = app
            .wait_text("[data-testid='address-from-variable']", |t| {
                // Who set it, in a clerk's words (no "environment variable").
                t.contains("Set outside the app")
            })
            .await;
        assert!(!note.contains("PETSTORE_"), "{note}");
        let field = app.find(By::Css("#url-staging")).await;
        assert_eq!(
            field.value().await.expect("value").as_deref(),
            Some(sandbox.base_url().as_str())
        );
        assert!(
            field.attr("readonly").await.expect("attr").is_some(),
            "read-only"
        );
        app.screenshot("10-address-from-variable").await;
        app.close_dialog().await;

        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;
        let paused = app
            .wait_text("[data-testid='quota-remembered-wait']", |t| {
                t.contains("Paused until")
            })
            .await;
        assert!(paused.contains("Clear"), "{paused}");
        assert_eq!(sandbox.request_count(), 0, "nothing sent during the wait");
        app.screenshot("10-remembered-wait").await;

        app.click(By::Css("[data-testid='quota-remembered-wait'] button"))
            .await;
        app.wait_rows(
            "the staging pets once the wait is cleared",
            shows_staging_pets,
        )
        .await;
        assert!(sandbox.request_count() > 0);
        let gone = app
            .driver()
            .find_all(By::Css("[data-testid='quota-remembered-wait']"))
            .await
            .expect("query");
        assert!(gone.is_empty(), "the gauge no longer shows the wait");
        assert_eq!(
            waits.not_before(&sandbox.base_url(), &api_key, chrono::Utc::now()),
            None,
            "cleared for the CLI too"
        );
        app.screenshot("10-wait-cleared").await;
        app.quit().await;
        sandbox.shutdown().await;
    });
}

/// Issue 38 §3.1: Staging's rows on screen, then the command line remembers a 429 wait for the
/// same address and key; Refresh keeps the rows, says they are from before and until when the
/// refresh waits, offers no Retry and no Refresh that cannot work, and sends nothing.
#[test]
fn a_refresh_during_a_wait_the_cli_remembered_keeps_the_rows_from_before() {
    scenario(|setup, config| async move {
        let (key, sandbox) = staging::free().await;
        let cache = scratch_dir("cache");
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .env("XDG_CACHE_HOME", &cache.path().display().to_string())
            .start_on_the_demo_pets()
            .await;
        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;
        app.wait_rows("the staging pets", shows_staging_pets).await;

        // What the CLI leaves after a 429, in the cache folder the app shares with it.
        let waits = petstore_local::WaitMemory::at(
            cache
                .path()
                .join("dev.petstore.admin")
                .join("rate-limit-waits.json"),
        );
        let now = chrono::Utc::now();
        let api_key = petstore_client::ApiKey::new(key.clone()).expect("key");
        waits.remember(
            &sandbox.base_url(),
            &api_key,
            now + chrono::TimeDelta::minutes(5),
            now,
        );
        let sent = sandbox.request_count();
        app.click_button("Refresh").await;
        let note = app
            .wait_text("[data-testid='table-held-back']", |t| {
                t.contains("These are the pets from") && t.contains("the refresh has to wait")
            })
            .await;
        assert!(note.contains("Try again"), "names when: {note}");
        let rows = app.table().await.expect("the table");
        assert!(
            shows_staging_pets(&rows.rows),
            "the rows stay: {:?}",
            rows.rows
        );
        let retry = app
            .driver()
            .find_all(By::XPath("//button[normalize-space()='Retry']"))
            .await
            .expect("query");
        assert!(retry.is_empty(), "no Retry that cannot work");
        let refresh = app
            .find(By::XPath(
                "//button[contains(normalize-space(), 'Refresh')]",
            ))
            .await;
        assert_eq!(
            refresh
                .attr("aria-disabled")
                .await
                .expect("attr")
                .as_deref(),
            Some("true")
        );
        app.screenshot("38-refresh-during-a-remembered-wait").await;
        assert_eq!(
            sandbox.request_count(),
            sent,
            "nothing sent during the wait"
        );
        app.quit().await;
        sandbox.shutdown().await;
    });
}

/// "(in 0:32)" in the table's wait text, as seconds.
fn seconds_left(text: &str) -> Option<u32> {
    let inside = text.split("(in ").nth(1)?.split(')').next()?;
    let (minutes, seconds) = inside.split_once(':')?;
    Some(minutes.parse::<u32>().ok()? * 60 + seconds.parse::<u32>().ok()?)
}

/// "14:05:47": two digits, colon, two digits, colon, two digits.
fn is_clock(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 8
        && bytes.iter().enumerate().all(|(i, b)| {
            if i == 2 || i == 5 {
                *b == b':'
            } else {
                b.is_ascii_digit()
            }
        })
}

/// Refresh usable: neither disabled nor aria-disabled (which it is while its own load runs, so a
/// keyboard user keeps the focus on it).
const REFRESH_ENABLED: &str = "const b = [...document.querySelectorAll('button')].find((b) => b.textContent.includes('Refresh')); return b ? !(b.disabled || b.getAttribute('aria-disabled') === 'true') : null;";

#[test]
fn a_long_wait_is_explained_in_the_table_and_cancelled_and_a_new_address_reloads_from_the_new_server()
 {
    scenario(|setup, config| async move {
        let key = staging::fresh_key();
        let plan = Plan::Enterprise {
            per_minute: 3,
            per_day: 1_000,
        };
        // Long enough to see and cancel a wait, short enough for the client to wait it out
        // rather than refuse at once (it waits at most a minute inside a call).
        let old = staging::start(&key, plan, Duration::from_secs(45)).await;
        let app = Launch::new(&setup, config.path()).start().await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-staging")).await;
        app.type_into("#url-staging", &old.base_url()).await;
        app.click_button("Save address").await;
        app.wait_text("#url-staging-note", |t| t == "Saved.").await;
        app.close_dialog().await;
        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;
        app.wait_rows("the staging pets", shows_staging_pets).await;

        // Another program spends the quota; the app's refresh is told to wait (429), and waits.
        let mut shown = None;
        for _ in 0..4 {
            staging::exhaust_quota(&old, &key).await;
            app.click_button("Refresh").await;
            let seen = within(Duration::from_secs(10), || async {
                let text = app
                    .js("const w = document.querySelector(\"[data-testid='table-wait-text']\"); return w ? w.textContent.replace(/\\s+/g, ' ').trim() : null;")
                    .await?;
                Ok(text
                    .as_str()
                    .filter(|t| t.contains("retrying at"))
                    .map(str::to_owned))
            })
            .await;
            // Enough of the wait left to cancel it; else the window rolled over: try again.
            if let Ok(text) = seen
                && seconds_left(&text).is_some_and(|s| s >= 8)
            {
                shown = Some(text);
                break;
            }
            app.wait_rows("the staging pets after the wait", shows_staging_pets)
                .await;
        }
        let shown = shown.expect("a long 429 wait shown in the table within 4 tries");
        let (said, rest) = shown
            .split_once(" retrying at ")
            .unwrap_or_else(|| panic!("{shown:?}"));
        assert_eq!(said, "The service asked us to wait:");
        assert!(
            is_clock(&rest[..8.min(rest.len())]),
            "local time: {shown:?}"
        );
        let left = seconds_left(&shown).expect("a countdown");
        assert!((8..=60).contains(&left), "{shown:?}");
        assert_eq!(
            app.js(REFRESH_ENABLED).await.expect("js").as_bool(),
            Some(false)
        );
        app.screenshot("17-table-waits-for-429").await;

        app.click(By::Css("[data-testid='table-wait'] button"))
            .await;
        let rows = app
            .wait_rows(
                "the rows from before the cancelled refresh",
                shows_staging_pets,
            )
            .await;
        assert_eq!(rows.len(), STAGING_PETS.len());
        let note = app
            .wait_text("[data-testid='table-cancelled']", |t| !t.is_empty())
            .await;
        assert!(note.contains("Refresh cancelled"), "{note}");
        assert_eq!(
            app.js(REFRESH_ENABLED).await.expect("js").as_bool(),
            Some(true)
        );
        app.screenshot("17-refresh-cancelled").await;

        // A refresh held by the old server's wait, then a new address for Staging: the wait is
        // called off and the table reloads from the new server, whose quota is not known yet.
        app.click_button("Refresh").await;
        let new = Sandbox::start(
            petstore_sandbox::SandboxConfig {
                keys: Vec::new(),
                seed_demo_data: false,
                ..petstore_sandbox::SandboxConfig::default()
            }
            .with_key(&key, Plan::Free),
        )
        .await
        .expect("the new staging server starts");
        new.insert_pet("Moved Mira", 7, "available", Some(77_001));
        // Slow, so the gauge can be seen starting again before its first answer.
        new.set_faults(Faults {
            latency: Duration::from_secs(6),
            ..Faults::default()
        });
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-staging")).await;
        app.type_into("#url-staging", &new.base_url()).await;
        app.click_button("Save address").await;
        app.click_button("Keep the key").await;
        app.wait_text("#url-staging-note", |t| t == "Saved.").await;
        app.close_dialog().await;
        let gauge = app
            .wait_text("[data-testid='quota-gauge']", |t| {
                t.contains("not known yet")
            })
            .await;
        assert!(!gauge.contains("Waiting"), "{gauge}");
        // The new server is slow: after about 2 s the table says so, not placeholders alone.
        let still = app
            .wait_text("[data-testid='table-wait-text']", |t| {
                t.starts_with("Still waiting for the service (")
            })
            .await;
        assert!(still.ends_with("s)…"), "{still}");
        app.screenshot("17-new-address-loading").await;
        let rows = app
            .wait_rows("the new server's pets", |rows| {
                names(rows) == ["Moved Mira"]
            })
            .await;
        assert_eq!(rows[0].id, "77001");
        app.wait_text("[data-testid='quota-count']", |t| t.ends_with("/ 60"))
            .await;
        assert_eq!(
            app.js(REFRESH_ENABLED).await.expect("js").as_bool(),
            Some(true)
        );
        assert!(new.request_count() >= 1);
        app.screenshot("17-new-address-loaded").await;
        app.quit().await;
        old.shutdown().await;
        new.shutdown().await;
    });
}
