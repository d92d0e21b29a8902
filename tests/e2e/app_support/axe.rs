//! axe-core in the real web view: the npm package's `axe.min.js` (pinned in
//! ui/package.json, installed by `npm ci`) is executed in the page through WebDriver, then
//! `axe.run` through an asynchronous script. Nothing of it is part of the app.

use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

use super::page::App;

/// axe on a busy 2-core machine, over a dialog and a 20-row table: seconds, not minutes.
const AXE_TIMEOUT: Duration = Duration::from_secs(120);

fn axe_source() -> String {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{} is not readable ({e}): axe-core is a dev dependency of ui/; run `npm ci` in ui/",
            path.display()
        )
    })
}

/// One rule axe found broken, with where (CSS paths) and why.
#[derive(Debug, Clone, Deserialize)]
pub struct Violation {
    pub id: String,
    pub impact: Option<String>,
    pub help: String,
    pub nodes: Vec<String>,
}

impl Violation {
    /// Serious and critical: the accessibility goal allows none of these.
    pub fn blocking(&self) -> bool {
        matches!(self.impact.as_deref(), Some("serious" | "critical"))
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let impact = self.impact.as_deref().unwrap_or("?");
        write!(f, "{impact} {}: {}", self.id, self.help)?;
        for node in &self.nodes {
            write!(f, "\n      {node}")?;
        }
        Ok(())
    }
}

// The page's state as it is now (no navigation happens in these tests): every rule axe has by
// default (WCAG 2.x A and AA, and best practices), violations only.
const RUN: &str = r#"
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] })
  .then((r) => done(JSON.stringify(r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
  })))))
  .catch((e) => done(JSON.stringify({ error: String(e && e.stack || e) })));
"#;

/// Runs axe over the page as it is now; the violations found (all impacts).
pub async fn violations(app: &App) -> Vec<Violation> {
    let driver = app.driver();
    let loaded = driver
        .execute("return typeof window.axe === 'object';", Vec::new())
        .await
        .expect("a script runs")
        .json()
        .as_bool()
        == Some(true);
    if !loaded {
        let source = axe_source();
        let answer = driver
            .execute(format!("{source}\nreturn typeof window.axe;"), Vec::new())
            .await
            .expect("axe.min.js runs in the web view");
        assert_eq!(
            answer.json().as_str(),
            Some("object"),
            "axe is installed in the page"
        );
    }
    driver
        .set_script_timeout(AXE_TIMEOUT)
        .await
        .expect("a script timeout");
    let answer = driver
        .execute_async(RUN, Vec::new())
        .await
        .expect("axe.run answers");
    let text = answer.json().as_str().unwrap_or_default().to_owned();
    if let Ok(failure) = serde_json::from_str::<serde_json::Value>(&text)
        && let Some(error) = failure.get("error")
    {
        panic!("axe.run failed: {error}");
    }
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("axe's answer ({e}): {text}"))
}
