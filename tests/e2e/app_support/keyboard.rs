//! The window as a keyboard and a screen reader meet it: keys pressed as a person
//! presses them (WebDriver actions on whatever has the focus), where the focus is and whether it
//! shows, what the live regions announce, and the accessibility tree's roles and names
//! (WebKitWebDriver's computed role and label).

use serde::Deserialize;
use thirtyfour::common::command::FormatRequestData;
use thirtyfour::prelude::*;
use thirtyfour::{RequestData, SessionId};

use super::page::App;
use super::wait::{UI_TIMEOUT, eventually};

/// The focused element, as a test reads it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Focused {
    /// Nothing has the focus: the document's body does.
    pub body: bool,
    pub tag: String,
    pub id: String,
    pub role: String,
    /// What it says (its label, text or value), whitespace collapsed.
    pub name: String,
    pub test_id: String,
    pub in_dialog: bool,
    /// How it shows the focus (an outline on it or on a parent up to 3 levels, drawn where it is
    /// seen; or a box-shadow on it); None: nothing shows it.
    pub indicator: Option<String>,
}

impl Focused {
    /// The same control (however it shows the focus now).
    pub fn same(&self, other: &Focused) -> bool {
        (
            self.body,
            &self.tag,
            &self.id,
            &self.role,
            &self.name,
            &self.test_id,
        ) == (
            other.body,
            &other.tag,
            &other.id,
            &other.role,
            &other.name,
            &other.test_id,
        )
    }
}

impl std::fmt::Display for Focused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.body {
            return write!(f, "<body>");
        }
        write!(f, "{}#{}[{}] {:?}", self.tag, self.id, self.role, self.name)
    }
}

const FOCUSED: &str = r#"
const el = document.activeElement;
if (!el || el === document.body || el === document.documentElement) {
  return { body: true, tag: '', id: '', role: '', name: '', testId: '', inDialog: false, indicator: null };
}
const text = (s) => (s || '').replace(/\s+/g, ' ').trim();
// Text as read aloud: what is hidden from assistive technology (icons, arrows) left out.
const spoken = (e) => { const c = e.cloneNode(true); c.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove()); return c.textContent; };
const name = text(el.getAttribute('aria-label') || (el.labels && el.labels[0] && spoken(el.labels[0]))
  || (el.tagName === 'INPUT' || el.tagName === 'SELECT' ? el.value : spoken(el)) || el.getAttribute('title')).slice(0, 60);
const seen = (n) => { let o = 1; for (let e = n; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o > 0.5; };
const opaque = (c) => !/^transparent$|rgba\(.*,\s*0\)$/.test(c);
let indicator = null;
for (let n = el, depth = 0; n && depth <= 3 && !indicator; n = n.parentElement, depth += 1) {
  const s = getComputedStyle(n);
  if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1 && opaque(s.outlineColor) && seen(n)) {
    indicator = `outline ${s.outlineWidth} ${s.outlineStyle} ${s.outlineColor} on ${n.tagName.toLowerCase()}.${[...n.classList].join('.')}`;
  } else if (depth === 0 && s.boxShadow !== 'none' && seen(n)) {
    indicator = `box-shadow ${s.boxShadow}`;
  }
}
return { body: false, tag: el.tagName.toLowerCase(), id: el.id, role: el.getAttribute('role') || '', name,
  testId: el.dataset.testid || '', inDialog: !!el.closest('[role="dialog"]'), indicator };
"#;

pub async fn focused(app: &App) -> Focused {
    let value = app.js(FOCUSED).await.expect("the focus can be read");
    serde_json::from_value(value).expect("the focus's description")
}

/// One key on whatever has the focus (Tab, Enter, Space, the arrows, Escape…).
pub async fn key(app: &App, key: Key) {
    app.driver()
        .action_chain()
        .send_keys(key)
        .perform()
        .await
        .expect("a key press");
}

/// Text typed on whatever has the focus.
pub async fn type_text(app: &App, text: &str) {
    app.driver()
        .action_chain()
        .send_keys(text)
        .perform()
        .await
        .expect("typing");
}

