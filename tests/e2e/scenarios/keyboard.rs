//! Every flow with the keyboard alone in the real window — browse, sort, filter,
//! create, look up, settings, the environment, import (the open picker answered by its test hook),
//! a wait, activity — with Tab, Shift+Tab, Enter, Space, the arrows, Escape and the app's
//! shortcuts. After every Tab the focus shows, and it never falls to the document's body; the pet
//! table is a table to assistive technology; the live regions announce errors, waits and a
//! finished import.

use crate::app_support::keyboard::{
    Focused, assert_shown, attr, focused, heard, key, label, record_announcements, role, tab,
    tab_to, the_checks_can_fail, type_text, value_of, wait_focus,
};
use crate::*;

/// Four pets for Staging; line 3 has no category id (fixed in place with the keyboard).
const FILE: &str = "name,categoryId,status\nKey Anise,3,available\nKey Basil,,pending\nKey Chive,4,\nKey Dill,2,sold\n";

fn button(name: &'static str) -> impl Fn(&Focused) -> bool {
    move |f| f.tag == "button" && f.name == name
}

fn id(id: &'static str) -> impl Fn(&Focused) -> bool {
    move |f| f.id == id
}

/// From the page's start to the status filter: the header's controls on the way; the table's roles.
async fn browse(app: &App) {
    let first = tab(app, false).await;
    assert_eq!(first.id, "view-tab-pets", "the first Tab: {first}");
    let stops = tab_to(app, false, "the status filter", id("status-filter")).await;
    let path: Vec<String> = stops.iter().map(ToString::to_string).collect();
    for (what, passed) in [
        (
            "the environment",
            stops
                .iter()
                .any(|f| f.tag == "input" && f.name.contains("Sandbox")),
        ),
        (
            "the quota gauge",
            stops.iter().any(|f| f.test_id == "quota-open"),
        ),
        (
            "Settings",
            stops.iter().any(|f| f.name.contains("Settings")),
        ),
    ] {
        assert!(passed, "{what} on the way: {}", path.join(" → "));
    }

    // A real table to assistive technology: named by its caption, headers, rows and cells.
    let table = app.find(By::Css(".table-card table")).await;
    assert_eq!(role(app, &table).await, "table");
    assert!(
        label(app, &table).await.starts_with("Pets"),
        "the table is named by its caption"
    );
    let headers = app
        .driver()
        .find_all(By::Css(".table-card thead th"))
        .await
        .expect("headers");
    assert_eq!(headers.len(), 4);
    for (th, name) in headers.iter().zip(["ID", "Name", "Category", "Status"]) {
        assert_eq!(role(app, th).await, "columnheader", "{name}");
        let sort = th.find(By::Css("button")).await.expect("its sort button");
        assert_eq!(
            label(app, &sort).await,
            name,
            "the sort button reads as its column"
        );
    }
    let row = app.find(By::Css(".table-card tbody tr[data-id]")).await;
    assert_eq!(role(app, &row).await, "row");
    let cell = row.find(By::Css("td")).await.expect("a cell");
    assert_eq!(role(app, &cell).await, "cell");
}

/// The status filter with the arrows, Ctrl+R on it; then a column sorted with Enter and Space.
async fn filter_and_sort(app: &App) {
    key(app, Key::Down).await;
    app.wait_rows("only available pets", |rows| {
        !rows.is_empty() && rows.iter().all(|r| r.status == "available")
    })
    .await;
    assert_eq!(value_of(app, "#status-filter").await, "available");
    app.press_shortcut('r').await;
    app.wait_rows("the refreshed list", |rows| {
        rows.iter().all(|r| r.status == "available")
    })
    .await;
    wait_focus(
        app,
        "the status filter after a refresh",
        id("status-filter"),
    )
    .await;
    key(app, Key::Up).await;
    app.wait_rows("every status again", |rows| rows.len() == 20)
        .await;
    assert_eq!(value_of(app, "#status-filter").await, "");

    tab_to(app, false, "the Name column's sort", button("Name")).await;
    let name_th = "thead th:nth-child(2)";
    key(app, Key::Enter).await;
    eventually("Name sorted ascending", UI_TIMEOUT, || async {
        Ok((attr(app, name_th, "aria-sort").await.as_deref() == Some("ascending")).then_some(()))
    })
    .await;
    key(app, Key::Space).await;
    eventually("Name sorted descending", UI_TIMEOUT, || async {
        Ok((attr(app, name_th, "aria-sort").await.as_deref() == Some("descending")).then_some(()))
    })
    .await;
    assert_shown(app, "sorting").await;
}

