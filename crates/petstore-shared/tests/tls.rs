//! TLS against a real PostgreSQL with a certificate from a private authority: verified with the
//! authority given in the settings, refused without it.

#![cfg(unix)]

mod common;

use common::*;
use petstore_shared::{Password, SharedError, TlsMode, TlsSetupError, connect};
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};

/// A new authority (PEM), and a certificate with its key (PEM) for 127.0.0.1 signed by it.
fn private_ca() -> (String, String, String) {
    let mut params = CertificateParams::default();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca = CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap();
    let key = KeyPair::generate().unwrap();
    let server = CertificateParams::new(vec!["127.0.0.1".to_owned()])
        .unwrap()
        .signed_by(&key, &ca)
        .unwrap();
    (ca.pem(), server.pem(), key.serialize_pem())
}

#[tokio::test]
async fn the_servers_certificate_is_verified_with_the_settings_authority() {
    let pg = store().await;
    let (ca, cert, key) = private_ca();
    pg.enable_tls(&cert, &key);
    let mut settings = settings(&pg, DESK);
    settings.tls = TlsMode::Always;

    settings.ca_pem = Some(ca);
    let desk = connect(&settings, &Password::new(DESK_PASSWORD))
        .await
        .unwrap();
    let pid = desk.backend_pid().await.unwrap();
    let encrypted = pg.sql(
        DATABASE,
        &format!("SELECT ssl FROM pg_stat_ssl WHERE pid = {pid}"),
    );
    assert_eq!(encrypted, "t");

    // Not trusted by this computer without it.
    settings.ca_pem = None;
    let error = connect(&settings, &Password::new(DESK_PASSWORD))
        .await
        .unwrap_err();
    assert!(
        matches!(&error, SharedError::TlsFailed { host, .. } if host == pg.host()),
        "{error:?}"
    );
}

#[tokio::test]
async fn an_authority_that_is_not_pem_is_named_before_connecting() {
    let pg = store().await;
    let mut settings = settings(&pg, DESK);
    settings.tls = TlsMode::Always;
    settings.ca_pem = Some("not a certificate".into());
    let error = connect(&settings, &Password::new(DESK_PASSWORD))
        .await
        .unwrap_err();
    assert!(
        matches!(error, SharedError::TlsSetup(TlsSetupError::NoCertificate)),
        "{error:?}"
    );
}
