//! Fault soak: 300 creates from 8 tasks through one `PetstoreClient` against an in-process
//! sandbox with latency, dropped answers (after the pet is stored) and 503s switched on. Then
//! the store is compared with what the client reported: every "created" is there exactly once
//! with the id it was given, every "outcome unknown" at most once, nothing else, and no name
//! twice. The figures are printed (`-- --nocapture`); a run is recorded in BENCHMARKS.md.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use petstore_client::retry::RetryPolicy;
use petstore_client::{
    ApiKey, BaseUrl, ClientConfig, Environment, Error, ErrorKind, Limit, ListQuery, NewPet,
    PetstoreClient,
};
use petstore_sandbox::{Faults, Plan, Sandbox, SandboxConfig};

const KEY: &str = "soak-enterprise-key";
const CREATES: usize = 300;
const TASKS: usize = 8;

/// What the client said about one create.
#[derive(Debug)]
enum Reported {
    Created(i64),
    Unknown,
    Failed(ErrorKind),
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creates_under_faults_are_never_duplicated_nor_lost() {
    let config = SandboxConfig {
        seed_demo_data: false,
        page_size_links: true,
        ..SandboxConfig::default()
    }
    .with_key(
        KEY,
        Plan::Enterprise {
            per_minute: 1_000_000,
            per_day: 10_000_000,
        },
    );
    let sandbox = Sandbox::start(config).await.expect("sandbox starts");
    let client = PetstoreClient::new(
        ClientConfig::new(
            Environment::Sandbox,
            BaseUrl::parse(&sandbox.base_url()).expect("loopback"),
        )
        .with_api_key(ApiKey::new(KEY.to_owned()).expect("key"))
        .with_timeouts(Duration::from_secs(2), Duration::from_secs(5))
        .with_retry(RetryPolicy {
            max_attempts: 3,
            base_delay: Duration::from_millis(10),
            max_delay: Duration::from_millis(100),
            ..RetryPolicy::default()
        }),
    )
    .expect("client builds");
    sandbox.set_faults(Faults {
        latency: Duration::from_millis(15),
        error_rate: 0.1,
        drop_rate: 0.1,
    });

    let started = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..TASKS {
        let (client, next) = (client.clone(), next.clone());
        tasks.push(tokio::spawn(async move {
            let mut reported = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= CREATES {
                    return reported;
                }
                let name = format!("soak-{i:03}");
                let pet = NewPet::new(&name, 1 + (i as i64 % 5), None).expect("valid");
                let outcome = match client.create_pet(&pet).await {
                    Ok(created) => {
                        assert_eq!(created.value.name, name);
                        Reported::Created(created.value.id)
                    }
                    Err(Error::OutcomeUnknown { .. }) => Reported::Unknown,
                    Err(other) => Reported::Failed(other.kind()),
                };
                reported.push((name, outcome));
            }
        }));
    }
    let mut reported: HashMap<String, Reported> = HashMap::new();
    for task in tasks {
        for (name, outcome) in task.await.expect("task ends") {
            assert!(
                reported.insert(name, outcome).is_none(),
                "one report per name"
            );
        }
    }
    let creating = started.elapsed();
    let posts = sandbox.request_count();

    // The store, all pages, without faults.
    sandbox.set_faults(Faults::default());
    let mut stored: HashMap<String, Vec<i64>> = HashMap::new();
    let query = ListQuery {
        status: None,
        limit: Limit::new(100).expect("valid"),
    };
    let mut page = client.list_pets(&query).await.expect("first page").value;
    loop {
        assert_eq!(page.dropped, 0);
        for pet in &page.pets {
            stored.entry(pet.name.clone()).or_default().push(pet.id);
        }
        match &page.next {
            Some(next) => page = client.next_page(next).await.expect("next page").value,
            None => break,
        }
    }

    let count = |f: fn(&Reported) -> bool| reported.values().filter(|r| f(r)).count();
    let created = count(|r| matches!(r, Reported::Created(_)));
    let unknowns = count(|r| matches!(r, Reported::Unknown));
    let failed = count(|r| matches!(r, Reported::Failed(_)));
    let unknowns_stored = reported
        .iter()
        .filter(|(name, r)| matches!(r, Reported::Unknown) && stored.contains_key(*name))
        .count();
    let duplicates = stored.values().filter(|ids| ids.len() > 1).count();
    println!(
        "soak: {CREATES} creates from {TASKS} tasks, {posts} requests received: {created} created, \
         {unknowns} outcome unknown ({unknowns_stored} of them stored), {failed} other errors, \
         {duplicates} duplicates, {} pets stored; creating took {} ms, {} ms in all",
        stored.values().map(Vec::len).sum::<usize>(),
        creating.as_millis(),
        started.elapsed().as_millis()
    );

    assert_eq!(reported.len(), CREATES);
    assert_eq!(posts, CREATES as u64, "every create was sent exactly once");
    assert_eq!(duplicates, 0, "no name stored twice: {stored:?}");
    for (name, outcome) in &reported {
        let ids = stored.get(name).map_or(&[][..], Vec::as_slice);
        match outcome {
            Reported::Created(id) => assert_eq!(ids, [*id], "{name} created once, as reported"),
            Reported::Unknown => assert!(ids.len() <= 1, "{name}: {ids:?}"),
            Reported::Failed(kind) => assert!(ids.is_empty(), "{name} ({kind:?}) was stored"),
        }
    }
    let strangers: Vec<&String> = stored
        .keys()
        .filter(|name| !reported.contains_key(*name))
        .collect();
    assert!(strangers.is_empty(), "nothing else: {strangers:?}");
    // The faults did happen, and most creates still went through.
    assert!(unknowns > 0, "the faults were on");
    assert!(created > CREATES / 2, "{created} created");
    assert_eq!(failed, 0, "no failure other than an unknown outcome");
}
