//! TLS for tokio-postgres through the workspace's rustls (ring) and tokio-rustls. Written here
//! rather than taken from tokio-postgres-rustls, which adds an X.509 parser and three proc macros
//! only to offer SCRAM channel binding; the certificate itself is checked by rustls and the
//! platform verifier either way.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use rustls::ClientConfig;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect};
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;

/// The most certificates read from a settings' PEM (a company bundle has a handful).
const MAX_CA_CERTIFICATES: usize = 64;

/// Why the TLS configuration could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TlsSetupError {
    #[error("the certificate authority in the settings is not PEM ({0})")]
    BadPem(String),
    #[error("the certificate authority in the settings holds no certificate")]
    NoCertificate,
    #[error("the computer's certificate store could not be used ({0})")]
    Verifier(String),
}

/// The client configuration: the computer's trusted authorities plus `ca_pem`'s.
pub(crate) fn client_config(ca_pem: Option<&str>) -> Result<ClientConfig, TlsSetupError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut extra = Vec::new();
    if let Some(pem) = ca_pem {
        for certificate in CertificateDer::pem_slice_iter(pem.as_bytes()).take(MAX_CA_CERTIFICATES)
        {
            extra.push(certificate.map_err(|e| TlsSetupError::BadPem(e.to_string()))?);
        }
        if extra.is_empty() {
            return Err(TlsSetupError::NoCertificate);
        }
    }
    let verifier =
        rustls_platform_verifier::Verifier::new_with_extra_roots(extra, provider.clone())
            .map_err(|e| TlsSetupError::Verifier(e.to_string()))?;
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsSetupError::Verifier(e.to_string()))?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth();
    Ok(config)
}

/// Makes a connector per host; remembers whether a handshake began (the server said yes to
/// TLS), which tells "the server refuses TLS" apart from other failures.
#[derive(Clone)]
pub(crate) struct MakeRustls {
    config: Arc<ClientConfig>,
    pub(crate) started: Arc<AtomicBool>,
}

impl MakeRustls {
    pub(crate) fn new(config: ClientConfig) -> MakeRustls {
        MakeRustls {
            config: Arc::new(config),
            started: Arc::new(AtomicBool::new(false)),
        }
    }
}

impl<S> MakeTlsConnect<S> for MakeRustls
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = RustlsStream<S>;
    type TlsConnect = RustlsConnect;
    type Error = rustls::pki_types::InvalidDnsNameError;

    fn make_tls_connect(&mut self, hostname: &str) -> Result<RustlsConnect, Self::Error> {
        let name = ServerName::try_from(hostname)?.to_owned();
        Ok(RustlsConnect {
            name,
            connector: TlsConnector::from(self.config.clone()),
            started: self.started.clone(),
        })
    }
}

pub(crate) struct RustlsConnect {
    name: ServerName<'static>,
    connector: TlsConnector,
    started: Arc<AtomicBool>,
}

impl<S> TlsConnect<S> for RustlsConnect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = RustlsStream<S>;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = io::Result<RustlsStream<S>>> + Send>>;

    fn connect(self, stream: S) -> Self::Future {
        self.started.store(true, Ordering::SeqCst);
        Box::pin(async move {
            let stream = self.connector.connect(self.name, stream).await?;
            Ok(RustlsStream(stream))
        })
    }
}

pub(crate) struct RustlsStream<S>(TlsStream<S>);

impl<S> tokio_postgres::tls::TlsStream for RustlsStream<S>
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    fn channel_binding(&self) -> ChannelBinding {
        // SCRAM without channel binding: the server's certificate is verified instead.
        ChannelBinding::none()
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for RustlsStream<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for RustlsStream<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}
