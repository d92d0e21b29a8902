//! The header when it says the most, in the real window: the quota used up with its countdown,
//! then renewed and waiting for the next request, at the default width (1100 px) and at 800 px,
//! in English and in German. Nothing it says is cut (no ellipsis hides a word or a number),
//! nothing is drawn over its neighbour or past the window's edge; what does not fit goes to a
//! second line. Before, at 1100 px the gauge read "Quota used up. Resets i…" and "Quota renewed
//! at 04:31 · …".

use serde::Deserialize;

use crate::*;

/// The default window's width (tauri.conf.json) and a small one, with their heights.
const SIZES: [(u32, u32); 2] = [(1100, 720), (800, 600)];

/// The sandbox's minute window: long enough to look at the used-up header at both sizes before
/// it renews, short enough to wait for the renewal.
const WINDOW: Duration = Duration::from_secs(30);

/// What must be left of the window when the quota is used up, so that the used-up header is still
/// there when both sizes have been looked at (a few seconds on a loaded machine).
const LEFT_TO_LOOK: Duration = Duration::from_secs(24);

/// The sandbox's windows are aligned to multiples of their length since the Unix epoch: when less
/// than [`LEFT_TO_LOOK`] is left of this one, waits for the next, so the quota is used up early in
/// a window instead of seconds before it renews.
async fn wait_for_a_fresh_window() {
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("the clock is after 1970");
    let into = Duration::from_millis(
        u64::try_from(since_epoch.as_millis() % WINDOW.as_millis()).expect("under a window"),
    );
    let left = WINDOW - into;
    if left < LEFT_TO_LOOK {
        tokio::time::sleep(left + Duration::from_millis(500)).await;
    }
}

/// What the header shows, in one read.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Header {
    inner_width: f64,
    text: String,
    /// Elements whose text is cut by their own box (an ellipsis or a hidden overflow).
    cut: Vec<String>,
    /// Elements reaching past the window's right edge.
    past_edge: Vec<String>,
    /// Pieces of text drawn over each other.
    overlaps: Vec<String>,
}

const MEASURE: &str = r#"
const header = document.querySelector('header.top');
const name = (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${e.textContent.trim().slice(0, 60)}"`;
const drawn = (e) => {
  if (e.closest('[hidden]')) return false;
  const s = getComputedStyle(e);
  // Visually hidden (for screen readers only) draws nothing.
  if (s.clip !== 'auto' || s.visibility === 'hidden' || s.display === 'none') return false;
  return e.getBoundingClientRect().width > 1;
};
const all = [...header.querySelectorAll('*')].filter(drawn);
const cut = all.filter((e) => {
  if (!e.textContent.trim()) return false;
  const s = getComputedStyle(e);
  const clips = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis';
  return clips && e.scrollWidth > e.clientWidth + 1;
}).map(name);
const pastEdge = all.filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5).map(name);
// The innermost elements holding text: no two may share a pixel.
const leaves = all.filter((e) => e.textContent.trim() && ![...e.children].some(drawn));
const overlaps = [];
for (let i = 0; i < leaves.length; i++) {
  for (let j = i + 1; j < leaves.length; j++) {
    const a = leaves[i].getBoundingClientRect();
    const b = leaves[j].getBoundingClientRect();
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
      overlaps.push(`${name(leaves[i])} over ${name(leaves[j])}`);
    }
  }
}
return { innerWidth, text: header.innerText, cut, pastEdge, overlaps };
"#;

async fn header(app: &App) -> Result<Header, String> {
    serde_json::from_value(app.js(MEASURE).await?).map_err(|e| e.to_string())
}

/// The words of one language the checks look for.
struct Words {
    lang: &'static str,
    used_up: &'static str,
    resets_in: &'static str,
    renewed_at: &'static str,
}

const ENGLISH: Words = Words {
    lang: "en",
    used_up: "Quota used up.",
    resets_in: "Resets in",
    renewed_at: "Quota renewed at",
};

