//! The activity history through the real binary: every request recorded (never the key), the
//! app and four CLI processes writing at once without losing an entry, `petstore log` and
//! `petstore quota --history`.

mod support;

use std::time::Duration;

use petstore_activity::{ActivityStore, Filter, Retention, Source};
use petstore_client::{ApiKey, BaseUrl, ClientConfig, Environment, ListQuery, PetstoreClient};
use support::{KEY, TestSandbox, stdout_json, text};

fn data_dir(sandbox: &TestSandbox) -> std::path::PathBuf {
    sandbox.config_dir.path().join("data")
}

fn history_bytes(sandbox: &TestSandbox) -> Vec<u8> {
    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(data_dir(sandbox)).unwrap() {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("activity.sqlite3"))
        {
            bytes.extend(std::fs::read(path).unwrap());
        }
    }
    bytes
}

/// Every spool file's bytes (the runs' entries not yet moved into the history).
fn spool_bytes(sandbox: &TestSandbox) -> Vec<u8> {
    let dir = data_dir(sandbox).join(petstore_activity::SPOOL_DIR);
    let Ok(items) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut bytes = Vec::new();
    for item in items {
        bytes.extend(std::fs::read(item.unwrap().path()).unwrap_or_default());
    }
    bytes
}

#[test]
fn every_request_is_recorded_and_the_key_never_is() {
    let key = "k3y-that-must-never-be-written-7f3a9";
    let sandbox = TestSandbox::with_config(
        petstore_sandbox::SandboxConfig::default().with_key(key, petstore_sandbox::Plan::Pro),
        None,
    );
    let add = sandbox
        .petstore(Some(key))
        .args(["add", "--name", "Marmalade", "--category", "4"])
        .output()
        .unwrap();
    assert_eq!(add.status.code(), Some(0), "{}", text(&add.stderr));
    let list = sandbox
        .petstore(Some(key))
        .args(["list", "--limit", "3"])
        .output()
        .unwrap();
    assert_eq!(list.status.code(), Some(0), "{}", text(&list.stderr));
    // What a run spooled is no more the key's place than the history is.
    let spooled = spool_bytes(&sandbox);
    assert!(
        !String::from_utf8_lossy(&spooled).contains(key),
        "the key is in a spool"
    );

    let log = sandbox
        .petstore(None)
        .args(["--json", "log", "--limit", "10"])
        .output()
        .unwrap();
    assert_eq!(log.status.code(), Some(0), "{}", text(&log.stderr));
    let entries = stdout_json(&log);
    let entries = entries.as_array().unwrap();
    assert_eq!(entries.len(), 2, "{entries:#?}");
    assert_eq!(entries[0]["operation"], "listPets", "newest first");
    assert_eq!(entries[0]["path"], "/v1/pets?limit=3");
    assert_eq!(entries[1]["operation"], "createPet");
    assert_eq!(entries[1]["pet"]["name"], "Marmalade");
    assert_eq!(entries[1]["status"], 201);
    assert_eq!(entries[1]["source"], "cli");
    assert!(entries[1]["pet"]["id"].is_i64());

    let human = sandbox.petstore(None).args(["log"]).output().unwrap();
    let human = text(&human.stdout);
    assert!(human.contains("POST /v1/pets"), "{human}");
    assert!(human.contains("\"Marmalade\" is pet"), "{human}");

    // Read after `log`, which moved every spool in before it read.
    let bytes = history_bytes(&sandbox);
    assert!(!bytes.is_empty(), "the history was written");
    let haystack = String::from_utf8_lossy(&bytes);
    assert!(!haystack.contains(key), "the key is in the history file");
    assert!(
        haystack.contains("Marmalade"),
        "the create's name is recorded"
    );
}

