//! Real files in temporary folders; "processes" are threads, each with its own `WaitMemory` (and so
//! its own opens of the lock file, which flock-style locks exclude as they would processes).

use std::fs;
use std::sync::Barrier;

use chrono::TimeDelta;
use serde_json::json;

use super::*;

fn key(text: &str) -> ApiKey {
    ApiKey::new(text.to_owned()).expect("valid key")
}

fn memory() -> (tempfile::TempDir, WaitMemory) {
    let dir = tempfile::tempdir().expect("temp dir");
    let memory = WaitMemory::at(dir.path().join("nested").join(FILE_NAME));
    (dir, memory)
}

use petstore_client::CLEAR_SPACING as SPACING;

fn forget(memory: &WaitMemory, base_url: &str, secret: &str, now: DateTime<Utc>) -> Forgetting {
    memory.forget(base_url, &key(secret), now).expect("forget")
}

fn forgot(memory: &WaitMemory, base_url: &str, secret: &str, now: DateTime<Utc>) -> bool {
    match forget(memory, base_url, secret, now) {
        Forgetting::Done(removed) => removed,
        Forgetting::TooSoon { again_at } => panic!("refused until {again_at}"),
    }
}

fn on_disk(memory: &WaitMemory) -> Value {
    serde_json::from_slice(&fs::read(memory.path()).expect("read")).expect("valid JSON")
}

fn tags(memory: &WaitMemory) -> Vec<String> {
    on_disk(memory)["waits"]
        .as_array()
        .expect("waits")
        .iter()
        .map(|w| w["keyTag"].as_str().expect("tag").to_owned())
        .collect()
}

#[test]
fn a_remembered_wait_is_found_for_the_same_address_and_key_only() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let until = now + TimeDelta::seconds(30);
    memory.remember("http://127.0.0.1:1/v1", &key("secret-key-1"), until, now);
    assert_eq!(
        memory.not_before("http://127.0.0.1:1/v1", &key("secret-key-1"), now),
        Some(until)
    );
    assert_eq!(
        memory.not_before("http://127.0.0.1:2/v1", &key("secret-key-1"), now),
        None
    );
    assert_eq!(
        memory.not_before("http://127.0.0.1:1/v1", &key("secret-key-2"), now),
        None
    );
}

#[test]
fn a_wait_in_the_past_is_forgotten() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    memory.remember("b", &key("secret-key-1"), now + TimeDelta::seconds(5), now);
    let later = now + TimeDelta::seconds(6);
    assert_eq!(memory.not_before("b", &key("secret-key-1"), later), None);
    memory.remember(
        "c",
        &key("secret-key-1"),
        later + TimeDelta::seconds(5),
        later,
    );
    let text = fs::read_to_string(memory.path()).expect("file");
    assert!(
        !text.contains("\"b\""),
        "expired entries are pruned: {text}"
    );
}

#[test]
fn the_file_never_holds_the_key() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    memory.remember(
        "b",
        &key("very-secret-key-123"),
        now + TimeDelta::seconds(5),
        now,
    );
    let text = fs::read_to_string(memory.path()).expect("file");
    assert!(!text.contains("very-secret-key-123"));
}

#[test]
fn no_file_in_the_folder_holds_the_key() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let secret = "very-secret-key-456";
    memory.remember("b", &key(secret), now + TimeDelta::seconds(5), now);
    memory.remember("c", &key(secret), now + TimeDelta::seconds(5), now);
    // The clearing is kept by the key's tag too.
    assert!(forgot(&memory, "c", secret, now));
    assert_eq!(on_disk(&memory)["cleared"][0]["baseUrl"], json!("c"));
    let folder = memory.path().parent().expect("folder");
    let mut names = Vec::new();
    for entry in fs::read_dir(folder).expect("list") {
        let path = entry.expect("entry").path();
        let bytes = fs::read(&path).expect("read");
        assert!(
            !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "{} holds the key",
            path.display()
        );
        names.push(
            path.file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned(),
        );
    }
    names.sort();
    assert_eq!(
        names,
        ["install-secret", FILE_NAME, "rate-limit-waits.json.lock"]
    );
}

