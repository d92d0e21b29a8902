//! The outbox through the backend (issue 39): pets the form could not send, queued, and sent by
//! the environment's own sender when it can: in order, each once. Against a real sandbox over
//! HTTP on 127.0.0.1, real files; the sender runs as the app runs it (`run_outboxes`).

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{Collected, STAFF_KEY, facts, quick, sandbox, use_staging};
use petstore_admin::backend::{Backend, BackendConfig, Notifier, OutboxNotice};
use petstore_admin::dto::{
    AppEvent, Environment, ItemState, NewPetInput, OutboxOutcome, OutboxView, QueueWhy,
    SenderState, Settings,
};
use petstore_sandbox::{Plan, Sandbox, SandboxConfig};

#[derive(Debug, Default)]
struct Told(Mutex<Vec<OutboxNotice>>);

impl Notifier for Told {
    fn notify(&self, _alert: &petstore_admin::dto::QuotaAlert) {}
    fn outbox(&self, notice: &OutboxNotice) {
        self.0.lock().unwrap().push(notice.clone());
    }
}

struct App {
    backend: Arc<Backend>,
    events: Arc<Collected>,
    told: Arc<Told>,
    sender: Option<tokio::task::JoinHandle<()>>,
}

impl App {
    fn new(dir: &Path) -> App {
        let events = Arc::new(Collected::default());
        let told = Arc::new(Told::default());
        let backend = Arc::new(Backend::new(BackendConfig {
            settings_path: Some(dir.join("settings.json")),
            events: events.clone(),
            tuning: Arc::new(quick),
            data_dir: Some(dir.join("data")),
            notifier: told.clone(),
            ..BackendConfig::isolated()
        }));
        App {
            backend,
            events,
            told,
            sender: None,
        }
    }

    /// The senders, as the app starts them.
    fn start_senders(&mut self) {
        let backend = self.backend.clone();
        self.sender = Some(tokio::spawn(async move { backend.run_outboxes().await }));
    }

    async fn staging(&self) -> OutboxView {
        let all = self.backend.list_outboxes().await.unwrap();
        all.into_iter()
            .find(|view| view.environment == Environment::Staging)
            .unwrap()
    }