async fn shift_tab(app: &App) {
    app.driver()
        .action_chain()
        .key_down(Key::Shift)
        .send_keys(Key::Tab)
        .key_up(Key::Shift)
        .perform()
        .await
        .expect("Shift+Tab");
}

/// The focus after a key that moves it: never the body, and shown.
pub async fn assert_shown(app: &App, after: &str) -> Focused {
    let now = focused(app).await;
    assert!(
        !now.body,
        "after {after} the focus fell to the document's body"
    );
    assert!(
        now.indicator.is_some(),
        "after {after} the focus is on {now}, which shows no focus indicator"
    );
    now
}

/// Tab (or Shift+Tab) once; the focus must land on something that shows it.
pub async fn tab(app: &App, back: bool) -> Focused {
    if back {
        shift_tab(app).await;
    } else {
        key(app, Key::Tab).await;
    }
    assert_shown(app, if back { "Shift+Tab" } else { "Tab" }).await
}

/// Tabs (forwards or back) until `wanted` has the focus, every stop checked; the stops passed.
pub async fn tab_to(
    app: &App,
    back: bool,
    what: &str,
    wanted: impl Fn(&Focused) -> bool,
) -> Vec<Focused> {
    let mut stops = Vec::new();
    for _ in 0..40 {
        let now = tab(app, back).await;
        stops.push(now.clone());
        if wanted(&now) {
            return stops;
        }
    }
    let path: Vec<String> = stops.iter().map(ToString::to_string).collect();
    panic!("40 Tabs never reached {what}: {}", path.join(" → "));
}

/// Waits until the focus is on what `wanted` accepts (it may move once a load ends); never body.
pub async fn wait_focus(app: &App, what: &str, wanted: impl Fn(&Focused) -> bool) -> Focused {
    eventually(&format!("the focus on {what}"), UI_TIMEOUT, || async {
        let now = focused(app).await;
        if now.body {
            return Err("the focus is on the document's body".to_owned());
        }
        if wanted(&now) {
            Ok(Some(now))
        } else {
            Err(format!("the focus is on {now}"))
        }
    })
    .await
}

// What a screen reader is told: a change inside a live region (aria-live, role status, alert or
// log) that was in the page, and rendered, before the change; or an alert appearing. A region put
// in the page with its text already in it, or shown (from display: none) with it, is not counted:
// assistive technology often says nothing then.
const RECORD_LIVE: &str = r#"
if (window.__announced) return true;
window.__announced = [];
const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
const known = new WeakSet();
const rendered = (e) => e.getClientRects().length > 0;
const learn = () => document.querySelectorAll(LIVE).forEach((e) => (rendered(e) ? known.add(e) : known.delete(e)));
learn();
const regionOf = (n) => { for (let e = n.nodeType === 1 ? n : n.parentElement; e; e = e.parentElement) if (e.matches(LIVE)) return e; return null; };
new MutationObserver((records) => {
  const changed = new Set();
  for (const r of records) {
    // Attribute changes only tell which regions are shown (learn, below), not what they say.
    if (r.type === 'attributes') continue;
    const region = regionOf(r.target);
    if (region && known.has(region)) changed.add(region);
    for (const added of r.addedNodes) {
      if (added.nodeType !== 1) continue;
      for (const a of [added, ...added.querySelectorAll('[role="alert"]')]) if (a.getAttribute('role') === 'alert') changed.add(a);
    }
  }
  for (const region of changed) {
    const text = region.textContent.replace(/\s+/g, ' ').trim();
    if (text) window.__announced.push({ role: region.getAttribute('role') || 'live', text });
  }
  learn();
}).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
return true;
"#;

/// Starts recording what the live regions announce (once per page).
pub async fn record_announcements(app: &App) {
    app.js(RECORD_LIVE)
        .await
        .expect("the live-region recorder is installed");
}

