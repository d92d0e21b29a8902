//! Import… in the real window. The native file picker cannot be driven through
//! WebDriver, so the app is started with its picker test hooks (`PETSTORE_TEST_HOOK_OPEN_FILE`,
//! `PETSTORE_TEST_HOOK_SAVE_DIR`, read only by `src-tauri/src/pickers.rs`): the pickers answer
//! those paths, and everything after them (reading, the preview, the fix in place, the import,
//! pause and resume, the report, the highlight) runs in the real window against a real sandbox.

use crate::*;

/// Eight pets for Staging; line 3 has no category id (fixed in place by the test), and a column
/// the import ignores.
const FILE: &str = "name,categoryId,status,colour\n\
    Import Pepper,3,available,black\n\
    Import Juniper,,pending,grey\n\
    Import Toffee,4,,brown\n\
    Import Basil,2,available,white\n\
    Import Clover,5,sold,tabby\n\
    Import Sage,5,,cream\n\
    Import Olive,6,pending,grey\n\
    Import Mango,7,available,ginger\n";

/// Each create takes this long, so the progress and a pause can be seen.
const LATENCY: Duration = Duration::from_millis(600);

#[test]
fn import_with_a_row_fixed_in_place_paused_resumed_reported_and_highlighted() {
    scenario(|setup, config| async move {
        let files = scratch_dir("import");
        let file = files.path().join("new-branch.csv");
        std::fs::write(&file, FILE).expect("the CSV file is written");
        let saves = files.path().join("saved");
        std::fs::create_dir_all(&saves).expect("save folder");
        let data = files.path().join("data");

        let key = staging::fresh_key();
        let sandbox = staging::start(&key, Plan::Pro, Duration::from_secs(60)).await;
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .env("PETSTORE_DATA_DIR", &data.display().to_string())
            .env("PETSTORE_TEST_HOOK_OPEN_FILE", &file.display().to_string())
            .env("PETSTORE_TEST_HOOK_SAVE_DIR", &saves.display().to_string())
            .start()
            .await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;
        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;
        app.wait_rows("the staging pets", shows_staging_pets).await;

        // Import…: the picker (answered by the hook), then the preview.
        app.click(By::Css("[data-testid='import-button']")).await;
        app.wait_text("[data-testid='import-dialog']", |t| t.contains("7 valid"))
            .await;
        app.wait_text("[data-testid='import-counts']", |t| {
            t.contains("7 valid") && t.contains("1 with a problem")
        })
        .await;
        app.wait_text("[data-testid='import-environment']", |t| {
            t.contains("Staging")
        })
        .await;
        app.wait_text("[data-testid='import-ignored']", |t| t.contains("colour"))
            .await;
        app.wait_text("[data-testid='import-estimate']", |t| {
            t.contains("Pro plan")
        })
        .await;
        app.wait_text("tr.invalid[data-line='3']", |t| {
            t.contains("category id is empty")
        })
        .await;
        app.screenshot("11-import-preview").await;
        assert_eq!(sandbox.create_count(), 0, "a preview sends nothing");
        preview_fits_800_by_600(&app).await;

        // The invalid row, fixed in place.
        app.type_into("input[aria-label='Category id on line 3']", "6")
            .await;
        app.click_button("Check row").await;
        app.wait_text("[data-testid='import-start']", |t| t == "Import 8 pets")
            .await;
        app.screenshot("11-import-preview-fixed").await;

        sandbox.set_faults(Faults {
            latency: LATENCY,
            ..Faults::default()
        });
        app.click(By::Css("[data-testid='import-start']")).await;
        app.wait_text("[data-testid='import-progress']", |t| {
            t.contains("of 8") && !t.starts_with("0 of")
        })
        .await;
        app.screenshot("11-import-progress").await;

        // Pause: after the row in flight, nothing more is sent until Resume.
        app.click_button("Pause").await;
        app.wait_text("[data-testid='import-phase']", |t| t.starts_with("Paused"))
            .await;
        tokio::time::sleep(LATENCY * 2).await;
        let paused_at = sandbox.create_count();
        tokio::time::sleep(LATENCY * 3).await;
        assert_eq!(
            sandbox.create_count(),
            paused_at,
            "nothing sent while paused"
        );
        assert!(paused_at < 8, "paused before the end ({paused_at})");
        app.screenshot("11-import-paused").await;
        app.click_button("Resume").await;

        let totals = app
            .wait_text("[data-testid='import-totals']", |t| t.contains("8 created"))
            .await;
        assert!(totals.contains("0 unknown"), "{totals}");
        assert_eq!(sandbox.create_count(), 8, "each row sent once");
        sandbox.set_faults(Faults::default());

        // Save report… (the save picker answered by the hook).
        app.click(By::Css("[data-testid='import-save-report']"))
            .await;
        app.wait_text("[data-testid='import-saved']", |t| {
            t.contains("import-report.csv")
        })
        .await;
        let report = std::fs::read_to_string(saves.join("import-report.csv"))
            .expect("the report was written");
        assert_eq!(
            report.lines().filter(|l| l.contains(",created,")).count(),
            8,
            "{report}"
        );
        assert!(
            report.contains("Import Juniper,6,pending,created,"),
            "{report}"
        );
        app.screenshot("11-import-report").await;

        // Done: the new pets are highlighted in Staging's table.
        app.click_button("Done").await;
        app.wait_dialog_closed().await;
        let rows = app
            .wait_rows("the imported pets highlighted", |rows| {
                rows.iter().filter(|r| r.highlight).count() == 8
            })
            .await;
        assert!(
            rows.iter()
                .filter(|r| r.highlight)
                .all(|r| r.name.starts_with("Import ")),
            "{rows:?}"
        );
        assert!(
            rows.iter()
                .any(|r| r.name == "Import Juniper" && r.category == "6" && r.highlight),
            "the fixed row was imported with the fixed cell: {rows:?}"
        );
        app.wait_text("[data-testid='import-indicator']", |t| {
            t.contains("8 created")
        })
        .await;
        app.screenshot("11-import-highlighted").await;
        app.quit().await;
        sandbox.shutdown().await;
    });
}

