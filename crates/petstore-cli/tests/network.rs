//! Company networks through the real `petstore` binary (a child process, so the proxy
//! variables are its own): the sandbox behind TLS as `api.petstore.test`, a private CA, and a
//! CONNECT proxy that records what it relayed.

mod support;

use petstore_sandbox::{Plan, SandboxConfig};
use petstore_testnet::{ConnectProxy, PrivateCa, TEST_HOST, TlsFront};
use support::{KEY, TestSandbox, petstore, text};

struct Net {
    sandbox: TestSandbox,
    front: TlsFront,
    ca_file: std::path::PathBuf,
}

impl Net {
    fn start() -> Net {
        let sandbox = TestSandbox::with_config(
            SandboxConfig::default()
                .with_key(KEY, Plan::Pro)
                .answering(TEST_HOST),
            None,
        );
        let ca = PrivateCa::new("Petstore CLI Test Root CA");
        let front = TlsFront::start(ca.server_cert(TEST_HOST), sandbox.sandbox.addr());
        let ca_file = ca.write_pem(sandbox.config_dir.path(), "company-ca.pem");
        Net {
            sandbox,
            front,
            ca_file,
        }
    }

    fn proxy(&self, credentials: Option<(&str, &str)>) -> ConnectProxy {
        ConnectProxy::start(credentials, [(TEST_HOST.to_owned(), self.front.addr())])
    }

    /// `petstore --env production list`, production being the TLS front by its test name.
    fn list(&self) -> assert_cmd::Command {
        let mut cmd = petstore(self.sandbox.config_dir.path(), Some(KEY));
        cmd.env(
            "PETSTORE_PRODUCTION_URL",
            format!("https://{TEST_HOST}:{}/v1", self.front.port()),
        )
        .args(["--env", "production"]);
        cmd
    }

    fn ca(&self) -> &str {
        self.ca_file.to_str().unwrap()
    }
}

