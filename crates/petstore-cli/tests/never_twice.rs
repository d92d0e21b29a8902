//! The first promise through the real binary: a file fixed and imported again, repeats only on
//! `--allow-repeats`, and a server that offers no paging named as such by `list` and `export`.

mod support;

use petstore_sandbox::{Plan, SandboxConfig};
use support::{KEY, TestSandbox, text};

fn sandbox(page_links: bool) -> TestSandbox {
    let mut config = SandboxConfig::default().with_key(KEY, Plan::Pro);
    config.page_size_links = page_links;
    config.seed_demo_data = false;
    TestSandbox::with_config(config, None)
}

fn import(sandbox: &TestSandbox, path: &std::path::Path, extra: &[&str]) -> (Option<i32>, String) {
    let out = sandbox
        .petstore(Some(KEY))
        .arg("import")
        .arg(path)
        .args(extra)
        .output()
        .unwrap();
    (out.status.code(), text(&out.stderr))
}

#[test]
fn fixing_a_row_and_importing_again_creates_only_that_row_and_names_the_rest() {
    let sandbox = sandbox(true);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shelter.csv");
    std::fs::write(
        &path,
        "name,categoryId,status\nAlpha,1,available\nBravo,2,\nCharlie,x,sold\nDelta,4,pending\n",
    )
    .unwrap();
    let (code, stderr) = import(&sandbox, &path, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let creates = sandbox.sandbox.create_count();
    assert_eq!(creates, 3);

    std::fs::write(
        &path,
        "name,categoryId,status\nDelta,4,pending\nAlpha,1,available\nBravo,2,\nCharlie,3,sold\n",
    )
    .unwrap();
    // A dry run says what a run would skip, and sends nothing.
    let (code, stderr) = import(&sandbox, &path, &["--dry-run"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("line 3: already added on")
            && stderr.contains("from shelter.csv line 2, pet"),
        "{stderr}"
    );
    assert!(
        stderr.contains("3 rows repeat pets already added"),
        "{stderr}"
    );
    assert_eq!(sandbox.sandbox.create_count(), creates);

    let (code, stderr) = import(&sandbox, &path, &["--yes"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        sandbox.sandbox.create_count(),
        creates + 1,
        "only Charlie, fixed, was sent; --yes never implies repeats: {stderr}"
    );
    assert!(
        stderr.contains("Created 1, skipped (already created) 0, invalid 0, failed 0, unknown 0, already added (not sent) 3."),
        "{stderr}"
    );
    assert!(stderr.contains("--allow-repeats"), "{stderr}");

    // The explicit choice creates them again, and says so first.
    let (code, stderr) = import(&sandbox, &path, &["--allow-repeats"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("--allow-repeats creates them again"),
        "{stderr}"
    );
    assert_eq!(sandbox.sandbox.create_count(), creates + 1 + 3);
}

#[test]
fn a_server_without_paging_is_never_called_complete_by_list_or_export() {
    let sandbox = sandbox(false);
    for i in 0..108 {
        sandbox
            .sandbox
            .insert_pet(&format!("pet-{i}"), 1, "available", None);
    }
    let out = sandbox
        .petstore(Some(KEY))
        .args(["list", "--limit", "100"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("There may be more pets: the service answered a full page of 100"),
        "{stderr}"
    );

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.csv");
    let out = sandbox
        .petstore(Some(KEY))
        .arg("export")
        .arg("--output")
        .arg(&file)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(12), "{stderr}");
    assert!(stderr.contains("Exported 100 pets to"), "{stderr}");
    assert!(stderr.contains("The file may be incomplete"), "{stderr}");
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written.lines().count(), 101, "what could be read is kept");

    // Pets of the other statuses are read through their own lists: the export is whole again
    // once each status's list ends.
    let spread = self::sandbox(false);
    for i in 0..108 {
        let status = ["available", "pending", "sold"][i % 3];
        spread
            .sandbox
            .insert_pet(&format!("pet-{i}"), 1, status, None);
    }
    let out = spread.petstore(Some(KEY)).arg("export").output().unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("Exported 108 pets."), "{stderr}");
}

#[test]
fn a_lost_answer_the_server_cannot_show_is_unchecked_and_never_resent() {
    let sandbox = sandbox(false);
    for i in 0..120 {
        sandbox
            .sandbox
            .insert_pet(&format!("old-{i}"), 1, "available", None);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lost.csv");
    let text = "name,categoryId,status\nLost,9,available\n";
    std::fs::write(&path, text).unwrap();
    // An earlier run sent the row and was killed before the answer; the pet is the 121st.
    let data_dir = sandbox.config_dir.path().join("data");
    let id = petstore_bulk::JournalId::new(text.as_bytes(), &sandbox.url());
    let mut journal = petstore_bulk::Journal::open(&data_dir, &id, 1).unwrap();
    journal
        .record_before(&(1..=120).collect::<std::collections::BTreeSet<i64>>())
        .unwrap();
    journal.record(0, petstore_bulk::RowState::Sent).unwrap();
    drop(journal);
    sandbox.sandbox.insert_pet("Lost", 9, "available", None);
    let creates = sandbox.sandbox.create_count();

    let (code, stderr) = import(&sandbox, &path, &["--resend-unknown"]);
    assert_eq!(code, Some(8), "{stderr}");
    assert!(
        stderr
            .contains("1 rows may or may not have been created and could not be checked (lines 2)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("never sent again by --resend-unknown"),
        "{stderr}"
    );
    assert_eq!(sandbox.sandbox.create_count(), creates, "not resent");
}

fn add(sandbox: &TestSandbox, name: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let out = sandbox
        .petstore(Some(KEY))
        .args(["add", "--name", name, "--category", "1"])
        .args(extra)
        .output()
        .unwrap();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Issue 38 §1 in the CLI: `petstore add` of a pet this computer added, or may have added (its
/// answer lost), is refused with exit 13 and names the earlier add, sending nothing, unless
/// `--allow-repeat`. On a server that cannot page, where a lost answer can't be settled by a list.
#[test]
fn add_of_a_pet_this_computer_added_or_may_have_added_is_refused_unless_allow_repeat() {
    let sandbox = sandbox(false);
    sandbox.sandbox.set_faults(petstore_sandbox::Faults {
        drop_rate: 1.0,
        ..petstore_sandbox::Faults::default()
    });
    let (code, _, stderr) = add(&sandbox, "Lost Answer", &[]);
    assert_eq!(code, Some(8), "{stderr}");
    sandbox
        .sandbox
        .set_faults(petstore_sandbox::Faults::default());
    assert_eq!(sandbox.sandbox.create_count(), 1);

    let (code, stdout, stderr) = add(&sandbox, "lost  answer", &[]);
    assert_eq!(code, Some(13), "{stderr}");
    assert!(stdout.is_empty(), "nothing printed as added: {stdout}");
    assert!(
        stderr.contains("lost  answer was not sent to")
            && stderr.contains("may already have been added on")
            && stderr.contains("from the command line (its outcome was never confirmed)")
            && stderr.contains("--allow-repeat"),
        "{stderr}"
    );
    assert_eq!(sandbox.sandbox.create_count(), 1, "nothing sent");

    let (code, stdout, stderr) = add(&sandbox, "Lost Answer", &["--allow-repeat"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("Lost Answer"), "{stdout}");
    assert_eq!(
        sandbox.sandbox.create_count(),
        2,
        "the person's choice, once"
    );

    // Known from then on, with its id.
    let (code, _, stderr) = add(&sandbox, "Lost Answer", &[]);
    assert_eq!(code, Some(13), "{stderr}");
    assert!(stderr.contains("it was already added on"), "{stderr}");
    assert!(
        stderr.contains("pet 2"),
        "the id the service gave: {stderr}"
    );
    assert_eq!(sandbox.sandbox.create_count(), 2);

    // An import of the same pet skips it: one record for every path.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("again.csv");
    std::fs::write(&path, "name,categoryId\nLOST ANSWER,1\n").unwrap();
    let (code, stderr) = import(&sandbox, &path, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(sandbox.sandbox.create_count(), 2, "skipped as a repeat");
}
