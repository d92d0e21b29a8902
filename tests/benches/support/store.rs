//! The store the app's benches load: a sandbox of many pets behind `Link` paging, on a plan the
//! bench never comes near (pacing is not what they measure).

use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

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