const GERMAN: Words = Words {
    lang: "de",
    used_up: "Kontingent aufgebraucht.",
    resets_in: "Erneuerung in",
    renewed_at: "Kontingent erneuert um",
};

/// At each size: the header has the width, says `must_say` in full, and nothing in it is cut,
/// past the edge or drawn over another piece of text.
async fn check_sizes(app: &App, state: &str, words: &Words, must_say: &[&str]) {
    for (width, height) in SIZES {
        app.driver()
            .set_window_rect(0, 0, width, height)
            .await
            .expect("the window can be resized");
        let shown = eventually(&format!("the header at {width} px"), UI_TIMEOUT, || async {
            let first = header(app).await?;
            tokio::time::sleep(Duration::from_millis(200)).await;
            let second = header(app).await?;
            let settled = first.inner_width == second.inner_width
                && (second.inner_width - f64::from(width)).abs() < 1.0;
            Ok(settled.then_some(second))
        })
        .await;
        let at = format!("{} {state} at {width}×{height}", words.lang);
        app.screenshot(&format!("header-{}-{state}-{width}", words.lang))
            .await;
        for words in must_say {
            assert!(
                shown.text.contains(words),
                "{at}: the header does not say {words:?}: {shown:?}"
            );
        }
        assert!(shown.cut.is_empty(), "{at}: cut: {:?}", shown.cut);
        assert!(
            shown.past_edge.is_empty(),
            "{at}: past the right edge: {:?}",
            shown.past_edge
        );
        assert!(
            shown.overlaps.is_empty(),
            "{at}: drawn over each other: {:?}",
            shown.overlaps
        );
    }
}

/// Refreshes (Ctrl+R, in any language) until the gauge says the quota is used up: the window's
/// two requests (the switch's may be one of them), early in a window.
async fn use_up_the_quota(app: &App, words: &Words) {
    wait_for_a_fresh_window().await;
    for _ in 0..3 {
        app.press_shortcut('r').await;
        let used_up = within(Duration::from_secs(5), || async {
            let shown = header(app).await?;
            Ok(shown.text.contains(words.used_up).then_some(()))
        })
        .await;
        if used_up.is_ok() {
            return;
        }
    }
    panic!("{}: the gauge never said {:?}", words.lang, words.used_up);
}

#[test]
fn the_header_says_the_used_up_and_renewed_quota_in_full_at_1100_and_800_px_in_both_languages() {
    scenario(|setup, config| async move {
        let key = staging::fresh_key();
        let plan = Plan::Enterprise {
            per_minute: 2,
            per_day: 1_000,
        };
        // One server for both: the German launch comes after the English one's window renewed.
        let sandbox = staging::start(&key, plan, WINDOW).await;
        for (words, lang) in [(&ENGLISH, "en_GB.UTF-8"), (&GERMAN, "de_DE.UTF-8")] {
            let launch = Launch::new(&setup, config.path())
                .staging_at(&sandbox.base_url())
                .env("LANG", lang)
                .env("LC_ALL", "")
                .env("LC_MESSAGES", "");
            let app = if words.lang == "en" {
                let app = launch.start_on_the_demo_pets().await;
                // Kept in the keychain for the German launch after it.
                app.set_key_in_settings("staging", &key).await;
                app.switch_to("staging").await;
                app
            } else {
                // The app opens on the environment it was left on: Staging.
                launch.start().await
            };
            app.wait_rows("the staging pets", shows_staging_pets).await;
            use_up_the_quota(&app, words).await;
            check_sizes(&app, "used-up", words, &[words.used_up, words.resets_in]).await;

            eventually(
                &format!("{}: the quota renewed", words.lang),
                WINDOW + UI_TIMEOUT,
                || async {
                    let shown = header(&app).await?;
                    Ok(shown.text.contains(words.renewed_at).then_some(()))
                },
            )
            .await;
            check_sizes(&app, "renewed", words, &[words.renewed_at]).await;
            app.quit().await;
        }
        sandbox.shutdown().await;
    });
}
