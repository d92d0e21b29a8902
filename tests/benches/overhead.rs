//! Client overhead: `list_pets(limit=100)` against the sandbox on loopback, side by side with a
//! bare reqwest + serde_json loop in the same run. Prints p50/p99 latency and requests per second.
//! A third loop, the same client recording every request into the activity history (a SQLite
//! file in a temporary folder, as the app and the CLI do), gives recording's cost side by side
//! (the goal: at most 2%).
//!
//! Run: `cargo bench -p petstore-e2e --bench overhead`. Figures go to BENCHMARKS.md.

use std::time::{Duration, Instant};

use petstore_client::{
    ApiKey, BaseUrl, ClientConfig, Environment, Limit, ListQuery, PetstoreClient,
};
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};
use serde::Deserialize;

const KEY: &str = "bench-key";
const ROUNDS: usize = 20;
const PER_ROUND: usize = 200;

/// What a hand-written caller would decode: the spec's Pet, nothing more.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct BarePet {
    id: i64,
    name: String,
    category_id: i64,
    status: Option<String>,
}

fn main() {
    // The sandbox gets a runtime (and a core) of its own, so it serves both loops alike.
    let server_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("server runtime");
    let sandbox = server_runtime.block_on(async {
        let config = SandboxConfig::default().with_key(
            KEY,
            Plan::Enterprise {
                per_minute: u64::MAX / 4,
                per_day: u64::MAX / 4,
            },
        );
        let sandbox = Sandbox::start(config).await.expect("sandbox starts");
        for i in 0..100 {
            sandbox.insert_pet(&format!("Bench pet {i}"), 1 + i % 6, "available", None);
        }
        sandbox
    });
    let base_url = sandbox.base_url();

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("client runtime");
    runtime.block_on(async {
        let base = BaseUrl::parse(&base_url).expect("base url");
        let config = ClientConfig::new(Environment::Sandbox, base)
            .with_api_key(ApiKey::new(KEY.to_owned()).expect("key"));
        let client = PetstoreClient::new(config.clone()).expect("client");
        let history_dir = tempfile::tempdir().expect("temp dir");
        let store = petstore_activity::ActivityStore::open(
            &history_dir.path().join(petstore_activity::ACTIVITY_FILE),
            petstore_activity::Retention::default(),
        )
        .expect("activity store")
        .store;
        // OVERHEAD_SINK=discard: records are described but dropped, which splits recording's cost
        // into describing a request and writing it.
        let sink: std::sync::Arc<dyn petstore_client::ActivitySink> =
            match std::env::var("OVERHEAD_SINK").as_deref() {
                Ok("discard") => std::sync::Arc::new(Discard),
                _ => store.sink(petstore_activity::Source::App),
            };
        let recording =
            PetstoreClient::new(config.with_activity_sink(sink)).expect("recording client");
        let query = ListQuery {
            status: None,
            limit: Limit::new(100).expect("limit"),
        };
        let bare = reqwest::Client::builder()
            .no_proxy()
            .build()
            .expect("bare client");
        let bare_url = format!("{base_url}/pets?limit=100");

        let mut client_times = Vec::with_capacity(ROUNDS * PER_ROUND);
        let mut bare_times = Vec::with_capacity(ROUNDS * PER_ROUND);
        let mut recording_times = Vec::with_capacity(ROUNDS * PER_ROUND);
        let mut recording_ratios = Vec::with_capacity(ROUNDS);
        // Warm both connections and the sandbox before measuring.
        for _ in 0..100 {
            let pets = client
                .list_pets(&query)
                .await
                .expect("client list")
                .value
                .pets;
            assert_eq!(pets.len(), 100);
            bare_list(&bare, &bare_url).await;
            recording.list_pets(&query).await.expect("recording list");
        }
        // Interleaved rounds so drift in the machine's load hits both sides alike; the median of
        // the per-round ratios is the figure least moved by a busy neighbour.
        let mut round_ratios = Vec::with_capacity(ROUNDS);
        for _ in 0..ROUNDS {
            let client_before = client_times.len();
            let bare_before = bare_times.len();
            for _ in 0..PER_ROUND {
                let started = Instant::now();
                let page = client.list_pets(&query).await.expect("client list");
                client_times.push(started.elapsed());
                assert_eq!(page.value.pets.len(), 100);
            }
            for _ in 0..PER_ROUND {
                let started = Instant::now();
                let pets = bare_list(&bare, &bare_url).await;
                bare_times.push(started.elapsed());
                assert_eq!(pets, 100);
            }
            let recording_before = recording_times.len();
            for _ in 0..PER_ROUND {
                let started = Instant::now();
                let page = recording.list_pets(&query).await.expect("recording list");
                recording_times.push(started.elapsed());
                assert_eq!(page.value.pets.len(), 100);
            }
            let client_round: Duration = client_times[client_before..].iter().sum();
            let bare_round: Duration = bare_times[bare_before..].iter().sum();
            let recording_round: Duration = recording_times[recording_before..].iter().sum();
            round_ratios.push(client_round.as_secs_f64() / bare_round.as_secs_f64());
            recording_ratios.push(recording_round.as_secs_f64() / client_round.as_secs_f64());
        }
        round_ratios.sort_by(f64::total_cmp);
        let median_round_ratio = round_ratios[round_ratios.len() / 2];
        recording_ratios.sort_by(f64::total_cmp);
        let median_recording_ratio = recording_ratios[recording_ratios.len() / 2];
        let client_stats = Stats::of(&mut client_times);
        let bare_stats = Stats::of(&mut bare_times);
        let recording_stats = Stats::of(&mut recording_times);
        println!(
            "list_pets(limit=100) against the sandbox on 127.0.0.1, {} requests each",
            ROUNDS * PER_ROUND
        );
        println!("{:<22} {:>10} {:>10} {:>12}", "", "p50", "p99", "req/s");
        bare_stats.print("bare reqwest+serde");
        client_stats.print("petstore-client");
        recording_stats.print("client + history");
        println!(
            "client/bare: p50 {:.3}x, p99 {:.3}x, throughput {:.3}x (goal: within 10%)",
            ratio(client_stats.p50, bare_stats.p50),
            ratio(client_stats.p99, bare_stats.p99),
            client_stats.per_second / bare_stats.per_second,
        );
        println!(
            "median of {ROUNDS} interleaved rounds: client time / bare time = {median_round_ratio:.3} (goal: at most 1.10)"
        );
        assert!(store.flush(Duration::from_secs(30)), "the history was written");
        let recorded = store
            .count(&petstore_activity::Filter::default())
            .expect("count");
        println!(
            "recording: p50 {:.3}x the plain client's; median of {ROUNDS} rounds: recording time / plain time = {median_recording_ratio:.3} (goal: at most 1.02); {recorded} entries written, {} dropped",
            ratio(recording_stats.p50, client_stats.p50),
            store.stats().dropped,
        );
    });
    server_runtime.block_on(sandbox.shutdown());
}

