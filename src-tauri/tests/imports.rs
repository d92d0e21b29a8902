//! Import and export through the backend, against a real sandbox over HTTP and real
//! files in temporary folders: preview, fix in place, start, pause, resume, cancel, the report,
//! resuming an unfinished import, and export.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use common::{Collected, STAFF_KEY, facts, quick, sandbox, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{
    AppEvent, Environment, ExportFormat, ImportPhase, ImportResult, PetStatusValue, RowCells,
};
use petstore_sandbox::{Faults, SandboxConfig};

fn backend(dir: &Path, events: Arc<Collected>) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        events,
        tuning: Arc::new(quick),
        data_dir: Some(dir.join("data")),
        ..BackendConfig::isolated()
    })
}

fn slow(ms: u64) -> Faults {
    Faults {
        latency: Duration::from_millis(ms),
        ..Faults::default()
    }
}

/// Polls until the import ends; its end screen.
async fn ended(backend: &Backend) -> ImportResult {
    for _ in 0..600 {
        if let Some(status) = backend.import_status()
            && !status.running
        {
            return status.result.expect("an ended import has a result");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the import did not end in 30 s");
}

const FILE: &str = "Name;category;Colour;status\nRex;3;brown;available\nMia;;grey;\nBo;4;;SOLD\nIvy;5;white;pending\nKai;6;black;\n";

#[tokio::test]
async fn preview_fix_in_place_pause_resume_and_report() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), events.clone());
    use_staging(&backend, &server, STAFF_KEY).await;
    let file = dir.path().join("branch.csv");
    std::fs::write(&file, FILE).expect("file written");

    let refused = backend.preview_import(&file).await.expect_err("not chosen");
    // A path the person did not choose is never read: "choose a file with Import… first".
    assert_eq!(facts(&refused)["problem"], "noImportFile", "{refused:?}");
    backend.allow_import_file(&file);
    let preview = backend.preview_import(&file).await.expect("preview");
    assert_eq!(preview.environment, Environment::Staging);
    assert!(!preview.production);
    assert_eq!((preview.valid_rows, preview.invalid_rows), (4, 1));
    assert_eq!(preview.ignored_columns, vec!["Colour".to_owned()]);
    let bad = &preview.rows[0];
    assert_eq!((bad.line, bad.name.as_str()), (3, "Mia"));
    assert_eq!(bad.problems[0].column, "categoryId");
    assert_eq!(preview.estimate.requests, 4);
    assert!(preview.resumable.is_none());
    assert_eq!(server.create_count(), 0, "a preview sends nothing");

    // Still wrong: the row stays invalid, with the new problem.
    let still = backend
        .fix_import_row(
            bad.index,
            RowCells {
                name: "Mia".into(),
                category_id: "-1".into(),
                status: String::new(),
            },
        )
        .await
        .expect("fix");
    assert_eq!(still.invalid_rows, 1);
    assert_eq!(
        still.rows[0].problems[0].problem,
        petstore_admin::dto::RowProblemCode::CategoryIdNotPositive { given: "-1".into() }
    );
    let fixed = backend
        .fix_import_row(
            bad.index,
            RowCells {
                name: "Mia".into(),
                category_id: "7".into(),
                status: String::new(),
            },
        )
        .await
        .expect("fix");
    assert_eq!((fixed.valid_rows, fixed.invalid_rows), (5, 0));
    assert!(fixed.edited);

    server.set_faults(slow(250));
    let started = backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("starts");
    assert_eq!(started.total, 5);
    // Wait for the first create, then pause: nothing more is sent while paused.
    for _ in 0..200 {
        if server.create_count() >= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let paused = backend.pause_import().expect("status");
    assert!(paused.progress.paused && paused.running);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let during = server.create_count();
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(server.create_count(), during, "no create while paused");
    assert!(during < 5, "paused before the end ({during})");
    backend.resume_import().expect("status");
    let result = ended(&backend).await;
    server.set_faults(Faults::default());

    assert_eq!(result.counts.created, 5, "{result:?}");
    assert_eq!((result.counts.unknown, result.counts.failed), (0, 0));
    assert_eq!(server.create_count(), 5, "each row sent once");
    assert_eq!(result.new_ids.len(), 5);
    let listed = backend.list_pets(None, Some(100)).await.expect("list").pets;
    let mia = listed
        .iter()
        .find(|p| p.name == "Mia")
        .expect("Mia created");
    assert_eq!(mia.category_id, "7", "the fixed cell was sent");
    assert!(result.new_ids.contains(&mia.id));
    events
        .wait_for(|e| matches!(e, AppEvent::ImportFinished(r) if r.counts.created == 5))
        .await;
    assert!(
        events
            .all()
            .iter()
            .any(|e| matches!(e, AppEvent::ImportProgress(p) if p.phase == ImportPhase::Sending)),
        "progress events were sent"
    );

    // The report, next to a file a person wrote there before (kept).
    let report = dir.path().join("report.csv");
    std::fs::write(&report, "mine").expect("written");
    let saved = backend.save_import_report(&report).expect("saved");
    let text = std::fs::read_to_string(&report).expect("report");
    assert!(
        text.starts_with("line,name,categoryId,status,outcome,id"),
        "{text}"
    );
    assert!(
        // Fixed without a status: the service decided, and the report says none was given.
        text.contains(&format!("Mia,7,not given,created,{}", mia.id)),
        "{text}"
    );
    let kept = saved.kept_as.expect("the old file was kept");
    assert_eq!(std::fs::read_to_string(kept).expect("kept"), "mine");

    // The same fixed content again: every row is skipped, nothing is sent.
    backend.preview_import(&file).await.expect("preview");
    backend
        .fix_import_row(
            1,
            RowCells {
                name: "Mia".into(),
                category_id: "7".into(),
                status: String::new(),
            },
        )
        .await
        .expect("fix");
    backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("starts");
    let again = ended(&backend).await;
    assert_eq!((again.counts.skipped, again.counts.created), (5, 0));
    assert_eq!(server.create_count(), 5, "nothing sent twice");
}

