//! Keys: set / clear / status through the Backend, with keyring-core's in-memory store, and the
//! session-only fallback when no keychain is reachable. A key never comes back out.

mod common;

use std::sync::Arc;

use common::{Collected, STAFF_KEY, backend, facts, mock_keychain, sandbox};
use keyring_core::{CredentialStore, Error as StoreError, mock};
use petstore_admin::dto::{
    AppErrorKind, ClientErrorKind, Environment, ErrorKind, Field, KeyStatus, Settings,
};
use petstore_sandbox::SandboxConfig;

const SECRET: &str = "pk_live_abcdefgh12345678";

fn fail_next(store: &Arc<mock::Store>, account: &str, error: StoreError) {
    let store: Arc<CredentialStore> = store.clone();
    let entry = store
        .build("dev.petstore.admin", account, None)
        .expect("entry");
    let cred: &mock::Cred = entry.as_any().downcast_ref().expect("mock credential");
    cred.set_error(error);
}

fn assert_no_secret(status: &KeyStatus) {
    let json = serde_json::to_string(status).expect("json");
    assert!(!json.contains(SECRET), "the key leaked: {json}");
}

#[tokio::test]
async fn keys_go_into_the_keychain_and_only_their_status_comes_out() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (keychain, store) = mock_keychain();
    let backend = backend(dir.path(), Some(keychain), Arc::new(Collected::default()));

    let empty = backend
        .key_status(Environment::Staging)
        .await
        .expect("status");
    assert_eq!(
        (empty.stored, empty.keychain_available, empty.session_only),
        (false, true, false)
    );

    let set = backend
        .set_api_key(Environment::Staging, format!("  {SECRET} "), false)
        .await
        .expect("stored");
    assert_eq!(set.masked.as_deref(), Some("••••5678"));
    assert!(set.stored && !set.session_only);
    assert_no_secret(&set);

    let store: Arc<CredentialStore> = store;
    let entry = store
        .build("dev.petstore.admin", "staging", None)
        .expect("entry");
    assert_eq!(entry.get_password().expect("in the keychain"), SECRET);

    let other = backend
        .key_status(Environment::Production)
        .await
        .expect("status");
    assert!(!other.stored, "one entry per environment");

    let cleared = backend
        .clear_api_key(Environment::Staging)
        .await
        .expect("cleared");
    assert!(!cleared.stored && cleared.masked.is_none());
    assert!(entry.get_password().is_err(), "gone from the keychain");
}

#[tokio::test]
async fn without_a_keychain_a_session_key_is_offered_and_used() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));

    let status = backend
        .key_status(Environment::Staging)
        .await
        .expect("status");
    assert!(!status.keychain_available && !status.stored);

    let error = backend
        .set_api_key(Environment::Staging, STAFF_KEY.into(), false)
        .await
        .expect_err("no keychain");
    assert_eq!(
        (error.kind(), error.field()),
        (ErrorKind::App(AppErrorKind::Keychain), Some(Field::Key))
    );
    // The field "key" is where the UI offers to keep the key for this session only.
    assert_eq!(facts(&error)["problem"], "keychainUnavailable", "{error:?}");
    let json = serde_json::to_string(&error).expect("json");
    assert!(!json.contains(STAFF_KEY), "{json}");

    let status = backend
        .set_api_key(Environment::Staging, STAFF_KEY.into(), true)
        .await
        .expect("kept in memory");
    assert!(status.stored && status.session_only && !status.keychain_available);

    backend
        .save_settings(
            Settings {
                production_url: None,
                staging_url: Some(server.base_url()),
            },
            None,
        )
        .await
        .expect("saved");
    backend
        .select_environment(Environment::Staging)
        .await
        .expect("selected");
    backend
        .list_pets(None, Some(3))
        .await
        .expect("the session key works");
}

#[tokio::test]
async fn a_locked_keychain_reads_as_unavailable_and_a_failing_one_is_a_keychain_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (keychain, store) = mock_keychain();
    let backend = backend(dir.path(), Some(keychain), Arc::new(Collected::default()));

    fail_next(
        &store,
        "production",
        StoreError::NoStorageAccess("collection is locked".into()),
    );
    let status = backend
        .key_status(Environment::Production)
        .await
        .expect("status");
    assert!(!status.keychain_available);

    fail_next(
        &store,
        "production",
        StoreError::PlatformFailure(format!("daemon rejected {SECRET}").into()),
    );
    let error = backend
        .set_api_key(Environment::Production, SECRET.into(), false)
        .await
        .expect_err("platform failure");
    assert_eq!(error.kind(), AppErrorKind::Keychain);
    let json = serde_json::to_string(&error).expect("json");
    assert!(!json.contains(SECRET), "{json}");
}

#[tokio::test]
async fn an_invalid_key_is_refused_and_the_sandbox_needs_none() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (keychain, _store) = mock_keychain();
    let backend = backend(dir.path(), Some(keychain), Arc::new(Collected::default()));
    let error = backend
        .set_api_key(Environment::Staging, "has space inside".into(), false)
        .await
        .expect_err("invalid");
    assert_eq!(
        (error.kind(), error.field()),
        (
            ErrorKind::Client(ClientErrorKind::InvalidInput),
            Some(Field::Key)
        )
    );
    // The sandbox uses its demo key when none is stored.
    backend.list_pets(None, Some(1)).await.expect("demo key");
    backend.shutdown().await;
}