    /// Waits (up to `seconds`) until Staging's outbox is as `done` wants it.
    async fn until(&self, seconds: u64, done: impl Fn(&OutboxView) -> bool) -> OutboxView {
        for _ in 0..seconds * 10 {
            let view = self.staging().await;
            if done(&view) {
                return view;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the outbox never got there: {:?}", self.staging().await);
    }
}

impl Drop for App {
    fn drop(&mut self) {
        if let Some(sender) = self.sender.take() {
            sender.abort();
        }
    }
}

fn pet(name: &str) -> NewPetInput {
    NewPetInput {
        name: name.into(),
        category_id: "3".into(),
        status: None,
    }
}

/// An address on 127.0.0.1 where nothing listens (yet).
fn free_address() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap()
}

fn empty() -> SandboxConfig {
    SandboxConfig {
        seed_demo_data: false,
        ..SandboxConfig::default()
    }
}

/// Staging at `address` (nothing need listen there), with `key` for this session.
async fn staging_at(backend: &Backend, address: SocketAddr, key: &str) {
    backend
        .save_settings(
            Settings {
                production_url: None,
                staging_url: Some(format!("http://{address}/v1")),
            },
            None,
        )
        .await
        .unwrap();
    backend
        .set_api_key(Environment::Staging, key.to_owned(), true)
        .await
        .unwrap();
}

async fn names(server: &Sandbox) -> Vec<String> {
    let client = petstore_client::PetstoreClient::new(petstore_test_support::client_config(
        &server.base_url(),
        STAFF_KEY,
    ))
    .unwrap();
    let query = petstore_client::ListQuery {
        status: None,
        limit: petstore_client::Limit::new(100).unwrap(),
    };
    let page = client.list_pets(&query).await.unwrap();
    page.value.pets.iter().map(|p| p.name.clone()).collect()
}

#[tokio::test]
async fn queued_while_unreachable_then_sent_once_in_order_when_the_service_is_there() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path());
    let address = free_address();
    staging_at(&app.backend, address, STAFF_KEY).await;

    // The form's create fails without reaching anyone: the backend says it may be queued.
    let failed = app
        .backend
        .create_pet(Environment::Staging, &pet("Rex"), false)
        .await
        .expect_err("nothing listens");
    assert!(failed.may_queue(), "{failed:?}");
    assert_eq!(facts(&failed)["mayQueue"], true);
    for name in ["Rex", "Mia", "Bo"] {
        app.backend
            .queue_pet(Environment::Staging, &pet(name), false)
            .await
            .unwrap();
    }
    let view = app.staging().await;
    let queued: Vec<&str> = view.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(queued, ["Rex", "Mia", "Bo"]);
    assert_eq!(
        view.entries[0].reason,
        QueueWhy::Offline,
        "the form's failure"
    );
    assert_eq!(view.entries[1].reason, QueueWhy::Chosen);

    app.start_senders();
    let waiting = app
        .until(30, |v| matches!(v.sender, SenderState::Waiting { .. }))
        .await;
    assert!(
        matches!(
            &waiting.sender,
            SenderState::Waiting {
                why: QueueWhy::Offline,
                ..
            }
        ),
        "{:?}",
        waiting.sender
    );
    assert_eq!(waiting.entries.len(), 3, "nothing lost while offline");

    // The service comes up on that address: the sender notices on its own.
    let server = Sandbox::start_on(address, empty().with_key(STAFF_KEY, Plan::Pro))
        .await
        .unwrap();
    let done = app.until(30, |v| v.entries.is_empty()).await;
    assert_eq!(done.sender, SenderState::Idle);
    assert_eq!(names(&server).await, ["Rex", "Mia", "Bo"], "in order");
    assert_eq!(server.create_count(), 3, "each once");

    let sent: Vec<String> = app
        .events
        .all()
        .into_iter()
        .filter_map(|event| match event {
            AppEvent::OutboxChanged(changed) => match changed.outcome?.outcome {
                OutboxOutcome::Sent { name, .. } => Some(name),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(sent, ["Rex", "Mia", "Bo"], "an event per pet sent");
    let told = app.told.0.lock().unwrap().clone();
    assert_eq!(
        told,
        [OutboxNotice::Emptied {
            environment: Environment::Staging,
            sent: 3
        }]
    );
    let outcomes = app.backend.outbox_outcomes();
    assert_eq!(outcomes.len(), 3, "the Activity view's list");
}

#[tokio::test]
async fn a_spent_quota_holds_the_outbox_until_its_reset_with_nothing_sent_meanwhile() {
    let server = Sandbox::start(SandboxConfig {
        minute_window: Duration::from_secs(4),
        ..petstore_test_support::tiny_quota_config(STAFF_KEY)
    })
    .await
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path());
    use_staging(&app.backend, &server, STAFF_KEY).await;
    // The sandbox's windows start at multiples of 4 s since 1970: spending the quota at the start
    // of one makes the wait most of a window, however slow the machine (spent at a window's end,
    // the reset came before the check below and the send was right).
    let window = Duration::from_secs(4);
    let since_epoch = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
    };
    let into = |now: Duration| Duration::from_nanos((now.as_nanos() % window.as_nanos()) as u64);
    tokio::time::sleep(window - into(since_epoch()) + Duration::from_millis(20)).await;
    // Two lists spend the window (2 a window): the client knows none is left.
    app.backend.list_pets(None, None).await.unwrap();
    app.backend.list_pets(None, None).await.unwrap();
    let reset = tokio::time::Instant::now() + (window - into(since_epoch()));
    for name in ["Rex", "Mia"] {
        app.backend
            .queue_pet(Environment::Staging, &pet(name), false)
            .await
            .unwrap();
    }
    app.start_senders();
    tokio::time::sleep_until(reset - Duration::from_millis(300)).await;
    assert_eq!(server.create_count(), 0, "nothing sent during the wait");
    app.until(30, |v| v.entries.is_empty()).await;
    assert_eq!(names(&server).await, ["Rex", "Mia"]);
    assert_eq!(server.limit_counts().limited, 0, "never a 429");
}

