//! The app's window as the tests see it: reading the page, clicking, typing, screenshots.
//! Elements are found by their ids, `data-testid`s, roles and visible labels (see `ui/src`).

use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;
use thirtyfour::components::SelectElement;
use thirtyfour::prelude::*;

use super::process::DriverProcess;
use super::wait::{UI_TIMEOUT, eventually};

/// One row of the pet table, as shown (the status lower-cased: the badge capitalises it).
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct Row {
    pub id: String,
    pub name: String,
    pub category: String,
    pub status: String,
    pub highlight: bool,
}

/// The table's state in one read, so a check never mixes two renders.
#[derive(Debug, Clone, Deserialize)]
pub struct Table {
    pub rows: Vec<Row>,
    pub loading: bool,
    pub error: Option<String>,
}

const READ_TABLE: &str = r#"
const rows = [...document.querySelectorAll('tbody tr[data-id]')].map((r) => {
  const c = r.querySelectorAll('td');
  return { id: r.dataset.id, name: c[1].getAttribute('title') ?? '', category: c[2].textContent.trim(),
           status: c[3].textContent.trim().toLowerCase(), highlight: r.classList.contains('highlight') };
});
const error = document.querySelector('.table-card [role="alert"]');
return { rows, loading: !!document.querySelector('table[aria-busy="true"]'),
         error: error ? error.innerText : null };
"#;

#[derive(Debug)]
pub struct App {
    driver: Option<WebDriver>,
    _process: DriverProcess,
    artifacts: PathBuf,
}

fn text_err(e: WebDriverError) -> String {
    e.to_string()
}

impl App {
    pub(super) fn new(driver: WebDriver, process: DriverProcess, artifacts: PathBuf) -> App {
        App {
            driver: Some(driver),
            _process: process,
            artifacts,
        }
    }

    pub fn driver(&self) -> &WebDriver {
        self.driver
            .as_ref()
            .expect("the session is open until quit")
    }

    /// Ends the session (WebKitWebDriver closes the app), then the driver processes.
    pub async fn quit(mut self) {
        if let Some(driver) = self.driver.take() {
            let _ = driver.quit().await;
        }
    }

    pub async fn js(&self, script: &str) -> Result<Value, String> {
        self.driver()
            .execute(script, Vec::new())
            .await
            .map(|r| r.json().clone())
            .map_err(text_err)
    }

    pub async fn table(&self) -> Result<Table, String> {
        let value = self.js(READ_TABLE).await?;
        serde_json::from_value(value).map_err(|e| e.to_string())
    }

    /// Waits until the table has finished loading and `accept` likes its rows.
    pub async fn wait_rows(&self, what: &str, accept: impl Fn(&[Row]) -> bool) -> Vec<Row> {
        eventually(what, UI_TIMEOUT, || async {
            let table = self.table().await?;
            if let Some(error) = &table.error {
                return Err(format!("the table shows an error: {error}"));
            }
            Ok((!table.loading && accept(&table.rows)).then_some(table.rows))
        })
        .await
    }

    /// The text of the element `css` (whitespace collapsed) once it exists and `accept` likes it.
    /// Read through the DOM: WebKitWebDriver's "element text" gave "" for a visible badge.
    pub async fn wait_text(&self, css: &str, accept: impl Fn(&str) -> bool) -> String {
        let script = format!(
            "const e = document.querySelector({css:?}); \
             return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null;"
        );
        eventually(&format!("the text of {css}"), UI_TIMEOUT, || async {
            let value = self.js(&script).await?;
            match value.as_str() {
                Some(text) if accept(text) => Ok(Some(text.to_owned())),
                Some(text) => Err(format!("{css} shows {text:?}")),
                None => Err(format!("{css} is not in the page")),
            }
        })
        .await
    }

    pub async fn find(&self, by: By) -> WebElement {
        let shown = format!("{by:?}");
        eventually(&shown, UI_TIMEOUT, || async {
            let element = self.driver().find(by.clone()).await.map_err(text_err)?;
            Ok(element
                .is_displayed()
                .await
                .map_err(text_err)?
                .then_some(element))
        })
        .await
    }

    pub async fn click(&self, by: By) {
        let shown = format!("{by:?}");
        eventually(&format!("a click on {shown}"), UI_TIMEOUT, || async {
            let element = self.driver().find(by.clone()).await.map_err(text_err)?;
            if !element.is_enabled().await.map_err(text_err)? {
                return Err(format!("{shown} is disabled"));
            }
            element.click().await.map_err(text_err)?;
            Ok(Some(()))
        })
        .await
    }

    /// A button by (part of) its visible text.
    pub async fn click_button(&self, text: &str) {
        self.click(By::XPath(format!(
            "//button[contains(normalize-space(.), '{text}')]"
        )))
        .await;
    }

