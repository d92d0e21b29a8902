//! The first promise on the paths people take: a file fixed and imported again, reordered and
//! grown, the same pet twice in one file, a server that offers no paging, a server that keeps
//! failing. Against a real sandbox over HTTP.

mod common;

use petstore_bulk::{
    CreateSource, Import, ImportOptions, Journal, JournalId, MAX_UNKNOWN_IN_A_ROW, Outcome, Phase,
    Repeat, RowState, Stop, UnknownReason, parse,
};
use petstore_client::{NewPet, PetStatus, PetstoreClient};
use petstore_sandbox::Faults;

use common::*;

async fn import(
    dir: &std::path::Path,
    text: &str,
    client: &PetstoreClient,
    options: ImportOptions,
) -> petstore_bulk::ImportReport {
    let mut import = Import::prepare(
        dir,
        text.as_bytes(),
        parse(text.as_bytes()).unwrap(),
        client,
    )
    .unwrap();
    import
        .record_source(&dir.join("shelter.csv"), "shelter.csv")
        .unwrap();
    import.run(options).await.unwrap()
}

fn outcome_of<'a>(report: &'a petstore_bulk::ImportReport, name: &str) -> &'a Outcome {
    &report
        .rows
        .iter()
        .find(|row| row.name == name)
        .unwrap_or_else(|| panic!("no row {name}"))
        .outcome
}

#[tokio::test]
async fn fixing_the_invalid_row_and_importing_again_creates_only_that_row() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let first =
        "name,categoryId,status\nAlpha,1,available\nBravo,2,\nCharlie,x,sold\nDelta,4,pending\n";
    let report = import(dir.path(), first, &client, ImportOptions::default()).await;
    assert_eq!((report.counts.created, report.counts.invalid), (3, 1));
    let alpha_id = match outcome_of(&report, "Alpha") {
        Outcome::Created { id } => *id,
        other => panic!("{other:?}"),
    };

    // Line 4 fixed in the spreadsheet, the same command again.
    let fixed =
        "name,categoryId,status\nAlpha,1,available\nBravo,2,\nCharlie,3,sold\nDelta,4,pending\n";
    let report = import(dir.path(), fixed, &client, ImportOptions::default()).await;
    assert_eq!(report.counts.created, 1, "{:?}", report.counts);
    assert_eq!(report.counts.repeated, 3);
    assert!(report.all_created(), "repeats left out are no failure");
    match outcome_of(&report, "Alpha") {
        Outcome::Repeated {
            repeat: Repeat::Earlier(earlier),
        } => {
            assert_eq!(earlier.pet_id, Some(alpha_id));
            assert_eq!(
                earlier.source,
                CreateSource::Import {
                    file_name: "shelter.csv".into(),
                    line: 2
                }
            );
        }
        other => panic!("Alpha: {other:?}"),
    }
    let counts = names(&client).await;
    for name in ["Alpha", "Bravo", "Charlie", "Delta"] {
        assert_eq!(counts.get(name), Some(&1), "{name}: {counts:?}");
    }
}

#[tokio::test]
async fn a_reordered_file_with_one_new_row_creates_only_the_new_row() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let first = "name,categoryId,status\nAlpha,1,available\nBravo,2,\nCharlie,3,sold\n";
    import(dir.path(), first, &client, ImportOptions::default()).await;
    let creates = sandbox.create_count();
    // Reordered, re-cased, re-spaced, and one new row.
    let second =
        "name,categoryId,status\ncharlie,3,sold\nEcho,5,\n  Alpha ,1,available\nBravo,2,\n";
    let report = import(dir.path(), second, &client, ImportOptions::default()).await;
    assert_eq!((report.counts.created, report.counts.repeated), (1, 3));
    assert_eq!(sandbox.create_count(), creates + 1, "only Echo was sent");
    assert!(matches!(
        outcome_of(&report, "Echo"),
        Outcome::Created { .. }
    ));
}

