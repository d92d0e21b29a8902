//! The release check with key pairs made here (never a committed secret key).

use super::*;

/// A pair as `tauri signer generate` makes it: the secret key encrypted with `password`
/// (empty here: minisign's key derivation is slow without optimisation), both halves as
/// base64 of the key files' text, as the secret and tauri.conf.json hold them.
fn pair() -> (String, String) {
    let minisign::KeyPair { pk, sk } =
        minisign::KeyPair::generate_encrypted_keypair(Some(String::new())).expect("key pair");
    let public = STANDARD.encode(pk.to_box().expect("public box").to_string());
    let secret = STANDARD.encode(
        sk.to_box(Some("made by the release check's tests"))
            .expect("secret box")
            .to_string(),
    );
    (public, secret)
}

fn config(pubkey: &str) -> serde_json::Value {
    serde_json::json!({
        "plugins": { "updater": {
            "pubkey": pubkey,
            "requireSignedVersion": true,
            "allowDowngrades": false
        } }
    })
}

const REAL_URL: &str =
    "https://github.com/acme/petstore-admin/releases/latest/download/latest.json";

#[test]
fn the_signing_keys_pair_and_a_real_address_pass() {
    let (public, secret) = pair();
    assert_eq!(
        check(&config(&public), Some(&secret), "", Some(REAL_URL)),
        vec![]
    );
}

#[test]
fn another_key_than_the_apps_is_refused_by_key_id() {
    let (public, _) = pair();
    let (_, other_secret) = pair();
    let refusals = check(&config(&public), Some(&other_secret), "", Some(REAL_URL));
    assert!(
        matches!(refusals.as_slice(), [Refusal::KeyMismatch { signing, configured }]
            if signing != configured && signing.len() == 16),
        "{refusals:?}"
    );
    // What is printed names ids, never the key.
    let said = refusals[0].to_string();
    assert!(!said.contains(&other_secret[..20]), "{said}");
}

#[test]
fn the_committed_configuration_is_checked_as_it_is() {
    // The public key committed in tauri.conf.json has no private half anyone holds: any signing
    // key is refused against it.
    let root = crate::root();
    let text = std::fs::read_to_string(root.join("tauri.conf.json")).expect("tauri.conf.json");
    let committed: serde_json::Value = serde_json::from_str(&text).expect("json");
    let (_, secret) = pair();
    let refusals = check(&committed, Some(&secret), "", Some(REAL_URL));
    assert!(
        matches!(refusals.as_slice(), [Refusal::KeyMismatch { .. }]),
        "the committed config requires signed versions and forbids downgrades; only the key differs: {refusals:?}"
    );
}

#[test]
fn no_key_an_unreadable_key_or_a_wrong_password_is_refused() {
    let (public, secret) = pair();
    let config = config(&public);
    assert_eq!(
        check(&config, None, "", Some(REAL_URL)),
        vec![Refusal::NoSigningKey]
    );
    assert!(matches!(
        check(&config, Some("not a key"), "", Some(REAL_URL)).as_slice(),
        [Refusal::SigningKeyUnreadable(_)]
    ));
    // The text itself instead of base64 of it, as someone might paste it.
    let raw = String::from_utf8(STANDARD.decode(&secret).unwrap()).unwrap();
    assert!(matches!(
        check(&config, Some(&raw), "", Some(REAL_URL)).as_slice(),
        [Refusal::SigningKeyUnreadable(_)]
    ));
}

#[test]
fn unsigned_versions_and_downgrades_are_refused() {
    let (public, secret) = pair();
    let mut config = config(&public);
    config["plugins"]["updater"]["requireSignedVersion"] = serde_json::json!(false);
    config["plugins"]["updater"]["allowDowngrades"] = serde_json::json!(true);
    assert_eq!(
        check(&config, Some(&secret), "", Some(REAL_URL)),
        vec![Refusal::VersionNotRequired, Refusal::DowngradesAllowed]
    );
    config["plugins"]["updater"]
        .as_object_mut()
        .unwrap()
        .remove("requireSignedVersion");
    assert!(
        check(&config, Some(&secret), "", Some(REAL_URL)).contains(&Refusal::VersionNotRequired)
    );
}

#[test]
fn only_a_real_https_latest_json_address_passes() {
    let (public, secret) = pair();
    assert_eq!(
        check(&config(&public), Some(&secret), "", None),
        vec![Refusal::NoUpdateUrl]
    );
    for url in [
        "https://example.invalid/petstore-admin/releases/latest/download/latest.json",
        "https://updates.example.com/latest.json",
        "https://example.org/latest.json",
        "https://updates.test/latest.json",
        "https://localhost/latest.json",
        "https://updates/latest.json",
        "http://github.com/acme/petstore-admin/releases/latest/download/latest.json",
        "https://github.com/acme/petstore-admin/releases/latest/download/",
        "https://user@example.com:8443/latest.json",
    ] {
        assert!(update_url_problem(url).is_some(), "{url} passed");
    }
    for url in [
        REAL_URL,
        "https://updates.example-corp.com/petstore/latest.json",
        "https://mirror.corp.example.de:8443/latest.json?channel=stable",
    ] {
        assert_eq!(update_url_problem(url), None, "{url}");
    }
    // The placeholder the app is built with when the variable is unset never passes.
    assert!(
        update_url_problem(petstore_placeholder()).is_some(),
        "the placeholder passed"
    );
}

/// The placeholder address in petstore-local, read from its source (xtask does not build it).
fn petstore_placeholder() -> &'static str {
    let source = std::fs::read_to_string(
        crate::root().join("crates/petstore-local/src/settings/updates.rs"),
    )
    .expect("updates.rs");
    let start = source.find("\"https://").expect("an https address");
    let end = source[start + 1..].find('"').expect("its end") + start + 1;
    Box::leak(source[start + 1..end].to_owned().into_boxed_str())
}
