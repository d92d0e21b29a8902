use super::*;
use keyring_core::mock;

const SECRET: &str = "pk_test_0123456789abcd";

fn keychain() -> (Keychain, Arc<mock::Store>) {
    let store = mock::Store::new().expect("mock store");
    (Keychain::with_store(store.clone()), store)
}

fn key() -> ApiKey {
    ApiKey::new(SECRET.to_string()).expect("valid key")
}

/// Makes the next call on the mock entry for `env` fail with `err`.
fn fail_next(store: &Arc<mock::Store>, env: Environment, err: StoreError) {
    let store: Arc<CredentialStore> = store.clone();
    let entry = store.build(SERVICE, &env.to_string(), None).expect("entry");
    let cred: &mock::Cred = entry.as_any().downcast_ref().expect("mock credential");
    cred.set_error(err);
}

fn assert_no_secret(err: &KeychainError) {
    let shown = format!("{err} {err:?}");
    assert!(!shown.contains(SECRET), "the key leaked into: {shown}");
}

#[test]
fn set_then_get_round_trips_per_environment() {
    let (keychain, _store) = keychain();
    keychain.set(Environment::Staging, &key()).expect("set");
    let got = keychain
        .get(Environment::Staging)
        .expect("get")
        .expect("stored");
    assert_eq!(got.expose_secret(), SECRET);
    assert!(
        keychain
            .get(Environment::Production)
            .expect("get")
            .is_none()
    );
}

fn proxy(url: &str) -> ProxyUrl {
    ProxyUrl::parse(url).expect("proxy address")
}

#[test]
fn the_proxy_password_is_an_entry_of_its_own_beside_the_keys() {
    let (keychain, store) = keychain();
    let corp = proxy("http://proxy.corp.example:3128");
    assert_eq!(
        keychain.proxy_password_for(&corp).expect("get"),
        ProxyPassword::None
    );
    keychain.set(Environment::Production, &key()).expect("set");
    keychain
        .set_proxy_password(&corp, "pr0xy pass")
        .expect("set");
    let store: Arc<CredentialStore> = store;
    let entry = store.build(SERVICE, PROXY_ACCOUNT, None).expect("entry");
    assert!(
        entry
            .get_password()
            .expect("stored")
            .ends_with("\npr0xy pass")
    );
    assert_eq!(
        keychain.proxy_password_for(&corp).expect("get"),
        ProxyPassword::For(Zeroizing::new("pr0xy pass".to_owned()))
    );
    assert_eq!(
        keychain
            .get(Environment::Production)
            .expect("get")
            .unwrap()
            .expose_secret(),
        SECRET,
        "the key is untouched"
    );
    assert!(keychain.clear_proxy_password().expect("clear"));
    assert!(!keychain.clear_proxy_password().expect("clear"));
    assert_eq!(
        keychain.proxy_password_for(&corp).expect("get"),
        ProxyPassword::None
    );
    assert!(
        keychain
            .get(Environment::Production)
            .expect("get")
            .is_some()
    );
}

#[test]
fn a_password_goes_only_to_the_proxy_it_was_stored_for() {
    let (keychain, _store) = keychain();
    let corp = proxy("http://proxy.corp.example:3128");
    keychain
        .set_proxy_password(&corp, "pr0xy pass")
        .expect("set");
    // The same proxy written with capitals or a trailing slash: the same proxy.
    assert!(matches!(
        keychain
            .proxy_password_for(&proxy("http://PROXY.corp.example:3128/"))
            .expect("get"),
        ProxyPassword::For(_)
    ));
    for other in [
        "http://proxy.corp.example.evil:3128",
        "http://proxy.corp.example:8080",
        "https://proxy.corp.example:3128",
    ] {
        assert_eq!(
            keychain.proxy_password_for(&proxy(other)).expect("get"),
            ProxyPassword::ForAnotherProxy {
                proxy: "http://proxy.corp.example:3128".to_owned()
            },
            "{other}"
        );
    }
}

#[test]
fn an_old_entry_without_its_proxy_is_tied_to_the_first_it_is_used_with() {
    let (keychain, store) = keychain();
    let store: Arc<CredentialStore> = store;
    let entry = store.build(SERVICE, PROXY_ACCOUNT, None).expect("entry");
    entry.set_password("old plain password").expect("raw set");
    let corp = proxy("http://proxy.corp.example:3128");
    assert_eq!(
        keychain.proxy_password_for(&corp).expect("get"),
        ProxyPassword::For(Zeroizing::new("old plain password".to_owned()))
    );
    assert!(matches!(
        keychain
            .proxy_password_for(&proxy("http://elsewhere.example:3128"))
            .expect("get"),
        ProxyPassword::ForAnotherProxy { .. }
    ));
}

#[test]
fn entries_use_the_app_identifier_and_environment_name() {
    let (keychain, store) = keychain();
    keychain.set(Environment::Production, &key()).expect("set");
    let store: Arc<CredentialStore> = store;
    let entry = store.build(SERVICE, "production", None).expect("entry");
    assert_eq!(entry.get_password().expect("stored"), SECRET);
}

#[test]
fn status_shows_only_the_masked_form() {
    let (keychain, _store) = keychain();
    let empty = keychain.status(Environment::Production).expect("status");
    assert_eq!(
        empty,
        KeyStatus {
            stored: false,
            masked: None
        }
    );
    keychain.set(Environment::Production, &key()).expect("set");
    let status = keychain.status(Environment::Production).expect("status");
    assert!(status.stored);
    let masked = status.masked.expect("masked");
    assert_eq!(masked, key().masked());
    assert!(!masked.contains(SECRET));
}

