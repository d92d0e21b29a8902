//! Category names in the real window: a category named in Settings → Categories shows as "Name (N)"
//! in the table, is picked from the create form's combobox for a new pet, and goes out with an
//! export that asks for names. The save picker is answered by the app's test hook
//! (`PETSTORE_TEST_HOOK_SAVE_DIR`, see `src-tauri/src/pickers.rs`).

use crate::*;

/// The value of the element `css` now (a field's text).
async fn value_of(app: &App, css: &str) -> Option<String> {
    let script = format!("return document.querySelector({css:?})?.value ?? null;");
    app.js(&script).await.ok()?.as_str().map(str::to_owned)
}

#[test]
fn a_category_named_in_settings_shows_in_the_table_and_is_picked_in_the_create_form() {
    scenario(|setup, config| async move {
        let files = scratch_dir("categories");
        let saves = files.path().join("saved");
        std::fs::create_dir_all(&saves).expect("save folder");
        let app = Launch::new(&setup, config.path())
            .env("PETSTORE_TEST_HOOK_SAVE_DIR", &saves.display().to_string())
            .start()
            .await;
        let before = app
            .wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;
        assert!(
            before.iter().any(|r| r.category == "1"),
            "category 1 shows as its number before it has a name: {before:?}"
        );

        // Settings → Categories: name category 1 for the Sandbox.
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-categories")).await;
        app.wait_text("[data-testid='category-empty']", |t| {
            t.contains("Sandbox has no category names yet")
        })
        .await;
        app.type_into("#category-id", "1").await;
        app.type_into("#category-name", "Dogs").await;
        app.click(By::Css(
            "[data-testid='category-settings'] form button[type='submit']",
        ))
        .await;
        app.wait_text(
            "[data-testid='category-list'] tbody tr[data-category-id='1']",
            |t| t.contains("Dogs"),
        )
        .await;
        app.wait_text("[data-testid='category-status']", |t| {
            t.contains("Dogs (1) added.")
        })
        .await;
        // A second category with the same name, in other case: refused in words, by the field.
        app.type_into("#category-id", "2").await;
        app.type_into("#category-name", "DOGS").await;
        app.click(By::Css(
            "[data-testid='category-settings'] form button[type='submit']",
        ))
        .await;
        app.wait_text("#category-id-note", |t| {
            t.contains("“Dogs” is already the name of category 1.")
        })
        .await;
        app.screenshot("14-categories-settings").await;
        app.close_dialog().await;

        let settings: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(config.path().join("settings.json"))
                .expect("the settings file"),
        )
        .expect("JSON");
        assert_eq!(
            settings["categoryNames"],
            serde_json::json!({"sandbox": {"1": "Dogs"}}),
            "kept in the settings file, the id as a string"
        );

        // The table: "Dogs (1)" where the category is 1, the bare number elsewhere.
        let rows = app
            .wait_rows("category 1 shown as Dogs (1)", |rows| {
                rows.iter().any(|r| r.category == "Dogs (1)")
                    && !rows.iter().any(|r| r.category == "1")
            })
            .await;
        assert!(
            rows.iter()
                .any(|r| r.category.parse::<i64>().is_ok_and(|n| n > 1)),
            "other categories stay numbers: {rows:?}"
        );
        app.screenshot("14-categories-table").await;

        // New pet: the category picked from the combobox by its name.
        let name = format!("Categorised {:04}", fastrand::u16(..10_000));
        app.click_button("New pet").await;
        app.type_into("#pet-name", &name).await;
        let field = app.find(By::Css("#pet-category[role='combobox']")).await;
        field
            .click()
            .await
            .expect("the category field takes the focus");
        field
            .send_keys(Key::Down)
            .await
            .expect("ArrowDown opens the list");
        app.wait_text("#pet-category-options", |t| t.contains("Dogs (1)"))
            .await;
        app.screenshot("14-categories-combobox").await;
        app.click(By::XPath(
            "//*[@id='pet-category-options']/*[@role='option'][normalize-space(.)='Dogs (1)']",
        ))
        .await;
        eventually("the picked category's number", UI_TIMEOUT, || async {
            Ok((value_of(&app, "#pet-category").await.as_deref() == Some("1")).then_some(()))
        })
        .await;
        app.wait_text("[data-testid='category-named']", |t| t == "Dogs.")
            .await;
        app.click(By::Css("[role='dialog'] button[type='submit']"))
            .await;
        app.wait_dialog_closed().await;
        let rows = app
            .wait_rows("the new pet, Dogs (1), highlighted", |rows| {
                rows.iter()
                    .any(|r| r.name == name && r.category == "Dogs (1)" && r.highlight)
            })
            .await;
        assert_eq!(rows.iter().filter(|r| r.name == name).count(), 1);
        app.screenshot("14-categories-created").await;

        // Export… with the names: a categoryName column beside the numbers.
        app.click(By::Css("[data-testid='export-button']")).await;
        app.click(By::XPath(
            "//label[contains(normalize-space(.), 'Include category names')]/input",
        ))
        .await;
        app.click(By::XPath(
            "//*[@data-testid='export-dialog']//button[normalize-space(.)='Export…']",
        ))
        .await;
        app.wait_text("[data-testid='export-saved']", |t| t.contains("pets.csv"))
            .await;
        let csv = std::fs::read_to_string(saves.join("pets.csv")).expect("the export");
        assert!(
            csv.starts_with("id,name,categoryId,status,categoryName\n"),
            "{csv}"
        );
        assert!(
            csv.lines()
                .any(|l| l.contains(&name) && l.ends_with(",1,available,Dogs")),
            "{csv}"
        );
        app.quit().await;
    });
}
