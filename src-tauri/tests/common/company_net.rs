//! A company network for the backend's tests: the sandbox answering as `TEST_HOST` (a name only
//! the test proxy resolves) behind TLS from a private CA made now, the CA's PEM in a downloads
//! folder as IT would hand it over, and an empty settings folder.

use std::path::PathBuf;

use petstore_sandbox::{Sandbox, SandboxConfig};
use petstore_testnet::{ConnectProxy, PrivateCa, TEST_HOST, TlsFront};
use tempfile::TempDir;

pub struct CompanyNet {
    pub sandbox: Sandbox,
    pub front: TlsFront,
    /// The settings folder.
    pub dir: TempDir,
    /// The CA's PEM, outside the settings folder (what the picker answers).
    pub picked: PathBuf,
    _ca: PrivateCa,
    _downloads: TempDir,
}

impl CompanyNet {
    /// The network, with the CA named `ca_name` (what the trusted certificate's subject shows).
    pub async fn start(ca_name: &str) -> CompanyNet {
        let sandbox = super::sandbox(SandboxConfig::default().answering(TEST_HOST)).await;
        let ca = PrivateCa::new(ca_name);
        let front = TlsFront::start(ca.server_cert(TEST_HOST), sandbox.addr());
        let downloads = tempfile::tempdir().unwrap();
        let picked = ca.write_pem(downloads.path(), "corp-root.pem");
        CompanyNet {
            sandbox,
            front,
            dir: tempfile::tempdir().unwrap(),
            picked,
            _ca: ca,
            _downloads: downloads,
        }
    }

    /// A CONNECT proxy that knows the test name, wanting `credentials` when given.
    pub fn proxy(&self, credentials: Option<(&str, &str)>) -> ConnectProxy {
        ConnectProxy::start(credentials, [(TEST_HOST.to_owned(), self.front.addr())])
    }

    /// Writes settings.json: Production at the TLS front, with `proxy` as given.
    pub fn write_settings(&self, proxy: serde_json::Value) {
        std::fs::write(
            self.dir.path().join("settings.json"),
            serde_json::json!({
                "productionUrl": format!("https://{TEST_HOST}:{}/v1", self.front.port()),
                "proxy": proxy,
            })
            .to_string(),
        )
        .unwrap();
    }
}
