//! End to end: the real release app, driven through tauri-driver + WebKitWebDriver under Xvfb,
//! against its embedded sandbox and against sandboxes the tests start as "Staging".
//! Run through `cargo xtask test` (see `app_support` for what it provides).

mod app_support;

use std::time::{Duration, Instant};

use app_support::page::App;
use app_support::staging::{self, STAGING_PETS};
use app_support::wait::{UI_TIMEOUT, eventually, within};
use app_support::{Launch, Setup, scenario};
use petstore_sandbox::{Faults, Plan, Sandbox};
use thirtyfour::{By, Key};

const DEMO_NAMES: [&str; 3] = ["Biscuit", "Luna", "Captain Feathers"];

fn names(rows: &[app_support::page::Row]) -> Vec<&str> {
    rows.iter().map(|r| r.name.as_str()).collect()
}

fn shows_staging_pets(rows: &[app_support::page::Row]) -> bool {
    STAGING_PETS
        .iter()
        .all(|n| rows.iter().any(|r| r.name == *n))
}

#[test]
fn browse_the_sandbox_table_shows_demo_pets() {
    scenario(|setup, config| async move {
        let app = Launch::new(&setup, config.path()).start().await;
        let rows = app
            .wait_rows("the demo pets", |rows| {
                DEMO_NAMES.iter().all(|n| rows.iter().any(|r| r.name == *n))
            })
            .await;
        assert_eq!(rows.len(), 20, "the default limit fills one page: {rows:?}");
        assert_eq!(rows[0].id, "1");
        assert_eq!(rows[0].name, "Biscuit");
        assert_eq!(rows[0].status, "available");
        app.wait_text("[data-testid='demo-banner']", |t| {
            t.contains("local demo data")
        })
        .await;
        app.wait_text(".footer .count", |t| {
            t.contains("20 pets shown, more available")
        })
        .await;
        app.wait_text("[data-testid='quota-count']", |t| t.ends_with("/ 300"))
            .await;
        app.screenshot("01-sandbox-table").await;
        // The app turns JavaScriptCore's JIT off for its web view (src-tauri main.rs), which
        // the test's environment leaves unset.
        let web = app_support::process::web_process_environments(config.path());
        assert!(!web.is_empty(), "the app's WebKitWebProcess is found");
        for vars in &web {
            let jit = vars.iter().find(|(k, _)| k == "JSC_useJIT");
            assert_eq!(jit.map(|(_, v)| v.as_str()), Some("false"), "{jit:?}");
        }
        app.quit().await;
    });
}

#[test]
fn filter_by_status_and_sort_by_a_column() {
    scenario(|setup, config| async move {
        let app = Launch::new(&setup, config.path()).start().await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;

        app.select("#status-filter", "sold").await;
        let sold = app
            .wait_rows("only sold pets", |rows| {
                !rows.is_empty() && rows.iter().all(|r| r.status == "sold")
            })
            .await;
        assert!(sold.iter().any(|r| r.name == "Rex"), "{:?}", names(&sold));

        app.select("#status-filter", "").await;
        app.wait_rows("all statuses again", |rows| {
            rows.len() == 20 && rows.iter().any(|r| r.status != "sold")
        })
        .await;

        let header = By::XPath("//th[.//button[contains(., 'Category')]]");
        app.click(By::XPath("//th//button[contains(., 'Category')]"))
            .await;
        let ascending = app
            .wait_rows("rows by category, ascending", |rows| {
                rows.windows(2)
                    .all(|w| w[0].category.parse::<i64>().ok() <= w[1].category.parse::<i64>().ok())
                    && rows.first().map(|r| r.category.as_str())
                        != rows.last().map(|r| r.category.as_str())
            })
            .await;
        assert_eq!(
            app.find(header.clone())
                .await
                .attr("aria-sort")
                .await
                .ok()
                .flatten()
                .as_deref(),
            Some("ascending")
        );
        app.click(By::XPath("//th//button[contains(., 'Category')]"))
            .await;
        let descending = app
            .wait_rows("rows by category, descending", |rows| {
                rows.windows(2)
                    .all(|w| w[0].category.parse::<i64>().ok() >= w[1].category.parse::<i64>().ok())
                    && rows.first().map(|r| r.category.as_str())
                        != rows.last().map(|r| r.category.as_str())
            })
            .await;
        assert_eq!(
            app.find(header)
                .await
                .attr("aria-sort")
                .await
                .ok()
                .flatten()
                .as_deref(),
            Some("descending")
        );
        assert_eq!(ascending.len(), descending.len(), "sorting keeps every row");
        app.screenshot("02-sold-filter-then-sorted").await;
        app.quit().await;
    });
}

