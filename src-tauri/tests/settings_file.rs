//! The settings file through the app: one it cannot read is never written over; each save writes
//! only the field that changed, so another process's changes survive; "Start over" keeps the old
//! file. Real files in a temporary folder.

mod common;

use std::path::Path;
use std::sync::Arc;

use common::{Collected, backend};
use petstore_admin::dto::{AppEvent, ClientErrorKind, Environment, Settings};

/// A hand edit with a trailing comma after the last field (line 4 holds the closing brace).
const TRAILING_COMMA: &str = "{\n  \"productionUrl\": \"https://prod.example.com/v1\",\n  \"stagingUrl\": \"https://staging.example.com/v1\",\n}\n";

fn settings_file(dir: &Path) -> std::path::PathBuf {
    dir.join("settings.json")
}

fn kept_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut kept: Vec<_> = std::fs::read_dir(dir)
        .expect("folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("settings.json.broken-"))
        })
        .collect();
    kept.sort();
    kept
}

#[tokio::test]
async fn an_unreadable_file_survives_a_switch_and_a_rows_change_byte_for_byte_and_start_over_keeps_it()
 {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(settings_file(dir.path()), TRAILING_COMMA).expect("write");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), None, events.clone());

    let problem = backend
        .settings_problem()
        .expect("the problem is remembered");
    assert_eq!(
        problem.path,
        settings_file(dir.path()).display().to_string()
    );
    assert_eq!((problem.line, problem.column), (Some(4), Some(1)));
    assert_eq!(
        problem.problem,
        petstore_admin::dto::Reason::SettingsSyntax {
            line: Some(4),
            column: Some(1)
        },
        "{problem:?}"
    );

    // Both still work for this session...
    let info = backend
        .select_environment(Environment::Staging)
        .await
        .expect("the switch works for this session");
    assert!(info.selected);
    assert_eq!(backend.save_page_size(50).expect("rows per page"), 50);
    assert_eq!(backend.page_size(), 50);
    assert_eq!(backend.get_settings(), Settings::default(), "on defaults");
    // ...and the file is exactly as the person left it.
    assert_eq!(
        std::fs::read_to_string(settings_file(dir.path())).expect("still there"),
        TRAILING_COMMA
    );
    assert!(kept_files(dir.path()).is_empty());
    assert!(backend.settings_problem().is_some(), "still reported");

    let started = backend.start_settings_over().expect("started over");
    let kept = started.kept_as.expect("the old file was moved aside");
    assert_eq!(kept_files(dir.path()), [std::path::PathBuf::from(&kept)]);
    assert_eq!(
        std::fs::read_to_string(&kept).expect("kept"),
        TRAILING_COMMA,
        "kept byte for byte"
    );
    assert_eq!(backend.settings_problem(), None);
    events
        .wait_for(|e| matches!(e, AppEvent::SettingsProblem(None)))
        .await;
    // The new file holds what this session chose.
    let text = std::fs::read_to_string(settings_file(dir.path())).expect("a new file");
    let fresh: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(fresh["environment"], "staging", "{text}");
    assert_eq!(fresh["pageSize"], 50, "{text}");

    // From now on changes are saved.
    backend.save_page_size(30).expect("saved");
    let text = std::fs::read_to_string(settings_file(dir.path())).expect("file");
    assert!(text.contains("\"pageSize\": 30"), "{text}");
}

