//! Category names through the backend: Settings' edits and their refusals as facts,
//! the settings file's rules, the shared list exported and imported, names learned from an
//! import when it starts (never replacing one), and export with names. Real files in temporary
//! folders, a real sandbox over HTTP where pets are involved.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use common::{Collected, STAFF_KEY, facts, quick, sandbox, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{
    AppErrorKind, AppEvent, CategoryFailure, CategoryList, CategoryProblem, CategoryRefusal,
    CommandError, Environment, ExportFormat, Field,
};
use petstore_sandbox::SandboxConfig;

const SANDBOX: Environment = Environment::Sandbox;
const STAGING: Environment = Environment::Staging;

fn backend(dir: &Path, events: Arc<Collected>) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        events,
        tuning: Arc::new(quick),
        data_dir: Some(dir.join("data")),
        ..BackendConfig::isolated()
    })
}

fn shown(list: &CategoryList) -> Vec<(&str, &str)> {
    list.entries
        .iter()
        .map(|e| (e.id.as_str(), e.name.as_str()))
        .collect()
}

/// The refusal's problem, field and facts, checked as the UI reads them.
fn refusal(error: &CommandError) -> (CategoryProblem, Option<Field>) {
    assert_eq!(error.kind(), AppErrorKind::Category, "{error:?}");
    assert_eq!(facts(error)["problem"], "categoryRefused", "{error:?}");
    (refused(error).problem, error.field())
}

/// Why the name was refused.
fn refused(error: &CommandError) -> &CategoryRefusal {
    match error {
        CommandError::Category(failure) => match &**failure {
            CategoryFailure::CategoryRefused { refusal, .. } => refusal,
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn settings_edits_are_saved_exactly_and_refusals_are_typed_facts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), events.clone());
    assert!(backend.category_names(SANDBOX).entries.is_empty());

    let list = backend
        .add_category_name(SANDBOX, "1", "  Dogs ")
        .expect("added");
    assert_eq!(shown(&list), vec![("1", "Dogs")]);
    events
        .wait_for(|e| matches!(e, AppEvent::CategoryNames(l) if l.environment == SANDBOX && l.entries.len() == 1))
        .await;
    let big = "9223372036854775807";
    backend
        .add_category_name(SANDBOX, big, "Largest")
        .expect("int64 ids stay exact");

    let taken = backend
        .add_category_name(SANDBOX, "2", "DOGS")
        .expect_err("taken");
    assert_eq!(
        refusal(&taken),
        (CategoryProblem::NameTaken, Some(Field::CategoryName))
    );
    let facts = refused(&taken);
    assert_eq!(
        (facts.id.as_str(), facts.name.as_str()),
        ("2", "DOGS"),
        "what was given"
    );
    assert_eq!(
        (facts.other_id.as_deref(), facts.other_name.as_deref()),
        (Some("1"), Some("Dogs"))
    );
    let named = backend
        .add_category_name(SANDBOX, "1", "Hounds")
        .expect_err("already named");
    assert_eq!(
        refusal(&named),
        (CategoryProblem::IdNamed, Some(Field::CategoryId))
    );
    assert_eq!(refused(&named).other_name.as_deref(), Some("Dogs"));
    for (id, problem) in [
        ("three", CategoryProblem::IdNotANumber),
        ("0", CategoryProblem::IdNotPositive),
        ("9223372036854775808", CategoryProblem::IdNotANumber),
    ] {
        let error = backend
            .add_category_name(SANDBOX, id, "Fish")
            .expect_err("bad id");
        assert_eq!(refusal(&error), (problem, Some(Field::CategoryId)), "{id}");
    }
    let long = backend
        .add_category_name(SANDBOX, "3", &"x".repeat(61))
        .expect_err("too long");
    assert_eq!(
        refusal(&long),
        (CategoryProblem::NameTooLong, Some(Field::CategoryName))
    );
    assert_eq!(refused(&long).chars, Some(61));
    let empty = backend
        .add_category_name(SANDBOX, "3", "   ")
        .expect_err("empty");
    assert_eq!(
        refusal(&empty),
        (CategoryProblem::NameEmpty, Some(Field::CategoryName))
    );

    backend
        .rename_category(SANDBOX, "1", "Big dogs")
        .expect("renamed");
    let missing = backend
        .rename_category(SANDBOX, "5", "Fish")
        .expect_err("no name to rename");
    assert_eq!(
        refusal(&missing),
        (CategoryProblem::NotNamed, Some(Field::CategoryId))
    );
    backend
        .add_category_name(STAGING, "1", "Dogs")
        .expect("each environment has its own list");

    let text = std::fs::read_to_string(dir.path().join("settings.json")).expect("saved");
    let saved: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        saved["categoryNames"],
        serde_json::json!({
            "sandbox": {"1": "Big dogs", "9223372036854775807": "Largest"},
            "staging": {"1": "Dogs"},
        })
    );
    // A restart reads them back.
    let again = backend_again(dir.path());
    assert_eq!(
        shown(&again.category_names(SANDBOX)),
        vec![("1", "Big dogs"), (big, "Largest")]
    );
    let list = again.remove_category_name(SANDBOX, "1").expect("removed");
    assert_eq!(shown(&list), vec![(big, "Largest")]);
}