/// Ctrl+N: refused empty (the error announced), filled in field by field, added with Enter on
/// Add pet; the focus back where it was. Then Ctrl+N and Escape.
async fn create(app: &App) -> String {
    let opener = focused(app).await;
    app.press_shortcut('n').await;
    wait_focus(app, "the name field", |f| f.id == "pet-name" && f.in_dialog).await;
    key(app, Key::Enter).await;
    heard(app, "the empty name", |t| t.contains("Enter a name.")).await;
    wait_focus(app, "the name field, to put right", id("pet-name")).await;
    type_text(app, "Keyboard Kiwi").await;
    assert_eq!(tab(app, false).await.id, "pet-category");
    type_text(app, "3").await;
    assert_eq!(tab(app, false).await.id, "pet-status");
    key(app, Key::Down).await;
    assert_eq!(value_of(app, "#pet-status").await, "available");
    tab_to(app, false, "Add pet", button("Add pet")).await;
    key(app, Key::Enter).await;
    app.wait_dialog_closed().await;
    heard(app, "the new pet", |t| {
        t.contains("Keyboard Kiwi added to Sandbox")
    })
    .await;
    let rows = app
        .wait_rows("Keyboard Kiwi highlighted", |rows| {
            rows.iter()
                .any(|r| r.name == "Keyboard Kiwi" && r.highlight)
        })
        .await;
    wait_focus(app, "where the form was opened from", |f| f.same(&opener)).await;

    app.press_shortcut('n').await;
    wait_focus(app, "the name field", id("pet-name")).await;
    key(app, Key::Escape).await;
    app.wait_dialog_closed().await;
    wait_focus(app, "where the form was opened from", |f| f.same(&opener)).await;
    rows.iter()
        .find(|r| r.name == "Keyboard Kiwi")
        .map(|r| r.id.clone())
        .expect("the new pet's row")
}

/// Tab on to the lookup: a wrong id is refused (announced), the new pet's id is found (announced).
async fn look_up(app: &App, pet: &str) {
    tab_to(app, false, "the lookup's id field", id("lookup-id")).await;
    type_text(app, "12x").await;
    heard(app, "the lookup's refusal", |t| {
        t.starts_with("Use digits only")
    })
    .await;
    for _ in 0..3 {
        key(app, Key::Backspace).await;
    }
    type_text(app, pet).await;
    key(app, Key::Enter).await;
    heard(app, "the pet looked up", |t| {
        t.contains("Keyboard Kiwi") && t.contains(pet)
    })
    .await;
    wait_focus(app, "the lookup's id field", id("lookup-id")).await;
}