#[tokio::test]
async fn a_refused_key_stops_the_outbox_until_the_key_changes() {
    let server = sandbox(empty()).await;
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path());
    use_staging(&app.backend, &server, "not-the-staff-key-0000").await;
    app.backend
        .queue_pet(Environment::Staging, &pet("Rex"), false)
        .await
        .unwrap();
    app.start_senders();
    let stopped = app
        .until(30, |v| v.sender == SenderState::Unauthorized)
        .await;
    assert_eq!(stopped.entries[0].state, ItemState::Waiting, "kept");
    assert_eq!(server.create_count(), 1, "one try, answered 401");
    assert!(names(&server).await.is_empty(), "nothing created");
    let asked = server.request_count();
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(server.request_count(), asked, "no retry with the same key");

    app.backend
        .set_api_key(Environment::Staging, STAFF_KEY.to_owned(), true)
        .await
        .unwrap();
    app.until(30, |v| v.entries.is_empty()).await;
    assert_eq!(names(&server).await, ["Rex"]);
}

#[tokio::test]
async fn a_pet_the_service_refuses_stays_with_its_words_and_the_next_goes() {
    let server = sandbox(empty()).await;
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path());
    use_staging(&app.backend, &server, STAFF_KEY).await;
    // The sandbox reads a name of only separator controls as empty (400); the client sends it.
    for name in ["\u{1f}", "Mia"] {
        app.backend
            .queue_pet(Environment::Staging, &pet(name), false)
            .await
            .unwrap();
    }
    app.start_senders();
    let view = app.until(30, |v| v.entries.len() == 1).await;
    let ItemState::Refused { message, .. } = &view.entries[0].state else {
        panic!("refused: {view:?}");
    };
    assert!(message.contains("empty"), "the service's words: {message}");
    assert_eq!(names(&server).await, ["Mia"]);
    let told = app.told.0.lock().unwrap().clone();
    assert!(
        matches!(&told[..], [OutboxNotice::Refused { name, .. }] if name == "\u{1f}"),
        "{told:?}"
    );

    // Fixed in the form: it goes.
    let id = view.entries[0].id.clone();
    app.backend
        .edit_outbox_entry(Environment::Staging, &id, &pet("Ivy"))
        .await
        .unwrap();
    app.until(30, |v| v.entries.is_empty()).await;
    assert_eq!(names(&server).await, ["Mia", "Ivy"]);
}

#[tokio::test]
async fn a_queued_pet_added_again_by_the_form_before_the_connection_is_back_is_created_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path());
    let address = free_address();
    staging_at(&app.backend, address, STAFF_KEY).await;
    app.backend
        .queue_pet(Environment::Staging, &pet("Rex"), false)
        .await
        .unwrap();
    let server = Sandbox::start_on(address, empty().with_key(STAFF_KEY, Plan::Pro))
        .await
        .unwrap();
    // The person adds the same pet with the form before the outbox could go.
    app.backend
        .create_pet(Environment::Staging, &pet("Rex"), false)
        .await
        .unwrap();
    app.start_senders();
    app.until(30, |v| v.entries.is_empty()).await;
    assert_eq!(server.create_count(), 1, "created once");
    let held = app.backend.outbox_outcomes();
    assert!(
        matches!(&held[..], [r] if matches!(r.outcome, OutboxOutcome::AlreadyAdded { .. })),
        "{held:?}"
    );
}

#[tokio::test]
async fn entries_left_before_a_restart_go_at_start_and_another_programs_entry_is_noticed() {
    let server = sandbox(empty()).await;
    let dir = tempfile::tempdir().unwrap();
    {
        // The first run queued and ended before it could send.
        let before = App::new(dir.path());
        use_staging(&before.backend, &server, STAFF_KEY).await;
        before
            .backend
            .queue_pet(Environment::Staging, &pet("Rex"), false)
            .await
            .unwrap();
    }
    let mut app = App::new(dir.path());
    use_staging(&app.backend, &server, STAFF_KEY).await;
    app.start_senders();
    app.until(30, |v| v.entries.is_empty()).await;
    assert_eq!(names(&server).await, ["Rex"]);

    // Another program (as the CLI would) queues into the same file: the idle sender notices.
    let other = App::new(dir.path());
    use_staging(&other.backend, &server, STAFF_KEY).await;
    other
        .backend
        .queue_pet(Environment::Staging, &pet("Mia"), false)
        .await
        .unwrap();
    app.until(30, |v| {
        v.entries.is_empty() && v.sender == SenderState::Idle
    })
    .await;
    for _ in 0..100 {
        if server.create_count() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(names(&server).await, ["Rex", "Mia"], "each once, in order");
}