#[tokio::test]
async fn cancel_keeps_what_was_created_and_a_restart_offers_the_rest() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    let file = dir.path().join("many.csv");
    let rows: String = (1..=20).map(|i| format!("Pet {i},{i}\n")).collect();
    std::fs::write(&file, format!("name,categoryId\n{rows}")).expect("file written");

    backend.allow_import_file(&file);
    backend.preview_import(&file).await.expect("preview");
    server.set_faults(slow(150));
    backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("starts");
    let refused = backend
        .start_import(Environment::Staging, false, false)
        .await;
    assert!(refused.is_err(), "one import at a time");
    for _ in 0..200 {
        if server.create_count() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    backend.cancel_import().expect("status");
    let result = ended(&backend).await;
    server.set_faults(Faults::default());
    assert!(result.cancelled, "{result:?}");
    let sent = server.create_count();
    assert!((2..20).contains(&sent), "{sent}");
    assert_eq!(result.counts.created as u64, sent, "created stays created");
    assert_eq!(result.counts.not_sent as u64, 20 - sent);

    // A new session (a restart) finds the unfinished import and resumes it on request.
    drop(backend);
    let backend = self::backend(dir.path(), Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    let offered = backend.unfinished_imports().await;
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert_eq!(offered[0].file_name, "many.csv");
    assert_eq!(offered[0].environment, Some(Environment::Staging));
    assert_eq!(offered[0].created as u64, sent);
    let preview = backend
        .preview_import(Path::new(&offered[0].source))
        .await
        .expect("preview");
    let resumable = preview.resumable.expect("resumable");
    assert_eq!(resumable.created as u64, sent);
    assert_eq!(preview.estimate.requests as u64, 20 - sent);
    backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("resumes");
    let rest = ended(&backend).await;
    assert!(rest.resumed);
    assert_eq!(rest.counts.skipped as u64, sent);
    assert_eq!(rest.counts.created as u64, 20 - sent);
    assert_eq!(server.create_count(), 20, "each row exactly once");
    assert!(backend.unfinished_imports().await.is_empty());
}

#[tokio::test]
async fn export_writes_every_page_and_keeps_an_older_file() {
    let server = sandbox(SandboxConfig {
        page_size_links: true,
        ..SandboxConfig::default()
    })
    .await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    let big = server.insert_pet("=HYPERLINK()", 3, "sold", Some(9_007_199_254_740_993));
    for i in 0..120 {
        server.insert_pet(&format!("Sold {i}"), 2, "sold", None);
    }
    let path = dir.path().join("pets.csv");
    std::fs::write(&path, "a file a person wrote").expect("written");
    let told = std::sync::Mutex::new(Vec::new());
    let saved = backend
        .export_pets(
            &path,
            Some(PetStatusValue::Sold),
            ExportFormat::Csv,
            false,
            |progress| told.lock().expect("not poisoned").push(progress.pets),
        )
        .await
        .expect("exported");
    let text = std::fs::read_to_string(&path).expect("export");
    let sold_listed = text.lines().count() - 1;
    assert_eq!(saved.pets, Some(sold_listed as u32));
    // Told after each page, counting up to what the file holds.
    let told = told.into_inner().expect("not poisoned");
    assert!(told.len() >= 2, "a page at a time: {told:?}");
    assert!(told.windows(2).all(|w| w[0] < w[1]), "{told:?}");
    assert_eq!(told.last().copied(), saved.pets);
    assert!(sold_listed >= 121, "every page ({sold_listed})");
    assert!(
        text.contains(&format!("{big},'=HYPERLINK(),3,sold")),
        "exact id, guarded cell"
    );
    assert_eq!(
        std::fs::read_to_string(saved.kept_as.expect("kept")).expect("kept"),
        "a file a person wrote"
    );

    let json = dir.path().join("pets.json");
    let saved = backend
        .export_pets(&json, None, ExportFormat::Json, false, |_| {})
        .await
        .expect("exported");
    let pets: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("valid JSON");
    assert_eq!(saved.pets, Some(pets.len() as u32));
    assert!(saved.kept_as.is_none());
}

/// A run that stopped between `sent` and the answer (a crash: the journal says `sent`, written
/// here by the bulk crate's own `Journal`, as the killed run leaves it): the next run reconciles.
/// The row whose pet exists is found and never sent again; the row not found is offered, and
/// sent only through `resend_unknown_rows`, the end screen's "Resend these N rows?".
#[tokio::test]
async fn rows_of_unknown_outcome_are_reconciled_and_resent_only_when_asked() {
    use petstore_bulk::{Journal, JournalId, RowState};

    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    let file = dir.path().join("crashed.csv");
    let text = "name,categoryId\nLost,3\nKept,4\nFound,5\n";
    std::fs::write(&file, text).expect("file written");

    // The crashed run: the pets before it, then "Lost" and "Found" sent; only "Found" arrived.
    let before: std::collections::BTreeSet<i64> = backend
        .list_pets(None, Some(100))
        .await
        .expect("list")
        .pets
        .iter()
        .map(|p| p.id.parse().expect("id"))
        .collect();
    // The address the journal is named after: the environment's, as the app reads it.
    let base_url = backend
        .list_environments()
        .await
        .expect("environments")
        .into_iter()
        .find(|e| e.id == Environment::Staging)
        .and_then(|e| e.base_url)
        .expect("staging address");
    let mut journal = Journal::open(
        &dir.path().join("data"),
        &JournalId::new(text.as_bytes(), &base_url),
        3,
    )
    .expect("journal");
    journal.record_before(&before).expect("before");
    journal.record(0, RowState::Sent).expect("sent");
    journal.record(2, RowState::Sent).expect("sent");
    journal.record_source(&file).expect("source");
    drop(journal);
    let found_id = server.insert_pet("Found", 5, "available", None);

    let offered = backend.unfinished_imports().await;
    assert_eq!(
        offered.len(),
        1,
        "{offered:?} (journal named for {base_url})"
    );
    assert_eq!(offered[0].unknown, 2);
    assert_eq!(offered[0].environment, Some(Environment::Staging));
    let preview = backend
        .preview_import(&file)
        .await
        .expect("the offered file may be read");
    assert_eq!(preview.resumable.as_ref().map(|r| r.unknown), Some(2));
    assert_eq!(preview.estimate.requests, 1, "only Kept is to send");

    backend
        .start_import(Environment::Staging, false, false)
        .await
        .expect("starts");
    let result = ended(&backend).await;
    assert_eq!(server.create_count(), 1, "only Kept was sent");
    assert_eq!(
        result.counts.created, 2,
        "Kept sent, Found found: {result:?}"
    );
    assert!(result.new_ids.contains(&found_id.to_string()));
    assert_eq!(result.unknown_rows.len(), 1);
    assert_eq!(result.unknown_rows[0].name, "Lost");
    assert_eq!(result.unknown_rows[0].detail, "notFound");

    // Not resent by itself: only when asked.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(server.create_count(), 1);
    backend.resend_unknown_rows().await.expect("resends");
    let resent = ended(&backend).await;
    assert_eq!(server.create_count(), 2, "Lost sent once, on request");
    assert_eq!(resent.counts.unknown, 0, "{resent:?}");
    assert_eq!(resent.counts.created + resent.counts.skipped, 3);
    let names: Vec<String> = backend
        .list_pets(None, Some(100))
        .await
        .expect("list")
        .pets
        .into_iter()
        .map(|p| p.name)
        .filter(|n| ["Lost", "Kept", "Found"].contains(&n.as_str()))
        .collect();
    assert_eq!(names.len(), 3, "each once: {names:?}");
}
