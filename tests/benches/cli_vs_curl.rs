//! One call of the `petstore` CLI against `curl` for the same request: `petstore
//! --json list --limit 100` and `curl` GET `/pets?limit=100` with the same key, against a sandbox
//! on 127.0.0.1 holding 100 pets, in alternating rounds so machine noise hits both. Each is a
//! whole process, from spawn to exit with its output read: what a script calling either pays.
//! Prints medians, mins and the ratio; asserts nothing about time.
//!
//! Run: `cargo build --release -p petstore-cli && cargo bench -p petstore-e2e --bench
//! cli_vs_curl` (`PETSTORE_BIN` overrides the CLI; `ROUNDS` the number of rounds, default 40).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

#[path = "support/cli_process.rs"]
mod cli_process;

use cli_process::{petstore, petstore_bin};

const KEY: &str = "cli-vs-curl-key";

fn main() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(40);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let sandbox = runtime.block_on(async {
        let config = SandboxConfig {
            seed_demo_data: false,
            ..SandboxConfig::default()
        }
        .with_key(
            KEY,
            Plan::Enterprise {
                per_minute: 1_000_000,
                per_day: 100_000_000,
            },
        );
        Sandbox::start(config).await.expect("sandbox starts")
    });
    for i in 0..100 {
        sandbox.insert_pet(&format!("Pet {i:03}"), i % 9 + 1, "available", None);
    }
    let base = sandbox.base_url();
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = petstore_bin();

    let mut cli = petstore(&bin, dir.path(), KEY, &base);
    cli.args(["--json", "list", "--limit", "100"]);
    let mut curl = Command::new("curl");
    curl.args(["--silent", "--show-error", "--fail", "--header"])
        .arg(format!("Authorization: Bearer {KEY}"))
        .arg(format!("{base}/pets?limit=100"));

    // One of each first, not counted: the disk cache and the sandbox's first connection.
    time(&mut cli);
    time(&mut curl);
    let mut cli_times = Vec::new();
    let mut curl_times = Vec::new();
    for round in 0..rounds {
        // Alternate which goes first, so neither always follows the other.
        if round % 2 == 0 {
            cli_times.push(time(&mut cli));
            curl_times.push(time(&mut curl));
        } else {
            curl_times.push(time(&mut curl));
            cli_times.push(time(&mut cli));
        }
    }
    let ratios: Vec<f64> = cli_times
        .iter()
        .zip(&curl_times)
        .map(|(a, b)| a.as_secs_f64() / b.as_secs_f64())
        .collect();
    let (cli_median, cli_min) = median_min(cli_times.iter().map(ms).collect());
    let (curl_median, curl_min) = median_min(curl_times.iter().map(ms).collect());
    let (pair_median, pair_min) = median_min(ratios.clone());
    let pair_max = ratios.iter().copied().fold(0.0, f64::max);
    println!(
        "petstore list --limit 100 against curl for GET /pets?limit=100, {rounds} alternating rounds"
    );
    println!("  petstore: median {cli_median:.1} ms, min {cli_min:.1} ms");
    println!("  curl:     median {curl_median:.1} ms, min {curl_min:.1} ms");
    println!(
        "  petstore / curl: medians {:.3}, mins {:.3}; per round {pair_median:.3} ({pair_min:.3}-{pair_max:.3})",
        cli_median / curl_median,
        cli_min / curl_min
    );
    runtime.block_on(sandbox.shutdown());
}

fn time(command: &mut Command) -> Duration {
    let started = Instant::now();
    let output = command
        .stdin(Stdio::null())
        .output()
        .expect("the command runs");
    let took = started.elapsed();
    assert!(
        output.status.success() && output.stdout.len() > 1000,
        "{command:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    took
}

fn ms(duration: &Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn median_min(mut values: Vec<f64>) -> (f64, f64) {
    values.sort_by(f64::total_cmp);
    (values[values.len() / 2], values[0])
}