/// Four good rows, and two whose category id is not a number (lines 3 and 7), fixed
/// in place to 3 and 6 on the first import.
const STOCK_FILE: &str = "name,categoryId,status\n\
    Stock Pepper,3,available\n\
    Stock Juniper,three,pending\n\
    Stock Toffee,4,\n\
    Stock Basil,2,available\n\
    Stock Clover,5,sold\n\
    Stock Olive,6 cats,pending\n";

/// The rows of [`STOCK_FILE`] that are valid as the file stands, by line.
const STOCK_VALID: [(u64, &str); 4] = [
    (2, "Stock Pepper"),
    (4, "Stock Toffee"),
    (5, "Stock Basil"),
    (6, "Stock Clover"),
];

/// The rows with a problem in the file, the name on them and the category id a clerk fixes them to.
const STOCK_FIXES: [(u64, &str, &str); 2] = [(3, "Stock Juniper", "3"), (7, "Stock Olive", "6")];

/// Every pet in the sandbox, as (name, id), asked over HTTP.
async fn stored_pets(sandbox: &Sandbox, key: &str) -> Vec<(String, i64)> {
    let pets: Vec<serde_json::Value> = reqwest::Client::new()
        .get(format!("{}/pets?limit=100", sandbox.base_url()))
        .bearer_auth(key)
        .send()
        .await
        .expect("the staging sandbox answers")
        .json()
        .await
        .expect("a list of pets");
    pets.iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap_or_default().to_owned(),
                p["id"].as_i64().expect("a pet has an id"),
            )
        })
        .collect()
}

/// The row of the preview on `line` fixed in place: its category id typed, then Check row.
/// At 800×600 the preview's buttons are in view without scrolling the dialog, and the fields of
/// the row fixed in place (line 3) are wide enough to read; then the window is as before. Before,
/// the buttons were below the fold and the fields read "Broken Ca" and "availab".
async fn preview_fits_800_by_600(app: &App) {
    let before = app
        .driver()
        .get_window_rect()
        .await
        .expect("the window's size");
    app.driver()
        .set_window_rect(0, 0, 800, 600)
        .await
        .expect("the window can be resized");
    const MEASURE: &str = r#"
        const start = document.querySelector("[data-testid='import-start']").getBoundingClientRect();
        const field = (css) => document.querySelector(`tr[data-line='3'] ${css}`)?.getBoundingClientRect().width ?? 0;
        return [innerWidth, innerHeight, start.top, start.bottom,
                field('.fix-name .input'), field('.fix-category .input'), field('.fix-status .input')];
    "#;
    let shown = eventually("the preview at 800×600", UI_TIMEOUT, || async {
        let value = app.js(MEASURE).await?;
        let figures: Vec<f64> = serde_json::from_value(value).map_err(|e| e.to_string())?;
        Ok(((figures[0] - 800.0).abs() < 1.0).then_some(figures))
    })
    .await;
    app.screenshot("11-import-preview-800x600").await;
    let (height, top, bottom) = (shown[1], shown[2], shown[3]);
    assert!(
        top >= 0.0 && bottom <= height,
        "the Import button is out of view at 800×600: {shown:?}"
    );
    let (name, category, status) = (shown[4], shown[5], shown[6]);
    assert!(
        name >= 160.0 && category >= 80.0 && status >= 140.0,
        "the fields to fix are too narrow at 800×600 (name, category, status): {shown:?}"
    );
    app.driver()
        .set_window_rect(
            before.x,
            before.y,
            u32::try_from(before.width).unwrap_or(1100),
            u32::try_from(before.height).unwrap_or(720),
        )
        .await
        .expect("the window's size back");
}

