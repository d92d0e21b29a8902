//! Scenarios on the embedded sandbox: browsing, filtering and sorting, a create, the lookup.

use crate::*;

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
