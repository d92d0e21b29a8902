//! Issue 11 §4: Import… in the real window. The native file picker cannot be driven through
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
