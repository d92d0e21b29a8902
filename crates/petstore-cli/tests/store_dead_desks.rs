//! Creates a desk left unconfirmed in the shared store when it stopped (issue 41: "a claim left
//! by a desk that died is settled, never silently dropped or resent"), with a real PostgreSQL,
//! a real sandbox and the REAL keychain (run as tests/keychain.rs says): a desk killed mid-import
//! is finished by another desk with every pet created once; a stopped desk's claim is settled
//! by listing (found: created and not sent; not there: refused and sent once); a desk that is
//! still importing, however slowly, is never settled under its feet.

#![cfg(unix)]

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use petstore_sandbox::{Faults, Plan, SandboxConfig};
use petstore_test_support::postgres::TestPostgres;
use support::{KEY, Running, TestSandbox, petstore_std, text};
use tempfile::TempDir;

const USER: &str = "petstore_desk";
const PASSWORD: &str = "desk s3cret-dead";
/// The test and administrator setting of how old a stopped desk's claim must be.
const STALE: &str = "PETSTORE_SHARED_CLAIM_STALE_SECS";

/// A plan that never paces (the claims are what is tested, not the Pro plan's even pace), and
/// lists that link their next page, so a listing can be read to its end past 100 pets.
fn roomy_sandbox() -> TestSandbox {
    let plan = Plan::Enterprise {
        per_minute: 100_000,
        per_day: 10_000_000,
    };
    let config = SandboxConfig {
        page_size_links: true,
        ..SandboxConfig::default().with_key(KEY, plan)
    };
    TestSandbox::with_config(config, None)
}

fn cluster() -> TestPostgres {
    TestPostgres::with_store_owner(USER, PASSWORD, "petstore")
}

/// A desk (its own folders) connected to the store as `name`.
fn desk(pg: &TestPostgres, name: &str) -> TempDir {
    support::connected_desk(pg, USER, PASSWORD, name)
}

fn csv(dir: &Path, file: &str, names: &[String]) -> PathBuf {
    let mut body = String::from("name,categoryId,status\n");
    for name in names {
        body.push_str(&format!("{name},1,available\n"));
    }
    let path = dir.join(file);
    std::fs::write(&path, body).unwrap();
    path
}

fn import_cmd(
    sandbox: &TestSandbox,
    desk: &Path,
    file: &Path,
    stale: Option<&str>,
) -> std::process::Command {
    let mut cmd = petstore_std(desk, Some(KEY));
    cmd.arg("--base-url")
        .arg(sandbox.url())
        .arg("import")
        .arg(file);
    if let Some(stale) = stale {
        cmd.env(STALE, stale);
    }
    cmd
}

fn import(sandbox: &TestSandbox, desk: &Path, file: &Path, stale: Option<&str>) -> Output {
    let mut cmd = import_cmd(sandbox, desk, file, stale);
    cmd.stdin(Stdio::null()).output().unwrap()
}

/// How many pets of each name the sandbox holds (an export of every pet).
fn pets_by_name(sandbox: &TestSandbox) -> BTreeMap<String, usize> {
    let dir = TempDir::new().unwrap();
    let out = petstore_std(dir.path(), Some(KEY))
        .arg("--base-url")
        .arg(sandbox.url())
        .args(["export", "--format", "csv"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let body = text(&out.stdout);
    let mut lines = body.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let name = header.iter().position(|c| *c == "name").unwrap();
    let mut names = BTreeMap::new();
    for line in lines {
        *names
            .entry(line.split(',').nth(name).unwrap().to_owned())
            .or_default() += 1;
    }
    names
}

/// The states of `desk`'s claims and how many are in each.
fn claim_states(pg: &TestPostgres, desk: &str) -> BTreeMap<String, usize> {
    let rows = pg.sql(
        "petstore",
        &format!(
            "SELECT state, count(*) FROM petstore_claims WHERE desk = '{desk}' GROUP BY state"
        ),
    );
    rows.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let (state, count) = line.trim().split_once('|').unwrap();
            (state.to_owned(), count.parse().unwrap())
        })
        .collect()
}

/// Polls `done` every few milliseconds for at most a minute.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Until no session holds a desk's liveness lock: the server has seen the stopped desk's
/// session end (at once on this computer, but not within the kill itself).
fn wait_for_no_desk_connected(pg: &TestPostgres) {
    wait_until("the stopped desk's session to end", || {
        let held = pg.sql(
            "petstore",
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'",
        );
        held.trim() == "0"
    });
}

fn shelter(rows: usize) -> Vec<String> {
    (0..rows).map(|i| format!("shelter-{i}")).collect()
}