#[test]
fn a_corrupt_or_missing_file_means_nothing_remembered() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    assert_eq!(memory.not_before("b", &key("secret-key-1"), now), None);
    fs::create_dir_all(memory.path().parent().expect("parent")).expect("dir");
    fs::write(memory.path(), b"{ not json").expect("write");
    assert_eq!(memory.not_before("b", &key("secret-key-1"), now), None);
    let until = now + TimeDelta::seconds(9);
    memory.remember("b", &key("secret-key-1"), until, now);
    assert_eq!(
        memory.not_before("b", &key("secret-key-1"), now),
        Some(until)
    );
}

#[test]
fn a_corrupt_file_is_kept_aside_not_lost() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let folder = memory.path().parent().expect("folder").to_owned();
    fs::create_dir_all(&folder).expect("dir");
    let broken = b"{\"waits\": [ {\"baseUrl\": \"b\",, } ]}";
    fs::write(memory.path(), broken).expect("write");
    memory.remember("b", &key("secret-key-1"), now + TimeDelta::seconds(9), now);

    let kept: Vec<_> = fs::read_dir(&folder)
        .expect("list")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                n.to_string_lossy()
                    .starts_with("rate-limit-waits.json.broken-")
            })
        })
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(fs::read(&kept[0]).expect("kept"), broken);
    assert_eq!(tags(&memory).len(), 1, "a new file with the new wait");
}

#[test]
fn a_file_over_the_limit_is_nothing_remembered_and_kept_aside() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    fs::create_dir_all(memory.path().parent().expect("folder")).expect("dir");
    let until = now + TimeDelta::seconds(9);
    memory.remember("b", &key("secret-key-1"), until, now);
    let mut huge = fs::read(memory.path()).expect("read");
    huge.extend(std::iter::repeat_n(b' ', MAX_FILE_BYTES as usize));
    fs::write(memory.path(), &huge).expect("write");
    assert_eq!(memory.not_before("b", &key("secret-key-1"), now), None);
    memory.remember("c", &key("secret-key-1"), until, now);
    assert_eq!(
        memory.not_before("c", &key("secret-key-1"), now),
        Some(until)
    );
    let kept = fs::read_dir(memory.path().parent().expect("folder"))
        .expect("list")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".broken-"))
        .map(|e| e.metadata().expect("metadata").len())
        .collect::<Vec<_>>();
    assert_eq!(kept, [huge.len() as u64]);
}

#[test]
fn fields_this_version_does_not_know_survive_a_write() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    fs::create_dir_all(memory.path().parent().expect("folder")).expect("dir");
    let later = now + TimeDelta::hours(1);
    memory.remember("a", &key("secret-key-1"), later, now);
    let mut file = on_disk(&memory);
    file["format"] = json!({"version": 3});
    file["waits"][0]["reason"] = json!("quotaExhausted");
    fs::write(memory.path(), file.to_string()).expect("write");

    memory.remember("b", &key("secret-key-1"), later, now);
    let after = on_disk(&memory);
    assert_eq!(after["format"], json!({"version": 3}));
    assert_eq!(after["waits"][0]["baseUrl"], json!("a"));
    assert_eq!(after["waits"][0]["reason"], json!("quotaExhausted"));
    assert_eq!(after["waits"][1]["baseUrl"], json!("b"));
}

/// The former tag: `DefaultHasher` (SipHash with fixed keys) over a salt kept in the file.
fn former_tag(salt: u64, key: &ApiKey) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut hasher = DefaultHasher::new();
    salt.hash(&mut hasher);
    key.expose_secret().hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

#[test]
fn tags_of_the_former_format_never_match_and_are_pruned_on_the_next_write() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let until = now + TimeDelta::hours(1);
    let old = key("secret-key-1");
    fs::create_dir_all(memory.path().parent().expect("folder")).expect("dir");
    let former = json!({
        "salt": 7,
        "waits": [{"baseUrl": "a", "keyTag": former_tag(7, &old), "until": until}],
    });
    fs::write(memory.path(), former.to_string()).expect("write");
    assert_eq!(memory.not_before("a", &old, now), None);

    memory.remember("b", &key("secret-key-2"), until, now);
    let after = on_disk(&memory);
    assert_eq!(after["waits"].as_array().expect("waits").len(), 1);
    assert_eq!(after["waits"][0]["baseUrl"], json!("b"));
    assert_eq!(after["salt"], json!(7), "older versions can still read it");
}

