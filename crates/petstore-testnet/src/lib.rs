//! Test-only network parts, shared by the client's, the CLI's and the end-to-end tests:
//!
//! - [`PrivateCa`]: a certificate authority made in the test (rcgen), which no trust store knows,
//!   and the server certificates it issues (for [`TEST_HOST`]);
//! - [`TlsFront`]: a TLS server on 127.0.0.1 presenting such a certificate, relaying the plain
//!   bytes to a backend (the sandbox), so an https API can be tested offline;
//! - [`ConnectProxy`]: an HTTP CONNECT proxy that counts tunnels, checks Basic credentials and
//!   records every byte it relayed (to prove what a proxy can and cannot see);
//! - [`Fleet`]: several desks sharing one key, each a `petstore` process with folders of its own
//!   ([`isolate_desk`], which the CLI's tests use for every process they start).
//!
//! The binary `petstore-testnet-api` puts the sandbox behind such a front for checks that are not
//! Rust tests (the installer check's Debian root).
//!
//! Each server runs on a thread of its own with its own runtime, so it serves synchronous tests
//! (which run the CLI as a child process) and asynchronous ones alike, and lives until the test
//! process ends.

mod desk;
mod fleet;
mod proxy;
mod tls;

pub use desk::isolate_desk;
pub use fleet::{Fleet, FleetRun};
pub use proxy::{ConnectProxy, ProxyStats};
pub use tls::{PrivateCa, ServerCert, TlsFront};

/// The name the test API is reached by; resolved to 127.0.0.1 by the client's `resolve` in
/// tests, by the proxy's own map, or by `/etc/hosts` in the installer root.
pub const TEST_HOST: &str = "api.petstore.test";

/// Runs `serve` on a new thread with a runtime of its own.
fn spawn_server<F>(name: &str, serve: F)
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a test server's runtime starts");
            runtime.block_on(serve);
        })
        .expect("a test server's thread starts");
}

/// Standard base64 (RFC 4648, with padding): the proxy compares `Proxy-Authorization: Basic …`.
pub fn base64(input: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(input)
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_matches_rfc_4648_examples() {
        assert_eq!(super::base64(b""), "");
        assert_eq!(super::base64(b"f"), "Zg==");
        assert_eq!(super::base64(b"fo"), "Zm8=");
        assert_eq!(super::base64(b"foo"), "Zm9v");
        assert_eq!(super::base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(super::base64(b"user:pass"), "dXNlcjpwYXNz");
    }
}
