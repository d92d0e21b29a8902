//! Issue 39 in the CLI: `petstore outbox send` against a real sandbox on 127.0.0.1: two senders
//! at once, an entry the service refuses, a refused key.

#[path = "support/desk.rs"]
mod desk;
mod support;

use std::time::Duration;

use desk::{Desk, NEEDS_PERSON, STILL_WAITING};
use petstore_sandbox::{Faults, Plan, SandboxConfig};
use support::{KEY, text};

#[test]
fn two_senders_at_once_create_each_entry_exactly_once() {
    let desk = Desk::new();
    let all: Vec<String> = (1..=6).map(|i| format!("pet-{i}")).collect();
    for name in &all {
        desk.queue(name);
    }
    let up = desk.start(Faults {
        latency: Duration::from_millis(250),
        ..Faults::default()
    });
    let spawn = || {
        support::petstore_std(desk.home.path(), Some(KEY))
            .arg("--base-url")
            .arg(desk.url())
            .args(["outbox", "send"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (spawn(), spawn());
    let outputs = [first, second].map(|child| child.wait_with_output().unwrap());
    let mut codes: Vec<i32> = outputs.iter().map(|o| o.status.code().unwrap()).collect();
    codes.sort_unstable();
    eprintln!("exit codes of the two senders: {codes:?}");
    assert!(
        codes == [0, 0] || codes == [0, STILL_WAITING],
        "{codes:?}: {:?}",
        outputs.iter().map(|o| text(&o.stderr)).collect::<Vec<_>>()
    );
    for out in &outputs {
        if out.status.code() == Some(STILL_WAITING) {
            assert!(text(&out.stderr).contains("Another program"));
        }
    }
    assert_eq!(up.sandbox.create_count(), 6, "each entry sent once");
    assert_eq!(desk.pet_names(), all, "each created once, in order");
    assert!(desk.entries().is_empty());
}

#[test]
fn an_entry_the_service_refuses_stays_with_its_words_for_a_person() {
    let desk = Desk::new();
    // Blank to the service (U+001C counts as space there), not to this computer's check.
    desk.queue("\u{1c}");
    desk.queue("Good");
    let up = desk.start(Faults::default());
    let out = desk.run(&["outbox", "send"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(NEEDS_PERSON), "{stdout}{stderr}");
    assert!(
        stdout.contains("was refused by the service:")
            && stdout.contains("must not be empty or only spaces")
            && stdout.contains("`petstore outbox drop 1`")
            && stdout.contains("Entry 2 (Good) sent"),
        "{stdout}"
    );
    assert!(stderr.contains("1 entries need a person"), "{stderr}");
    assert_eq!(up.sandbox.create_count(), 2, "one refused, one created");
    assert_eq!(desk.pet_names(), ["Good"]);

    let entries = desk.entries();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["state"]["kind"], "refused");
    let message = entries[0]["state"]["message"].as_str().unwrap();
    assert!(message.contains("must not be empty"), "{message}");
    let out = desk.run(&["outbox"]);
    assert!(text(&out.stdout).contains("refused by the service on"));

    // Not sent again on its own. `--json`: what this run did, and what is left.
    let out = desk.run(&["--json", "outbox", "send"]);
    assert_eq!(out.status.code(), Some(NEEDS_PERSON));
    let report = support::stdout_json(&out);
    assert_eq!(report["outcomes"], serde_json::json!([]), "{report}");
    assert_eq!(report["left"], 1);
    assert_eq!(report["stop"], serde_json::Value::Null);
    assert_eq!(up.sandbox.create_count(), 2);
}

#[test]
fn a_refused_key_stops_sending_with_the_auth_code_and_keeps_the_entries() {
    let desk = Desk::new();
    desk.queue("Rex");
    let up = desk.start(Faults::default());
    let out = desk.run_with_key("not-the-key", &["outbox", "send"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("PETSTORE_API_KEY was refused")
            && stderr.contains("The outbox keeps its entries"),
        "{stderr}"
    );
    assert!(!stderr.contains("not-the-key"), "the key is never printed");
    assert_eq!(up.sandbox.create_count(), 1, "the one refused request");
    assert!(desk.pet_names().is_empty(), "nothing created");
    assert_eq!(desk.entries()[0]["state"]["kind"], "waiting");
    // The right key sends it then.
    let out = desk.run(&["outbox", "send"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(desk.pet_names(), ["Rex"]);
}

/// An earlier add of the same pet whose answer was lost, on a service that cannot page: the entry
/// is held back as unconfirmed (exit 17), and goes only on the person's `send-anyway`.
#[test]
fn an_entry_that_may_have_been_added_waits_for_send_anyway() {
    let desk = Desk::new();
    desk.queue("Lost");
    let mut config = SandboxConfig::default().with_key(KEY, Plan::Pro);
    config.seed_demo_data = false;
    config.page_size_links = false;
    let up = desk.start_with(config);
    for i in 0..120 {
        up.sandbox
            .insert_pet(&format!("old-{i}"), 1, "available", None);
    }
    up.sandbox.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let out = desk.run(&["add", "--name", "Lost", "--category", "1"]);
    assert_eq!(out.status.code(), Some(8), "{}", text(&out.stderr));
    up.sandbox.set_faults(Faults::default());
    assert_eq!(up.sandbox.create_count(), 1);

    let out = desk.run(&["outbox", "send"]);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(NEEDS_PERSON),
        "{stdout}{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains("Entry 1 (Lost) may have been added")
            && stdout.contains("`petstore outbox send-anyway 1`"),
        "{stdout}"
    );
    assert_eq!(up.sandbox.create_count(), 1, "never resent on its own");
    assert_eq!(desk.entries()[0]["state"]["kind"], "unconfirmed");
    assert!(text(&desk.run(&["outbox"]).stdout).contains("unconfirmed since"));

    let out = desk.run(&["outbox", "send-anyway", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("may make a duplicate"));
    assert_eq!(
        up.sandbox.create_count(),
        1,
        "send-anyway itself sends nothing"
    );
    let out = desk.run(&["outbox", "send"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Entry 1 (Lost) sent"));
    assert_eq!(up.sandbox.create_count(), 2, "the person's choice, once");
    assert!(desk.entries().is_empty());
}