#[test]
fn create_a_pet_and_see_it_highlighted_in_the_table() {
    scenario(|setup, config| async move {
        let app = Launch::new(&setup, config.path()).start().await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;

        let name = format!("E2E Pet {:04}", fastrand::u16(..10_000));
        app.click_button("New pet").await;
        app.type_into("#pet-name", &format!("  {name}  ")).await;
        app.type_into("#pet-category", "3").await;
        app.select("#pet-status", "pending").await;
        app.screenshot("03-create-form").await;
        app.click(By::Css("[role='dialog'] button[type='submit']"))
            .await;

        let rows = app
            .wait_rows("the new pet, highlighted", |rows| {
                rows.iter().any(|r| r.name == name && r.highlight)
            })
            .await;
        let pet = rows.iter().find(|r| r.name == name).expect("found above");
        assert_eq!(pet.category, "3");
        assert_eq!(pet.status, "pending");
        assert!(
            pet.id.parse::<i64>().expect("numeric id") > 40,
            "a new id: {pet:?}"
        );
        assert_eq!(rows.iter().filter(|r| r.highlight).count(), 1);
        let dialogs = app.driver().find_all(By::Css("[role='dialog']")).await;
        assert!(
            dialogs.expect("query").is_empty(),
            "the form closed on success"
        );
        app.screenshot("03-created-pet-highlighted").await;
        app.quit().await;
    });
}

#[test]
fn look_up_by_id_is_marked_deprecated_and_not_found_is_calm() {
    scenario(|setup, config| async move {
        let app = Launch::new(&setup, config.path()).start().await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;

        app.wait_text("[data-testid='deprecated-badge']", |t| t == "Deprecated")
            .await;
        app.wait_text("#lookup-deprecation", |t| t.contains("2030"))
            .await;

        app.type_into("#lookup-id", "2").await;
        app.click_button("Look up").await;
        let found = app
            .wait_text("[data-testid='lookup-result']", |t| t.contains("Luna"))
            .await;
        assert!(found.to_lowercase().contains("available"), "{found}");

        app.type_into("#lookup-id", "987654321").await;
        app.click_button("Look up").await;
        let calm = app
            .wait_text("[data-testid='lookup-not-found']", |t| {
                t.contains("987654321")
            })
            .await;
        assert!(calm.starts_with("No pet has the id"), "{calm}");
        let alerts = app
            .driver()
            .find_all(By::Css(".lookup [role='alert'], [role='alertdialog']"))
            .await
            .expect("query");
        assert!(alerts.is_empty(), "not found is no error");
        app.screenshot("04-lookup-not-found").await;
        app.quit().await;
    });
}

