//! A create in flight belongs to the app: sent once however the form is closed and reopened, its outcome shown after a switch.

use crate::*;

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
    let (key, sandbox) = staging::free().await;
    let app = Launch::new(setup, config)
        .staging_at(&sandbox.base_url())
        .start_on_the_demo_pets()
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

/// With a slow service, Add pet (Enter), then Escape (or a click on the backdrop, or
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

/// Issue 38 §1, on Staging (a service that cannot page): the service makes the pet and the
/// connection drops before the answer. The form's primary button is then no plain Add: it asks,
/// and only the question's "Add again" sends. A fresh form with the same pet typed again names the
/// lost add ("may already have been added") and sends nothing.
#[test]
fn after_a_lost_answer_the_form_asks_before_adding_the_same_pet_again() {
    scenario(|setup, config| async move {
        let (app, sandbox, key) = app_on_staging(&setup, config.path()).await;
        sandbox.set_faults(Faults {
            drop_rate: 1.0,
            ..Faults::default()
        });
        let lost = format!("Lost Answer {:04}", fastrand::u16(..10_000));
        app.click_button("New pet").await;
        app.type_into("#pet-name", &lost).await;
        app.type_into("#pet-category", "3").await;
        app.press(Key::Enter).await;
        app.wait_text("[data-testid='outcome-unknown']", |t| {
            t.contains(&format!(
                "We couldn’t confirm whether {lost} was added to Staging"
            ))
        })
        .await;
        sandbox.set_faults(Faults::default());
        let submit = "[role='dialog'] button[type='submit']";
        app.wait_text(submit, |t| t == "Add again…").await;
        app.screenshot("38-form-after-a-lost-answer").await;

        // The button and Enter both only ask.
        app.click(By::Css(submit)).await;
        app.wait_text("[data-testid='repeat-question']", |t| {
            t.contains(&format!("Add {lost} to Staging again?"))
                && t.contains("a pet can’t be deleted")
        })
        .await;
        app.screenshot("38-form-asks-before-adding-again").await;
        app.click_button("Don’t add").await;
        app.press(Key::Enter).await;
        app.find(By::Css("[data-testid='repeat-question']")).await;
        app.click_button("Don’t add").await;
        app.close_dialog().await;

        // Typed again into a fresh form: named, not sent.
        app.js("location.reload(); return null;").await.ok();
        app.wait_rows("the staging pets", shows_staging_pets).await;
        app.click_button("New pet").await;
        app.type_into("#pet-name", &lost.to_lowercase()).await;
        app.type_into("#pet-category", "3").await;
        app.press(Key::Enter).await;
        let said = app
            .wait_text("[data-testid='form-error']", |t| {
                t.contains("may already have been added to Staging")
            })
            .await;
        assert!(said.contains("from the New pet form"), "where: {said}");
        app.wait_text(submit, |t| t == "Add again…").await;
        app.screenshot("38-form-names-the-lost-add").await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(
            sandbox.create_count(),
            1,
            "nothing sent after the lost answer"
        );
        assert_eq!(stored_named(&sandbox, &key, &lost).await, 1);

        // The second, deliberate choice sends once.
        app.click(By::Css(submit)).await;
        app.click(By::Css("[data-testid='repeat-confirm']")).await;
        app.wait_dialog_closed().await;
        eventually("the repeat is created", UI_TIMEOUT, || async {
            Ok((sandbox.create_count() == 2).then_some(()))
        })
        .await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(sandbox.create_count(), 2, "the repeat is sent once");
        app.quit().await;
        sandbox.shutdown().await;
    });
}