fn backend_again(dir: &Path) -> Backend {
    backend(dir, Arc::new(Collected::default()))
}

#[tokio::test]
async fn an_unreadable_settings_file_is_never_written_the_names_last_the_session() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("settings.json");
    let broken = "{\n  \"categoryNames\": {\"sandbox\": {\"1\": \"Dogs\"}},\n}\n";
    std::fs::write(&path, broken).expect("written");
    let backend = backend(dir.path(), Arc::new(Collected::default()));
    assert!(backend.settings_problem().is_some());
    let list = backend
        .add_category_name(SANDBOX, "2", "Cats")
        .expect("for this session");
    assert_eq!(shown(&list), vec![("2", "Cats")]);
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), broken);
}

#[tokio::test]
async fn a_shared_list_goes_out_and_comes_in_merging_without_replacing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), events.clone());
    backend
        .add_category_name(SANDBOX, "1", "Dogs")
        .expect("added");
    backend
        .add_category_name(SANDBOX, "2", "=Cats")
        .expect("added");
    let out = dir.path().join("categories-sandbox.csv");
    let saved = backend
        .export_category_names(SANDBOX, &out)
        .expect("exported");
    assert_eq!(saved.pets, Some(2));
    assert_eq!(
        std::fs::read_to_string(&out).expect("written"),
        "categoryId,name\n1,Dogs\n2,'=Cats\n",
        "a formula cell is guarded"
    );

    // Staging knows category 1 by another name, and "Fish" for 4.
    backend
        .add_category_name(STAGING, "1", "Hounds")
        .expect("added");
    backend
        .add_category_name(STAGING, "4", "Fish")
        .expect("added");
    let shared = dir.path().join("shared.csv");
    std::fs::write(
        &shared,
        "name;id\nDogs;1\n=Cats;2\nfish;5\nReptiles;x\n;6\nBirds;7\n",
    )
    .expect("written");
    let merged = backend
        .import_category_names(STAGING, &shared)
        .await
        .expect("merged");
    assert_eq!(merged.file_name, "shared.csv");
    let added: Vec<(&str, &str)> = merged
        .merge
        .added
        .iter()
        .map(|e| (e.id.as_str(), e.name.as_str()))
        .collect();
    assert_eq!(added, vec![("2", "=Cats"), ("7", "Birds")]);
    let refused: Vec<(Option<u32>, CategoryProblem, &str)> = merged
        .merge
        .refused
        .iter()
        .map(|r| (r.line, r.problem, r.id.as_str()))
        .collect();
    assert_eq!(
        refused,
        vec![
            (Some(2), CategoryProblem::IdNamed, "1"),
            (Some(4), CategoryProblem::NameTaken, "5"),
            (Some(5), CategoryProblem::IdNotANumber, "x"),
            (Some(6), CategoryProblem::NameEmpty, "6"),
        ]
    );
    assert_eq!(
        merged.merge.refused[0].other_name.as_deref(),
        Some("Hounds"),
        "the name the person set is kept, and said"
    );
    assert_eq!(
        shown(&merged.list),
        vec![
            ("1", "Hounds"),
            ("2", "=Cats"),
            ("4", "Fish"),
            ("7", "Birds")
        ]
    );
    assert_eq!(shown(&backend.category_names(SANDBOX)).len(), 2);

    let not_a_list = dir.path().join("pets.csv");
    std::fs::write(&not_a_list, "name,status\nRex,sold\n").expect("written");
    let error = backend
        .import_category_names(STAGING, &not_a_list)
        .await
        .expect_err("no id column");
    assert_eq!(facts(&error)["problem"], "categoryListInvalid");
    assert_eq!(facts(&error)["path"], "pets.csv");
    let CommandError::Category(failure) = &error else {
        panic!("{error:?}")
    };
    let CategoryFailure::CategoryListInvalid { reason, .. } = &**failure else {
        panic!("{error:?}")
    };
    assert_eq!(
        Some(reason.clone()),
        Some(petstore_admin::dto::Reason::MissingColumn {
            column: "categoryId".into(),
            found: vec!["name".into(), "status".into()],
        }),
        "{error:?}"
    );
}