#[test]
fn switch_to_staging_with_a_key_set_in_settings_shows_its_data() {
    scenario(|setup, config| async move {
        let key = staging::fresh_key();
        let sandbox = staging::start(&key, Plan::Free, Duration::from_secs(60)).await;
        let app = Launch::new(&setup, config.path())
            .env("PETSTORE_STAGING_URL", &sandbox.base_url())
            .start()
            .await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
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
        let key = staging::fresh_key();
        let sandbox = staging::start(&key, Plan::Free, Duration::from_secs(60)).await;
        let launch =
            Launch::new(&setup, config.path()).env("PETSTORE_STAGING_URL", &sandbox.base_url());

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
        let key = staging::fresh_key();
        let sandbox = staging::start(&key, Plan::Free, Duration::from_secs(60)).await;
        // Folders of this run alone, so every file the app writes (the log, the web view's
        // storage, the remembered waits) can be read afterwards.
        let data = scratch_dir("data");
        let cache = scratch_dir("cache");
        let app = Launch::new(&setup, config.path())
            .env("PETSTORE_STAGING_URL", &sandbox.base_url())
            .env("XDG_DATA_HOME", &data.path().display().to_string())
            .env("XDG_CACHE_HOME", &cache.path().display().to_string())
            .start()
            .await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
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

/// An empty folder for one scenario, removed with it.
fn scratch_dir(what: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("petstore-e2e-{what}-"))
        .tempdir()
        .expect("temp folder")
}

/// Where the app's log goes with `XDG_DATA_HOME=data` (tauri-plugin-log's LogDir on Linux).
fn log_dir(data: &std::path::Path) -> std::path::PathBuf {
    data.join("dev.petstore.admin").join("logs")
}

/// Every log file of the app, in one text.
fn log_text(data: &std::path::Path) -> String {
    let files = walk(&log_dir(data));
    assert!(
        files
            .iter()
            .any(|f| f.file_name().is_some_and(|n| n == "petstore-admin.log")),
        "petstore-admin.log in {}: {files:?}",
        log_dir(data).display()
    );
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("log readable"))
        .collect()
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

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
            .env("PETSTORE_STAGING_URL", &sandbox.base_url())
            .start()
            .await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
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

/// How long the slow staging service takes to answer in the create scenarios: long enough for a
/// person (and the test) to close the form, reopen it and try again before the answer comes.
const SLOW: Duration = Duration::from_secs(8);

fn slow() -> Faults {
    Faults {
        latency: SLOW,
        ..Faults::default()
    }
}

/// The app on Staging (a sandbox of the test's, its key set in Settings), Staging's pets on screen.
async fn app_on_staging(setup: &Setup, config: &std::path::Path) -> (App, Sandbox, String) {
    let key = staging::fresh_key();
    let sandbox = staging::start(&key, Plan::Free, Duration::from_secs(60)).await;
    let app = Launch::new(setup, config)
        .env("PETSTORE_STAGING_URL", &sandbox.base_url())
        .start()
        .await;
    app.wait_rows("the demo pets", |rows| rows.len() == 20)
        .await;
    app.set_key_in_settings("staging", &key).await;
    app.switch_to("staging").await;
    app.wait_rows("the staging pets", shows_staging_pets).await;
    (app, sandbox, key)
}

/// How Add pet is pressed.
#[derive(Debug, Clone, Copy)]
enum Press {
    /// Enter in the last field typed in (the keyboard's way).
    Enter,
    /// A click on the button.
    Click,
}

/// New pet, the form filled, Add pet; returns once the form says it is adding.
async fn start_adding(app: &App, name: &str, press: Press) {
    app.click_button("New pet").await;
    app.type_into("#pet-name", name).await;
    app.type_into("#pet-category", "3").await;
    match press {
        Press::Enter => app.press(Key::Enter).await,
        Press::Click => {
            app.click(By::Css("[role='dialog'] button[type='submit']"))
                .await;
        }
    }
    app.wait_text("[role='dialog'] button[type='submit']", |t| t == "Adding…")
        .await;
}

/// Add pet again, as a person would click it, and a submit however it may come (Enter in a
/// field, a script): a disabled button is clicked without effect, which is the point.
async fn try_to_add_again(app: &App) {
    if let Ok(button) = app
        .driver()
        .find(By::Css("[role='dialog'] button[type='submit']"))
        .await
    {
        let _ = button.click().await;
    }
    app.js("document.querySelector(\"[role='dialog'] form\")?.requestSubmit(); return null;")
        .await
        .expect("the form can be submitted by script");
}

/// The text of `css` now, if it is in the page.
async fn text_now(app: &App, css: &str) -> Option<String> {
    let script = format!(
        "const e = document.querySelector({css:?}); \
         return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null;"
    );
    app.js(&script).await.ok()?.as_str().map(str::to_owned)
}

/// The pets named `name` in the sandbox's store, asked over HTTP.
async fn stored_named(sandbox: &Sandbox, key: &str, name: &str) -> usize {
    let pets: Vec<serde_json::Value> = reqwest::Client::new()
        .get(format!("{}/pets?limit=100", sandbox.base_url()))
        .bearer_auth(key)
        .send()
        .await
        .expect("the staging sandbox answers")
        .json()
        .await
        .expect("a list of pets");
    pets.iter().filter(|p| p["name"] == name).count()
}

/// Issue 9 §1: with a slow service, Add pet (Enter), then Escape (or a click on the backdrop, or
/// ×) while it is adding, New pet again (or Ctrl+N) and Add pet again must not send a second create; the
/// first one's outcome is shown, the new pet highlighted once.
#[test]
fn a_slow_create_is_sent_once_however_the_form_is_closed_and_reopened() {
    scenario(|setup, config| async move {
        let (app, sandbox, key) = app_on_staging(&setup, config.path()).await;
        sandbox.set_faults(slow());
        let name = format!("Slowpoke {:04}", fastrand::u16(..10_000));
        start_adding(&app, &name, Press::Enter).await;
        let added_at = std::time::Instant::now();
        app.screenshot("09-adding").await;

        app.press(Key::Escape).await;
        app.wait_dialog_closed().await;
        let line_after_escape = text_now(&app, "[data-testid='create-pending-line']").await;
        app.screenshot("09-adding-form-closed").await;

        app.click_button("New pet").await;
        app.find(By::Css("[role='dialog']")).await;
        let reopened = text_now(&app, "[data-testid='create-pending']").await;
        app.screenshot("09-form-reopened-while-adding").await;
        try_to_add_again(&app).await;
        // Beside the form: the backdrop.
        app.click_at(12, 400).await;
        app.wait_dialog_closed().await;

        app.press_shortcut('n').await;
        app.find(By::Css("[role='dialog']")).await;
        try_to_add_again(&app).await;
        app.click(By::Css("[role='dialog'] button[aria-label='Close']"))
            .await;
        app.wait_dialog_closed().await;

        assert!(
            added_at.elapsed() < SLOW,
            "inconclusive: the machine took {:?} to try again, longer than the service's {SLOW:?}",
            added_at.elapsed()
        );
        // A second create would have reached the sandbox by now (it counts on arrival).
        tokio::time::sleep(Duration::from_millis(700)).await;
        assert_eq!(
            sandbox.create_count(),
            1,
            "the service received exactly one create"
        );

        let wanted = format!("Adding {name} to Staging…");
        assert!(
            line_after_escape
                .as_deref()
                .is_some_and(|t| t.contains(&wanted)),
            "the line above the table, after Escape: {line_after_escape:?}"
        );
        assert!(
            reopened.as_deref().is_some_and(|t| t.contains(&wanted)),
            "the reopened form: {reopened:?}"
        );

        let rows = app
            .wait_rows("the new pet, highlighted", |rows| {
                rows.iter().any(|r| r.name == name && r.highlight)
            })
            .await;
        assert_eq!(
            rows.iter().filter(|r| r.name == name).count(),
            1,
            "listed once"
        );
        assert_eq!(
            rows.iter().filter(|r| r.highlight).count(),
            1,
            "one row highlighted"
        );
        assert_eq!(
            text_now(&app, "[data-testid='create-pending-line']").await,
            None,
            "settled: no longer adding"
        );
        assert_eq!(sandbox.create_count(), 1);
        assert_eq!(
            stored_named(&sandbox, &key, &name).await,
            1,
            "in the store once"
        );
        app.screenshot("09-added-highlighted").await;

        // Settled: the form is empty and adds again.
        app.press_shortcut('n').await;
        let field = app.find(By::Css("#pet-name")).await;
        assert_eq!(field.value().await.expect("value").as_deref(), Some(""));
        app.close_dialog().await;
        app.quit().await;
        sandbox.shutdown().await;
    });
}

/// A slow create's outcome is shown after a switch of environment: added (with a way there, and
/// the pet highlighted on arrival), and outcome unknown (with a way to check the list).
#[test]
fn a_slow_create_outcome_is_shown_after_switching_environment() {
    scenario(|setup, config| async move {
        let (app, sandbox, key) = app_on_staging(&setup, config.path()).await;
        sandbox.set_faults(slow());
        let name = format!("Slowpoke {:04}", fastrand::u16(..10_000));
        // Added with a click this time: Escape still closes the form.
        start_adding(&app, &name, Press::Click).await;
        app.press(Key::Escape).await;
        app.wait_dialog_closed().await;
        app.switch_to("sandbox").await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;
        app.wait_text("[data-testid='create-pending-line']", |t| {
            t.contains(&format!("Adding {name} to Staging…"))
        })
        .await;
        app.screenshot("10-adding-to-staging-seen-from-sandbox")
            .await;

        let notice = "[data-testid='create-outcome'][data-kind='created']";
        app.wait_text(notice, |t| {
            t.contains(&format!("{name} was added to Staging"))
        })
        .await;
        sandbox.set_faults(Faults::default());
        let demo = app.table().await.expect("the sandbox table");
        assert!(
            demo.rows.iter().all(|r| !r.highlight && r.name != name),
            "nothing of Staging's in the Sandbox table"
        );
        app.screenshot("10-added-to-staging-seen-from-sandbox")
            .await;

        app.click_button("Go to Staging").await;
        let rows = app
            .wait_rows("the new pet, highlighted in Staging", |rows| {
                rows.iter().any(|r| r.name == name && r.highlight)
            })
            .await;
        assert_eq!(rows.iter().filter(|r| r.highlight).count(), 1);
        assert_eq!(rows.iter().filter(|r| r.name == name).count(), 1);
        assert_eq!(text_now(&app, notice).await, None, "seen: the notice went");
        app.screenshot("10-back-in-staging-highlighted").await;

        // This time the answer is lost on the way back: the pet is stored, the app cannot know.
        sandbox.set_faults(Faults {
            drop_rate: 1.0,
            ..slow()
        });
        let lost = format!("Lost Answer {:04}", fastrand::u16(..10_000));
        start_adding(&app, &lost, Press::Enter).await;
        app.press(Key::Escape).await;
        app.wait_dialog_closed().await;
        app.switch_to("sandbox").await;
        let unknown = "[data-testid='create-outcome'][data-kind='unknown']";
        app.wait_text(unknown, |t| {
            t.contains(&format!(
                "We couldn’t confirm whether {lost} was added to Staging"
            ))
        })
        .await;
        sandbox.set_faults(Faults::default());
        app.screenshot("10-outcome-unknown-seen-from-sandbox").await;

        app.click_button("Check the list in Staging").await;
        app.wait_rows(
            "Staging's list, with the pet whose answer was lost",
            |rows| rows.iter().any(|r| r.name == lost),
        )
        .await;
        app.wait_text(unknown, |t| t.contains("Its list was reloaded"))
            .await;
        app.screenshot("10-outcome-unknown-list-checked").await;
        assert_eq!(sandbox.create_count(), 2, "one create each, nothing resent");
        assert_eq!(stored_named(&sandbox, &key, &lost).await, 1);
        app.quit().await;
        sandbox.shutdown().await;
    });
}

#[test]
fn a_second_launch_hands_over_to_the_first_and_exits() {
    scenario(|setup, config| async move {
        let data = scratch_dir("data");
        let launch = Launch::new(&setup, config.path())
            .env("XDG_DATA_HOME", &data.path().display().to_string());
        let app = launch.start().await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;

        // The same binary, the same environment, as a person double-clicking it again.
        let started = Instant::now();
        let mut second = launch
            .app_command()
            .spawn()
            .expect("the app binary starts again");
        let exited = loop {
            if let Some(status) = second.try_wait().expect("its status can be read") {
                break Some(status);
            }
            if started.elapsed() > SECOND_LAUNCH_EXITS_WITHIN {
                break None;
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let Some(status) = exited else {
            // Ours to end: the child we started, by its id.
            let _ = second.kill();
            let _ = second.wait();
            panic!("the second launch still ran after {SECOND_LAUNCH_EXITS_WITHIN:?}");
        };
        assert!(
            status.success(),
            "the second launch exits cleanly: {status}"
        );

        // The first window still answers, and was asked to come to the front.
        app.click_button("Refresh").await;
        app.wait_rows("the demo pets after the second launch", |rows| {
            rows.len() == 20
        })
        .await;
        eventually("the hand-over in the log", UI_TIMEOUT, || async {
            let log = log_text(data.path());
            Ok(log
                .contains("a second launch was handed over to this window")
                .then_some(()))
        })
        .await;
        app.quit().await;
    });
}

/// "Within a few seconds" on a busy 2-core machine: the second process loads GTK before the
/// single-instance check runs.
const SECOND_LAUNCH_EXITS_WITHIN: Duration = Duration::from_secs(15);

#[test]
fn the_app_starts_without_a_usable_session_bus() {
    scenario(|setup, config| async move {
        let missing = scratch_dir("no-bus");
        // No bus at the address (a minimal session), then an address nobody can parse.
        for address in [
            format!("unix:path={}", missing.path().join("bus").display()),
            "not-an-address".to_owned(),
        ] {
            let app = Launch::new(&setup, config.path())
                .env("DBUS_SESSION_BUS_ADDRESS", &address)
                .start()
                .await;
            app.wait_rows(
                &format!("the demo pets with the bus at {address:?}"),
                |rows| rows.len() == 20,
            )
            .await;
            app.quit().await;
        }
    });
}

#[test]
fn a_settings_file_the_app_cannot_read_is_shown_kept_and_started_over() {
    scenario(|setup, config| async move {
        let file = config.path().join("settings.json");
        let hand_edit =
            "{\n  \"stagingUrl\": \"https://staging.example.com/v1\",\n  \"pageSize\": 10,\n}\n";
        std::fs::write(&file, hand_edit).expect("settings written");
        let app = Launch::new(&setup, config.path()).start().await;
        app.wait_rows("the demo pets, on the default rows per page", |rows| {
            rows.len() == 20
        })
        .await;
        let banner = app
            .wait_text("[data-testid='settings-problem']", |t| {
                t.contains("can’t be read")
            })
            .await;
        assert!(banner.contains(&file.display().to_string()), "{banner}");
        assert!(banner.contains("line 4, column 1"), "{banner}");
        assert!(banner.contains("are not saved"), "{banner}");
        app.screenshot("09-settings-file-unreadable").await;

        // Rows per page still change for this session; the file stays as the person left it.
        app.type_into("#limit", "5").await;
        app.driver()
            .find(By::Css("#limit"))
            .await
            .expect("the rows field")
            .send_keys("\u{E007}")
            .await
            .expect("Enter");
        app.wait_rows("5 rows", |rows| rows.len() == 5).await;
        assert_eq!(
            std::fs::read_to_string(&file).expect("still there"),
            hand_edit
        );

        app.click_button("Start over").await;
        app.find(By::Css("[role='dialog']")).await;
        app.screenshot("09-settings-start-over-confirm").await;
        app.click(By::XPath(
            "//*[@role='dialog']//button[normalize-space(.)='Start over']",
        ))
        .await;
        let done = app
            .wait_text("[data-testid='settings-started-over']", |t| {
                t.contains("settings.json.broken-")
            })
            .await;
        app.screenshot("09-settings-started-over").await;
        let kept: Vec<_> = walk(config.path())
            .into_iter()
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("settings.json.broken-"))
            })
            .collect();
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert!(done.contains(&kept[0].display().to_string()), "{done}");
        assert_eq!(
            std::fs::read_to_string(&kept[0]).expect("kept"),
            hand_edit,
            "kept byte for byte"
        );
        let fresh = std::fs::read_to_string(&file).expect("a new settings file");
        assert!(fresh.contains("\"pageSize\": 5"), "{fresh}");
        app.quit().await;
    });
}

#[test]
fn a_wait_the_cli_remembered_pauses_the_app_until_cleared_in_the_gauge() {
    scenario(|setup, config| async move {
        let key = staging::fresh_key();
        let sandbox = staging::start(&key, Plan::Free, Duration::from_secs(60)).await;
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
            .env("PETSTORE_STAGING_URL", &sandbox.base_url())
            .env("XDG_CACHE_HOME", &cache.path().display().to_string())
            .start()
            .await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;

        // Staging's address comes from the variable: shown, not editable.
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-staging")).await;
        let note = app
            .wait_text("[data-testid='address-from-variable']", |t| {
                t.contains("environment variable")
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
