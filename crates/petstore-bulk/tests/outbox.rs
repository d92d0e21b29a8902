//! The outbox against a real sandbox over HTTP: offline then back, a spent quota, a lost answer,
//! a server that cannot page, two senders at once, the same pet added meanwhile another way, a
//! damaged file, a refused key. One server is scripted (it refuses every create with 400), as no
//! real part refuses a pet the form accepts; its test says so.

mod common;

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::time::Duration;

use chrono::Utc;
use petstore_bulk::{
    Claim, CreateSource, CreatedPets, EntryState, MAX_OUTBOX_ENTRIES, Outbox, OutboxError,
    QueueReason, SendOutcome, SendStop, Settled, send_outbox,
};
use petstore_client::{NewPet, PetStatus, PetstoreClient, Priority};
use petstore_sandbox::{Faults, Plan, Sandbox, SandboxConfig};
use petstore_test_support::client_config;

use common::*;

fn pet(name: &str) -> NewPet {
    NewPet::new(name, 2, Some(PetStatus::Available)).unwrap()
}

fn free_port() -> SocketAddr {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    listener.local_addr().unwrap()
}

fn client_at(base_url: &str) -> PetstoreClient {
    PetstoreClient::new(client_config(base_url, KEY))
        .unwrap()
        .with_priority(Priority::Background)
}

fn plain_config() -> SandboxConfig {
    SandboxConfig {
        page_size_links: true,
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
    .with_key(KEY, Plan::Business)
}

fn ids_of(outcomes: &[SendOutcome]) -> Vec<(String, i64)> {
    outcomes
        .iter()
        .map(|outcome| match outcome {
            SendOutcome::Sent { entry, pet_id } => (entry.name.clone(), *pet_id),
            other => panic!("not sent: {other:?}"),
        })
        .collect()
}

#[tokio::test]
async fn queued_while_offline_they_are_sent_once_in_order_when_the_service_is_back() {
    let addr = free_port();
    let base_url = format!("http://{addr}/v1");
    let client = client_at(&base_url);
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());

    let offline = client.create_pet(&pet("Probe")).await.unwrap_err();
    assert!(petstore_bulk::may_queue(&offline), "{offline:?}");
    assert_eq!(QueueReason::of(&offline), QueueReason::Offline);
    for name in ["Ada", "Bo", "Cy"] {
        outbox
            .queue(&pet(name), QueueReason::Offline, false)
            .unwrap();
    }

    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert!(report.outcomes.is_empty());
    assert_eq!(report.left, 3);
    assert!(
        matches!(
            report.stop,
            Some(SendStop::CannotSendNow {
                reason: QueueReason::Offline,
                ..
            })
        ),
        "{:?}",
        report.stop
    );
    assert!(
        outbox
            .entries()
            .unwrap()
            .iter()
            .all(|e| e.state == EntryState::Waiting)
    );

    let sandbox = Sandbox::start_on(addr, plain_config()).await.unwrap();
    let mut heard = Vec::new();
    let report = send_outbox(&outbox, dir.path(), &client, |outcome| {
        heard.push(outcome.clone())
    })
    .await
    .unwrap();
    assert_eq!(report.stop, None);
    assert_eq!(report.left, 0);
    assert_eq!(heard, report.outcomes);
    let sent = ids_of(&report.outcomes);
    let names: Vec<&str> = sent.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["Ada", "Bo", "Cy"], "in the order filled");
    assert!(sent.windows(2).all(|w| w[0].1 < w[1].1), "{sent:?}");
    assert_eq!(sandbox.create_count(), 3);
    assert!(outbox.entries().unwrap().is_empty());

    // Run again: nothing left, nothing sent.
    let again = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert!(again.outcomes.is_empty());
    assert_eq!(sandbox.create_count(), 3);
    let listed = names_listed(&client).await;
    for name in ["Ada", "Bo", "Cy"] {
        assert_eq!(listed.get(name), Some(&1), "{name}: {listed:?}");
    }
}

async fn names_listed(client: &PetstoreClient) -> std::collections::HashMap<String, usize> {
    names(&client.with_priority(Priority::Interactive)).await
}