#[test]
fn clear_says_whether_there_was_a_key() {
    let (keychain, _store) = keychain();
    keychain.set(Environment::Sandbox, &key()).expect("set");
    assert!(keychain.clear(Environment::Sandbox).expect("clear"));
    assert!(!keychain.clear(Environment::Sandbox).expect("clear again"));
    assert!(keychain.get(Environment::Sandbox).expect("get").is_none());
}

#[test]
fn a_locked_store_is_reported_as_locked() {
    let (keychain, store) = keychain();
    fail_next(
        &store,
        Environment::Production,
        StoreError::NoStorageAccess("collection is locked".into()),
    );
    let err = keychain.get(Environment::Production).expect_err("locked");
    assert!(matches!(err, KeychainError::Locked { .. }), "{err:?}");
    assert!(err.to_string().contains("unlock"), "{err}");
}

#[test]
fn a_too_long_key_names_the_limit() {
    let (keychain, store) = keychain();
    fail_next(
        &store,
        Environment::Production,
        StoreError::TooLong("password encoded as UTF-16".into(), 2560),
    );
    let err = keychain
        .set(Environment::Production, &key())
        .expect_err("too long");
    assert!(
        matches!(err, KeychainError::TooLong { limit: 2560 }),
        "{err:?}"
    );
    assert!(err.to_string().contains("2560"), "{err}");
}

#[test]
fn a_missing_default_store_is_unavailable() {
    let (keychain, store) = keychain();
    fail_next(&store, Environment::Staging, StoreError::NoDefaultStore);
    let err = keychain
        .clear(Environment::Staging)
        .expect_err("unavailable");
    assert!(matches!(err, KeychainError::Unavailable { .. }), "{err:?}");
    assert!(err.to_string().contains("gnome-keyring"), "{err}");
}

#[test]
fn platform_failures_never_echo_the_key() {
    let (keychain, store) = keychain();
    let message = format!("daemon rejected secret {SECRET}");
    fail_next(
        &store,
        Environment::Production,
        StoreError::PlatformFailure(message.into()),
    );
    let err = keychain
        .set(Environment::Production, &key())
        .expect_err("failure");
    assert!(matches!(err, KeychainError::Other(_)), "{err:?}");
    assert_no_secret(&err);
    assert!(err.to_string().contains("daemon rejected"), "{err}");
}

#[test]
fn unreadable_entries_never_echo_their_bytes() {
    let (keychain, store) = keychain();
    keychain.set(Environment::Production, &key()).expect("set");
    fail_next(
        &store,
        Environment::Production,
        StoreError::BadDataFormat(SECRET.as_bytes().to_vec(), "bad".into()),
    );
    let err = keychain.get(Environment::Production).expect_err("bad data");
    assert_no_secret(&err);
    fail_next(
        &store,
        Environment::Production,
        StoreError::BadEncoding(SECRET.as_bytes().to_vec()),
    );
    let err = keychain
        .get(Environment::Production)
        .expect_err("bad encoding");
    assert!(matches!(err, KeychainError::Corrupt { .. }), "{err:?}");
    assert_no_secret(&err);
}

#[test]
fn a_stored_value_that_is_not_a_key_is_corrupt() {
    let (keychain, store) = keychain();
    let store: Arc<CredentialStore> = store;
    let entry = store.build(SERVICE, "staging", None).expect("entry");
    entry.set_password("").expect("raw set");
    let err = keychain.get(Environment::Staging).expect_err("corrupt");
    assert!(matches!(err, KeychainError::Corrupt { .. }), "{err:?}");
    assert!(
        err.to_string().contains("petstore key set --env staging"),
        "{err}"
    );
}

#[test]
fn debug_names_the_store_not_its_contents() {
    let (keychain, _store) = keychain();
    keychain.set(Environment::Production, &key()).expect("set");
    let shown = format!("{keychain:?}");
    assert!(shown.contains("Mock store"), "{shown}");
    assert!(!shown.contains(SECRET));
}

#[test]
fn the_shared_store_password_is_an_entry_of_its_own_per_store() {
    let (keychain, _store) = keychain();
    let ours = "postgres://desk@db.corp.example:5432/petstore";
    let other = "postgres://desk@db.elsewhere.example:5432/petstore";
    assert!(keychain.shared_store_password(ours).expect("get").is_none());
    keychain.set(Environment::Production, &key()).expect("set");
    keychain
        .set_shared_store_password(ours, "db secret")
        .expect("set");
    assert_eq!(
        keychain
            .shared_store_password(ours)
            .expect("get")
            .expect("stored")
            .as_str(),
        "db secret"
    );
    // Another store's address never gets it.
    assert!(
        keychain
            .shared_store_password(other)
            .expect("get")
            .is_none()
    );
    // Clearing it leaves the API key; clearing the key leaves it.
    assert!(keychain.clear_shared_store_password(ours).expect("clear"));
    assert!(!keychain.clear_shared_store_password(ours).expect("clear"));
    assert!(
        keychain
            .get(Environment::Production)
            .expect("get")
            .is_some()
    );
    keychain
        .set_shared_store_password(ours, "again")
        .expect("set");
    keychain.clear(Environment::Production).expect("clear");
    assert!(keychain.shared_store_password(ours).expect("get").is_some());
}