#[test]
fn tags_are_stable_across_instances_and_differ_across_folders() {
    let (dir, first) = memory();
    let now = Utc::now();
    let until = now + TimeDelta::minutes(5);
    first.remember("a", &key("secret-key-1"), until, now);
    let second = WaitMemory::at(dir.path().join("nested").join(FILE_NAME));
    assert_eq!(
        second.not_before("a", &key("secret-key-1"), now),
        Some(until)
    );
    second.remember(
        "a",
        &key("secret-key-1"),
        until + TimeDelta::seconds(1),
        now,
    );
    assert_eq!(tags(&first).len(), 1, "the same tag replaced the wait");

    let (_other_dir, elsewhere) = memory();
    elsewhere.remember("a", &key("secret-key-1"), until, now);
    let (here, there) = (tags(&first), tags(&elsewhere));
    assert!(here[0].starts_with("hmac-sha256:") && here[0].len() == 12 + 64);
    assert_ne!(here, there, "another install's secret gives another tag");
    assert_eq!(elsewhere.not_before("a", &key("secret-key-2"), now), None);
}

#[cfg(unix)]
#[test]
fn the_install_secret_is_32_bytes_only_its_owner_may_read() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, memory) = memory();
    let now = Utc::now();
    memory.remember("a", &key("secret-key-1"), now + TimeDelta::seconds(5), now);
    let secret = memory.path().with_file_name("install-secret");
    let metadata = fs::metadata(&secret).expect("secret");
    assert_eq!(metadata.permissions().mode() & 0o777, 0o600);
    assert_eq!(metadata.len(), 32);
}

#[test]
fn a_short_secret_is_replaced() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let until = now + TimeDelta::seconds(30);
    let secret = memory.path().with_file_name("install-secret");
    fs::create_dir_all(secret.parent().expect("folder")).expect("dir");
    fs::write(&secret, b"short").expect("write");
    assert_eq!(memory.not_before("a", &key("secret-key-1"), now), None);
    memory.remember("a", &key("secret-key-1"), until, now);
    assert_eq!(fs::metadata(&secret).expect("secret").len(), 32);
    assert_eq!(
        memory.not_before("a", &key("secret-key-1"), now),
        Some(until)
    );
}