#[tokio::test]
async fn a_spent_quota_sends_nothing_until_its_reset_then_sends_without_a_429() {
    let mut config = SandboxConfig {
        seed_demo_data: false,
        minute_window: Duration::from_secs(3),
        ..SandboxConfig::default()
    }
    .with_key(
        KEY,
        Plan::Enterprise {
            per_minute: 2,
            per_day: 1_000,
        },
    );
    config.page_size_links = true;
    let sandbox = Sandbox::start(config).await.unwrap();
    let client = client_at(&sandbox.base_url());
    // The clerk's own requests spend the window; the client knows it from the headers.
    let interactive = client.with_priority(Priority::Interactive);
    let query = petstore_client::ListQuery {
        status: None,
        limit: petstore_client::Limit::new(1).unwrap(),
    };
    interactive.list_pets(&query).await.unwrap();
    interactive.list_pets(&query).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    outbox
        .queue(
            &pet("Quota"),
            QueueReason::QuotaSpent { until: None },
            false,
        )
        .unwrap();
    let requests_before = sandbox.request_count();

    let now_only = client.with_deadline(Utc::now() + chrono::TimeDelta::milliseconds(300));
    let report = send_outbox(&outbox, dir.path(), &now_only, |_| {})
        .await
        .unwrap();
    assert!(
        matches!(
            &report.stop,
            Some(SendStop::CannotSendNow {
                reason: QueueReason::QuotaSpent { until: Some(_) },
                ..
            })
        ),
        "{:?}",
        report.stop
    );
    assert_eq!(
        sandbox.request_count(),
        requests_before,
        "nothing sent during the wait"
    );
    assert_eq!(outbox.entries().unwrap()[0].state, EntryState::Waiting);

    // Without a deadline the run does not sit the wait out either: it names its end, and a run
    // after it sends.
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    let Some(SendStop::CannotSendNow {
        reason: QueueReason::QuotaSpent { until: Some(until) },
        ..
    }) = report.stop
    else {
        panic!("{report:?}")
    };
    assert_eq!(
        sandbox.request_count(),
        requests_before,
        "nothing sent during the wait"
    );
    // Nothing is held during the wait: the person may drop (or edit) the entry meanwhile.
    let id = outbox.entries().unwrap()[0].id;
    outbox.drop_entry(id).unwrap();
    outbox
        .queue(
            &pet("Quota"),
            QueueReason::QuotaSpent { until: None },
            false,
        )
        .unwrap();
    let left = (until - Utc::now()).to_std().unwrap_or_default();
    tokio::time::sleep(left + Duration::from_millis(50)).await;
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert_eq!(ids_of(&report.outcomes).len(), 1, "{report:?}");
    assert_eq!(sandbox.limit_counts().limited, 0, "no 429");
    assert_eq!(sandbox.create_count(), 1);
}

