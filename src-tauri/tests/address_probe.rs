//! Settings' test of a typed address without the key (`probe_address`): the real sandbox proves
//! it speaks this interface by asking for a key (401 with the interface's Error body), while a
//! plain web server on 127.0.0.1 that is not this interface and a port nobody listens on are
//! told apart from it. No key goes with the request, even when the environment has one stored.

mod common;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::Arc;

use common::{Collected, STAFF_KEY, backend, facts, sandbox, use_staging};
use petstore_admin::dto::{ClientErrorKind, Environment, ErrorKind, Field, KeylessAnswer};
use petstore_sandbox::SandboxConfig;

#[tokio::test]
async fn the_sandbox_asks_for_a_key_so_it_speaks_this_interface() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    // Staging has a key stored for this very server: the probe still sends none.
    use_staging(&backend, &server, STAFF_KEY).await;
    let before = server.request_count();

    let probe = backend
        .probe_address(Environment::Staging, &format!("  {}  ", server.base_url()))
        .await
        .expect("the sandbox answers");

    assert_eq!(probe.answer, KeylessAnswer::KeyAsked, "{probe:?}");
    assert_eq!(probe.base_url, server.base_url());
    assert_eq!(server.request_count(), before + 1, "one request, no retry");
}

/// A web server that answers every request with an HTML "404 Not Found" page, as a wrong address
/// on a company's web server does. Answers `requests` requests, then stops.
fn html_404_server(requests: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let address = listener.local_addr().expect("its address");
    std::thread::spawn(move || {
        for stream in listener.incoming().take(requests) {
            let Ok(mut stream) = stream else { continue };
            let mut request = [0u8; 4096];
            let _ = stream.read(&mut request);
            let page = "<!doctype html><html><body><h1>Not Found</h1></body></html>";
            let _ = write!(
                stream,
                "HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
                page.len()
            );
        }
    });
    format!("http://{address}/v1")
}

#[tokio::test]
async fn a_web_server_that_is_not_this_interface_is_named_so() {
    let address = html_404_server(1);
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));

    let probe = backend
        .probe_address(Environment::Staging, &address)
        .await
        .expect("it answered");

    assert_eq!(
        probe.answer,
        KeylessAnswer::NotThisInterface { status: 404 },
        "{probe:?}"
    );
    assert_eq!(probe.base_url, address);
}

#[tokio::test]
async fn no_answer_is_a_network_error_and_a_wrong_address_is_refused_before_sending() {
    // A port that was free a moment ago: nothing listens there.
    let port = TcpListener::bind("127.0.0.1:0")
        .expect("a free port")
        .local_addr()
        .expect("its address")
        .port();
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));

    let silent = backend
        .probe_address(Environment::Staging, &format!("http://127.0.0.1:{port}/v1"))
        .await
        .expect_err("nothing answers");
    assert_eq!(
        silent.kind(),
        ErrorKind::Client(ClientErrorKind::Network),
        "{silent:?}"
    );

    let clear_text = backend
        .probe_address(Environment::Production, "http://pets.example.com/v1")
        .await
        .expect_err("a key would travel in clear text to this address later");
    assert_eq!(
        clear_text.field(),
        Some(Field::ProductionUrl),
        "{clear_text:?}"
    );
    assert_eq!(
        facts(&clear_text)["problem"],
        "insecureBaseUrl",
        "{clear_text:?}"
    );
}
