//! The outbox in the real window (issue 39 §2): the service stopped, three pets queued with
//! "Add when possible", the app closed and reopened, the service started: the three are created
//! once, in order, and their rows lose the mark.

use crate::*;

const NAMES: [&str; 3] = ["Outbox Ada", "Outbox Bea", "Outbox Cy"];

/// The texts of the waiting rows' names now.
async fn waiting_names(app: &App) -> Vec<String> {
    let value = app
        .js(
            "return [...document.querySelectorAll(\"[data-testid='outbox-row'] .name\")] \
             .map((e) => e.textContent.trim());",
        )
        .await
        .expect("the page answers");
    serde_json::from_value(value).expect("a list of names")
}

#[test]
fn three_pets_queued_offline_survive_a_restart_and_go_once_in_order_when_the_service_is_back() {
    scenario(|setup, config| async move {
        // Staging's address: a port nothing listens on until the service starts.
        let address = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port");
        let base_url = format!("http://{address}/v1");
        let key = staging::fresh_key();
        let launch = Launch::new(&setup, config.path()).staging_at(&base_url);
        let app = launch.start_on_the_demo_pets().await;
        app.set_key_in_settings("staging", &key).await;
        app.switch_to("staging").await;

        for name in NAMES {
            app.click_button("New pet").await;
            app.type_into("#pet-name", name).await;
            app.type_into("#pet-category", "3").await;
            app.press(Key::Enter).await;
            // Nothing answers: the form offers the outbox beside the error.
            app.click(By::Css("[data-testid='add-when-possible']"))
                .await;
            app.wait_dialog_closed().await;
        }
        app.wait_text("[data-testid='outbox-count']", |t| {
            t == "3 waiting to be sent"
        })
        .await;
        assert_eq!(waiting_names(&app).await, NAMES, "in the order filled");
        // Closed between two tries, as a person closes it (not killed in the middle of a send: a
        // send cut off there is the core's kill test). The last queue's try has begun by now.
        tokio::time::sleep(Duration::from_secs(2)).await;
        app.wait_text("[data-testid='outbox-sender']", |t| {
            t.starts_with("No connection: tries again at")
        })
        .await;
        app.screenshot("outbox-01-three-waiting").await;
        app.quit().await;

        // Reopened, still without the service: the three are still there, from the disk.
        let app = launch.start().await;
        app.wait_text("[data-testid='outbox-count']", |t| {
            t == "3 waiting to be sent"
        })
        .await;
        app.screenshot("outbox-02-reopened").await;

        let config = petstore_sandbox::SandboxConfig {
            keys: Vec::new(),
            seed_demo_data: false,
            ..petstore_sandbox::SandboxConfig::default()
        }
        .with_key(&key, Plan::Pro);
        let sandbox = Sandbox::start_on(address, config)
            .await
            .expect("the service starts on Staging's address");

        // The app notices on its own (its backoff is at most a minute): no button is pressed.
        eventually("the outbox to be sent", Duration::from_secs(90), || async {
            let left = waiting_names(&app).await;
            Ok(left.is_empty().then_some(()))
        })
        .await;
        let rows = app
            .wait_rows("the three pets in Staging's table", |rows| {
                NAMES.iter().all(|n| rows.iter().any(|r| r.name == *n))
            })
            .await;
        app.screenshot("outbox-03-sent").await;
        assert_eq!(sandbox.create_count(), 3, "each sent once");
        let ids: Vec<i64> = NAMES
            .iter()
            .map(|n| {
                let row = rows.iter().find(|r| r.name == *n).expect("a row");
                row.id.parse().expect("an id")
            })
            .collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "in order: {ids:?}");
        assert!(
            app.js("return document.querySelector(\"[data-testid='outbox-count']\");")
                .await
                .expect("the page answers")
                .is_null(),
            "nothing waits any more"
        );
        app.quit().await;
        sandbox.shutdown().await;
    });
}