/// Settings from the header: the tabs with the arrows, Staging's key saved and tested, the
/// Activity section's checkbox with Space and saved; Escape back to the Settings button.
async fn settings(app: &App, staging_key: &str) {
    tab_to(app, true, "Settings", |f| {
        f.tag == "button" && f.name.contains("Settings")
    })
    .await;
    key(app, Key::Enter).await;
    wait_focus(app, "the Sandbox tab", |f| {
        f.role == "tab" && f.name == "Sandbox"
    })
    .await;
    // The tabs run Production, Staging, Sandbox, Activity; it opens on the Sandbox's.
    for (pressed, next) in [(Key::Home, "Production"), (Key::Right, "Staging")] {
        key(app, pressed).await;
        let now = wait_focus(app, next, |f| f.role == "tab" && f.name == next).await;
        assert_eq!(
            attr(app, &format!("#{}", now.id), "aria-selected")
                .await
                .as_deref(),
            Some("true")
        );
    }
    tab_to(app, false, "Staging's key field", id("key-staging")).await;
    type_text(app, staging_key).await;
    key(app, Key::Enter).await;
    heard(app, "the key saved", |t| {
        t.contains("Key saved in the keychain")
    })
    .await;
    tab_to(app, false, "Test connection", button("Test connection")).await;
    key(app, Key::Enter).await;
    heard(app, "the connection test", |t| t.contains("Connected to")).await;
    wait_focus(
        app,
        "Test connection, after the test",
        button("Test connection"),
    )
    .await;

    tab_to(app, true, "the settings' tabs", |f| f.role == "tab").await;
    // End reaches the last tab, Updates; then Shared store, Network, Activity.
    key(app, Key::End).await;
    wait_focus(app, "the Updates tab", |f| {
        f.role == "tab" && f.name == "Updates"
    })
    .await;
    key(app, Key::Left).await;
    wait_focus(app, "the Shared store tab", |f| {
        f.role == "tab" && f.name == "Shared store"
    })
    .await;
    key(app, Key::Left).await;
    wait_focus(app, "the Network tab", |f| {
        f.role == "tab" && f.name == "Network"
    })
    .await;
    key(app, Key::Left).await;
    wait_focus(app, "the Activity tab", |f| {
        f.role == "tab" && f.name == "Activity"
    })
    .await;
    tab_to(app, false, "the quota alerts' checkbox", |f| {
        f.name.contains("Quota alerts")
    })
    .await;
    let checked = || async {
        app.js("return document.querySelector('.activity-settings input[type=checkbox]').checked;")
            .await
            .expect("js")
            .as_bool()
    };
    assert_eq!(checked().await, Some(true));
    key(app, Key::Space).await;
    assert_eq!(checked().await, Some(false));
    key(app, Key::Space).await;
    assert_eq!(checked().await, Some(true));
    tab_to(app, false, "Save", button("Save")).await;
    key(app, Key::Enter).await;
    heard(app, "the settings saved", |t| t == "Saved.").await;
    key(app, Key::Escape).await;
    app.wait_dialog_closed().await;
    wait_focus(app, "the Settings button", |f| f.name.contains("Settings")).await;
}

/// Back to the environment switch (Production, Staging, Sandbox): Left from the Sandbox moves to
/// Staging without switching (no request on the way), Enter switches to it, whose key is saved now.
async fn switch_to_staging(app: &App) {
    tab_to(app, true, "the environment switch", |f| {
        f.tag == "input" && f.name.contains("Sandbox")
    })
    .await;
    key(app, Key::Left).await;
    wait_focus(app, "the Staging option, not yet chosen", |f| {
        f.tag == "input" && f.name.contains("Staging")
    })
    .await;
    app.wait_rows("the sandbox's pets still", |rows| {
        !rows.is_empty() && !shows_staging_pets(rows)
    })
    .await;
    key(app, Key::Enter).await;
    app.wait_rows("the staging pets", shows_staging_pets).await;
    heard(app, "the switch", |t| t.contains("Switched to Staging")).await;
    wait_focus(app, "the Staging option", |f| {
        f.tag == "input" && f.name.contains("Staging")
    })
    .await;
}

/// Ctrl+I: the preview, the bad row fixed in place, imported; the end announced; Done.
async fn import(app: &App) {
    let opener = focused(app).await;
    app.press_shortcut('i').await;
    app.wait_text("[data-testid='import-counts']", |t| {
        t.contains("1 with a problem")
    })
    .await;
    wait_focus(app, "somewhere in the import dialog", |f| f.in_dialog).await;
    tab_to(app, false, "line 3's category id", |f| {
        f.name == "Category id on line 3"
    })
    .await;
    type_text(app, "6").await;
    tab_to(app, false, "Check row", button("Check row")).await;
    key(app, Key::Enter).await;
    app.wait_text("[data-testid='import-start']", |t| t == "Import 4 pets")
        .await;
    wait_focus(app, "somewhere in the import dialog", |f| f.in_dialog).await;
    tab_to(app, false, "Import 4 pets", |f| f.test_id == "import-start").await;
    key(app, Key::Enter).await;
    app.wait_text("[data-testid='import-totals']", |t| t.contains("4 created"))
        .await;
    heard(app, "the import's end", |t| {
        t.starts_with("Import ended: 4 created")
    })
    .await;
    wait_focus(app, "somewhere in the import dialog", |f| f.in_dialog).await;
    tab_to(app, false, "Done", button("Done")).await;
    key(app, Key::Enter).await;
    app.wait_dialog_closed().await;
    wait_focus(app, "where the import was opened from", |f| f.same(&opener)).await;
}

