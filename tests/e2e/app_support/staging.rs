//! A sandbox started by the test that plays the Staging service, with pets of its own so the
//! table shows which environment answered.

use std::time::Duration;

use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

/// Names no demo pet has.
pub const STAGING_PETS: [&str; 3] = ["Staging Stella", "Staging Otto", "Staging Juniper"];

/// A key unique to this run; never shown whole by the app.
pub fn fresh_key() -> String {
    format!("e2e-staging-key-{:016x}", fastrand::u64(..))
}

/// A Staging on the Free plan with a real minute window, and the fresh key it accepts.
pub async fn free() -> (String, Sandbox) {
    let key = fresh_key();
    let sandbox = start(&key, Plan::Free, Duration::from_secs(60)).await;
    (key, sandbox)
}

pub async fn start(key: &str, plan: Plan, minute_window: Duration) -> Sandbox {
    let config = SandboxConfig {
        keys: Vec::new(),
        seed_demo_data: false,
        minute_window,
        // The tests exhaust the quota on purpose; a ban would make recovery take minutes.
        ban_after: 1_000,
        ..SandboxConfig::default()
    }
    .with_key(key, plan);
    let sandbox = Sandbox::start(config)
        .await
        .expect("staging sandbox starts");
    for (i, name) in STAGING_PETS.iter().enumerate() {
        sandbox.insert_pet(name, 7, "available", Some(9_000 + i as i64));
    }
    sandbox
}

/// Sends list requests with `key` until the sandbox answers 429, so the next request the app
/// sends is refused too. Returns how many were sent.
pub async fn exhaust_quota(sandbox: &Sandbox, key: &str) -> u32 {
    let http = reqwest::Client::new();
    for sent in 1..=50 {
        let response = http
            .get(format!("{}/pets?limit=1", sandbox.base_url()))
            .bearer_auth(key)
            .send()
            .await
            .expect("the staging sandbox answers");
        if response.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return sent;
        }
    }
    panic!("50 requests never exhausted the staging quota");
}