/// Waits until a live region has announced a text `accept` likes; that text.
pub async fn heard(app: &App, what: &str, accept: impl Fn(&str) -> bool) -> String {
    eventually(
        &format!("an announcement of {what}"),
        UI_TIMEOUT,
        || async {
            let said = app.js("return window.__announced || [];").await?;
            let texts: Vec<String> = said
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|e| e["text"].as_str().map(str::to_owned))
                .collect();
            match texts.iter().find(|t| accept(t)) {
                Some(text) => Ok(Some(text.clone())),
                None => Err(format!("announced so far: {texts:?}")),
            }
        },
    )
    .await
}

/// An attribute of the first element `css` finds, if any.
pub async fn attr(app: &App, css: &str, name: &str) -> Option<String> {
    let script = format!(
        "const e = document.querySelector({css:?}); return e ? e.getAttribute({name:?}) : null;"
    );
    app.js(&script).await.ok()?.as_str().map(str::to_owned)
}

/// The `value` of a form control.
pub async fn value_of(app: &App, css: &str) -> String {
    let script = format!("return document.querySelector({css:?}).value;");
    app.js(&script)
        .await
        .expect("js")
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The checks can fail: a control drawn without a focus ring reads as showing none, and a region
/// put in the page with its text in it is not counted as heard, while a change in one is.
pub async fn the_checks_can_fail(app: &App) {
    // A pointer press first: the app's focus keeper then leaves the probe's removal alone.
    let plant = "document.dispatchEvent(new PointerEvent('pointerdown')); \
        const b = document.createElement('button'); b.id = 'probe'; b.textContent = 'Probe'; \
        b.style.outline = 'none'; document.body.append(b); b.focus(); return null;";
    app.js(plant).await.expect("a probe");
    let probe = focused(app).await;
    assert_eq!(probe.id, "probe", "{probe}");
    assert_eq!(
        probe.indicator, None,
        "a button with no outline shows no focus"
    );
    let region = "document.dispatchEvent(new PointerEvent('pointerdown')); \
        const b = document.getElementById('probe'); b.blur(); b.remove(); \
        const r = document.createElement('div'); r.id = 'probe-region'; r.setAttribute('role', 'status'); \
        r.textContent = 'Probe inserted'; document.body.append(r); return null;";
    app.js(region).await.expect("a probe region");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    app.js("document.getElementById('probe-region').textContent = 'Probe changed'; return null;")
        .await
        .expect("the probe region changes");
    heard(app, "the probe region's change", |t| t == "Probe changed").await;
    let said = app
        .js(
            "const said = window.__announced.map((e) => e.text); window.__announced = []; \
             document.getElementById('probe-region').remove(); return said;",
        )
        .await
        .expect("what was announced");
    assert!(
        !said.to_string().contains("Probe inserted"),
        "a region inserted with its text is not counted: {said}"
    );
    assert!(focused(app).await.body, "the probes leave no focus behind");
}

/// WebKitWebDriver's "Get Computed Role" / "Get Computed Label" (W3C WebDriver, "Get Computed
/// Role" and "Get Computed Label"), which thirtyfour has no method for.
#[derive(Debug)]
struct Computed {
    element: String,
    what: &'static str,
}

impl FormatRequestData for Computed {
    fn format_request(&self, session_id: &SessionId) -> RequestData {
        RequestData::new(
            http::Method::GET,
            format!(
                "session/{session_id}/element/{}/{}",
                self.element, self.what
            ),
        )
    }
}

async fn computed(app: &App, element: &WebElement, what: &'static str) -> String {
    let command = Computed {
        element: element.element_id().to_string(),
        what,
    };
    let answer = app
        .driver()
        .cmd(command)
        .await
        .and_then(|r| r.value_json())
        .unwrap_or_else(|e| panic!("WebDriver's computed {what}: {e}"));
    answer.as_str().unwrap_or_default().to_owned()
}

/// The role assistive technology is given for `element`, as WebKit computes it.
pub async fn role(app: &App, element: &WebElement) -> String {
    computed(app, element, "computedrole").await
}

/// The accessible name assistive technology is given for `element`.
pub async fn label(app: &App, element: &WebElement) -> String {
    computed(app, element, "computedlabel").await
}