#[tokio::test]
async fn an_import_learns_its_names_when_it_starts_and_export_carries_them() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), events.clone());
    use_staging(&backend, &server, STAFF_KEY).await;
    backend
        .add_category_name(STAGING, "1", "Dogs")
        .expect("the person's name");
    let file = dir.path().join("named.csv");
    std::fs::write(
        &file,
        "name,categoryId,category\nLearned Rex,1,Hounds\nLearned Nemo,4,Fish\nLearned Polly,9,Parrots\nLearned Bad,x,Broken\n",
    )
    .expect("written");
    backend.allow_import_file(&file);
    let preview = backend.preview_import(&file).await.expect("preview");
    assert!(preview.ignored_columns.is_empty(), "{preview:?}");
    let learning = preview.category_names.as_ref().expect("names column");
    let added: Vec<&str> = learning.added.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        added,
        vec!["Fish", "Parrots"],
        "2 category names will be learned"
    );
    assert_eq!(learning.refused.len(), 1);
    assert_eq!(learning.refused[0].problem, CategoryProblem::IdNamed);
    assert_eq!(learning.refused[0].line, Some(2));
    let row = preview
        .rows
        .iter()
        .find(|r| r.name == "Learned Nemo")
        .expect("row");
    assert_eq!(row.category_name, "Fish");
    assert_eq!(
        backend.category_names(STAGING).entries.len(),
        1,
        "a preview changes nothing"
    );

    backend
        .start_import(STAGING, false, false)
        .await
        .expect("starts");
    assert_eq!(
        shown(&backend.category_names(STAGING)),
        vec![("1", "Dogs"), ("4", "Fish"), ("9", "Parrots")],
        "learned as the import starts; the person's name kept"
    );
    events
        .wait_for(|e| matches!(e, AppEvent::CategoryNames(l) if l.environment == STAGING && l.entries.len() == 3))
        .await;
    for _ in 0..300 {
        if backend.import_status().is_some_and(|s| !s.running) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let out = dir.path().join("pets.csv");
    backend
        .export_pets(&out, None, ExportFormat::Csv, true, |_| {})
        .await
        .expect("exported");
    let csv = std::fs::read_to_string(&out).expect("written");
    assert!(
        csv.starts_with("id,name,categoryId,status,categoryName\n"),
        "{csv}"
    );
    let line = |name: &str| csv.lines().find(|l| l.contains(name)).map(str::to_owned);
    assert!(
        line("Learned Nemo").is_some_and(|l| l.ends_with(",Fish")),
        "{csv}"
    );
    assert!(
        line("Learned Rex").is_some_and(|l| l.ends_with(",Dogs")),
        "{csv}"
    );
    let plain = dir.path().join("plain.csv");
    backend
        .export_pets(&plain, None, ExportFormat::Csv, false, |_| {})
        .await
        .expect("exported");
    assert!(
        std::fs::read_to_string(&plain)
            .expect("written")
            .starts_with("id,name,categoryId,status\n")
    );
    server.shutdown().await;
}
