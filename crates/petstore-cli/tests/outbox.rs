//! Issue 39 in the CLI: `petstore add --queue` and `petstore outbox` (list, drop) through the
//! real binary, against a real sandbox on 127.0.0.1 that is stopped (nothing listening on its
//! address), started on that address later, or out of quota.

#[path = "support/desk.rs"]
mod desk;
mod support;

use std::path::PathBuf;

use desk::{Desk, QUEUED, STILL_WAITING, names};
use petstore_sandbox::Faults;
use support::{KEY, TestSandbox, petstore, stdout_json, text};

#[test]
fn offline_adds_wait_in_the_outbox_and_are_sent_once_when_the_service_is_back() {
    let desk = Desk::new();
    let out = desk.queue("Rex");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Rex was not sent now and waits in the outbox of sandbox")
            && stdout.contains("as entry 1: no connection to the service")
            && stdout.contains("`petstore outbox send`"),
        "{stdout}"
    );
    assert!(
        text(&out.stderr).contains("Rex could not be sent now"),
        "{}",
        text(&out.stderr)
    );
    let out = desk.run(&[
        "--json",
        "add",
        "--queue",
        "--name",
        "Bella",
        "--category",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(QUEUED));
    assert_eq!(stdout_json(&out)["id"], 2, "the entry as JSON");

    // Without --queue, `add` fails as before and queues nothing.
    let out = desk.run(&["add", "--name", "Coco", "--category", "1"]);
    assert_eq!(out.status.code(), Some(7), "{}", text(&out.stderr));

    let entries = desk.entries();
    assert_eq!(names(&entries), ["Rex", "Bella"]);
    for entry in &entries {
        assert_eq!(entry["state"]["kind"], "waiting");
        assert_eq!(entry["reason"]["kind"], "offline");
    }
    let out = desk.run(&["outbox"]);
    let table = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        table.contains("holds 2 of at most 500 entries")
            && table.contains("QUEUED")
            && table.lines().any(|l| l.starts_with("2   Bella")
                && l.contains("no connection to the service")
                && l.ends_with("waiting to be sent")),
        "{table}"
    );

    // Still offline: nothing can go; the entries wait.
    let out = desk.run(&["outbox", "send"]);
    assert_eq!(
        out.status.code(),
        Some(STILL_WAITING),
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains("Sending stopped: no connection to the service.")
            && text(&out.stderr).contains("2 entries still wait"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(desk.entries().len(), 2);

    let up = desk.start(Faults::default());
    let out = desk.run(&["outbox", "send"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("Entry 1 (Rex) sent: pet")
            && stdout.contains("Entry 2 (Bella) sent: pet")
            && stdout.contains("Sent 2, already added 0, refused 0, unconfirmed 0; 0 left"),
        "{stdout}"
    );
    assert_eq!(up.sandbox.create_count(), 2);
    assert!(desk.entries().is_empty());
    assert_eq!(desk.pet_names(), ["Rex", "Bella"], "once each, in order");

    // Again: nothing to send, nothing sent.
    let out = desk.run(&["outbox", "send"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("is empty: nothing to send"));
    assert_eq!(up.sandbox.create_count(), 2);

    // An empty outbox needs no key at all (a scheduled task on an idle desk).
    let out = petstore(desk.home.path(), None)
        .args([
            "--env",
            "production",
            "--base-url",
            "https://petstore.example/v1",
        ])
        .args(["outbox", "send"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("The outbox of production"));
}

#[test]
fn a_spent_quota_queues_and_send_waits_without_sending_anything() {
    let sandbox = TestSandbox::with_a_remembered_wait(KEY);
    let run = |args: &[&str]| sandbox.petstore(Some(KEY)).args(args).output().unwrap();
    let requests = sandbox.sandbox.request_count();
    let limited = sandbox.sandbox.limit_counts().limited;
    let out = run(&["add", "--queue", "--name", "Rex", "--category", "1"]);
    assert_eq!(out.status.code(), Some(QUEUED), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("as entry 1: the quota is spent until"),
        "{}",
        text(&out.stdout)
    );
    let out = run(&["outbox", "--json"]);
    let entries = stdout_json(&out);
    assert_eq!(entries[0]["reason"]["kind"], "quotaSpent");
    assert!(entries[0]["reason"]["until"].is_string(), "{entries}");

    let out = run(&["outbox", "send"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(STILL_WAITING), "{stderr}");
    assert!(
        stderr.contains("Sending stopped: the quota is spent until")
            && stderr.contains("1 entries still wait"),
        "{stderr}"
    );
    assert_eq!(
        sandbox.sandbox.request_count(),
        requests,
        "nothing sent during the wait"
    );
    assert_eq!(sandbox.sandbox.limit_counts().limited, limited, "no 429");
    let out = run(&["outbox", "--json"]);
    assert_eq!(stdout_json(&out)[0]["state"]["kind"], "waiting");
}

#[test]
fn drop_removes_one_entry_and_an_unknown_id_is_named() {
    let desk = Desk::new();
    desk.queue("Alpha");
    desk.queue("Bravo");
    let out = desk.run(&["outbox", "drop", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout)
            .contains("Dropped entry 1 (Alpha, category 1) from the outbox of sandbox"),
        "{}",
        text(&out.stdout)
    );
    let entries = desk.entries();
    assert_eq!(names(&entries), ["Bravo"]);
    assert_eq!(entries[0]["id"], 2);

    for id in ["1", "99"] {
        let out = desk.run(&["outbox", "drop", id]);
        assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains(&format!("The outbox of sandbox has no entry {id}.")),
            "{}",
            text(&out.stderr)
        );
    }
    assert_eq!(desk.entries().len(), 1);

    // A name the outbox would refuse is refused before anything.
    let long = "x".repeat(1001);
    let out = desk.run(&["add", "--queue", "--name", &long, "--category", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("1001 characters long"));
    assert_eq!(desk.entries().len(), 1);
}

#[test]
fn a_damaged_outbox_file_is_kept_aside_and_named() {
    let desk = Desk::new();
    desk.queue("Rex");
    let [file] = desk.outbox_files().try_into().expect("one outbox file");
    std::fs::write(&file, b"{ not an outbox").unwrap();

    let out = desk.run(&["outbox"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(9), "{stderr}");
    let kept: Vec<PathBuf> = desk
        .outbox_files()
        .into_iter()
        .filter(|path| path != &file)
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(
        stderr.contains(&file.display().to_string())
            && stderr.contains(&kept[0].display().to_string())
            && stderr.contains("was damaged"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&kept[0]).unwrap(), b"{ not an outbox");
    // Said once; the outbox starts again empty, and takes new entries.
    assert!(desk.entries().is_empty());
    desk.queue("Bella");
    assert_eq!(names(&desk.entries()), ["Bella"]);

    // Damaged when a pet is queued: whether pets wait is unknown, so it is neither sent (it
    // could overtake them) nor queued, and said so.
    std::fs::write(&file, b"[]]").unwrap();
    let out = desk.run(&["add", "--queue", "--name", "Coco", "--category", "1"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(9), "{stderr}");
    assert!(
        stderr.contains("Coco was not sent, so as not to overtake pets that may wait")
            && stderr.contains("it could not be put there either")
            && stderr.contains("was damaged"),
        "{stderr}"
    );
    assert_eq!(desk.outbox_files().len(), 2, "a second file kept aside");
    assert!(desk.entries().is_empty());
}

#[test]
fn the_outbox_speaks_german_too() {
    let desk = Desk::new();
    let out = petstore(desk.home.path(), Some(KEY))
        .env("LANG", "de_DE.UTF-8")
        .args(["--base-url", &desk.url(), "add", "--queue"])
        .args(["--name", "Rex", "--category", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(QUEUED));
    assert!(
        text(&out.stdout).contains("wartet im Postausgang von sandbox")
            && text(&out.stdout).contains("keine Verbindung zum Dienst"),
        "{}",
        text(&out.stdout)
    );
    let out = petstore(desk.home.path(), Some(KEY))
        .env("LANG", "de_DE.UTF-8")
        .args(["--base-url", &desk.url(), "outbox", "drop", "7"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert!(
        text(&out.stderr).contains("hat keinen Eintrag 7"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_full_outbox_refuses_more_naming_its_limit() {
    let desk = Desk::new();
    let outbox = desk.outbox();
    for i in 0..petstore_bulk::MAX_OUTBOX_ENTRIES {
        let pet = petstore_client::NewPet::new(&format!("pet {i}"), 1, None).unwrap();
        outbox
            .queue(&pet, petstore_bulk::QueueReason::Offline, false)
            .unwrap();
    }
    let out = desk.run(&["add", "--queue", "--name", "One more", "--category", "1"]);
    let stderr = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(STILL_WAITING),
        "500 entries still wait: {stderr}"
    );
    assert!(
        stderr.contains("One more was not sent, so as not to overtake")
            && stderr.contains("The outbox of this environment is full: it holds at most 500")
            && stderr.contains("`petstore outbox drop ID`"),
        "{stderr}"
    );
    assert!(text(&out.stdout).is_empty());
    assert_eq!(desk.entries().len(), 500);
}

#[test]
fn an_add_while_earlier_pets_wait_queues_behind_them_and_the_outbox_keeps_the_order() {
    let desk = Desk::new();
    assert_eq!(desk.queue("First").status.code(), Some(QUEUED));
    let up = desk.start(Faults::default());
    // The service is back, but First still waits: sending Second now would overtake it.
    let out = desk.run(&["add", "--queue", "--name", "Second", "--category", "2"]);
    assert_eq!(out.status.code(), Some(QUEUED), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Second waits in the outbox of sandbox")
            && stdout.contains("as entry 2, behind 1 earlier entries not sent yet"),
        "{stdout}"
    );
    assert!(
        text(&out.stderr).contains("Second was not sent now: earlier pets in the outbox go first."),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        up.sandbox.create_count(),
        0,
        "nothing sent past the waiting entry"
    );
    let entries = desk.entries();
    assert_eq!(names(&entries), ["First", "Second"]);
    assert_eq!(
        entries[1]["reason"]["kind"], "offline",
        "it waits for what First waits for"
    );

    let out = desk.run(&["outbox", "send"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(desk.pet_names(), ["First", "Second"], "once each, in order");
    // With the outbox empty, `add --queue` sends at once again.
    let out = desk.run(&["add", "--queue", "--name", "Third", "--category", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(up.sandbox.create_count(), 3);
}