#[tokio::test]
async fn a_pet_twice_in_one_file_is_sent_once_unless_repeats_are_chosen() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let text = "name,categoryId,status\nFoxtrot,6,\nGolf,7,sold\nfoxtrot,6,available\n";
    let report = import(dir.path(), text, &client, ImportOptions::default()).await;
    assert_eq!((report.counts.created, report.counts.repeated), (2, 1));
    assert_eq!(
        report.rows[2].outcome,
        Outcome::Repeated {
            repeat: Repeat::InFile { line: 2 }
        }
    );
    assert_eq!(names(&client).await.get("Foxtrot"), Some(&1));

    // The explicit choice: the repeat is created (once more, and only then).
    let creates = sandbox.create_count();
    let chosen = ImportOptions {
        allow_repeats: true,
        ..ImportOptions::default()
    };
    let report = import(dir.path(), text, &client, chosen).await;
    assert_eq!(report.counts.created, 1, "{:?}", report.counts);
    assert_eq!(sandbox.create_count(), creates + 1);
    assert_eq!(names(&client).await.get("foxtrot"), Some(&1));
}

#[tokio::test]
async fn an_export_from_a_server_without_paging_says_what_it_could_read() {
    let sandbox = sandbox_without_paging().await;
    let client = client(&sandbox);
    // 108 pets: 60 available, 40 pending, 8 sold. The whole list stops at a full page of 100;
    // each status's list ends, so the three of them cover every pet.
    for i in 0..108 {
        let status = match i {
            0..60 => "available",
            60..100 => "pending",
            _ => "sold",
        };
        sandbox.insert_pet(&format!("pet-{i}"), 1, status, None);
    }
    let mut out = Vec::new();
    let surveyed = petstore_bulk::export(
        &client,
        None,
        petstore_bulk::ExportFormat::Csv,
        None,
        &mut out,
    )
    .await
    .unwrap();
    assert_eq!(surveyed.count, 108);
    assert!(surveyed.complete, "read whole by status: {surveyed:?}");
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 109, "a header and each pet once");

    // 12 more available pets: that status's list stops at a full page too.
    for i in 0..52 {
        sandbox.insert_pet(&format!("more-{i}"), 1, "available", None);
    }
    let mut out = Vec::new();
    let surveyed = petstore_bulk::export(
        &client,
        None,
        petstore_bulk::ExportFormat::Json,
        None,
        &mut out,
    )
    .await
    .unwrap();
    assert!(!surveyed.complete, "{surveyed:?}");
    assert_eq!(
        surveyed.count,
        100 + 40 + 8,
        "what could be read, each once"
    );
    let pets: Vec<serde_json::Value> = serde_json::from_slice(&out).unwrap();
    assert_eq!(pets.len() as u64, surveyed.count);
    // A status asked for alone is that list alone.
    let mut out = Vec::new();
    let sold = petstore_bulk::export(
        &client,
        Some(PetStatus::Sold),
        petstore_bulk::ExportFormat::Csv,
        None,
        &mut out,
    )
    .await
    .unwrap();
    assert!(sold.complete && sold.count == 8, "{sold:?}");
}

/// A journal whose row 0 went out and whose answer was lost, the pet created meanwhile.
async fn lost_answer(
    dir: &std::path::Path,
    text: &str,
    client: &PetstoreClient,
    pet: &NewPet,
) -> i64 {
    let mut before = std::collections::BTreeSet::new();
    petstore_bulk::survey(client, None, |pets| {
        before.extend(pets.iter().map(|p| p.id));
        Ok::<(), std::convert::Infallible>(())
    })
    .await
    .unwrap();
    let id = JournalId::new(text.as_bytes(), client.base_url().as_str());
    {
        let mut journal = Journal::open(dir, &id, 1).unwrap();
        journal.record_before(&before).unwrap();
        journal.record(0, RowState::Sent).unwrap();
    }
    client.create_pet(pet).await.unwrap().value.id
}

