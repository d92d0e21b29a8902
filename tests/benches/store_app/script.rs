//! The steps, run in the page through WebDriver's scripts. Each times itself with the page's
//! clock, so WebDriver's own round trips are not in the figures: from the input (a real pointer
//! click or key press, at the event's time stamp; see [`arm`]) to the second animation frame after
//! the change (the first runs before the frame is painted, the second once it has been; the app's
//! first-table marker is timed the same way).

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
    /// From the input event's time stamp to its listener: the input's way into the page.
    pub input_ms: f64,
    /// From the input to the app's call answering in the page (Load more: the next page).
    pub answered_ms: f64,
    /// From the press to the click (the button let go): WebDriver's, not the app's.
    pub released_ms: f64,
    /// From the input to the app's call leaving the page.
    pub sent_ms: f64,
    pub note: Option<String>,
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

/// What a real input (a pointer click through WebDriver's actions, or a key press) changes, for
/// [`arm`]: the step ends when the change is in the page.
#[derive(Debug, Clone, Copy)]
pub enum Awaited {
    /// The footer counts more pets (Load more).
    MorePets,
    /// The header cell of the column (1-based) says another sort (`aria-sort`).
    SortOf(usize),
    /// The Find box's input event has run (a key typed there).
    Typed,
}

/// Readied before the input is sent: the first `pointerdown` (or `keydown`) after this starts the
/// clock at the event's own time stamp, the moment the page was given the input, so the figure
/// is what a person waits for from their click or key to the painted frame, the click's own work
/// included (the issue's measure). The answer waits in the page for [`COLLECT`].
pub fn arm(awaited: Awaited) -> String {
    let (kind, column) = match awaited {
        Awaited::MorePets => ("more", 0),
        Awaited::SortOf(column) => ("sort", column),
        Awaited::Typed => ("key", 0),
    };
    format!(
        r#"
const kind = '{kind}';
const column = {column};
const shown = () => {{
  const count = document.querySelector('.table-card .footer .count');
  return count ? Number(count.textContent.split('pet')[0].replace(/[^0-9]/g, '')) : 0;
}};
const matches = () => {{
  const count = document.querySelector("[data-testid='find-count']");
  return count ? Number(count.textContent.split(' of')[0].replace(/[^0-9]/g, '')) : shown();
}};
const before = shown();
// When the app's call for the next page answered: the part of the wait that is IPC, the backend
// and the service, apart from the page's own work after it.
const internals = window.__TAURI_INTERNALS__;
// Tauri's IPC reaches the backend with fetch() on its own scheme; its invoke cannot be replaced.
if (!window.__benchWrapped) {{
  const fetchBefore = window.fetch.bind(window);
  window.fetch = (resource, ...rest) => {{
    const answer = fetchBefore(resource, ...rest);
    if (String(resource?.url ?? resource).includes('next_page')) {{
      window.__benchSentAt = performance.now();
      answer.then(() => {{ window.__benchAnsweredAt = performance.now(); }}, () => {{}});
    }}
    return answer;
  }};
  window.__benchWrapped = true;
}}
window.__benchAnsweredAt = null;
window.__benchSentAt = null;
// Where the wrapper cannot be put (a read-only invoke), the IPC request's resource timing.
performance.clearResourceTimings();
const answeredAt = () => {{
  if (window.__benchAnsweredAt !== null) return window.__benchAnsweredAt;
  const entry = performance.getEntriesByType('resource').filter((e) => e.name.includes('next_page')).pop();
  window.__benchNote = 'not through fetch: the IPC answer could not be timed';
  return entry ? entry.responseEnd : window.__benchT0();
}};
const th = column ? document.querySelector(`thead th:nth-child(${{column}})`) : null;
const sortBefore = th ? th.getAttribute('aria-sort') : null;
window.__benchStep = new Promise((resolve) => {{
  let t0 = null;
  window.__benchT0 = () => t0;
  let inputMs = 0;
  let finished = false;
  const card = document.querySelector('.table-card');
  const start = (event) => {{
    if (t0 !== null) return;
    const now = performance.now();
    // The event's time stamp is on the page's clock (WebKit); anything else, the listener's now.
    const stamp = event.timeStamp;
    t0 = stamp > 0 && stamp <= now && now - stamp < 10000 ? stamp : now;
    inputMs = now - t0;
  }};
  const startOn = kind === 'key' ? ['keydown'] : ['pointerdown', 'mousedown'];
  // The click itself (the button's release), for the part of the wait that is the press.
  let clickedAt = null;
  const clicked = (event) => {{ if (clickedAt === null) clickedAt = Math.min(event.timeStamp, performance.now()); }};
  window.addEventListener('click', clicked, true);
  for (const type of startOn) window.addEventListener(type, start, true);
  const observer = new MutationObserver(() => {{ if (changed()) finish(); }});
  const changed = () => kind === 'more' ? shown() > before
    : kind === 'sort' ? th.getAttribute('aria-sort') !== sortBefore : false;
  const cleanup = () => {{
    observer.disconnect();
    for (const type of startOn) window.removeEventListener(type, start, true);
    window.removeEventListener('click', clicked, true);
    window.removeEventListener('input', typed, false);
  }};
  const finish = () => {{
    if (finished) return;
    finished = true;
    cleanup();
    if (t0 === null) {{ resolve({{ error: 'the change came without the input' }}); return; }}
    const changedMs = performance.now() - t0;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({{
      rows: kind === 'key' ? matches() : shown(), changedMs, paintedMs: performance.now() - t0, inputMs,
      releasedMs: clickedAt === null ? 0 : clickedAt - t0,
      answeredMs: answeredAt() - t0, sentMs: (window.__benchSentAt ?? t0) - t0, note: window.__benchNote ?? null }})));
  }};
  // After the app's own input handler (at the box) and the update it queued as a microtask.
  const typed = () => queueMicrotask(finish);
  if (kind === 'key') window.addEventListener('input', typed, false);
  else observer.observe(card, {{ childList: true, subtree: true, characterData: true, attributes: true }});
  setTimeout(() => {{
    if (finished) return;
    finished = true;
    cleanup();
    resolve({{ error: `no change within 30 s (${{before}} shown, input seen: ${{t0 !== null}})` }});
  }}, 30000);
}});
return null;
"#
    )
}

/// The answer of the step [`arm`] readied, once its frame is painted.
pub const COLLECT: &str = r#"
const done = arguments[arguments.length - 1];
window.__benchStep.then(done, (e) => done({ error: String(e) }));
"#;

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
