//! The Find box over the pet table in the real window: Ctrl+F, typing filters the embedded
//! sandbox's pets by name and by id, the match marked, the count said; Escape clears it.

use crate::*;

/// The rows' names and the Find box's count, once the count is what `accept` likes.
async fn count_when(app: &App, accept: impl Fn(&str) -> bool) -> String {
    app.wait_text("[data-testid='find-count']", accept).await
}

#[test]
fn the_find_box_filters_the_loaded_pets_as_the_person_types() {
    scenario(|setup, config| async move {
        let app = Launch::new(&setup, config.path())
            .start_on_the_demo_pets()
            .await;
        let all = app
            .wait_rows("the demo pets", |rows| {
                DEMO_NAMES.iter().all(|n| rows.iter().any(|r| r.name == *n))
            })
            .await;
        let loaded = all.len();

        app.press_shortcut('f').await;
        eventually("the Find box focused by Ctrl+F", UI_TIMEOUT, || async {
            let id = app.js("return document.activeElement?.id ?? null;").await?;
            Ok((id.as_str() == Some("pet-find")).then_some(()))
        })
        .await;

        // Typed key by key, as a person does: "lun" leaves Luna, in any case.
        app.driver()
            .active_element()
            .await
            .expect("the focused box")
            .send_keys("LUn")
            .await
            .expect("typing into the Find box");
        let rows = app
            .wait_rows("only Luna", |rows| names(rows) == ["Luna"])
            .await;
        assert_eq!(rows.len(), 1);
        // The sandbox holds more pages than the first: the count speaks of those loaded.
        let count = count_when(&app, |t| t.starts_with("1 of")).await;
        assert_eq!(
            count,
            format!("1 of the {loaded} pets loaded so far matches")
        );
        let marked = app
            .js("return [...document.querySelectorAll('.table-card tbody mark')].map((m) => m.textContent);")
            .await
            .expect("the marks");
        assert_eq!(marked, serde_json::json!(["Lun"]), "the match is marked");
        // The screen reader hears it once the typing pauses.
        app.wait_text("[data-testid='find-status']", |t| t == count)
            .await;

        // Load the rest: every page, one after another; then the count is of the whole list.
        app.click_button("Load the rest").await;
        let whole = count_when(&app, |t| t.starts_with("1 of ") && !t.contains("loaded")).await;
        let loaded: usize = whole
            .trim_start_matches("1 of ")
            .trim_end_matches(" pets matches")
            .replace(',', "")
            .parse()
            .unwrap_or_else(|e| panic!("a count in {whole:?}: {e}"));
        assert!(
            loaded > all.len(),
            "more than the first page loaded: {whole}"
        );
        app.wait_rows("still only Luna", |rows| names(rows) == ["Luna"])
            .await;
        app.screenshot("find-luna").await;

        // By id: the start of Luna's id finds her (and any other id starting so).
        let luna = rows[0].id.clone();
        app.type_into("#pet-find", &luna).await;
        app.wait_rows("the pets whose id starts with Luna's", |rows| {
            !rows.is_empty()
                && rows.iter().all(|r| r.id.starts_with(&luna))
                && rows.iter().any(|r| r.id == luna)
        })
        .await;

        // A name no pet has: none, said of the pets loaded.
        app.type_into("#pet-find", "Zzyzx").await;
        app.wait_rows("no row", <[_]>::is_empty).await;
        count_when(&app, |t| t == format!("0 of {loaded} pets match")).await;

        // Escape clears it: every pet again.
        app.press(Key::Escape).await;
        app.wait_rows("every pet again", |rows| rows.len() == loaded)
            .await;
        let value = app
            .js("return document.getElementById('pet-find').value;")
            .await
            .expect("the box's value");
        assert_eq!(value, serde_json::json!(""));
        app.screenshot("find-cleared").await;
        app.quit().await;
    });
}