#[test]
fn system_mode_honours_https_proxy_and_the_proxy_sees_no_key() {
    let net = Net::start();
    let proxy = net.proxy(None);
    let out = net
        .list()
        .env("HTTPS_PROXY", proxy.url())
        .args(["--ca-file", net.ca(), "--json", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let seen = proxy.stats();
    assert_eq!(seen.tunnels, 1, "{seen:?}");
    assert!(
        !seen.saw(KEY.as_bytes()),
        "the key crossed the proxy in clear"
    );
    assert!(!seen.saw(b"Bearer"));
}

#[test]
fn credentials_inside_https_proxy_keep_working() {
    let net = Net::start();
    let proxy = net.proxy(Some(("clerk", "s3cret")));
    let with_credentials = format!("http://clerk:s3cret@{}", proxy.addr());
    let out = net
        .list()
        .env("HTTPS_PROXY", &with_credentials)
        .args(["--ca-file", net.ca(), "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(proxy.stats().tunnels, 1);
    assert_eq!(proxy.stats().refused, 0);
}

#[test]
fn a_proxy_asking_for_credentials_exits_11_once_without_retrying() {
    let net = Net::start();
    let proxy = net.proxy(Some(("clerk", "s3cret")));
    let out = net
        .list()
        .env("HTTPS_PROXY", proxy.url())
        .args(["--ca-file", net.ca(), "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(11), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("asks for a user name and password"),
        "{stderr}"
    );
    assert!(!stderr.contains("temporary"), "{stderr}");
    assert_eq!(proxy.stats().refused, 1, "a 407 is not retried");
}

#[test]
fn no_proxy_and_the_flag_bypass_https_proxy() {
    let net = Net::start();
    let proxy = net.proxy(None);
    // NO_PROXY names the API: straight there, where its test name does not resolve.
    let bypassed = net
        .list()
        .env("HTTPS_PROXY", proxy.url())
        .env("NO_PROXY", "petstore.test")
        .args(["--ca-file", net.ca(), "list"])
        .output()
        .unwrap();
    assert_eq!(
        bypassed.status.code(),
        Some(7),
        "{}",
        text(&bypassed.stderr)
    );
    assert!(
        text(&bypassed.stderr).contains("name could not be found"),
        "{}",
        text(&bypassed.stderr)
    );
    // --no-proxy (mode Off) ignores HTTPS_PROXY the same way.
    let off = net
        .list()
        .env("HTTPS_PROXY", proxy.url())
        .args(["--no-proxy", "--ca-file", net.ca(), "list"])
        .output()
        .unwrap();
    assert_eq!(off.status.code(), Some(7), "{}", text(&off.stderr));
    assert_eq!(proxy.stats().tunnels, 0);
    assert!(proxy.stats().seen.is_empty());
}

#[test]
fn an_unknown_authority_exits_11_and_the_ca_file_fixes_it() {
    let net = Net::start();
    let proxy = net.proxy(None);
    let out = net
        .list()
        .args(["--proxy", &proxy.url(), "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(11), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("company proxy may be inspecting traffic"),
        "{stderr}"
    );
    assert!(stderr.contains("--ca-file"), "{stderr}");
    assert_eq!(proxy.stats().tunnels, 1, "not retried");

    let fixed = net
        .list()
        .args(["--proxy", &proxy.url(), "--ca-file", net.ca(), "list"])
        .output()
        .unwrap();
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stderr));
}

#[test]
fn the_settings_file_sets_the_proxy_and_the_ca_and_refuses_a_password_in_the_address() {
    let net = Net::start();
    let proxy = net.proxy(None);
    let settings = net.sandbox.config_dir.path().join("settings.json");
    std::fs::write(
        &settings,
        serde_json::json!({
            "proxy": { "mode": "manual", "url": proxy.url() },
            "caFiles": ["company-ca.pem"],
        })
        .to_string(),
    )
    .unwrap();
    let out = net.list().arg("list").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(proxy.stats().tunnels, 1);

    std::fs::write(
        &settings,
        serde_json::json!({
            "proxy": { "mode": "manual", "url": format!("http://clerk:hunter2@{}", proxy.addr()) },
        })
        .to_string(),
    )
    .unwrap();
    let refused = net.list().arg("list").output().unwrap();
    assert_eq!(refused.status.code(), Some(9), "{}", text(&refused.stderr));
    let stderr = text(&refused.stderr);
    assert!(stderr.contains("keychain"), "{stderr}");
    assert!(!stderr.contains("hunter2"), "{stderr}");
    assert_eq!(proxy.stats().tunnels, 1, "nothing sent");

    let flag = net
        .list()
        .args(["--proxy", "http://clerk:hunter2@127.0.0.1:9", "list"])
        .output()
        .unwrap();
    assert_eq!(flag.status.code(), Some(2), "{}", text(&flag.stderr));
    assert!(!text(&flag.stderr).contains("hunter2"));
}

/// The proxy's 407 and an unknown authority in German (LANG, and the settings
/// file's language over an English LANG).
#[test]
fn proxy_and_certificate_problems_are_said_in_german() {
    let net = Net::start();
    let proxy = net.proxy(Some(("clerk", "s3cret")));
    let out = net
        .list()
        .env("LANG", "de_DE.UTF-8")
        .env("HTTPS_PROXY", proxy.url())
        .args(["--ca-file", net.ca(), "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(11), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("Der Proxy verlangt einen Benutzernamen und ein Passwort"),
        "{stderr}"
    );
    assert!(stderr.contains("petstore proxy password"), "{stderr}");

    std::fs::write(
        net.sandbox.config_dir.path().join("settings.json"),
        r#"{ "language": "de" }"#,
    )
    .unwrap();
    let open = net.proxy(None);
    let out = net
        .list()
        .env("LANG", "en_US.UTF-8")
        .args(["--proxy", &open.url(), "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(11), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("Zertifizierungsstelle, der dieser Computer nicht vertraut"),
        "{stderr}"
    );
    assert!(stderr.contains("--ca-file"), "{stderr}");
}

#[test]
fn a_computer_using_proxy_auto_configuration_is_told_to_set_the_proxy_itself() {
    use petstore_client::config::TEST_HOOK_AUTO_CONFIG;
    let net = Net::start();
    // System mode, no proxy variable: straight to the API, whose name resolves nowhere (as on a
    // network where only the PAC script knows the proxy).
    let pac = net
        .list()
        .env(TEST_HOOK_AUTO_CONFIG, "http://wpad.corp.example/proxy.pac")
        .args(["--ca-file", net.ca(), "list"])
        .output()
        .unwrap();
    assert_eq!(pac.status.code(), Some(7), "{}", text(&pac.stderr));
    let stderr = text(&pac.stderr);
    assert!(stderr.contains("name could not be found"), "{stderr}");
    assert!(
        stderr.contains(
            "automatic proxy configuration (a PAC script at http://wpad.corp.example/proxy.pac)"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("--proxy URL"), "{stderr}");

    let wpad = net
        .list()
        .env(TEST_HOOK_AUTO_CONFIG, "wpad")
        .args(["--ca-file", net.ca(), "list"])
        .output()
        .unwrap();
    assert_eq!(wpad.status.code(), Some(7), "{}", text(&wpad.stderr));
    assert!(
        text(&wpad.stderr).contains("WPAD auto-discovery"),
        "{}",
        text(&wpad.stderr)
    );

    // A proxy set by hand (or none at all) is what the person chose: no word about the script.
    let proxy = net.proxy(None);
    let proxy_url = proxy.url();
    for (flags, code) in [
        (vec!["--proxy", proxy_url.as_str(), "list"], 11),
        (vec!["--no-proxy", "--ca-file", net.ca(), "list"], 7),
    ] {
        let out = net
            .list()
            .env(TEST_HOOK_AUTO_CONFIG, "http://wpad.corp.example/proxy.pac")
            .args(&flags)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{}", text(&out.stderr));
        assert!(
            !text(&out.stderr).contains("automatic proxy configuration"),
            "{flags:?}: {}",
            text(&out.stderr)
        );
    }
}