#[test]
fn a_desk_killed_mid_import_is_finished_by_another_with_each_pet_once() {
    let pg = cluster();
    let sandbox = roomy_sandbox();
    let (front, back) = (desk(&pg, "FRONT"), desk(&pg, "BACK"));
    let files = TempDir::new().unwrap();
    let names = shelter(200);
    let file = csv(files.path(), "shelter.csv", &names);
    let before = sandbox.sandbox.create_count();
    // Slow enough that the kill lands mid-import.
    sandbox.sandbox.set_faults(Faults {
        latency: Duration::from_millis(15),
        ..Faults::default()
    });
    let mut front_run = Running::spawn(import_cmd(&sandbox, front.path(), &file, None));
    wait_until("the front desk's 30th create", || {
        sandbox.sandbox.create_count() - before >= 30
    });
    front_run.child.kill().unwrap(); // SIGKILL
    front_run.child.wait().unwrap();
    sandbox.sandbox.set_faults(Faults::default());
    wait_for_no_desk_connected(&pg);
    let sent_by_front = sandbox.sandbox.create_count() - before;
    assert!(
        sent_by_front < 200,
        "killed after the last row: {sent_by_front}"
    );
    assert!(
        claim_states(&pg, "FRONT")
            .get("claimed")
            .copied()
            .unwrap_or(0)
            > 0,
        "the killed desk left claims unsettled"
    );

    let out = import(&sandbox, back.path(), &file, Some("0"));
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("Settled 200 creates left unconfirmed by desks that stopped (FRONT)"),
        "{said}"
    );
    // Every pet of the file exists exactly once.
    let held = pets_by_name(&sandbox);
    for name in &names {
        assert_eq!(held.get(name), Some(&1), "{name}: {held:?}");
    }
    // The front desk's claims are all settled: created as found, or refused and sent by the
    // back desk, each pet once.
    let front_states = claim_states(&pg, "FRONT");
    let (created, refused) = (front_states["created"], front_states["refused"]);
    assert_eq!(created + refused, 200, "{front_states:?}");
    assert!(
        created > 0 && created as u64 <= sent_by_front,
        "{front_states:?}"
    );
    assert_eq!(
        claim_states(&pg, "BACK"),
        BTreeMap::from([("created".to_owned(), refused)])
    );
    assert!(
        said.contains(&format!("{created} were added (not sent again)")),
        "{said}"
    );
}

#[test]
fn a_stopped_desks_claim_is_settled_by_listing_and_its_row_sent_only_when_not_there() {
    let pg = cluster();
    let sandbox = roomy_sandbox();
    let (gone, back) = (desk(&pg, "GONE"), desk(&pg, "BACK"));
    let files = TempDir::new().unwrap();
    // The stopped desk added ghost-2; it stopped after claiming ghost-1 and ghost-2, before
    // sending ghost-1 and before settling either: made so from a real import's claim.
    let there = csv(files.path(), "gone.csv", &["ghost-2".to_owned()]);
    let out = import(&sandbox, gone.path(), &there, None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    pg.sql(
        "petstore",
        "INSERT INTO petstore_claims (environment, desk, account, claim_key, fingerprint,
                pet_group, name, category_id, status, source_kind, source_file, source_line)
         SELECT environment, desk, account, claim_key || '-1',
                replace(fingerprint, 'ghost-2', 'ghost-1'), replace(pet_group, 'ghost-2', 'ghost-1'),
                'ghost-1', category_id, status, source_kind, source_file, 3
           FROM petstore_claims WHERE name = 'ghost-2';
         UPDATE petstore_claims SET state = 'claimed', pet_id = NULL, settled_at = NULL
          WHERE name = 'ghost-2';
         UPDATE petstore_claims SET claimed_at = now() - interval '1 minute';",
    );
    wait_for_no_desk_connected(&pg);
    let file = csv(
        files.path(),
        "back.csv",
        &["ghost-2".to_owned(), "ghost-1".to_owned()],
    );
    let before = sandbox.sandbox.create_count();

    // Younger than the threshold (15 minutes unless set): in progress on that desk, not sent.
    let young = import(&sandbox, back.path(), &file, None);
    let said = text(&young.stderr);
    assert_eq!(young.status.code(), Some(0), "{said}");
    assert_eq!(sandbox.sandbox.create_count(), before, "{said}");
    assert!(said.contains("is being added by GONE"), "{said}");
    assert!(said.contains("run the same import again later"), "{said}");
    assert!(!said.contains("Settled"), "{said}");
    assert_eq!(
        claim_states(&pg, "GONE"),
        BTreeMap::from([("claimed".to_owned(), 2)])
    );

    // Old enough, and no program of that desk connected: settled by listing.
    let out = import(&sandbox, back.path(), &file, Some("30"));
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains(
            "Settled 2 creates left unconfirmed by desks that stopped (GONE) by listing the \
             service: 1 were added (not sent again), 1 were not (sent as usual), 0 may have been \
             added (not sent)."
        ),
        "{said}"
    );
    assert!(said.contains("already added by GONE"), "{said}");
    assert_eq!(
        sandbox.sandbox.create_count(),
        before + 1,
        "ghost-1 alone was sent"
    );
    let held = pets_by_name(&sandbox);
    assert_eq!((held["ghost-1"], held["ghost-2"]), (1, 1), "{held:?}");
    let settled = pg.sql(
        "petstore",
        "SELECT desk, name, state, pet_id IS NOT NULL FROM petstore_claims ORDER BY desk, name",
    );
    assert_eq!(
        settled.trim(),
        "BACK|ghost-1|created|t\nGONE|ghost-1|refused|f\nGONE|ghost-2|created|t",
        "{settled}"
    );
}

