//! What a clerk reads in the real window when a server refuses the key or cannot be
//! reached: one message, the server's own first sentence, one next step, no OS or Rust text.

use crate::*;

/// The table's failure message, as shown (whitespace collapsed).
async fn table_error(app: &App, accept: impl Fn(&str) -> bool) -> String {
    app.wait_text(
        ".table-card [role='alert'] [data-testid='error-text']",
        accept,
    )
    .await
}

fn assert_plain(text: &str) {
    for bad in [
        "os error",
        "(",
        "<",
        "::",
        "PETSTORE_",
        "UTC",
        "sandbox",
        "..",
    ] {
        assert!(!text.contains(bad), "{bad:?} in {text:?}");
    }
    assert_eq!(text.matches("Check").count(), 1, "one next step: {text}");
}

#[test]
fn a_refused_key_on_staging_reads_once_with_one_next_step() {
    scenario(|setup, config| async move {
        let (_accepted, sandbox) = staging::free().await;
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .start_on_the_demo_pets()
            .await;

        app.set_key_in_settings("staging", &staging::fresh_key())
            .await;
        app.switch_to("staging").await;
        let text = table_error(&app, |t| t.contains("refused")).await;
        assert_eq!(
            text,
            "Staging refused the API key. The service said: “The API key is not valid for this \
             server.” Check the API key for Staging in Settings."
        );
        assert_plain(&text);
        app.screenshot("17-error-401-staging").await;
        app.quit().await;
        sandbox.shutdown().await;
    });
}

#[test]
fn an_unreachable_staging_names_the_cause_not_the_os_text() {
    scenario(|setup, config| async move {
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
            listener.local_addr().expect("its address").port()
        };
        let app = Launch::new(&setup, config.path())
            .staging_at(&format!("http://127.0.0.1:{port}/v1"))
            .start_on_the_demo_pets()
            .await;

        app.set_key_in_settings("staging", &staging::fresh_key())
            .await;
        app.switch_to("staging").await;
        let text = table_error(&app, |t| t.contains("connect")).await;
        assert_eq!(
            text,
            "Could not connect to the service: nothing answered at its address. Check the network \
             connection and the address for Staging in Settings, then try again."
        );
        assert_plain(&text);
        app.screenshot("17-error-refused-staging").await;
        app.quit().await;
    });
}
