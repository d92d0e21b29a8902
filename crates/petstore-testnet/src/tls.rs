//! A private certificate authority and a TLS front that presents its certificates.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rcgen::{
    BasicConstraints, CertificateParams, CertifiedIssuer, DistinguishedName, DnType, IsCa, KeyPair,
    KeyUsagePurpose,
};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::net::{TcpListener, TcpStream};

/// A certificate authority made for one test: in no trust store unless the test puts it there.
pub struct PrivateCa {
    issuer: CertifiedIssuer<'static, KeyPair>,
}

/// A server certificate (the leaf alone) and its key.
pub struct ServerCert {
    pub chain: Vec<CertificateDer<'static>>,
    pub key: PrivateKeyDer<'static>,
    /// The leaf, PEM (for `--tls-cert`-style files).
    pub cert_pem: String,
    pub key_pem: String,
}

impl std::fmt::Debug for PrivateCa {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PrivateCa").finish_non_exhaustive()
    }
}

impl std::fmt::Debug for ServerCert {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerCert").finish_non_exhaustive()
    }
}

impl PrivateCa {
    /// A new CA named `common_name`, valid from yesterday for a year.
    pub fn new(common_name: &str) -> PrivateCa {
        let mut params = CertificateParams::default();
        let mut name = DistinguishedName::new();
        name.push(DnType::CommonName, common_name);
        name.push(DnType::OrganizationName, "Petstore Admin tests");
        params.distinguished_name = name;
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::CrlSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        let today = time_now();
        params.not_before = today - time::Duration::days(1);
        params.not_after = today + time::Duration::days(365);
        let key = KeyPair::generate().expect("a CA key");
        let issuer = CertifiedIssuer::self_signed(params, key).expect("a CA certificate");
        PrivateCa { issuer }
    }

    /// The CA's certificate, PEM.
    pub fn pem(&self) -> String {
        self.issuer.pem()
    }

    pub fn der(&self) -> CertificateDer<'static> {
        self.issuer.der().clone()
    }

    /// Writes the CA's PEM to `dir/name` and returns the path.
    pub fn write_pem(&self, dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        let mut file = std::fs::File::create(&path).expect("the CA file can be written");
        file.write_all(self.pem().as_bytes())
            .expect("the CA file can be written");
        path
    }

    /// A server certificate for `host`, valid now.
    pub fn server_cert(&self, host: &str) -> ServerCert {
        let today = time_now();
        self.issue(
            host,
            today - time::Duration::days(1),
            today + time::Duration::days(30),
        )
    }

    /// A server certificate for `host` that expired yesterday.
    pub fn expired_server_cert(&self, host: &str) -> ServerCert {
        let today = time_now();
        self.issue(
            host,
            today - time::Duration::days(30),
            today - time::Duration::days(1),
        )
    }

    fn issue(
        &self,
        host: &str,
        not_before: time::OffsetDateTime,
        not_after: time::OffsetDateTime,
    ) -> ServerCert {
        let mut params = CertificateParams::new(vec![host.to_owned()]).expect("a host name");
        params.not_before = not_before;
        params.not_after = not_after;
        let key = KeyPair::generate().expect("a server key");
        let cert = params
            .signed_by(&key, &self.issuer)
            .expect("a server certificate");
        ServerCert {
            chain: vec![cert.der().clone()],
            key: PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
            cert_pem: cert.pem(),
            key_pem: key.serialize_pem(),
        }
    }
}

fn time_now() -> time::OffsetDateTime {
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("the clock is after 1970");
    time::OffsetDateTime::UNIX_EPOCH + since_epoch
}

/// A TLS server on 127.0.0.1 presenting one certificate, relaying the decrypted bytes to
/// `backend` (the sandbox's plain HTTP port).
#[derive(Debug)]
pub struct TlsFront {
    addr: SocketAddr,
    handshakes: Arc<AtomicUsize>,
}

impl TlsFront {
    pub fn start(cert: ServerCert, backend: SocketAddr) -> TlsFront {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(cert.chain, cert.key)
            .expect("a usable server certificate");
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        listener.set_nonblocking(true).expect("non-blocking");
        let addr = listener.local_addr().expect("an address");
        let handshakes = Arc::new(AtomicUsize::new(0));
        let counter = handshakes.clone();
        crate::spawn_server("tls-front", async move {
            let listener = TcpListener::from_std(listener).expect("a tokio listener");
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let acceptor = acceptor.clone();
                counter.fetch_add(1, Ordering::SeqCst);
                tokio::spawn(async move {
                    // A client that refuses the certificate ends the handshake: nothing to relay.
                    let Ok(mut tls) = acceptor.accept(stream).await else {
                        return;
                    };
                    let Ok(mut plain) = TcpStream::connect(backend).await else {
                        return;
                    };
                    let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
                });
            }
        });
        TlsFront { addr, handshakes }
    }

    /// Connections accepted so far (each one a TLS handshake begun).
    pub fn handshakes(&self) -> usize {
        self.handshakes.load(Ordering::SeqCst)
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }
}