#[tokio::test]
async fn a_lost_answer_is_settled_by_listing_and_never_resent() {
    let sandbox = Sandbox::start(plain_config()).await.unwrap();
    let client = client_at(&sandbox.base_url());
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    outbox
        .queue(&pet("Lost"), QueueReason::Offline, false)
        .unwrap();
    sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    // Every answer is lost, the listing's too: the entry stays taken, nothing is resent, and
    // the next run lists before anything else.
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    let creates = sandbox.create_count();
    assert_eq!(creates, 1);
    assert!(report.outcomes.is_empty(), "{report:?}");
    assert!(matches!(
        outbox.entries().unwrap()[0].state,
        EntryState::Sending { .. }
    ));
    sandbox.set_faults(Faults::default());
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert_eq!(ids_of(&report.outcomes).len(), 1, "{report:?}");
    assert_eq!(
        sandbox.create_count(),
        1,
        "found by listing, not sent again"
    );
    assert!(outbox.entries().unwrap().is_empty());
    // The created record knows it: the form would say "already added".
    let mut created = CreatedPets::open(dir.path(), client.base_url().as_str()).unwrap();
    match created
        .claim(&pet("lost"), CreateSource::Form, false)
        .unwrap()
    {
        Claim::Earlier(earlier) => {
            assert_eq!(earlier.source, CreateSource::Outbox);
            assert!(earlier.pet_id.is_some());
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn on_a_server_that_cannot_page_a_lost_answer_stays_unconfirmed_for_the_person() {
    let sandbox = sandbox_without_paging().await;
    for i in 0..120 {
        sandbox.insert_pet(&format!("Other {i}"), 1, "available", None);
    }
    let client = client_at(&sandbox.base_url());
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    // Another desk's lost add of the same pet: "may have been added", known to the record.
    let mut created = CreatedPets::open(dir.path(), client.base_url().as_str()).unwrap();
    let Claim::Sent { .. } = created
        .claim(&pet("Unsure"), CreateSource::Form, false)
        .unwrap()
    else {
        panic!("first claim")
    };
    outbox
        .queue(&pet("Unsure"), QueueReason::Offline, false)
        .unwrap();
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert!(
        matches!(
            report.outcomes.as_slice(),
            [SendOutcome::Unconfirmed { .. }]
        ),
        "{report:?}"
    );
    assert_eq!(sandbox.create_count(), 0, "never sent blindly");
    let again = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert!(
        again.outcomes.is_empty(),
        "an unconfirmed entry waits for the person"
    );
    assert_eq!(sandbox.create_count(), 0);
    // The person's deliberate "send it anyway".
    let id = outbox.entries().unwrap()[0].id;
    outbox.send_anyway(id).unwrap();
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert_eq!(ids_of(&report.outcomes).len(), 1);
    assert_eq!(sandbox.create_count(), 1);
}

#[tokio::test]
async fn a_pet_added_another_way_while_it_waited_is_not_added_again() {
    let addr = free_port();
    let base_url = format!("http://{addr}/v1");
    let client = client_at(&base_url);
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    outbox
        .queue(&pet("Twice"), QueueReason::Offline, false)
        .unwrap();
    outbox
        .queue(&pet("Once"), QueueReason::Offline, false)
        .unwrap();
    let sandbox = Sandbox::start_on(addr, plain_config()).await.unwrap();
    // Add again from the form (retyped), before the outbox runs.
    let mut created = CreatedPets::open(dir.path(), client.base_url().as_str()).unwrap();
    let retyped = NewPet::new("  twice ", 2, Some(PetStatus::Available)).unwrap();
    let Claim::Sent { key } = created
        .claim(&retyped, CreateSource::AddAgain, false)
        .unwrap()
    else {
        panic!("claim")
    };
    let made = client.create_pet(&retyped).await.unwrap().value.id;
    created
        .settle(
            &key,
            &retyped,
            CreateSource::AddAgain,
            Settled::Created(made),
        )
        .unwrap();

    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    match report.outcomes.as_slice() {
        [
            SendOutcome::AlreadyAdded { entry, earlier },
            SendOutcome::Sent { .. },
        ] => {
            assert_eq!(entry.name, "Twice");
            assert_eq!(earlier.pet_id, Some(made));
            assert_eq!(earlier.source, CreateSource::AddAgain);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(sandbox.create_count(), 2);
    assert_eq!(report.left, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_senders_at_once_send_each_entry_once() {
    let sandbox = Sandbox::start(plain_config()).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let client = client_at(&sandbox.base_url());
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    for i in 0..12 {
        outbox
            .queue(&pet(&format!("Pair {i}")), QueueReason::Offline, false)
            .unwrap();
    }
    let senders: Vec<_> = (0..2)
        .map(|_| {
            let (outbox, dir, client) = (outbox.clone(), dir.path().to_owned(), client.clone());
            tokio::spawn(async move {
                let mut sent = 0;
                // Each keeps trying until the outbox is empty, as the app and a scheduled CLI do.
                loop {
                    let report = send_outbox(&outbox, &dir, &client, |_| {}).await.unwrap();
                    sent += report.outcomes.len();
                    if report.left == 0 {
                        return sent;
                    }
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            })
        })
        .collect();
    let mut total = 0;
    for sender in senders {
        total += sender.await.unwrap();
    }
    assert_eq!(total, 12);
    assert_eq!(sandbox.create_count(), 12);
    let listed = names_listed(&client).await;
    assert!((0..12).all(|i| listed.get(&format!("Pair {i}")) == Some(&1)));
}

#[tokio::test]
async fn a_sender_killed_at_any_point_leaves_each_entry_created_exactly_once() {
    let sandbox = Sandbox::start(SandboxConfig {
        faults: Faults {
            latency: Duration::from_millis(15),
            ..Faults::default()
        },
        ..plain_config()
    })
    .await
    .unwrap();
    let client = client_at(&sandbox.base_url());
    // Kill points spread over the run: before, between and during requests (a dropped task
    // leaves its request as a killed process does).
    for (round, kill_after_ms) in [0u64, 3, 9, 16, 24, 33, 41, 58, 75].into_iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = Outbox::new(dir.path(), client.base_url().as_str());
        let names: Vec<String> = (0..4).map(|i| format!("Kill {round}-{i}")).collect();
        for name in &names {
            outbox
                .queue(&pet(name), QueueReason::Offline, false)
                .unwrap();
        }
        let run = {
            let (outbox, dir, client) = (outbox.clone(), dir.path().to_owned(), client.clone());
            tokio::spawn(async move { send_outbox(&outbox, &dir, &client, |_| {}).await })
        };
        tokio::time::sleep(Duration::from_millis(kill_after_ms)).await;
        run.abort();
        let _ = run.await;
        // The next run (the restarted program) finishes the work.
        let report = send_outbox(&outbox, dir.path(), &client, |_| {})
            .await
            .unwrap();
        assert_eq!(report.left, 0, "round {round}: {report:?}");
        let listed = names_listed(&client).await;
        for name in &names {
            assert_eq!(listed.get(name), Some(&1), "round {round}, {name}");
        }
    }
}

#[tokio::test]
async fn a_refused_key_stops_the_outbox_and_keeps_every_entry() {
    let sandbox = Sandbox::start(plain_config()).await.unwrap();
    let client = PetstoreClient::new(client_config(&sandbox.base_url(), "not-the-key-0000"))
        .unwrap()
        .with_priority(Priority::Background);
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    outbox
        .queue(&pet("Keyless"), QueueReason::Offline, false)
        .unwrap();
    outbox
        .queue(&pet("Keyless 2"), QueueReason::Offline, false)
        .unwrap();
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert!(
        matches!(report.stop, Some(SendStop::Unauthorized { .. })),
        "{report:?}"
    );
    assert_eq!(report.left, 2);
    assert!(
        outbox
            .entries()
            .unwrap()
            .iter()
            .all(|e| e.state == EntryState::Waiting)
    );
    // One create went and was refused; the run stopped there, the second was never tried.
    assert_eq!(sandbox.create_count(), 1);
    let listed = names_listed(&client_at(&sandbox.base_url())).await;
    assert!(listed.is_empty(), "{listed:?}");
}

/// A scripted server (no real one refuses a pet the form accepts): every create is answered 400
/// with the interface's Error body; lists are empty.
async fn refusing_server() -> SocketAddr {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .await
        .unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((mut stream, _)) = listener.accept().await else {
                return;
            };
            tokio::spawn(async move {
                let mut buffer = vec![0u8; 16 * 1024];
                let mut read = 0;
                // Enough of the request to tell a create from a list.
                while read < 4 || !buffer[..read].windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buffer[read..]).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => read += n,
                    }
                }
                let (status, body) = if buffer.starts_with(b"POST") {
                    (
                        "400 Bad Request",
                        r#"{"code":"invalid_field","message":"name: this store does not take names with digits"}"#,
                    )
                } else {
                    ("200 OK", "[]")
                };
                let answer = format!(
                    "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(answer.as_bytes()).await;
            });
        }
    });
    addr
}

#[tokio::test]
async fn a_400_from_a_scripted_server_keeps_the_entry_with_the_services_words_and_goes_on() {
    let addr = refusing_server().await;
    let client = client_at(&format!("http://{addr}/v1"));
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    outbox
        .queue(&pet("R2D2"), QueueReason::Offline, false)
        .unwrap();
    outbox
        .queue(&pet("C3PO"), QueueReason::Offline, false)
        .unwrap();
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert_eq!(
        report.outcomes.len(),
        2,
        "a refusal does not stop the others"
    );
    for outcome in &report.outcomes {
        match outcome {
            SendOutcome::Refused { message, .. } => {
                assert!(
                    message.contains("does not take names with digits"),
                    "{message}"
                )
            }
            other => panic!("{other:?}"),
        }
    }
    let entries = outbox.entries().unwrap();
    assert_eq!(entries.len(), 2);
    assert!(matches!(entries[0].state, EntryState::Refused { .. }));
    // Fixed by the person: it waits again.
    let fixed = outbox.edit(entries[0].id, &pet("Artoo")).unwrap();
    assert_eq!(fixed.state, EntryState::Waiting);
    assert_eq!(fixed.name, "Artoo");
}

#[test]
fn a_damaged_outbox_is_kept_aside_and_named_never_emptied_in_silence() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), "http://127.0.0.1:9/v1/");
    outbox
        .queue(&pet("Kept"), QueueReason::Offline, false)
        .unwrap();
    std::fs::write(
        outbox.path(),
        b"{\"nextId\": 1, \"entries\": [ {\"id\": tor",
    )
    .unwrap();
    match outbox.entries() {
        Err(OutboxError::Damaged { path, kept_as, .. }) => {
            assert_eq!(path, outbox.path());
            let kept = std::fs::read(&kept_as).unwrap();
            assert!(kept.starts_with(b"{\"nextId\": 1"));
        }
        other => panic!("{other:?}"),
    }
    // Told once; the outbox starts afresh beside the kept copy.
    assert!(outbox.entries().unwrap().is_empty());
}

