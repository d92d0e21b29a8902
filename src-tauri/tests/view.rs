//! Rows per page and the language remembered across restarts, and the once-per-process first-table line.

use std::path::Path;

use petstore_admin::backend::{Backend, BackendConfig, DEFAULT_PAGE_SIZE};
use petstore_admin::dto::{ClientErrorKind, CommandError, Field};

fn backend(dir: &Path) -> Backend {
    Backend::new(BackendConfig {
        settings_path: Some(dir.join("settings.json")),
        ..BackendConfig::isolated()
    })
}

#[test]
fn rows_per_page_is_20_at_first_and_a_saved_choice_survives_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = backend(dir.path());
    assert_eq!(first.page_size(), DEFAULT_PAGE_SIZE);
    assert_eq!(DEFAULT_PAGE_SIZE, 20);
    assert_eq!(first.save_page_size(100).expect("saved"), 100);
    drop(first);

    let text = std::fs::read_to_string(dir.path().join("settings.json")).expect("file");
    assert!(text.contains("\"pageSize\": 100"), "{text}");
    assert_eq!(backend(dir.path()).page_size(), 100);
}

#[test]
fn rows_per_page_outside_1_to_100_is_refused_and_not_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path());
    backend.save_page_size(1).expect("1 is allowed");
    for wrong in [0, 101, -5, i64::MAX] {
        let error = backend.save_page_size(wrong).expect_err("refused");
        assert_eq!(error.kind(), ClientErrorKind::InvalidInput, "{wrong}");
        assert_eq!(error.field(), Some(Field::Limit), "{wrong}");
        // The given value travels so the message can name it (i64::MAX is "not a number").
        if wrong != i64::MAX {
            let CommandError::InvalidInput { given, .. } = &error else {
                panic!("{error:?}")
            };
            assert_eq!(given, &Some(wrong.to_string()), "{wrong}");
        }
    }
    assert_eq!(backend.page_size(), 1);
}

#[test]
fn a_hand_edited_size_out_of_range_falls_back_to_the_default() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("settings.json"),
        r#"{ "pageSize": 500, "stagingUrl": "https://staging.example.com/v1" }"#,
    )
    .expect("write");
    let backend = backend(dir.path());
    assert_eq!(backend.page_size(), DEFAULT_PAGE_SIZE);
    assert_eq!(
        backend.get_settings().staging_url.as_deref(),
        Some("https://staging.example.com/v1"),
        "the rest of the file still counts"
    );
}

#[test]
fn the_first_table_line_comes_once_with_the_count() {
    let backend = Backend::new(BackendConfig::isolated());
    assert_eq!(
        backend.first_table_line(40).as_deref(),
        Some("petstore-admin: first table rendered: 40 pets")
    );
    assert_eq!(backend.first_table_line(40), None);
    assert_eq!(backend.first_table_line(100), None);
}

#[test]
fn the_language_follows_the_computer_until_one_is_chosen_and_the_choice_survives_a_restart() {
    use petstore_admin::dto::LanguageChoice;
    let dir = tempfile::tempdir().expect("temp dir");
    let first = backend(dir.path());
    assert_eq!(first.language().choice, LanguageChoice::System);
    assert_eq!(
        first
            .save_language(LanguageChoice::De)
            .expect("saved")
            .choice,
        LanguageChoice::De
    );
    drop(first);

    let text = std::fs::read_to_string(dir.path().join("settings.json")).expect("file");
    assert!(text.contains("\"language\": \"de\""), "{text}");
    let again = backend(dir.path());
    assert_eq!(again.language().choice, LanguageChoice::De);
    // Back to the computer's: the field is gone from the file.
    again.save_language(LanguageChoice::System).expect("saved");
    let text = std::fs::read_to_string(dir.path().join("settings.json")).expect("file");
    assert!(!text.contains("language"), "{text}");
}
