//! The import against a real sandbox over HTTP: created once, resumed, reconciled.

mod common;

use petstore_bulk::{
    Import, ImportOptions, Journal, JournalId, Outcome, Phase, RowState, Stop, UnknownReason, parse,
};
use petstore_client::NewPet;
use petstore_sandbox::Faults;

use common::*;

fn prepare(dir: &std::path::Path, text: &str, client: &petstore_client::PetstoreClient) -> Import {
    Import::prepare(
        dir,
        text.as_bytes(),
        parse(text.as_bytes()).unwrap(),
        client,
    )
    .unwrap()
}

/// An import started paused: it has listed the catalog and holds before its first row.
async fn start_paused(
    import: Import,
) -> (
    petstore_bulk::ImportControl,
    tokio::sync::watch::Receiver<petstore_bulk::Progress>,
    tokio::task::JoinHandle<Result<petstore_bulk::ImportReport, petstore_bulk::ImportError>>,
) {
    let control = import.control();
    control.pause();
    let mut progress = import.progress();
    let run = tokio::spawn(import.run(ImportOptions::default()));
    progress
        .wait_for(|p| p.phase == Phase::Sending && p.paused)
        .await
        .unwrap();
    (control, progress, run)
}

#[tokio::test]
async fn imports_every_valid_row_once_and_a_second_run_sends_nothing() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let mut text = csv_file("first", 30);
    text.push_str("=bad,0,\n");
    let import = prepare(dir.path(), &text, &client);
    assert!(!import.resumed());
    assert_eq!(import.to_send(), 30);
    let progress = import.progress();
    let report = import.run(ImportOptions::default()).await.unwrap();
    assert_eq!(report.counts.created, 30);
    assert_eq!(report.counts.invalid, 1);
    assert!(report.all_created() && report.stopped.is_none());
    assert_eq!(progress.borrow().phase, Phase::Finished);
    assert_eq!(progress.borrow().created, 30);
    let counts = names(&client).await;
    assert!((0..30).all(|i| counts.get(&format!("first-{i}")) == Some(&1)));
    let creates = sandbox.create_count();
    assert!(
        petstore_bulk::unfinished(dir.path()).is_empty(),
        "a finished import is not offered"
    );

    let again = prepare(dir.path(), &text, &client);
    assert!(again.resumed());
    assert_eq!(again.to_send(), 0);
    let report = again.run(ImportOptions::default()).await.unwrap();
    assert_eq!(report.counts.skipped, 30);
    assert_eq!(report.counts.created, 0);
    assert!(report.resumed);
    assert_eq!(sandbox.create_count(), creates, "nothing sent again");
    // The report keeps the ids, and guards formula-like cells.
    let mut csv = Vec::new();
    report.write_csv(&mut csv).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert!(
        csv.lines()
            .any(|l| l.starts_with("2,first-0,1,available,skipped,")),
        "{csv}"
    );
    assert!(csv.contains("'=bad"), "{csv}");
}

/// The report says every row's status as its file gave it, an invalid row's too
/// (what the cell held, guarded like any cell), and "not given" where the row gave none.
#[tokio::test]
async fn the_report_shows_each_rows_status_as_given() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let text = "name,categoryId,status\n\
                Rex,1,available\n\
                Toffee,1,\n\
                ,2,pending\n\
                Juniper,,adopted\n\
                Basil,x,\n\
                Risky,,=cmd\n";
    let report = prepare(dir.path(), text, &client)
        .run(ImportOptions::default())
        .await
        .unwrap();
    assert_eq!((report.counts.created, report.counts.invalid), (2, 4));
    let mut csv = Vec::new();
    report.write_csv(&mut csv).unwrap();
    let statuses: Vec<(String, String, String)> = csv::Reader::from_reader(csv.as_slice())
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[1].to_owned(), r[3].to_owned(), r[4].to_owned())
        })
        .collect();
    let expected = [
        ("Rex", "available", "created"),
        ("Toffee", "not given", "created"),
        ("", "pending", "invalid"),
        ("Juniper", "adopted", "invalid"),
        ("Basil", "not given", "invalid"),
        ("Risky", "'=cmd", "invalid"),
    ]
    .map(|(n, s, o)| (n.to_owned(), s.to_owned(), o.to_owned()));
    assert_eq!(statuses, expected, "{}", String::from_utf8_lossy(&csv));
    sandbox.shutdown().await;
}