#[test]
fn what_the_form_would_refuse_is_refused_before_it_is_queued_and_the_outbox_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), "http://127.0.0.1:9/v1/");
    let blank = NewPet {
        name: "   ".into(),
        category_id: 1,
        status: None,
    };
    assert!(matches!(
        outbox.queue(&blank, QueueReason::Chosen, false),
        Err(OutboxError::Invalid(_))
    ));
    let category_zero = NewPet {
        name: "Zero".into(),
        category_id: 0,
        status: None,
    };
    assert!(matches!(
        outbox.queue(&category_zero, QueueReason::Chosen, false),
        Err(OutboxError::Invalid(_))
    ));
    let long = NewPet {
        name: "x".repeat(1001),
        category_id: 1,
        status: None,
    };
    assert!(matches!(
        outbox.queue(&long, QueueReason::Chosen, false),
        Err(OutboxError::NameTooLong { limit: 1000 })
    ));
    assert!(outbox.entries().unwrap().is_empty());
    for i in 0..MAX_OUTBOX_ENTRIES {
        outbox
            .queue(&pet(&format!("Full {i}")), QueueReason::Chosen, false)
            .unwrap();
    }
    assert!(matches!(
        outbox.queue(&pet("One more"), QueueReason::Chosen, false),
        Err(OutboxError::Full {
            limit: MAX_OUTBOX_ENTRIES
        })
    ));
    // Ids stay unique after a drop.
    let first = outbox.entries().unwrap()[0].id;
    outbox.drop_entry(first).unwrap();
    let again = outbox
        .queue(&pet("Later"), QueueReason::Chosen, false)
        .unwrap();
    assert_eq!(again.id, MAX_OUTBOX_ENTRIES as u64 + 1);
    assert!(matches!(
        outbox.drop_entry(first),
        Err(OutboxError::NotFound { .. })
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sender_killed_mid_request_then_a_run_while_offline_still_sends_it_once_when_back() {
    let addr = free_port();
    let client = client_at(&format!("http://{addr}/v1"));
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path(), client.base_url().as_str());
    outbox
        .queue(&pet("Cut"), QueueReason::Offline, false)
        .unwrap();
    let slow = SandboxConfig {
        faults: Faults {
            latency: Duration::from_millis(400),
            ..Faults::default()
        },
        ..plain_config()
    };
    let sandbox = Sandbox::start_on(addr, slow.clone()).await.unwrap();
    let run = {
        let (outbox, dir, client) = (outbox.clone(), dir.path().to_owned(), client.clone());
        tokio::spawn(async move { send_outbox(&outbox, &dir, &client, |_| {}).await })
    };
    // Killed while its create waits for the answer.
    tokio::time::sleep(Duration::from_millis(150)).await;
    run.abort();
    let _ = run.await;
    assert!(matches!(
        outbox.entries().unwrap()[0].state,
        EntryState::Sending { .. }
    ));
    sandbox.shutdown().await;

    // The restarted program, still offline: the listing fails, the entry keeps its key.
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert!(
        matches!(report.stop, Some(SendStop::CannotSendNow { .. })),
        "{report:?}"
    );
    assert!(matches!(
        outbox.entries().unwrap()[0].state,
        EntryState::Sending { .. }
    ));

    // Back: listed first, then (found or not) exactly one pet, and nothing left unconfirmed.
    let sandbox = Sandbox::start_on(addr, plain_config()).await.unwrap();
    let report = send_outbox(&outbox, dir.path(), &client, |_| {})
        .await
        .unwrap();
    assert_eq!(report.left, 0, "{report:?}");
    assert!(
        matches!(report.outcomes.as_slice(), [SendOutcome::Sent { .. }]),
        "{report:?}"
    );
    assert_eq!(names_listed(&client).await.get("Cut"), Some(&1));
    sandbox.shutdown().await;
}
