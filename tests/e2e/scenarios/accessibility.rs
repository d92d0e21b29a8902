//! axe-core over every main screen and dialog of the real window, in the light and
//! the dark theme (WebKitGTK's prefers-color-scheme follows GTK_THEME): no serious or critical
//! violation anywhere. Lesser ones are printed, for people to read.

use crate::app_support::axe::{self, Violation};
use crate::*;

/// A CSV for the import preview: three valid rows and one without a category id.
const FILE: &str = "name,categoryId,status\nAxe Aster,3,available\nAxe Birch,,pending\nAxe Cedar,4,\nAxe Dahlia,2,sold\n";

/// The violations found so far, screen by screen.
struct Audit<'a> {
    app: &'a App,
    theme: &'static str,
    blocking: Vec<String>,
    screens: usize,
}

impl Audit<'_> {
    async fn screen(&mut self, name: &str) {
        self.app
            .screenshot(&format!("14-axe-{}-{name}", self.theme))
            .await;
        let found: Vec<Violation> = axe::violations(self.app).await;
        self.screens += 1;
        for v in found {
            if v.blocking() {
                self.blocking.push(format!("{} {name}: {v}", self.theme));
            } else {
                eprintln!("note: axe, {} {name}: {v}", self.theme);
            }
        }
    }
}

/// Opens Settings on `tab` and waits until its panel has read what it shows.
async fn settings_tab(app: &App, tab: &str) {
    if app.dialogs_open().await == 0 {
        app.click_button("Settings").await;
    }
    app.click(By::Css(format!("[role='tab']#tab-{tab}"))).await;
    match tab {
        "activity" => {
            eventually("the Activity settings to load", UI_TIMEOUT, || async {
                let ready = app
                    .js("const i = document.getElementById('retention-days'); return !!i && !i.disabled && i.value !== '';")
                    .await?;
                Ok((ready.as_bool() == Some(true)).then_some(()))
            })
            .await;
        }
        "sandbox" => {
            app.find(By::Css("#settings-panel .notice.info")).await;
        }
        "categories" => {
            // Loaded when the list, or the note that there is none yet, shows.
            app.find(By::Css(
                "[data-testid='category-list'], [data-testid='category-empty']",
            ))
            .await;
        }
        "updates" => {
            app.find(By::Css("[data-testid='update-check-now']")).await;
        }
        "network" => {
            app.find(By::Css("[data-testid='trust-certificate']")).await;
        }
        "general" => {
            app.find(By::Css("select#language")).await;
        }
        _ => {
            app.wait_text("[data-testid='key-status']", |t| {
                t.contains("stored") || t.contains("Stored") || t.contains("session")
            })
            .await;
        }
    }
}