    pub async fn type_into(&self, css: &str, text: &str) {
        let element = self.find(By::Css(css)).await;
        element.clear().await.expect("the field can be cleared");
        element
            .send_keys(text)
            .await
            .expect("typing into the field");
    }

    pub async fn select(&self, css: &str, value: &str) {
        let element = self.find(By::Css(css)).await;
        let select = SelectElement::new(&element).await.expect("a <select>");
        select
            .select_by_value(value)
            .await
            .expect("the option exists");
    }

    /// The environment switch in the header.
    pub async fn switch_to(&self, environment: &str) {
        self.click(By::Css(format!(
            "fieldset.switch input[name='environment'][value='{environment}']"
        )))
        .await;
        eventually(
            &format!("{environment} to be the selected environment"),
            UI_TIMEOUT,
            || async {
                let label = self
                    .driver()
                    .find(By::Css("fieldset.switch label.active input"))
                    .await
                    .map_err(text_err)?;
                let value = label.value().await.map_err(text_err)?;
                Ok((value.as_deref() == Some(environment)).then_some(()))
            },
        )
        .await;
    }

    /// Saves `key` for `environment` through Settings and waits for the stored status with its
    /// last 4 characters; the dialog is closed again afterwards.
    pub async fn set_key_in_settings(&self, environment: &str, key: &str) {
        self.click_button("Settings").await;
        self.click(By::Css(format!("[role='tab']#tab-{environment}")))
            .await;
        let input = self.find(By::Css(format!("#key-{environment}"))).await;
        assert_eq!(
            input.attr("type").await.expect("type attribute").as_deref(),
            Some("password"),
            "the key field is masked"
        );
        input.send_keys(key).await.expect("typing the key");
        self.click(By::Css(".keys form button[type='submit']"))
            .await;
        let last4 = &key[key.len() - 4..];
        self.wait_text("[data-testid='key-status']", |t| {
            t.contains("Stored in the keychain") && t.contains(last4)
        })
        .await;
        self.close_dialog().await;
    }

    pub async fn close_dialog(&self) {
        self.click(By::Css("[role='dialog'] button[aria-label='Close']"))
            .await;
        eventually("the dialog to close", UI_TIMEOUT, || async {
            let open = self
                .driver()
                .find_all(By::Css("[role='dialog']"))
                .await
                .map_err(text_err)?;
            Ok(open.is_empty().then_some(()))
        })
        .await;
    }

    /// A key pressed on whatever has the focus, as a person would.
    pub async fn press(&self, key: Key) {
        let focused = self
            .driver()
            .active_element()
            .await
            .expect("an element has the focus");
        focused.send_keys(key).await.expect("a key press");
    }

    /// The app's shortcut Ctrl+`letter` (the tests run on Linux).
    pub async fn press_shortcut(&self, letter: char) {
        self.driver()
            .action_chain()
            .key_down(Key::Control)
            .send_keys(letter.to_string())
            .key_up(Key::Control)
            .perform()
            .await
            .expect("a shortcut");
    }

    /// A click at a point of the window: on the backdrop beside a dialog, for example.
    pub async fn click_at(&self, x: i64, y: i64) {
        self.driver()
            .action_chain()
            .move_to(x, y)
            .click()
            .perform()
            .await
            .expect("a click at a point");
    }

    /// How many dialogs are open now.
    pub async fn dialogs_open(&self) -> usize {
        self.driver()
            .find_all(By::Css("[role='dialog']"))
            .await
            .map(|open| open.len())
            .unwrap_or(0)
    }

    /// Waits until no dialog is open.
    pub async fn wait_dialog_closed(&self) {
        eventually("the dialog to close", UI_TIMEOUT, || async {
            Ok((self.dialogs_open().await == 0).then_some(()))
        })
        .await;
    }

    /// Saves a screenshot for people (tests assert on the page, not on pixels).
    pub async fn screenshot(&self, name: &str) {
        // A screenshot can lag the page by a frame; a moment lets the last render land.
        tokio::time::sleep(Duration::from_millis(300)).await;
        // WebKitWebDriver answers a screenshot after the page's next rendering update, and a page
        // where nothing changes (no countdown ticking) has none: the request then hangs until it
        // times out. A speck, invisible and gone again, makes one.
        let _ = self
            .js("setTimeout(() => { const d = document.createElement('div');                  d.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0.01;background:#888';                  document.body.append(d); setTimeout(() => d.remove(), 1000); }, 100); return null;")
            .await;
        let path = self.artifacts.join(format!("{name}.png"));
        // An artifact for people, not a check: a failed capture is reported, not a failure.
        if let Err(e) = self.driver().screenshot(&path).await {
            eprintln!("warning: no screenshot {}: {e}", path.display());
        }
    }
}
