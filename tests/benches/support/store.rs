//! The store the app's benches load: a sandbox of many pets behind `Link` paging, on a plan the
//! bench never comes near (pacing is not what they measure).

use std::path::Path;
use std::time::Duration;

use petstore_sandbox::{Plan, Sandbox, SandboxConfig};
use thirtyfour::TimeoutConfiguration;

use crate::app_support::page::App;

/// The store's rows per page.
pub const PAGE: usize = 100;

/// Staging at `sandbox`, `PAGE` rows a page, in the app's settings file in `config` (the key goes
/// in through Settings, as a person would set it: [`open_store`]).
pub fn write_settings(config: &Path, sandbox: &Sandbox) {
    std::fs::write(
        config.join("settings.json"),
        format!(
            "{{\n  \"stagingUrl\": \"{}\",\n  \"pageSize\": {PAGE}\n}}\n",
            sandbox.base_url()
        ),
    )
    .expect("settings.json");
}

/// The started app on the store: scripts may run long (a scroll over 100,000 rows), the key set
/// in Settings, Staging selected and its first page shown.
pub async fn open_store(app: &App, key: &str) {
    app.driver()
        .update_timeouts(TimeoutConfiguration::new(
            Some(Duration::from_secs(600)),
            None,
            None,
        ))
        .await
        .expect("script timeout");
    app.wait_rows("the demo pets", |rows| !rows.is_empty())
        .await;
    app.set_key_in_settings("staging", key).await;
    app.switch_to("staging").await;
    app.wait_rows("the first page of the store", |rows| rows.len() == PAGE)
        .await;
}

/// A number of pets from `var`, or `default`.
pub fn pets_from_env(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(default)
}

/// A sandbox with `pets` pets for `key`: names and categories not in id order, so every sort
/// moves rows; statuses in turn.
pub async fn start_store(key: &str, pets: usize) -> Sandbox {
    let mut config = SandboxConfig {
        seed_demo_data: false,
        page_size_links: true,
        ..SandboxConfig::default()
    }
    .with_key(
        key,
        Plan::Enterprise {
            per_minute: 1_000_000,
            per_day: 100_000_000,
        },
    );
    config.ban_after = 1_000;
    let sandbox = Sandbox::start(config).await.expect("sandbox starts");
    for i in 0..pets {
        let status = ["available", "pending", "sold"][i % 3];
        let name = format!("Pet {:05}", (i * 7_919) % pets);
        sandbox.insert_pet(&name, (i * 31 % 9 + 1) as i64, status, None);
    }
    sandbox
}
