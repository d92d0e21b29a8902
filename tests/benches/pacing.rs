//! Pacing: 200 creates from 8 concurrent tasks sharing one Free-plan key (60 requests a window)
//! against a sandbox whose minute window is shortened. Counts the 429s received (goal 0) and
//! compares the total time with the theoretical minimum set by the quota (goal within 5%).
//!
//! Run: `cargo bench -p petstore-e2e --bench pacing`. Figures go to BENCHMARKS.md.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, NewPet, PetstoreClient};
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

const KEY: &str = "free-plan-key";
const CREATES: usize = 200;
const TASKS: usize = 8;
const FREE_PER_WINDOW: usize = 60;

fn main() {
    let window_secs: u64 = std::env::var("PACING_WINDOW_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let mut config = SandboxConfig::default().with_key(KEY, Plan::Free);
        config.minute_window = Duration::from_secs(window_secs);
        config.seed_demo_data = false;
        let sandbox = Sandbox::start(config).await.expect("sandbox starts");
        let base = BaseUrl::parse(&sandbox.base_url()).expect("base url");
        let client = PetstoreClient::new(
            ClientConfig::new(Environment::Sandbox, base)
                .with_api_key(ApiKey::new(KEY.to_owned()).expect("key")),
        )
        .expect("client");

        // Windows are aligned to multiples of their length since the epoch: start on a boundary,
        // so the theoretical minimum is exactly (windows needed - 1) whole windows.
        sleep_until_window_start(window_secs).await;
        let started = Instant::now();
        let next = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..TASKS {
            let client = client.clone();
            let next = Arc::clone(&next);
            tasks.push(tokio::spawn(async move {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= CREATES {
                        break;
                    }
                    let pet = NewPet::new(&format!("Paced pet {n}"), 1, None).expect("valid pet");
                    client.create_pet(&pet).await.expect("create succeeds");
                }
            }));
        }
        for task in tasks {
            task.await.expect("task");
        }
        let elapsed = started.elapsed();
        let received = sandbox.request_count() as usize;
        let windows_needed = CREATES.div_ceil(FREE_PER_WINDOW);
        let minimum = Duration::from_secs(window_secs * (windows_needed as u64 - 1));
        println!(
            "{CREATES} creates from {TASKS} tasks, Free plan ({FREE_PER_WINDOW}/window), window {window_secs} s"
        );
        println!("requests sent: {received}; 429s received: {}", received - CREATES);
        println!(
            "total {:.3} s; theoretical minimum {:.3} s; ratio {:.3} (goal: 0 429s, within 5%)",
            elapsed.as_secs_f64(),
            minimum.as_secs_f64(),
            elapsed.as_secs_f64() / minimum.as_secs_f64()
        );
        sandbox.shutdown().await;
    });
}

async fn sleep_until_window_start(window_secs: u64) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock after 1970");
    let window = Duration::from_secs(window_secs);
    let into = Duration::from_nanos((now.as_nanos() % window.as_nanos()) as u64);
    // A few ms past the boundary so the sandbox has surely rolled over too.
    tokio::time::sleep(window - into + Duration::from_millis(5)).await;
}
