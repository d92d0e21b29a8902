//! The layout in the real window: the table keeps its height in small windows (the lookup
//! folds under it), the header never wraps Settings onto a line of its own, nothing overflows
//! sideways, in both themes; and an environment that is not set up shows a set-up state.

use serde::Deserialize;

use crate::*;

/// Window sizes from the minimum (tauri.conf.json: 720×480) to a large screen, with the fewest
/// table rows each must show in full (20 demo pets loaded).
const SIZES: [(u32, u32, usize); 4] = [
    (720, 480, 5),
    (800, 600, 8),
    (1100, 720, 8),
    (1600, 1000, 8),
];

/// The layout in one read (see `MEASURE`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Layout {
    inner_width: f64,
    inner_height: f64,
    /// Rows of the table shown in full between its heading and the bottom of its scroll box.
    visible_rows: usize,
    header_height: f64,
    /// The top and bottom of the brand (the header's first item) and of the Settings button.
    brand: (f64, f64),
    settings: (f64, f64),
    /// The page wider than the window, or elements that reach past its right edge.
    page_overflow: f64,
    past_right_edge: Vec<String>,
    /// The header's items drawn over the next one (a squeezed switch's options over each other,
    /// the gauge's numbers under Settings).
    header_overlaps: Vec<String>,
    lookup_folded: bool,
    dark: bool,
}

const MEASURE: &str = r#"
const scroll = document.querySelector('.table-card .scroll');
const s = scroll.getBoundingClientRect();
const head = scroll.querySelector('thead').getBoundingClientRect();
const visibleRows = [...scroll.querySelectorAll('tbody tr[data-id]')].filter((r) => {
  const b = r.getBoundingClientRect();
  return b.top >= head.bottom - 1 && b.bottom <= s.bottom + 1;
}).length;
const header = document.querySelector('header.top');
const brand = header.querySelector('.brand').getBoundingClientRect();
const settings = [...header.querySelectorAll('button')].find((b) => b.textContent.includes('Settings')).getBoundingClientRect();
const pastRightEdge = [...document.querySelectorAll('header.top *, main *, .banner')]
  .filter((e) => { const b = e.getBoundingClientRect(); return b.width > 1 && b.right > innerWidth + 0.5; })
  .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