/// A sink that keeps nothing (see `OVERHEAD_SINK`).
#[derive(Debug)]
struct Discard;

impl petstore_client::ActivitySink for Discard {
    fn record(&self, record: petstore_client::RequestRecord) {
        std::hint::black_box(record);
    }
}

async fn bare_list(client: &reqwest::Client, url: &str) -> usize {
    let response = client
        .get(url)
        .bearer_auth(KEY)
        .send()
        .await
        .expect("bare send");
    assert!(response.status().is_success());
    let body = response.bytes().await.expect("bare body");
    let pets: Vec<BarePet> = serde_json::from_slice(&body).expect("bare decode");
    pets.len()
}

struct Stats {
    p50: Duration,
    p99: Duration,
    per_second: f64,
}

impl Stats {
    fn of(times: &mut [Duration]) -> Stats {
        times.sort_unstable();
        let total: Duration = times.iter().sum();
        Stats {
            p50: times[times.len() / 2],
            p99: times[times.len() * 99 / 100],
            per_second: times.len() as f64 / total.as_secs_f64(),
        }
    }

    fn print(&self, label: &str) {
        println!(
            "{label:<22} {:>8.1}µs {:>8.1}µs {:>12.0}",
            micros(self.p50),
            micros(self.p99),
            self.per_second
        );
    }
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64()
}