/// Another program spends the window: Ctrl+R meets a 429, and the wait is announced.
async fn wait_announced(app: &App, sandbox: &Sandbox, staging_key: &str) {
    staging::exhaust_quota(sandbox, staging_key).await;
    app.press_shortcut('r').await;
    heard(app, "the gauge's wait", |t| {
        t.contains("seconds before retrying")
    })
    .await;
    heard(app, "the table's wait", |t| {
        t.contains("retrying at") && t.ends_with("You can cancel.")
    })
    .await;
    app.wait_rows("the staging pets after the wait", shows_staging_pets)
        .await;
    assert_shown(app, "the wait").await;
}

/// Activity with the arrows from the Pets tab; an entry's details opened and closed; Ctrl+F.
async fn activity(app: &App) {
    tab_to(app, true, "the Pets tab", id("view-tab-pets")).await;
    key(app, Key::Right).await;
    wait_focus(app, "the Activity tab", id("view-tab-activity")).await;
    app.wait_text("[data-testid='activity-scroll']", |t| {
        t.contains("Key Dill")
    })
    .await;
    let entry = tab_to(app, false, "an entry's details button", |f| {
        f.name.contains(": details of")
    })
    .await;
    let entry = entry.last().cloned().expect("a stop");
    key(app, Key::Enter).await;
    wait_focus(app, "Done in the details", |f| {
        f.in_dialog && f.name == "Done"
    })
    .await;
    app.find(By::Css("[data-testid='activity-details']")).await;
    key(app, Key::Escape).await;
    app.wait_dialog_closed().await;
    wait_focus(app, "the entry's button", |f| {
        f.tag == entry.tag && f.name.contains(": details of")
    })
    .await;
    app.press_shortcut('f').await;
    wait_focus(app, "the activity search", id("activity-search")).await;
    type_text(app, "Keyboard Kiwi").await;
    key(app, Key::Enter).await;
    app.wait_text("[data-testid='activity-scroll']", |t| {
        t.contains("Keyboard Kiwi") && !t.contains("Key Dill")
    })
    .await;
    tab_to(app, true, "the Activity tab", id("view-tab-activity")).await;
    key(app, Key::Left).await;
    wait_focus(app, "the Pets tab", id("view-tab-pets")).await;
    app.wait_rows("the staging pets again", shows_staging_pets)
        .await;
}

#[test]
fn every_flow_with_the_keyboard_alone_focus_always_shown_and_announced() {
    scenario(|setup, config| async move {
        let files = scratch_dir("keyboard");
        let file = files.path().join("herbs.csv");
        std::fs::write(&file, FILE).expect("the CSV file is written");
        let key_ = staging::fresh_key();
        let plan = Plan::Enterprise {
            per_minute: 40,
            per_day: 10_000,
        };
        let sandbox = staging::start(&key_, plan, Duration::from_secs(10)).await;
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .env("PETSTORE_TEST_HOOK_OPEN_FILE", &file.display().to_string())
            .start_on_the_demo_pets()
            .await;
        record_announcements(&app).await;
        assert!(
            focused(&app).await.body,
            "nothing has the focus before the first key"
        );
        the_checks_can_fail(&app).await;

        browse(&app).await;
        filter_and_sort(&app).await;
        let pet = create(&app).await;
        look_up(&app, &pet).await;
        settings(&app, &key_).await;
        switch_to_staging(&app).await;
        import(&app).await;
        wait_announced(&app, &sandbox, &key_).await;
        activity(&app).await;
        app.screenshot("14-keyboard-end").await;
        app.quit().await;
        sandbox.shutdown().await;
    });
}
