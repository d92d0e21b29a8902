//! A loopback update server for the updater scenarios: `latest.json` naming one bundle, the
//! bundle's bytes, and minisign keys made for the test (never a committed key). Counts requests,
//! so a test can tell that nothing was asked, or nothing downloaded.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;

/// A minisign key pair made now; the plugin's forms of its public key and of a signature are
/// base64 of the key file's and the signature file's text.
pub struct TestKey {
    public: minisign::PublicKey,
    secret: minisign::SecretKey,
}

impl TestKey {
    pub fn generate() -> TestKey {
        let minisign::KeyPair { pk, sk } =
            minisign::KeyPair::generate_unencrypted_keypair().expect("a test key pair");
        TestKey {
            public: pk,
            secret: sk,
        }
    }

    /// As `plugins.updater.pubkey` and `updates.publicKey` take it.
    pub fn public_base64(&self) -> String {
        let text = self.public.to_box().expect("public key box").to_string();
        STANDARD.encode(text)
    }

    /// As a manifest's `signature` takes it, bound to `version` as `tauri signer sign
    /// --app-version` binds it (a `version:` field in the trusted comment, which the signature
    /// covers): the app refuses a manifest announcing another version (`requireSignedVersion`).
    pub fn sign_base64(&self, version: &str, bytes: &[u8]) -> String {
        self.sign_with_comment(
            &format!("signed by the petstore-admin tests\tversion:{version}"),
            bytes,
        )
    }

    /// Signed without any version, as signatures were before `--app-version`.
    // The app's updater tests use it; the e2e scenarios, which include this file, do not.
    #[allow(dead_code)]
    pub fn sign_without_version_base64(&self, bytes: &[u8]) -> String {
        self.sign_with_comment("signed by the petstore-admin tests", bytes)
    }

    fn sign_with_comment(&self, trusted_comment: &str, bytes: &[u8]) -> String {
        let signature = minisign::sign(
            Some(&self.public),
            &self.secret,
            std::io::Cursor::new(bytes),
            Some(trusted_comment),
            None,
        )
        .expect("a signature");
        STANDARD.encode(signature.to_string())
    }
}

/// What the server offers now.
#[derive(Debug, Clone)]
pub struct Offer {
    pub version: String,
    pub notes: String,
    /// The bytes served as the bundle.
    pub bundle: Vec<u8>,
    /// The manifest's signature of the bundle.
    pub signature: String,
}

#[derive(Default)]
struct Shared {
    address: std::sync::OnceLock<SocketAddr>,
    offer: Mutex<Option<Offer>>,
    manifests: AtomicUsize,
    downloads: AtomicUsize,
}

pub struct UpdateServer {
    address: SocketAddr,
    shared: Arc<Shared>,
    task: tokio::task::JoinHandle<()>,
}

impl UpdateServer {
    pub async fn start() -> UpdateServer {
        let shared = Arc::new(Shared::default());
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .expect("a loopback port");
        let address = listener.local_addr().expect("its address");
        let _ = shared.address.set(address);
        let router = Router::new()
            .route("/latest.json", get(manifest))
            .route("/bundle", get(bundle))
            .with_state(shared.clone());
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
        UpdateServer {
            address,
            shared,
            task,
        }
    }

    /// Where it listens (plain HTTP), for a TLS front before it (`tests/updates.rs`; the e2e
    /// scenarios sharing this file do not use it).
    #[allow(dead_code)]
    pub fn addr(&self) -> SocketAddr {
        self.address
    }

    /// The manifest's address, for `updates.url`.
    pub fn url(&self) -> String {
        format!("http://{}/latest.json", self.address)
    }

    pub fn offer(&self, offer: Offer) {
        *self
            .shared
            .offer
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(offer);
    }

    /// How many times `latest.json` was asked for.
    pub fn manifests_served(&self) -> usize {
        self.shared.manifests.load(Ordering::SeqCst)
    }

    /// How many times the bundle was downloaded.
    pub fn downloads(&self) -> usize {
        self.shared.downloads.load(Ordering::SeqCst)
    }
}

impl Drop for UpdateServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn manifest(State(shared): State<Arc<Shared>>) -> axum::response::Response {
    use axum::response::IntoResponse;
    shared.manifests.fetch_add(1, Ordering::SeqCst);
    let offer = shared
        .offer
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    let Some(offer) = offer else {
        return http::StatusCode::NO_CONTENT.into_response();
    };
    let platform = serde_json::json!({
        "url": format!("http://{}/bundle", shared.address.get().expect("set at start")),
        "signature": offer.signature,
    });
    // The plain binary's key, and the .deb's (the bundler marks an installed app as a .deb); on
    // Windows (these tests run under Wine too) the plain build's and the NSIS installer's.
    axum::Json(serde_json::json!({
        "version": offer.version,
        "notes": offer.notes,
        "pub_date": "2026-11-20T10:00:00Z",
        "platforms": {
            "linux-x86_64": platform,
            "linux-x86_64-deb": platform,
            "windows-x86_64": platform,
            "windows-x86_64-nsis": platform,
        }
    }))
    .into_response()
}

async fn bundle(State(shared): State<Arc<Shared>>) -> axum::response::Response {
    use axum::response::IntoResponse;
    shared.downloads.fetch_add(1, Ordering::SeqCst);
    let offer = shared
        .offer
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    match offer {
        Some(offer) => offer.bundle.into_response(),
        None => http::StatusCode::NOT_FOUND.into_response(),
    }
}