#[test]
fn the_app_and_four_cli_processes_writing_at_once_lose_no_entry() {
    let sandbox = TestSandbox::start();
    std::fs::create_dir_all(data_dir(&sandbox)).unwrap();
    let path = data_dir(&sandbox).join(petstore_activity::ACTIVITY_FILE);
    const RUNS_PER_PROCESS: usize = 8;
    const APP_REQUESTS: usize = 30;

    // The "app": a client recording into the same file from this process.
    let store = ActivityStore::open(&path, Retention::default())
        .unwrap()
        .store;
    let config = ClientConfig::new(
        Environment::Sandbox,
        BaseUrl::parse(&sandbox.url()).unwrap(),
    )
    .with_api_key(ApiKey::new(KEY.to_owned()).unwrap())
    .with_activity_sink(store.sink(Source::App));
    let client = PetstoreClient::new(config).unwrap();

    let clis: Vec<_> = (0..4)
        .map(|_| {
            let mut command = support::petstore_std(sandbox.config_dir.path(), Some(KEY));
            command.args(["--base-url", &sandbox.url(), "list", "--limit", "1"]);
            std::thread::spawn(move || {
                for _ in 0..RUNS_PER_PROCESS {
                    let out = command.output().unwrap();
                    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
                }
            })
        })
        .collect();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        for _ in 0..APP_REQUESTS {
            client.list_pets(&ListQuery::default()).await.unwrap();
        }
    });
    for cli in clis {
        cli.join().unwrap();
    }
    assert!(store.flush(Duration::from_secs(10)));
    // What the app does before it reads: the runs' spools, those their helpers are still moving
    // in waited for.
    store.ingest_spools(Duration::from_secs(10));

    let all = store.count(&Filter::default()).unwrap();
    assert_eq!(all as usize, APP_REQUESTS + 4 * RUNS_PER_PROCESS);
    let app = store
        .query(&Filter::default(), 0, 500)
        .unwrap()
        .into_iter()
        .filter(|entry| entry.source == Source::App)
        .count();
    assert_eq!(app, APP_REQUESTS);
}

#[test]
fn quota_history_counts_each_window_with_its_429s() {
    let sandbox = TestSandbox::rate_limited(Duration::from_secs(600));
    // Three recorded requests, then the quota runs out and a recorded list meets the 429.
    for _ in 0..3 {
        let out = sandbox
            .petstore(Some(KEY))
            .args(["list", "--limit", "1"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    sandbox.exhaust_quota(KEY);
    let limited = sandbox
        .petstore(Some(KEY))
        .args(["--timeout", "1", "list"])
        .output()
        .unwrap();
    assert_eq!(limited.status.code(), Some(5), "{}", text(&limited.stderr));

    let out = sandbox
        .petstore(None)
        .args(["--json", "quota", "--history", "--since", "1h"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let windows = stdout_json(&out);
    let windows = windows.as_array().unwrap();
    let total: u64 = windows
        .iter()
        .map(|w| w["requests"].as_u64().unwrap())
        .sum();
    let limited: u64 = windows
        .iter()
        .map(|w| w["rateLimited"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 4, "{windows:#?}");
    assert_eq!(limited, 1, "{windows:#?}");
    assert!(
        windows.iter().any(|w| w["lowestRemaining"] == 0),
        "the spent window's lowest remaining is 0: {windows:#?}"
    );

    let human = sandbox
        .petstore(None)
        .args(["quota", "--history"])
        .output()
        .unwrap();
    let human = text(&human.stdout);
    assert!(
        human.contains("429s") && human.contains("LOWEST REMAINING"),
        "{human}"
    );
}

#[test]
fn log_refuses_a_since_it_cannot_read_and_filters_by_outcome() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(None)
        .args(["log", "--since", "yesterday"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("30m, 1h or 7d"),
        "{}",
        text(&out.stderr)
    );

    let missing = sandbox
        .petstore(Some(KEY))
        .args(["get", "987654"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(4));
    let ok = sandbox.petstore(Some(KEY)).args(["list"]).output().unwrap();
    assert_eq!(ok.status.code(), Some(0));
    // Looking up an id that does not exist is an answer, not a failure.
    let log = |outcome: &str| {
        let out = sandbox
            .petstore(None)
            .args(["--json", "log", "--outcome", outcome, "--since", "1h"])
            .output()
            .unwrap();
        stdout_json(&out).as_array().unwrap().clone()
    };
    let not_found = log("notFound");
    assert_eq!(not_found.len(), 1, "{not_found:#?}");
    assert_eq!(not_found[0]["outcome"], "notFound");
    assert_eq!(not_found[0]["errorKind"], "notFound");
    assert_eq!(not_found[0]["status"], 404);
    assert_eq!(log("error"), Vec::<serde_json::Value>::new());
    let human = sandbox.petstore(None).args(["log"]).output().unwrap();
    assert!(
        text(&human.stdout).contains("not found"),
        "{}",
        text(&human.stdout)
    );
}