#[test]
fn concurrent_remembers_lose_no_entry() {
    const THREADS: usize = 6;
    const EACH: usize = 12;
    let (dir, _) = memory();
    let path = dir.path().join("nested").join(FILE_NAME);
    let now = Utc::now();
    let until = now + TimeDelta::minutes(5);
    let start = Arc::new(Barrier::new(THREADS));
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            let (memory, start) = (WaitMemory::at(&path), start.clone());
            std::thread::spawn(move || {
                start.wait();
                for i in 0..EACH {
                    memory.remember(
                        &format!("http://127.0.0.1:{t}/v{i}"),
                        &key("k-1"),
                        until,
                        now,
                    );
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("thread");
    }
    let memory = WaitMemory::at(&path);
    assert_eq!(tags(&memory).len(), THREADS * EACH);
    for t in 0..THREADS {
        for i in 0..EACH {
            let base = format!("http://127.0.0.1:{t}/v{i}");
            assert_eq!(
                memory.not_before(&base, &key("k-1"), now),
                Some(until),
                "{base}"
            );
        }
    }
}

#[test]
fn forget_removes_only_that_wait() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let until = now + TimeDelta::minutes(5);
    assert!(!forgot(&memory, "a", "secret-key-1", now), "nothing yet");
    memory.remember("a", &key("secret-key-1"), until, now);
    memory.remember("a", &key("secret-key-2"), until, now);
    memory.remember("b", &key("secret-key-1"), until, now);

    assert!(forgot(&memory, "a", "secret-key-1", now));
    assert_eq!(memory.not_before("a", &key("secret-key-1"), now), None);
    assert_eq!(
        memory.not_before("a", &key("secret-key-2"), now),
        Some(until)
    );
    assert_eq!(
        memory.not_before("b", &key("secret-key-1"), now),
        Some(until)
    );
    let later = now + SPACING;
    assert!(!forgot(&memory, "a", "secret-key-1", later), "already gone");
    assert_eq!(tags(&memory).len(), 2);
}

#[test]
fn a_wait_is_cleared_at_most_once_a_spacing_by_all_processes_together() {
    let (_dir, memory) = memory();
    let other = WaitMemory::at(memory.path());
    let now = Utc::now();
    let until = now + TimeDelta::minutes(5);
    memory.remember("a", &key("secret-key-1"), until, now);
    assert!(forgot(&memory, "a", "secret-key-1", now));

    // Remembered again (a new 429), and another process asks to clear it half a minute later.
    let soon = now + TimeDelta::seconds(30);
    other.remember("a", &key("secret-key-1"), until, soon);
    assert_eq!(
        forget(&other, "a", "secret-key-1", soon),
        Forgetting::TooSoon {
            again_at: now + SPACING
        }
    );
    assert_eq!(
        other.not_before("a", &key("secret-key-1"), soon),
        Some(until),
        "the wait stays"
    );
    // Even with nothing left to clear, the answer is the same: at most once a minute.
    assert!(matches!(
        forget(&memory, "a", "secret-key-1", soon),
        Forgetting::TooSoon { .. }
    ));
    // Other keys and addresses have their own minute.
    other.remember("a", &key("secret-key-2"), until, soon);
    assert!(forgot(&other, "a", "secret-key-2", soon));
    assert!(!forgot(&other, "b", "secret-key-1", soon));

    let next_minute = now + SPACING;
    assert!(forgot(&other, "a", "secret-key-1", next_minute));
    let cleared = on_disk(&memory)["cleared"]
        .as_array()
        .expect("cleared")
        .len();
    assert_eq!(cleared, 2, "one per address and key: {}", on_disk(&memory));
}

#[test]
fn a_clearing_stamped_ahead_of_the_clock_refuses_nothing() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let until = now + TimeDelta::minutes(5);
    memory.remember("a", &key("secret-key-1"), until, now);
    // Cleared by a clock that ran a day ahead, since set right.
    assert!(forgot(
        &memory,
        "a",
        "secret-key-1",
        now + TimeDelta::days(1)
    ));
    memory.remember("a", &key("secret-key-1"), until, now);
    assert!(forgot(&memory, "a", "secret-key-1", now));
}

#[test]
fn a_file_with_clearings_is_still_read_and_kept_by_every_version() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let until = now + TimeDelta::minutes(5);
    memory.remember("a", &key("secret-key-1"), until, now);
    assert!(forgot(&memory, "a", "secret-key-1", now));
    memory.remember("b", &key("secret-key-1"), until, now);
    // The versions before this one read `waits` and keep any other field as it is.
    let file = on_disk(&memory);
    assert_eq!(file["waits"].as_array().map(Vec::len), Some(1));
    assert_eq!(file["cleared"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        memory.not_before("b", &key("secret-key-1"), now),
        Some(until)
    );
}

/// `not_before` runs before every request. Measured here in a debug build: see the printed figure
/// (a few microseconds a call, a small read and a comparison; the file is parsed only when its
/// bytes change). The bound is loose so a busy machine does not fail it.
#[test]
fn not_before_is_cheap() {
    let (_dir, memory) = memory();
    let now = Utc::now();
    let until = now + TimeDelta::minutes(5);
    for i in 0..20 {
        memory.remember(&format!("http://127.0.0.1:{i}/v1"), &key("k-1"), until, now);
    }
    let calls = 2_000;
    let started = std::time::Instant::now();
    for _ in 0..calls {
        assert_eq!(
            memory.not_before("http://127.0.0.1:7/v1", &key("k-1"), now),
            Some(until)
        );
    }
    let each = started.elapsed() / calls;
    println!("not_before: {each:?} a call with 20 waits remembered");
    assert!(
        each < std::time::Duration::from_millis(1),
        "{each:?} a call"
    );
}