#[tokio::test]
async fn a_lost_answer_beyond_what_the_server_lists_is_unchecked_and_never_resent() {
    let sandbox = sandbox_without_paging().await;
    let client = client(&sandbox);
    for i in 0..120 {
        sandbox.insert_pet(&format!("old-{i}"), 1, "available", None);
    }
    let dir = tempfile::tempdir().unwrap();
    let text = "name,categoryId,status\nLost,9,available\n";
    let pet = NewPet::new("Lost", 9, Some(PetStatus::Available)).unwrap();
    lost_answer(dir.path(), text, &client, &pet).await;
    let creates = sandbox.create_count();

    let resend = ImportOptions {
        resend_unknown: true,
        ..ImportOptions::default()
    };
    let report = import(dir.path(), text, &client, resend).await;
    assert_eq!(
        report.rows[0].outcome,
        Outcome::Unknown {
            reason: UnknownReason::Unchecked
        },
        "the pet is the 121st: the list could not show it, so it is not called not found"
    );
    assert_eq!(
        sandbox.create_count(),
        creates,
        "--resend-unknown never resends a row that could not be checked"
    );
    assert!(!report.all_created());
}

#[tokio::test]
async fn a_lost_answer_is_found_through_its_status_list_when_that_list_ends() {
    let sandbox = sandbox_without_paging().await;
    let client = client(&sandbox);
    for i in 0..120 {
        sandbox.insert_pet(&format!("old-{i}"), 1, "available", None);
    }
    let dir = tempfile::tempdir().unwrap();
    let text = "name,categoryId,status\nFound,9,sold\n";
    let pet = NewPet::new("Found", 9, Some(PetStatus::Sold)).unwrap();
    let id = lost_answer(dir.path(), text, &client, &pet).await;
    let report = import(dir.path(), text, &client, ImportOptions::default()).await;
    assert_eq!(report.rows[0].outcome, Outcome::Created { id });
    assert!(report.all_created());
}

#[tokio::test]
async fn an_import_into_a_failing_server_stops_after_five_unknown_rows_and_resumes_later() {
    let sandbox = std::sync::Arc::new(sandbox().await);
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let text = csv_file("failing", 30);
    let import_ = Import::prepare(
        dir.path(),
        text.as_bytes(),
        parse(text.as_bytes()).unwrap(),
        &client,
    )
    .unwrap();
    let mut progress = import_.progress();
    let faults = tokio::spawn({
        let sandbox = sandbox.clone();
        async move {
            progress
                .wait_for(|p| p.phase == Phase::Sending)
                .await
                .unwrap();
            sandbox.set_faults(Faults {
                error_rate: 1.0,
                ..Faults::default()
            });
            // The listing that reconciles may go through once the rows stopped.
            progress
                .wait_for(|p| p.unknown >= MAX_UNKNOWN_IN_A_ROW)
                .await
                .unwrap();
            sandbox.set_faults(Faults::default());
        }
    });
    let report = import_.run(ImportOptions::default()).await.unwrap();
    faults.await.unwrap();
    match &report.stopped {
        Some(Stop::KeptFailing { rows, .. }) => assert_eq!(*rows, MAX_UNKNOWN_IN_A_ROW),
        other => panic!("{other:?}"),
    }
    assert_eq!(report.counts.unknown, MAX_UNKNOWN_IN_A_ROW);
    assert_eq!(report.counts.not_sent, 30 - MAX_UNKNOWN_IN_A_ROW);
    assert!(
        report.rows.iter().all(|row| !matches!(
            row.outcome,
            Outcome::Unknown {
                reason: UnknownReason::Outcome
            }
        )),
        "what was sent was looked for"
    );
    assert_eq!(
        petstore_bulk::unfinished(dir.path()).len(),
        1,
        "offered for resuming"
    );

    // Later, the service well again: the rest is sent, nothing twice.
    let report = import(dir.path(), &text, &client, ImportOptions::default()).await;
    assert_eq!(report.stopped, None);
    assert_eq!(report.counts.created, 30 - MAX_UNKNOWN_IN_A_ROW);
    let counts = names(&client).await;
    assert!(
        (0..30).all(|i| counts.get(&format!("failing-{i}")).copied().unwrap_or(0) <= 1),
        "{counts:?}"
    );
}
