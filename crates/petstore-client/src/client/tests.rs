//! Two "processes" in one test: clients with governors of their own that share only a store of
//! remembered waits, against a real sandbox on 127.0.0.1. The store here is an in-memory one:
//! the file shared by real processes is `petstore-local`'s, which depends on this crate (its own
//! tests drive a client over the file).

use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex};

use chrono::TimeDelta;
use petstore_sandbox::Sandbox;
use petstore_test_support::tiny_quota;

use super::*;
use crate::clock::SystemClock;
use crate::model::ListQuery;

const KEY: &str = "two-process-key-7";

/// Waits per (base address, key), shared by the clients given it.
#[derive(Debug, Default)]
struct InMemoryWaits {
    waits: Mutex<HashMap<(String, u64), DateTime<Utc>>>,
}

impl InMemoryWaits {
    fn entry(base_url: &str, key: &ApiKey) -> (String, u64) {
        (base_url.to_owned(), key.fingerprint())
    }
}

impl WaitStore for InMemoryWaits {
    fn not_before(
        &self,
        base_url: &str,
        key: &ApiKey,
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        let waits = self.waits.lock().unwrap();
        let until = *waits.get(&Self::entry(base_url, key))?;
        (until > now).then_some(until)
    }

    fn remember(&self, base_url: &str, key: &ApiKey, until: DateTime<Utc>, _now: DateTime<Utc>) {
        let mut waits = self.waits.lock().unwrap();
        let wait = waits.entry(Self::entry(base_url, key)).or_insert(until);
        *wait = (*wait).max(until);
    }

    fn forget(
        &self,
        base_url: &str,
        key: &ApiKey,
        _now: DateTime<Utc>,
    ) -> io::Result<crate::ratelimit::Forgetting> {
        let mut waits = self.waits.lock().unwrap();
        let removed = waits.remove(&Self::entry(base_url, key)).is_some();
        Ok(crate::ratelimit::Forgetting::Done(removed))
    }

    fn location(&self) -> String {
        "memory".to_owned()
    }
}

/// What another process would have: its own governor, the same store.
fn process(sandbox: &Sandbox, memory: &Arc<InMemoryWaits>) -> PetstoreClient {
    let config = ClientConfig::new(
        Environment::Sandbox,
        BaseUrl::parse(&sandbox.base_url()).expect("loopback"),
    )
    .with_api_key(ApiKey::new(KEY.to_owned()).expect("key"))
    .with_wait_store(memory.clone());
    let http = http_client(&config).expect("client builds");
    let governor = Governor::new(Arc::new(SystemClock), config.retry.clone());
    PetstoreClient::with_governor(config, http, governor)
}

fn soon(client: &PetstoreClient) -> PetstoreClient {
    client.with_deadline(Utc::now() + TimeDelta::milliseconds(500))
}

#[tokio::test]
async fn a_429_seen_by_one_process_holds_the_other_without_sending_in_memory_store() {
    let sandbox = tiny_quota(KEY).await;
    let memory = Arc::new(InMemoryWaits::default());
    let other = process(&sandbox, &memory);
    let first = process(&sandbox, &memory);
    assert!(!Arc::ptr_eq(&other.shared.governor, &first.shared.governor));

    // The other process is already under way: one answer seen, one request left by its count.
    other.list_pets(&ListQuery::default()).await.unwrap();
    assert_eq!(other.rate_limit().and_then(|s| s.remaining), Some(1));
    // The first spends the last one, then meets a 429 it cannot wait out: it remembers it.
    first.list_pets(&ListQuery::default()).await.unwrap();
    let err = soon(&first)
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::RateLimited { .. }), "{err:?}");
    let remembered = memory
        .not_before(
            &sandbox.base_url(),
            &ApiKey::new(KEY.to_owned()).unwrap(),
            Utc::now(),
        )
        .expect("the 429's wait is remembered");

    let sent = sandbox.request_count();
    let err = soon(&other)
        .list_pets(&ListQuery::default())
        .await
        .unwrap_err();
    match err {
        Error::RateLimited { retry_at, .. } => assert!(retry_at >= remembered),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        sandbox.request_count(),
        sent,
        "the other process sent nothing during the wait the first one remembered"
    );
    assert!(other.remembered_wait().is_some_and(|w| w >= remembered));
}

/// The in-memory store keeps no time of clearing: the process's own memory of it still limits
/// clearing to once a minute (what holds when a file could not record it).
#[tokio::test]
async fn a_process_clears_a_wait_learnt_elsewhere_at_most_once_a_minute_in_memory_store() {
    let sandbox = tiny_quota(KEY).await;
    let memory = Arc::new(InMemoryWaits::default());
    let client = process(&sandbox, &memory);
    let key = ApiKey::new(KEY.to_owned()).unwrap();
    let until = Utc::now() + TimeDelta::minutes(10);
    assert!(
        !client.forget_wait().unwrap(),
        "nothing to clear is no clearing"
    );

    memory.remember(&sandbox.base_url(), &key, until, Utc::now());
    client.honour_remembered_wait();
    let cleared_at = Utc::now();
    assert!(client.forget_wait().unwrap());
    assert_eq!(client.remembered_wait(), None);

    memory.remember(&sandbox.base_url(), &key, until, Utc::now());
    match client.forget_wait() {
        Err(ForgetError::Kept(WaitKept::ClearedRecently { again_at })) => {
            assert!(again_at >= cleared_at + CLEAR_SPACING, "{again_at}");
            assert!(again_at <= Utc::now() + CLEAR_SPACING, "{again_at}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(client.remembered_wait(), Some(until), "the wait stays");
    assert_eq!(sandbox.request_count(), 0);
}
