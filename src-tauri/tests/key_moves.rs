//! A stored key goes only where the person said: saving or
//! testing an address on another server than an environment's saved one, while a key is stored
//! for it, is refused with `keyWouldMove` until the person answers, in the backend itself (a web
//! view that skips the question still cannot send the key there). Real sandboxes on loopback;
//! a key in the app's mock keychain (the real Secret Service is tested in `keys.rs`).

mod common;

use std::sync::Arc;

use common::{Collected, STAFF_KEY, backend, facts, mock_keychain, sandbox};
use petstore_admin::backend::Backend;
use petstore_admin::dto::{Environment, Field, KeyMove, Settings};
use petstore_sandbox::{Sandbox, SandboxConfig};

fn staging_at(url: &str) -> Settings {
    Settings {
        production_url: None,
        staging_url: Some(url.to_owned()),
    }
}

/// A backend whose Staging is saved at `saved` with the staff key in its keychain.
async fn with_key_at(dir: &std::path::Path, saved: &Sandbox) -> Backend {
    let (keychain, _store) = mock_keychain();
    let backend = backend(dir, Some(keychain), Arc::new(Collected::default()));
    backend
        .save_settings(staging_at(&saved.base_url()), None)
        .await
        .expect("a first address needs no answer: no key is stored yet");
    backend
        .set_api_key(Environment::Staging, STAFF_KEY.to_owned(), false)
        .await
        .expect("key stored");
    backend
        .select_environment(Environment::Staging)
        .await
        .expect("select staging");
    backend
}

#[tokio::test]
async fn saving_an_address_on_another_server_waits_for_the_answer_and_keep_takes_the_key_along() {
    let saved = sandbox(SandboxConfig::default()).await;
    let other = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = with_key_at(dir.path(), &saved).await;
    let file_before = std::fs::read_to_string(dir.path().join("settings.json")).expect("file");

    let asked = backend
        .save_settings(staging_at(&other.base_url()), None)
        .await
        .expect_err("refused until the person answers");
    assert_eq!(facts(&asked)["problem"], "keyWouldMove", "{asked:?}");
    assert_eq!(facts(&asked)["environment"], "staging");
    assert_eq!(asked.field(), Some(Field::StagingUrl));
    assert_eq!(facts(&asked)["address"], other.base_url().as_str());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("settings.json")).expect("file"),
        file_before,
        "nothing was saved"
    );
    assert_eq!(
        backend.get_settings().staging_url.as_deref(),
        Some(saved.base_url().as_str())
    );

    backend
        .save_settings(staging_at(&other.base_url()), Some(KeyMove::Keep))
        .await
        .expect("saved with the person's answer");
    let status = backend
        .key_status(Environment::Staging)
        .await
        .expect("status");
    assert!(status.stored, "Keep keeps the key");
    backend
        .list_pets(None, Some(5))
        .await
        .expect("the new server takes the kept key");
    assert_eq!(other.request_count(), 1);
    backend.shutdown().await;
}

#[tokio::test]
async fn remove_saves_the_new_address_and_removes_the_key_which_then_goes_nowhere() {
    let saved = sandbox(SandboxConfig::default()).await;
    let other = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = with_key_at(dir.path(), &saved).await;

    backend
        .save_settings(staging_at(&other.base_url()), Some(KeyMove::Remove))
        .await
        .expect("saved");
    assert_eq!(
        backend.get_settings().staging_url.as_deref(),
        Some(other.base_url().as_str())
    );
    let status = backend
        .key_status(Environment::Staging)
        .await
        .expect("status");
    assert!(!status.stored, "the key was removed");
    let error = backend
        .list_pets(None, Some(5))
        .await
        .expect_err("no key to send");
    assert_eq!(facts(&error)["problem"], "missingApiKey", "{error:?}");
    assert_eq!(other.request_count(), 0);
    assert_eq!(saved.request_count(), 0);
    backend.shutdown().await;
}

#[tokio::test]
async fn a_refused_address_keeps_the_key_even_when_the_answer_was_remove() {
    let saved = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = with_key_at(dir.path(), &saved).await;
    backend
        .save_settings(
            staging_at("http://pets.example.com/v1"),
            Some(KeyMove::Remove),
        )
        .await
        .expect_err("plain http to another computer is refused");
    assert!(
        backend
            .key_status(Environment::Staging)
            .await
            .expect("status")
            .stored
    );
    backend.shutdown().await;
}

#[tokio::test]
async fn the_same_server_or_no_stored_key_needs_no_answer() {
    let saved = sandbox(SandboxConfig::default()).await;
    let other = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = with_key_at(dir.path(), &saved).await;
    // The same server written differently (a trailing slash, spaces): no move.
    backend
        .save_settings(staging_at(&format!(" {}/ ", saved.base_url())), None)
        .await
        .expect("same server");
    // Without a stored key there is nothing to take along.
    backend
        .clear_api_key(Environment::Staging)
        .await
        .expect("cleared");
    backend
        .save_settings(staging_at(&other.base_url()), None)
        .await
        .expect("no key, no question");
    assert_eq!(
        backend.get_settings().staging_url.as_deref(),
        Some(other.base_url().as_str())
    );
    backend.shutdown().await;
}

#[tokio::test]
async fn testing_another_server_sends_the_key_only_with_the_answer() {
    let saved = sandbox(SandboxConfig::default()).await;
    let other = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = with_key_at(dir.path(), &saved).await;
    let asked = backend
        .test_connection(Environment::Staging, Some(&other.base_url()), false)
        .await
        .expect_err("asked first");
    assert_eq!(facts(&asked)["problem"], "keyWouldMove", "{asked:?}");
    assert_eq!(other.request_count(), 0, "no request before the answer");
    assert_eq!(saved.request_count(), 0);
    let test = backend
        .test_connection(Environment::Staging, Some(&other.base_url()), true)
        .await
        .expect("tested with the person's yes");
    assert!(!test.saved);
    assert_eq!(other.request_count(), 1);
    // The saved server is tested without any question.
    backend
        .test_connection(Environment::Staging, Some(&saved.base_url()), false)
        .await
        .expect("saved server");
    assert_eq!(saved.request_count(), 1);
    backend.shutdown().await;
}