#[tokio::test]
async fn a_file_broken_while_the_app_runs_is_not_written_and_the_ui_is_told() {
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), None, events.clone());
    assert_eq!(backend.settings_problem(), None);
    std::fs::write(settings_file(dir.path()), "{ \"pageSize\": 40 ").expect("a half edit");

    backend
        .select_environment(Environment::Staging)
        .await
        .expect("works for this session");
    assert_eq!(
        std::fs::read_to_string(settings_file(dir.path())).expect("file"),
        "{ \"pageSize\": 40 "
    );
    let AppEvent::SettingsProblem(Some(problem)) = events
        .wait_for(|e| matches!(e, AppEvent::SettingsProblem(Some(_))))
        .await
    else {
        unreachable!()
    };
    assert!(problem.line.is_some(), "{problem:?}");

    // Fixed by hand: the next change is saved (only its field), and the problem is gone.
    std::fs::write(settings_file(dir.path()), "{ \"pageSize\": 40 }").expect("fixed");
    backend.save_page_size(25).expect("saved");
    assert_eq!(backend.settings_problem(), None);
    let text = std::fs::read_to_string(settings_file(dir.path())).expect("file");
    assert!(text.contains("\"pageSize\": 25"), "{text}");
    assert!(
        !text.contains("environment"),
        "the switch made while it was broken stays this session's: {text}"
    );
}

#[tokio::test]
async fn each_save_writes_only_its_field_so_another_process_keeps_its_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        settings_file(dir.path()),
        r#"{ "productionUrl": "https://prod.example.com/v1" }"#,
    )
    .expect("write");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));

    // The CLI (another process) sets the staging address and the page size meanwhile.
    std::fs::write(
        settings_file(dir.path()),
        r#"{ "productionUrl": "https://prod.example.com/v1", "stagingUrl": "https://cli.example.com/v1", "pageSize": 77 }"#,
    )
    .expect("write");

    backend
        .select_environment(Environment::Production)
        .await
        .expect("selected");
    let on_disk = || -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(settings_file(dir.path())).expect("file"))
            .expect("json")
    };
    let file = on_disk();
    assert_eq!(file["environment"], "production");
    assert_eq!(file["stagingUrl"], "https://cli.example.com/v1", "{file}");
    assert_eq!(file["pageSize"], 77, "{file}");

    // Rows per page: the addresses on disk stay as they are.
    std::fs::write(
        settings_file(dir.path()),
        r#"{ "productionUrl": "https://moved.example.com/v1", "environment": "production" }"#,
    )
    .expect("write");
    backend.save_page_size(10).expect("saved");
    let file = on_disk();
    assert_eq!(
        file["productionUrl"], "https://moved.example.com/v1",
        "{file}"
    );
    assert_eq!(file["pageSize"], 10);

    // Saving the addresses writes the two addresses, and nothing else.
    std::fs::write(
        settings_file(dir.path()),
        r#"{ "environment": "staging", "pageSize": 99 }"#,
    )
    .expect("write");
    backend
        .save_settings(
            Settings {
                production_url: Some("https://prod.example.com/v1".into()),
                staging_url: None,
            },
            None,
        )
        .await
        .expect("saved");
    let file = on_disk();
    assert_eq!(
        (&file["environment"], &file["pageSize"]),
        (&serde_json::json!("staging"), &serde_json::json!(99)),
        "{file}"
    );
    assert_eq!(file["productionUrl"], "https://prod.example.com/v1");
}

#[tokio::test]
async fn start_over_when_the_file_was_fixed_meanwhile_moves_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(settings_file(dir.path()), TRAILING_COMMA).expect("write");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    assert!(backend.settings_problem().is_some());
    let fixed = TRAILING_COMMA.replace("v1\",\n}", "v1\"\n}");
    std::fs::write(settings_file(dir.path()), &fixed).expect("fixed by hand");

    let started = backend.start_settings_over().expect("answered");
    assert_eq!(started.kept_as, None);
    assert!(kept_files(dir.path()).is_empty());
    assert_eq!(
        std::fs::read_to_string(settings_file(dir.path())).expect("file"),
        fixed
    );
    assert_eq!(backend.settings_problem(), None);
}

#[tokio::test]
async fn without_a_settings_file_there_is_nothing_to_start_over_or_open() {
    let backend =
        petstore_admin::backend::Backend::new(petstore_admin::backend::BackendConfig::isolated());
    assert_eq!(backend.settings_problem(), None);
    let error = backend.start_settings_over().expect_err("no file");
    assert_eq!(error.kind(), ClientErrorKind::Configuration);
    assert!(backend.settings_file_path().is_err());
}
