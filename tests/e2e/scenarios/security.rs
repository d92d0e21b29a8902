//! The content security policy in the real window: it allows no
//! inline style (no `'unsafe-inline'`), and the window still draws every style it sets itself
//! (Svelte sets them through the CSSOM, which the policy leaves alone).

use serde::Deserialize;

use crate::*;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Probe {
    /// An element given `style="width: 123px"` as an attribute: drawn that wide?
    attribute_applied: bool,
    /// A `<style>` element added to the page: its rule applied?
    style_element_applied: bool,
    /// An element given `style.cssText` (what Svelte's `style:` does): applied?
    cssom_applied: bool,
    /// The quota gauge's fill, sized with `style:width`: its width as set.
    gauge_fill_width: Option<String>,
    /// The app's own stylesheet drew the header (a flex row).
    header_display: String,
}

const PROBE: &str = r#"
const make = () => { const e = document.createElement('div'); e.style.position = 'absolute'; document.body.appendChild(e); return e; };
const attr = make(); attr.setAttribute('style', 'position: absolute; width: 123px');
const sheet = document.createElement('style'); sheet.textContent = '#csp-probe-sheet { width: 77px; position: absolute; }';
document.head.appendChild(sheet);
const bySheet = make(); bySheet.id = 'csp-probe-sheet';
const cssom = make(); cssom.style.cssText = 'position: absolute; width: 55px';
const result = {
  attributeApplied: attr.getBoundingClientRect().width === 123,
  styleElementApplied: bySheet.getBoundingClientRect().width === 77,
  cssomApplied: cssom.getBoundingClientRect().width === 55,
  gaugeFillWidth: document.querySelector('.fill')?.style.width ?? null,
  headerDisplay: getComputedStyle(document.querySelector('header.top')).display,
};
for (const e of [attr, bySheet, cssom, sheet]) e.remove();
return result;
"#;

#[test]
fn the_window_allows_no_inline_style_and_draws_its_own() {
    scenario(|setup, config| async move {
        let app = Launch::new(&setup, config.path()).start().await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;
        let probe: Probe = serde_json::from_value(app.js(PROBE).await.expect("the probe runs"))
            .expect("the probe's answer");
        assert!(
            !probe.attribute_applied,
            "an inline style attribute was applied: the policy allows 'unsafe-inline' ({probe:?})"
        );
        assert!(
            !probe.style_element_applied,
            "an injected <style> element was applied ({probe:?})"
        );
        assert!(
            probe.cssom_applied,
            "the CSSOM is refused: Svelte's styles would be lost ({probe:?})"
        );
        assert_eq!(
            probe.header_display, "flex",
            "the app's stylesheet is not applied"
        );
        assert!(
            probe
                .gauge_fill_width
                .as_deref()
                .is_some_and(|w| w.ends_with('%')),
            "the gauge's fill has no width: {probe:?}"
        );
        app.quit().await;
    });
}