async fn fix_category(app: &App, line: u64, category_id: &str) {
    app.type_into(
        &format!("input[aria-label='Category id on line {line}']"),
        category_id,
    )
    .await;
    app.click(By::XPath(format!(
        "//tr[@data-line='{line}']//button[normalize-space(.)='Check row']"
    )))
    .await;
    app.wait_text(&format!("tr[data-line='{line}']"), |t| {
        !t.contains("Check row")
    })
    .await;
}

/// Whether the element `css` is a disabled control (None: not in the page).
async fn disabled(app: &App, css: &str) -> Option<bool> {
    let script = format!("return document.querySelector({css:?})?.disabled ?? null;");
    app.js(&script).await.ok()?.as_bool()
}

/// "Never twice, for real": a file with two rows fixed in the preview is imported, then
/// the same unchanged file is picked again. Every row created the first time is marked as already
/// added (where, when, which pet), the repeated rows are skipped unless the clerk ticks the
/// counted checkbox, Import offers nothing to send, also once the same two fixes are made again,
/// and the service holds each pet once. Before rows were remembered, the second import created
/// every pet again; when the rows of an earlier run of the same content were not marked, the same
/// fixes made again unmarked every row and offered to import all six.
#[test]
fn the_same_file_picked_again_after_a_fix_in_the_preview_adds_no_pet_twice() {
    scenario(|setup, config| async move {
        let files = scratch_dir("import-again");
        let file = files.path().join("stock.csv");
        std::fs::write(&file, STOCK_FILE).expect("the CSV file is written");
        let data = files.path().join("data");

        let key = staging::fresh_key();
        let sandbox = staging::start(&key, Plan::Pro, Duration::from_secs(60)).await;
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .env("PETSTORE_DATA_DIR", &data.display().to_string())
            .env("PETSTORE_TEST_HOOK_OPEN_FILE", &file.display().to_string())
            .start()
            .await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;
        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;
        app.wait_rows("the staging pets", shows_staging_pets).await;

        // The first import: the two rows with a problem fixed in place, then all six imported.
        app.click(By::Css("[data-testid='import-button']")).await;
        app.wait_text("[data-testid='import-counts']", |t| {
            t == "4 valid, 2 with a problem (not imported unless fixed)"
        })
        .await;
        for (line, _, category_id) in STOCK_FIXES {
            app.wait_text(&format!("tr.invalid[data-line='{line}']"), |t| {
                t.contains("Check row")
            })
            .await;
            fix_category(&app, line, category_id).await;
        }
        app.wait_text("[data-testid='import-counts']", |t| t == "6 valid")
            .await;
        app.wait_text("[data-testid='import-start']", |t| t == "Import 6 pets")
            .await;
        app.click(By::Css("[data-testid='import-start']")).await;
        let totals = app
            .wait_text("[data-testid='import-totals']", |t| t.contains("6 created"))
            .await;
        assert!(
            !totals.contains("already added"),
            "nothing was a repeat the first time: {totals}"
        );
        assert_eq!(sandbox.create_count(), 6, "each row sent once");
        let first = stored_pets(&sandbox, &key).await;
        let id_of = |name: &str| {
            first
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, id)| *id)
                .unwrap_or_else(|| panic!("{name} was created: {first:?}"))
        };
        // The day the pets were added, as the preview names it ("26 Nov").
        let today = chrono::Local::now().format("%-d %b").to_string();
        app.click_button("Done").await;
        app.wait_dialog_closed().await;

        // The last report stays reachable from the header's chip, which names its environment.
        app.wait_text("[data-testid='import-indicator']", |t| {
            t.contains("Staging: import done: 6 created")
        })
        .await;
        app.click(By::Css("[data-testid='import-indicator']")).await;
        app.wait_text("[data-testid='import-ended']", |t| t.contains("stock.csv"))
            .await;
        app.click_button("Done").await;
        app.wait_dialog_closed().await;
        // The same file again: Import… starts a new import (the picker at once), not the report.
        app.click(By::Css("[data-testid='import-button']")).await;
        app.wait_text("[data-testid='import-counts']", |t| {
            t == "4 valid, 4 of them already added or repeated (not imported unless you choose \
                  to), 2 with a problem (not imported unless fixed)"
        })
        .await;
        for (line, name) in STOCK_VALID {
            let why = app
                .wait_text(
                    &format!("tr[data-line='{line}'][data-repeat='earlier'] [data-testid='import-repeat']"),
                    |t| t.starts_with("Already added On "),
                )
                .await;
            let id = id_of(name);
            assert_eq!(
                why,
                format!("Already added On {today} from stock.csv line {line}, pet {id}."),
                "line {line} ({name}) names when, where and which pet"
            );
        }
        for (line, _, _) in STOCK_FIXES {
            app.wait_text(&format!("tr.invalid[data-line='{line}']"), |t| {
                t.contains("Check row")
            })
            .await;
        }
        app.wait_text("[data-testid='import-allow-repeats']", |t| {
            t == "Also add the 4 repeated rows (they would be created again)"
        })
        .await;
        let checkbox = "[data-testid='import-allow-repeats'] input[type='checkbox']";
        assert_eq!(
            app.js(&format!(
                "return document.querySelector({checkbox:?}).checked;"
            ))
            .await
            .expect("the checkbox is read"),
            serde_json::Value::Bool(false),
            "repeats are skipped unless the clerk chooses otherwise"
        );
        app.wait_text("[data-testid='import-start']", |t| t == "Import 0 pets")
            .await;
        assert_eq!(
            disabled(&app, "[data-testid='import-start']").await,
            Some(true),
            "nothing to send: Import is off"
        );
        app.wait_text("[data-testid='import-nothing-new']", |t| {
            t == "Every valid row is already added here: only the rows with a problem could \
                  still be imported, once fixed."
        })
        .await;
        app.screenshot("26-import-same-file-again").await;

        // The checkbox is the explicit, counted choice: ticked, Import would send the repeats.
        app.click(By::Css(checkbox)).await;
        app.wait_text("[data-testid='import-start']", |t| t == "Import 4 pets")
            .await;
        app.click(By::Css(checkbox)).await;
        app.wait_text("[data-testid='import-start']", |t| t == "Import 0 pets")
            .await;

        // The same two fixes again, as the clerk made them the first time: those rows are the
        // pets already added from the fixed copy, and say so too; still nothing to send.
        for (line, _, category_id) in STOCK_FIXES {
            fix_category(&app, line, category_id).await;
        }
        for (line, name) in STOCK_VALID
            .into_iter()
            .chain(STOCK_FIXES.map(|(line, name, _)| (line, name)))
        {
            let id = id_of(name);
            app.wait_text(
                &format!(
                    "tr[data-line='{line}'][data-repeat='earlier'] [data-testid='import-repeat']"
                ),
                |t| t == format!("Already added On {today} from stock.csv line {line}, pet {id}."),
            )
            .await;
        }
        app.wait_text("[data-testid='import-start']", |t| t == "Import 0 pets")
            .await;
        assert_eq!(
            disabled(&app, "[data-testid='import-start']").await,
            Some(true),
            "the fixed rows again: still nothing to send"
        );
        // An earlier run of this very content added them (its journal skips them): counted,
        // never offered.
        app.wait_text("[data-testid='import-counts']", |t| {
            t == "6 valid, 6 of them already added from this very content (never sent again)"
        })
        .await;
        app.screenshot("26-import-same-file-again-fixed-again")
            .await;

        // Closed without importing: nothing was sent again, and each pet is there once.
        app.close_dialog().await;
        assert_eq!(
            sandbox.create_count(),
            6,
            "no create sent for the same file"
        );
        let stored = stored_pets(&sandbox, &key).await;
        let rows = app
            .wait_rows("the staging pets with the imported ones", |rows| {
                rows.iter().any(|r| r.name == "Stock Olive")
            })
            .await;
        for (_, name) in STOCK_VALID {
            assert_stored_once(&stored, &rows, name);
        }
        for (_, name, _) in STOCK_FIXES {
            assert_stored_once(&stored, &rows, name);
        }
        app.quit().await;
        sandbox.shutdown().await;
    });
}

/// `name` is one pet in the service and one row in the app's table.
fn assert_stored_once(stored: &[(String, i64)], rows: &[app_support::page::Row], name: &str) {
    assert_eq!(
        stored.iter().filter(|(n, _)| n == name).count(),
        1,
        "{name} once in the service: {stored:?}"
    );
    assert_eq!(
        rows.iter().filter(|r| r.name == name).count(),
        1,
        "{name} once in the table: {rows:?}"
    );
}
