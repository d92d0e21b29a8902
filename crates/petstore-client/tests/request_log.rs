//! The request log (target `petstore::http`), captured by a tiny logger during real calls to the
//! sandbox: the request lines are there, the key and the pet's name never are.

mod common;

use std::sync::{Mutex, OnceLock, PoisonError};

use common::{KEY, client_for, sandbox};
use petstore_client::{LOG_TARGET, ListQuery, NewPet};

/// Every record of this test binary, formatted with its level and target.
struct Capture(Mutex<Vec<String>>);

impl log::Log for Capture {
    fn enabled(&self, _: &log::Metadata<'_>) -> bool {
        true
    }

    fn log(&self, record: &log::Record<'_>) {
        let line = format!(
            "{} {} {} {}",
            record.level(),
            record.target(),
            record.module_path().unwrap_or_default(),
            record.args()
        );
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(line);
    }

    fn flush(&self) {}
}

fn capture() -> &'static Capture {
    static CAPTURE: OnceLock<&'static Capture> = OnceLock::new();
    CAPTURE.get_or_init(|| {
        let capture: &'static Capture = Box::leak(Box::new(Capture(Mutex::new(Vec::new()))));
        log::set_logger(capture).expect("the only logger of this test binary");
        log::set_max_level(log::LevelFilter::Trace);
        capture
    })
}

#[tokio::test]
async fn requests_are_logged_without_the_key_or_a_body() {
    let records = capture();
    let sandbox = sandbox().await;
    let (client, _) = client_for(&sandbox.base_url());
    let secret_name = "Zanzibar-Secret-Name";
    client.list_pets(&ListQuery::default()).await.unwrap();
    let created = client
        .create_pet(&NewPet::new(secret_name, 3, None).unwrap())
        .await
        .unwrap();
    assert_eq!(created.value.name, secret_name);

    let lines = records
        .0
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    let all = lines.join("\n");
    assert!(!all.contains(KEY), "the key is never logged:\n{all}");
    assert!(!all.contains(secret_name), "no body, no pet name:\n{all}");
    assert!(!all.contains("Bearer"), "no header value:\n{all}");
    let request_line = |method_and_path: &str, status: &str| {
        lines.iter().any(|line| {
            line.starts_with(&format!("INFO {LOG_TARGET} "))
                && line.contains(method_and_path)
                && line.contains(&format!("-> {status} in "))
                && line.contains("(attempt 1)")
        })
    };
    assert!(
        request_line("GET /v1/pets?limit=20", "200"),
        "the list's request line:\n{all}"
    );
    assert!(
        request_line("POST /v1/pets", "201"),
        "the create's request line:\n{all}"
    );
}