async fn every_screen_and_dialog(setup: Setup, config: tempfile::TempDir, theme: &'static str) {
    let files = scratch_dir("axe");
    let file = files.path().join("axe.csv");
    std::fs::write(&file, FILE).expect("the CSV file is written");
    let key = staging::fresh_key();
    let plan = Plan::Enterprise {
        per_minute: 30,
        per_day: 10_000,
    };
    let sandbox = staging::start(&key, plan, Duration::from_secs(10)).await;
    let launch = Launch::new(&setup, config.path())
        .staging_at(&sandbox.base_url())
        .env("PETSTORE_TEST_HOOK_OPEN_FILE", &file.display().to_string());
    let launch = if theme == "dark" {
        launch.env("GTK_THEME", "Adwaita:dark")
    } else {
        launch
    };
    let app = launch.start_on_the_demo_pets().await;
    let dark = app
        .js("return matchMedia('(prefers-color-scheme: dark)').matches;")
        .await
        .expect("a script runs");
    assert_eq!(dark.as_bool(), Some(theme == "dark"), "the {theme} theme");
    let mut audit = Audit {
        app: &app,
        theme,
        blocking: Vec::new(),
        screens: 0,
    };

    // First, that axe really runs here: a button with no name, planted for a moment, is found.
    app.js("const b = document.createElement('button'); b.id = 'axe-planted'; document.body.append(b); return null;")
        .await
        .expect("a script runs");
    let planted = axe::violations(&app).await;
    assert!(
        planted
            .iter()
            .any(|v| v.id == "button-name" && v.blocking()),
        "axe finds a planted nameless button: {planted:?}"
    );
    app.js("document.getElementById('axe-planted').remove(); return null;")
        .await
        .expect("a script runs");

    // The pets table with rows, and the lookup with a result.
    audit.screen("pets").await;
    let id = app.table().await.expect("the table").rows[0].id.clone();
    app.type_into("#lookup-id", &id).await;
    app.click_button("Look up").await;
    app.wait_text("[data-testid='lookup-result']", |t| t.contains(&id))
        .await;
    audit.screen("lookup").await;

    // The create form refusing an empty entry.
    app.click_button("New pet").await;
    app.click(By::Css("[role='dialog'] button[type='submit']"))
        .await;
    app.wait_text("#pet-name-error", |t| !t.is_empty()).await;
    audit.screen("create-invalid").await;
    app.close_dialog().await;

    app.click(By::Css("[data-testid='export-button']")).await;
    app.find(By::Css("[data-testid='export-dialog']")).await;
    audit.screen("export").await;
    app.close_dialog().await;

    // Settings, each tab; Staging with a key its server refuses, tested from there.
    app.set_key_in_settings("staging", &staging::fresh_key())
        .await;
    for tab in [
        "sandbox",
        "production",
        "staging",
        "general",
        "categories",
        "activity",
        "network",
        "updates",
    ] {
        settings_tab(&app, tab).await;
        audit.screen(&format!("settings-{tab}")).await;
    }
    settings_tab(&app, "staging").await;
    app.click_button("Test connection").await;
    app.wait_text("#settings-panel [role='alert']", |t| t.contains("refused"))
        .await;
    audit.screen("settings-staging-refused").await;
    app.close_dialog().await;

    // The table's error state (the refused key), then Staging's pets and an empty filter.
    app.switch_to("staging").await;
    app.wait_text(".table-card [role='alert']", |t| t.contains("refused"))
        .await;
    audit.screen("pets-error").await;
    app.set_key_in_settings("staging", &key).await;
    app.wait_rows("the staging pets", shows_staging_pets).await;
    app.select("#status-filter", "sold").await;
    app.find(By::Css("[data-testid='empty-state']")).await;
    audit.screen("pets-empty").await;
    app.select("#status-filter", "").await;
    app.wait_rows("the staging pets", shows_staging_pets).await;

    // Import: the preview, one row with a problem.
    app.click(By::Css("[data-testid='import-button']")).await;
    app.wait_text("[data-testid='import-counts']", |t| {
        t.contains("3 valid") && t.contains("1 with a problem")
    })
    .await;
    audit.screen("import-preview").await;
    app.close_dialog().await;

    // An add whose answer is lost: the form, the note above the table, Activity's list and details.
    sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    app.click_button("New pet").await;
    app.type_into("#pet-name", "Axe Unconfirmed").await;
    app.type_into("#pet-category", "3").await;
    app.press(Key::Enter).await;
    app.find(By::Css("[data-testid='outcome-unknown']")).await;
    sandbox.set_faults(Faults::default());
    audit.screen("create-outcome-unknown").await;
    app.close_dialog().await;
    app.find(By::Css(
        "[data-testid='create-outcome'][data-kind='unknown']",
    ))
    .await;
    audit.screen("pets-outcome-unknown").await;
    app.click(By::Css("#view-tab-activity")).await;
    app.find(By::Css("[data-testid='unconfirmed-item']")).await;
    app.wait_text("[data-testid='activity-scroll']", |t| {
        t.contains("Axe Unconfirmed")
    })
    .await;
    audit.screen("activity").await;
    app.click(By::Css(
        "[data-testid='activity-scroll'] tbody tr[data-id] button.open",
    ))
    .await;
    app.find(By::Css("[data-testid='activity-details']")).await;
    audit.screen("activity-details").await;
    app.close_dialog().await;
    app.click(By::Css("#view-tab-pets")).await;

    // Another program spends the window: a 429, its alert banner, the wait; then the quota panel.
    staging::exhaust_quota(&sandbox, &key).await;
    app.click_button("Refresh").await;
    app.find(By::Css("[data-testid='quota-alert']")).await;
    audit.screen("pets-quota-alert").await;
    app.wait_rows("the staging pets after the wait", shows_staging_pets)
        .await;
    app.click(By::Css("[data-testid='quota-open']")).await;
    app.find(By::Css("[data-testid='quota-chart']")).await;
    audit.screen("quota-panel").await;
    app.close_dialog().await;

    let Audit {
        blocking, screens, ..
    } = audit;
    // 22: the Settings tabs include General, Categories, Network and Updates.
    assert_eq!(screens, 22, "every screen was audited");
    assert!(
        blocking.is_empty(),
        "serious or critical axe violations:\n  {}",
        blocking.join("\n  ")
    );
    app.quit().await;
    sandbox.shutdown().await;
}

#[test]
fn axe_finds_nothing_serious_on_any_screen_or_dialog_in_the_light_theme() {
    scenario(|setup, config| every_screen_and_dialog(setup, config, "light"));
}

#[test]
fn axe_finds_nothing_serious_on_any_screen_or_dialog_in_the_dark_theme() {
    scenario(|setup, config| every_screen_and_dialog(setup, config, "dark"));
}