const name = (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`;
// Where a box's drawing ends on the right: its content when that spills (overflow visible), cut
// by every ancestor that clips (an ellipsis); a visually hidden element draws nothing.
const drawnRight = (d, item) => {
  const style = getComputedStyle(d);
  if (style.clip !== 'auto' || style.visibility === 'hidden' || d.closest('[hidden]')) return -Infinity;
  const b = d.getBoundingClientRect();
  if (b.width <= 1) return -Infinity;
  const spills = style.display !== 'inline' && style.overflowX === 'visible';
  let right = b.left + Math.max(b.width, spills ? d.scrollWidth : 0);
  for (let a = d.parentElement; a && a !== item.parentElement; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.clip !== 'auto') return -Infinity;
    if (s.overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().right);
  }
  return right;
};
const headerOverlaps = [];
// Nothing in a row of boxes is drawn over the next box: the header's items, and the environment
// switch's options (squeezed, WebKitGTK drew one option's name over the next).
const checkRow = (items) => items.forEach((item, i) => {
  const next = items[i + 1];
  if (!next) return;
  const edge = next.getBoundingClientRect().left;
  for (const d of [item, ...item.querySelectorAll('*')]) {
    if (drawnRight(d, item) > edge + 0.5) headerOverlaps.push(`${name(d)} over ${name(next)}`);
  }
});
const shown = (list) => [...list].filter((e) => e.getBoundingClientRect().width > 1);
checkRow(shown(header.children));
for (const row of header.querySelectorAll('.switch')) checkRow(shown(row.querySelectorAll('.option')));
const lookupBody = document.getElementById('lookup-body');
return {
  innerWidth, innerHeight, visibleRows,
  headerHeight: header.getBoundingClientRect().height,
  brand: [brand.top, brand.bottom], settings: [settings.top, settings.bottom],
  pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  pastRightEdge, headerOverlaps,
  lookupFolded: lookupBody.getBoundingClientRect().height === 0,
  dark: matchMedia('(prefers-color-scheme: dark)').matches,
};
"#;

async fn layout(app: &App) -> Result<Layout, String> {
    serde_json::from_value(app.js(MEASURE).await?).map_err(|e| e.to_string())
}

/// Resizes the window and waits until the page has the new width and has laid itself out.
async fn resize(app: &App, width: u32, height: u32) -> Layout {
    app.driver()
        .set_window_rect(0, 0, width, height)
        .await
        .expect("the window can be resized");
    eventually(
        &format!("the page to be {width}×{height}"),
        UI_TIMEOUT,
        || async {
            let first = layout(app).await?;
            // Twice the same: the resize and the layout after it are over.
            tokio::time::sleep(Duration::from_millis(200)).await;
            let second = layout(app).await?;
            let settled = (first.inner_width, first.inner_height, first.visible_rows)
                == (second.inner_width, second.inner_height, second.visible_rows);
            Ok((settled && (second.inner_width - f64::from(width)).abs() < 1.0).then_some(second))
        },
    )
    .await
}

async fn check_sizes(app: &App, theme: &str, dark: bool) {
    for (width, height, min_rows) in SIZES {
        let shown = resize(app, width, height).await;
        let at = format!(
            "{theme} {width}×{height} (page {}×{})",
            shown.inner_width, shown.inner_height
        );
        app.screenshot(&format!("layout-{theme}-{width}x{height}"))
            .await;
        assert_eq!(shown.dark, dark, "{at}: the theme");
        assert!(
            shown.visible_rows >= min_rows,
            "{at}: {} table rows visible, at least {min_rows} wanted: {shown:?}",
            shown.visible_rows
        );
        // One header line: Settings sits level with the brand, never on a line of its own.
        assert!(
            shown.settings.0 < shown.brand.1 && shown.settings.1 > shown.brand.0,
            "{at}: Settings {:?} is not on the brand's line {:?}",
            shown.settings,
            shown.brand
        );
        assert!(
            shown.header_height < 70.0,
            "{at}: the header wraps: {shown:?}"
        );
        assert!(
            shown.page_overflow <= 0.5,
            "{at}: the page scrolls sideways: {shown:?}"
        );
        assert!(
            shown.past_right_edge.is_empty(),
            "{at}: past the right edge: {:?}",
            shown.past_right_edge
        );
        assert!(
            shown.header_overlaps.is_empty(),
            "{at}: header items overlap: {:?}",
            shown.header_overlaps
        );
        // Two columns from 960 px: the lookup beside the table; narrower, folded under it.
        assert_eq!(shown.lookup_folded, width < 960, "{at}: the lookup's fold");
    }
}

#[test]
fn the_table_keeps_its_height_and_the_header_one_line_at_every_size_in_both_themes() {
    scenario(|setup, config| async move {
        for (theme, dark) in [("light", false), ("dark", true)] {
            let launch = Launch::new(&setup, config.path());
            // WebKitGTK's prefers-color-scheme follows the GTK theme.
            let launch = if dark {
                launch.env("GTK_THEME", "Adwaita:dark")
            } else {
                launch
            };
            let app = launch.start().await;
            app.wait_rows("the 20 demo pets", |rows| rows.len() == 20)
                .await;
            check_sizes(&app, theme, dark).await;

            // Folded, the lookup opens on demand and still works.
            resize(&app, 800, 600).await;
            app.click(By::Css("[data-testid='lookup-fold']")).await;
            let id = app.table().await.expect("the table").rows[0].id.clone();
            app.type_into("#lookup-id", &id).await;
            app.click_button("Look up").await;
            app.wait_text("[data-testid='lookup-result']", |t| t.contains(&id))
                .await;
            app.screenshot(&format!("layout-{theme}-800x600-lookup-open"))
                .await;
            app.quit().await;
        }
    });
}

#[test]
fn an_environment_that_is_not_set_up_shows_what_is_missing_and_asks_it_nothing() {
    scenario(|setup, config| async move {
        let (key, sandbox) = staging::free().await;
        // Staging's address set outside the app (by whoever installed it); no key yet.
        let app = Launch::new(&setup, config.path())
            .staging_at(&sandbox.base_url())
            .start_on_the_demo_pets()
            .await;

        app.switch_to("production").await;
        let text = app
            .wait_text("[data-testid='setup-state']", |t| {
                t.contains("Production is not set up yet") && t.contains("address and an API key")
            })
            .await;
        assert!(!text.contains("Retry"), "{text}");
        app.screenshot("setup-production").await;
        let banners = app
            .driver()
            .find_all(By::Css("[data-testid='production-banner']"))
            .await
            .expect("query");
        assert!(
            banners.is_empty(),
            "no live-store banner before Production is set up"
        );
        let first_button = app
            .js("return document.querySelector(\"[data-testid='setup-state'] button\").textContent.trim();")
            .await
            .expect("the set-up state's buttons");
        assert_eq!(first_button.as_str(), Some("Open Settings"));
        let page = app
            .js("return document.body.innerText;")
            .await
            .expect("the page's text");
        let page = page.as_str().unwrap_or_default();
        for word in [
            "PETSTORE_",
            "productionUrl",
            "settings file",
            "environment variable",
        ] {
            assert!(!page.contains(word), "{word:?} on screen: {page}");
        }

        // The keychain outlives scenarios (one session for the run): Staging may have a key from
        // an earlier one. A key set, then cleared through its question, leaves it without one.
        app.set_key_in_settings("staging", &key).await;
        app.click_button("Settings").await;
        app.click(By::Css("[role='tab']#tab-staging")).await;
        app.click_button("Clear key").await;
        app.wait_text("[data-testid='clear-key-question']", |t| {
            t.contains("Clear the API key for Staging?")
        })
        .await;
        app.screenshot("clear-key-question").await;
        app.click(By::XPath(
            "//*[@data-testid='clear-key-question']//button[normalize-space(.)='Clear']",
        ))
        .await;
        app.wait_text("[data-testid='key-status']", |t| {
            t.contains("No key stored")
        })
        .await;
        app.close_dialog().await;

        app.switch_to("staging").await;
        app.wait_text("[data-testid='setup-state']", |t| {
            t.contains("Staging is not set up yet") && t.contains("It needs an API key")
        })
        .await;
        assert_eq!(sandbox.request_count(), 0, "nothing was sent to Staging");

        // Open Settings: the key there, and Staging's table loads.
        app.click(By::XPath(
            "//*[@data-testid='setup-state']//button[normalize-space(.)='Open Settings']",
        ))
        .await;
        app.wait_text("[data-testid='address-from-variable']", |t| {
            t.contains("Set outside the app") && !t.contains("variable")
        })
        .await;
        app.close_dialog().await;
        app.set_key_in_settings("staging", &key).await;
        let rows = app.wait_rows("the staging pets", shows_staging_pets).await;
        assert_eq!(rows.len(), STAGING_PETS.len(), "{:?}", names(&rows));
        app.quit().await;
        sandbox.shutdown().await;
    });
}
