//! The steps, run in the page through WebDriver's asynchronous scripts. Each times itself with the
//! page's clock, so WebDriver's own round trips are not in the figures: from the click to the
//! second animation frame after the change (the first runs before the frame is painted, the
//! second once it has been; the app's first-table marker is timed the same way).

use serde::Deserialize;

/// What a step's script hands back.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Step {
    /// Pets the table says it shows (its footer's count) after the step.
    pub rows: usize,
    /// From the click to the change in the page (rows in the DOM, or the sorted rows rendered).
    pub changed_ms: f64,
    /// From the click to the painted frame.
    pub painted_ms: f64,
    pub frames: usize,
    pub longest_frame_ms: f64,
    pub long_frames: usize,
    pub error: Option<String>,
}

/// Shared by every step: the footer's "N pets shown" as a number (whatever rows are in the DOM).
const SHOWN: &str = r#"
const done = arguments[arguments.length - 1];
const shown = () => {
  const count = document.querySelector('.table-card .footer .count');
  return count ? Number(count.textContent.split('pet')[0].replace(/[^0-9]/g, '')) : 0;
};
const painted = (t0, extra) => requestAnimationFrame(() => requestAnimationFrame(() =>
  done({ rows: shown(), paintedMs: performance.now() - t0, ...extra })));
"#;

/// Clicks "Load more" and waits until the footer counts more pets.
pub const LOAD_MORE: &str = r#"
const done = arguments[arguments.length - 1];
const shown = () => {
  const count = document.querySelector('.table-card .footer .count');
  return count ? Number(count.textContent.split('pet')[0].replace(/[^0-9]/g, '')) : 0;
};
const before = shown();
const button = [...document.querySelectorAll('.table-card .footer button')]
  .find((b) => b.textContent.trim() === 'Load more');
if (!button) {
  done({ error: `no Load more button with ${before} pets shown` });
} else {
  let finished = false;
  const card = document.querySelector('.table-card');
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (finished || shown() <= before) return;
    finished = true;
    observer.disconnect();
    const changedMs = performance.now() - t0;
    requestAnimationFrame(() => requestAnimationFrame(() =>
      done({ rows: shown(), changedMs, paintedMs: performance.now() - t0 })));
  });
  observer.observe(card, { childList: true, subtree: true, characterData: true });
  setTimeout(() => {
    if (finished) return;
    finished = true;
    observer.disconnect();
    done({ error: `no new rows within 30 s (${before} shown)` });
  }, 30000);
  button.click();
}
"#;

/// Clicks the sort button of `column` (1-based). The UI re-renders in a microtask after the
/// click, before the next frame.
pub fn sort(column: usize) -> String {
    format!(
        r#"{SHOWN}
const button = document.querySelector('thead th:nth-child({column}) button.sort');
if (!button) {{
  done({{ error: 'no sort button in column {column}' }});
}} else {{
  const t0 = performance.now();
  button.click();
  requestAnimationFrame(() => {{
    const changedMs = performance.now() - t0;
    requestAnimationFrame(() => done({{ rows: shown(), changedMs, paintedMs: performance.now() - t0 }}));
  }});
}}
"#
    )
}

/// Scrolls the table from top to bottom, 90% of its height a frame, and measures the frames.
pub const SCROLL: &str = r#"
const done = arguments[arguments.length - 1];
const el = document.querySelector('.table-card .scroll');
el.scrollTop = 0;
const stamps = [];
const step = (stamp) => {
  stamps.push(stamp);
  if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1 || stamps.length > 20000) {
    let longest = 0;
    let long = 0;
    for (let i = 1; i < stamps.length; i++) {
      const frame = stamps[i] - stamps[i - 1];
      longest = Math.max(longest, frame);
      if (frame > 50) long += 1;
    }
    done({ frames: stamps.length, paintedMs: stamps[stamps.length - 1] - stamps[0],
           longestFrameMs: longest, longFrames: long, rows: 0 });
  } else {
    // Nine tenths of a view a frame; over 100,000 rows, a 2,000th of the list (about 50 rows), so
    // the walk to the end stays within WebDriver's answer time. 10,000 rows scroll as before.
    el.scrollTop += Math.max(1, Math.floor(el.clientHeight * 0.9), Math.floor(el.scrollHeight / 2000));
    requestAnimationFrame(step);
  }
};
requestAnimationFrame(step);
"#;

/// Chooses `status` in the status filter and waits until the table has loaded its first page.
pub fn filter(status: &str) -> String {
    format!(
        r#"{SHOWN}
const select = document.querySelector('#status-filter');
const card = document.querySelector('.table-card');
let sawBusy = false;
let finished = false;
const t0 = performance.now();
const observer = new MutationObserver(() => {{
  const busy = card.querySelector('table')?.getAttribute('aria-busy') === 'true';
  if (busy) {{ sawBusy = true; return; }}
  if (!sawBusy || finished || shown() === 0) return;
  finished = true;
  observer.disconnect();
  painted(t0, {{ changedMs: performance.now() - t0 }});
}});
observer.observe(card, {{ childList: true, subtree: true, characterData: true, attributes: true }});
select.value = '{status}';
select.dispatchEvent(new Event('change', {{ bubbles: true }}));
"#
    )
}

/// Clicks the Activity tab and waits for its first real row (not a placeholder) to be painted:
/// the time to first rows of a large history. The view's code is loaded on first use,
/// which is part of what a person waits for.
pub const OPEN_ACTIVITY: &str = r#"
const done = arguments[arguments.length - 1];
const tab = [...document.querySelectorAll("[role='tab']")]
  .find((t) => t.innerText.trim().startsWith('Activity'));
const firstRow = () => document.querySelector("[data-testid='activity-scroll'] tbody tr[data-id]");
const total = () => {
  const count = document.querySelector("[data-testid='activity-count']");
  return count ? Number(count.textContent.replace(/[^0-9]/g, '')) : 0;
};
if (!tab) {
  done({ error: 'no Activity tab' });
} else {
  let finished = false;
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (finished || !firstRow()) return;
    finished = true;
    observer.disconnect();
    const changedMs = performance.now() - t0;
    requestAnimationFrame(() => requestAnimationFrame(() =>
      done({ rows: total(), changedMs, paintedMs: performance.now() - t0 })));
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => {
    if (finished) return;
    finished = true;
    observer.disconnect();
    done({ error: 'no Activity row within 30 s' });
  }, 30000);
  tab.click();
}
"#;

/// Types `query` into the Find box (its whole value, as one keystroke leaves it) and waits for the
/// painted frame: the filter runs in the input event, so the second frame after it has the rows.
/// `rows` is the Find box's count of matches.
pub fn find(query: &str) -> String {
    format!(
        r#"
const done = arguments[arguments.length - 1];
const box = document.querySelector('#pet-find');
const matches = () => {{
  const count = document.querySelector("[data-testid='find-count']");
  return count ? Number(count.textContent.split(' of')[0].replace(/[^0-9]/g, '')) : 0;
}};
if (!box) {{
  done({{ error: 'no Find box' }});
}} else {{
  box.focus();
  const t0 = performance.now();
  box.value = {query:?};
  box.dispatchEvent(new Event('input', {{ bubbles: true }}));
  requestAnimationFrame(() => {{
    const changedMs = performance.now() - t0;
    requestAnimationFrame(() => done({{ rows: matches(), changedMs, paintedMs: performance.now() - t0 }}));
  }});
}}
"#
    )
}