#[test]
fn a_slow_desk_still_importing_is_never_settled_under_its_feet() {
    let pg = cluster();
    let sandbox = roomy_sandbox();
    let (front, back) = (desk(&pg, "FRONT"), desk(&pg, "BACK"));
    let files = TempDir::new().unwrap();
    let names = shelter(100);
    let file = csv(files.path(), "shelter.csv", &names);
    let before = sandbox.sandbox.create_count();
    // Slow: the front desk is still sending when the back desk has started and claimed.
    sandbox.sandbox.set_faults(Faults {
        latency: Duration::from_millis(60),
        ..Faults::default()
    });
    let front_run = Running::spawn(import_cmd(&sandbox, front.path(), &file, None));
    wait_until("the front desk's first creates", || {
        sandbox.sandbox.create_count() - before >= 5
    });
    // Settling at any age: only the front desk's being connected keeps its claims.
    let out = import(&sandbox, back.path(), &file, Some("0"));
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(!said.contains("Settled"), "{said}");
    assert!(said.contains("is being added by FRONT"), "{said}");
    assert!(
        said.contains("100 rows are being added by other desks"),
        "{said}"
    );
    let (code, _, rest) = front_run.finish();
    assert_eq!(code, 0, "{rest:?}");
    sandbox.sandbox.set_faults(Faults::default());
    assert_eq!(sandbox.sandbox.create_count() - before, 100);
    assert!(claim_states(&pg, "BACK").is_empty());
    assert_eq!(
        claim_states(&pg, "FRONT"),
        BTreeMap::from([("created".to_owned(), 100)])
    );
}

#[test]
fn a_stopped_desks_claim_is_unknown_when_the_lists_do_not_end() {
    let pg = cluster();
    // Lists without a next link: a full page may hold more, so nothing is provably not there.
    let plan = Plan::Enterprise {
        per_minute: 100_000,
        per_day: 10_000_000,
    };
    let sandbox = TestSandbox::with_config(SandboxConfig::default().with_key(KEY, plan), None);
    let (gone, back) = (desk(&pg, "GONE"), desk(&pg, "BACK"));
    let files = TempDir::new().unwrap();
    let there = csv(files.path(), "gone.csv", &["ghost-2".to_owned()]);
    let out = import(&sandbox, gone.path(), &there, None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The stopped desk claimed ghost-1 and never sent it nor settled the claim.
    pg.sql(
        "petstore",
        "UPDATE petstore_claims SET name = 'ghost-1',
                fingerprint = replace(fingerprint, 'ghost-2', 'ghost-1'),
                pet_group = replace(pet_group, 'ghost-2', 'ghost-1'),
                state = 'claimed', pet_id = NULL, settled_at = NULL,
                claimed_at = now() - interval '1 minute'",
    );
    for i in 0..150 {
        sandbox
            .sandbox
            .insert_pet(&format!("other-{i}"), 1, "available", None);
    }
    wait_for_no_desk_connected(&pg);
    let file = csv(files.path(), "back.csv", &["ghost-1".to_owned()]);
    let before = sandbox.sandbox.create_count();
    let out = import(&sandbox, back.path(), &file, Some("30"));
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("0 were added (not sent again), 0 were not (sent as usual), 1 may have been added (not sent)"),
        "{said}"
    );
    assert!(
        said.contains("may already have been added by GONE"),
        "{said}"
    );
    assert_eq!(sandbox.sandbox.create_count(), before, "never sent: {said}");
    assert_eq!(
        claim_states(&pg, "GONE"),
        BTreeMap::from([("unknown".to_owned(), 1)])
    );
    assert!(claim_states(&pg, "BACK").is_empty());
}