#[tokio::test]
async fn a_row_sent_before_a_crash_is_reconciled_never_resent() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let text = csv_file("crash", 3);
    // A first run that listed the catalog, sent row 1, and died before recording the answer.
    let before: std::collections::BTreeSet<i64> = {
        let mut ids = std::collections::BTreeSet::new();
        petstore_bulk::for_each_page(&client, None, |pets| {
            ids.extend(pets.iter().map(|p| p.id));
            Ok::<(), std::convert::Infallible>(())
        })
        .await
        .unwrap();
        ids
    };
    let id = JournalId::new(text.as_bytes(), client.base_url().as_str());
    {
        let mut journal = Journal::open(dir.path(), &id, 3).unwrap();
        journal.record_before(&before).unwrap();
        journal.record(1, RowState::Sent).unwrap();
    }
    let pet = NewPet::new("crash-1", 2, Some(petstore_client::PetStatus::Pending)).unwrap();
    let created = client.create_pet(&pet).await.unwrap().value.id;
    let creates = sandbox.create_count();

    let report = prepare(dir.path(), &text, &client)
        .run(ImportOptions::default())
        .await
        .unwrap();
    assert_eq!(report.rows[1].outcome, Outcome::Created { id: created });
    assert_eq!(report.counts.created, 3);
    assert_eq!(
        sandbox.create_count(),
        creates + 2,
        "only rows 0 and 2 were sent"
    );
    assert_eq!(names(&client).await.get("crash-1"), Some(&1));
}

#[tokio::test]
async fn with_drops_and_503s_unknown_rows_are_reconciled_and_never_duplicated() {
    let sandbox = std::sync::Arc::new(sandbox().await);
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let rows = 40;
    let text = csv_file("faulty", rows);
    // The catalog before the import is listed without faults; then every create has a
    // chance of being dropped after it was stored (outcome unknown, created) or answered 503
    // without being stored (outcome unknown, not created).
    let import = prepare(dir.path(), &text, &client);
    let mut progress = import.progress();
    let faults = tokio::spawn({
        let sandbox = sandbox.clone();
        async move {
            progress
                .wait_for(|p| p.phase == Phase::Sending)
                .await
                .unwrap();
            sandbox.set_faults(Faults {
                drop_rate: 0.25,
                error_rate: 0.25,
                ..Faults::default()
            });
        }
    });
    let first = import.run(ImportOptions::default()).await.unwrap();
    faults.await.unwrap();
    sandbox.set_faults(Faults::default());
    let counts = names(&client).await;
    assert!(
        (0..rows).all(|i| counts.get(&format!("faulty-{i}")).copied().unwrap_or(0) <= 1),
        "no row was sent twice: {counts:?}"
    );

    // Run again without faults: whatever the first run could not settle is settled now.
    let second = prepare(dir.path(), &text, &client)
        .run(ImportOptions::default())
        .await
        .unwrap();
    assert_eq!(second.stopped, None);
    // Rows the first run did not send (it stops when the service keeps failing) were sent now.
    let counts = names(&client).await;
    for row in &second.rows {
        let on_server = counts.get(&row.name).copied().unwrap_or(0);
        match &row.outcome {
            Outcome::Created { .. } | Outcome::Skipped { .. } => {
                assert_eq!(on_server, 1, "{row:?}")
            }
            Outcome::Unknown { reason } => {
                assert_eq!(*reason, UnknownReason::NotFound);
                assert_eq!(on_server, 0, "{row:?}");
            }
            other => panic!("unexpected {other:?} for {row:?}"),
        }
    }
    let unknown_first = first
        .rows
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Unknown { .. }))
        .count();
    assert!(unknown_first > 0, "the faults made some outcomes unknown");

    // Only the person's yes resends the rows not found; then every row is there once.
    let third = prepare(dir.path(), &text, &client)
        .run(ImportOptions {
            resend_unknown: true,
            ..ImportOptions::default()
        })
        .await
        .unwrap();
    assert!(third.all_created(), "{:?}", third.counts);
    let counts = names(&client).await;
    assert!(
        (0..rows).all(|i| counts.get(&format!("faulty-{i}")) == Some(&1)),
        "{counts:?}"
    );
}

#[tokio::test]
async fn pause_holds_resume_goes_on() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let text = csv_file("pause", 5);
    let (control, mut progress, run) = start_paused(prepare(dir.path(), &text, &client)).await;
    control.resume();
    progress.wait_for(|p| !p.paused).await.unwrap();
    let report = run.await.unwrap().unwrap();
    assert_eq!(report.counts.created, 5);
    assert!(report.all_created());
}

#[tokio::test]
async fn cancel_stops_sending_and_keeps_what_was_created() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    let text = csv_file("cancel", 20);
    let (control, progress, run) = start_paused(prepare(dir.path(), &text, &client)).await;
    assert_eq!(progress.borrow().created, 0, "paused before the first row");
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert_eq!(sandbox.create_count(), 0, "nothing sent while paused");
    control.cancel();
    control.resume();
    let report = run.await.unwrap().unwrap();
    assert_eq!(report.stopped, Some(Stop::Cancelled));
    assert_eq!(report.counts.not_sent, 20);
    assert!(!report.all_created());
    assert_eq!(
        petstore_bulk::unfinished(dir.path()).len(),
        1,
        "offered for resuming"
    );
}
