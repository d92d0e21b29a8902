//! `petstore-testnet-api CA_FILE HOST KEY`: the test API behind TLS for checks that are not Rust
//! tests (the installer check, in its Debian root): a sandbox answering `HOST` and accepting
//! `KEY`, behind a [`TlsFront`] whose certificate a [`PrivateCa`] made now issued for `HOST`.
//! Writes the CA's PEM to `CA_FILE`, prints `port N` (the TLS port on 127.0.0.1) and serves until
//! its standard input closes (the parent's end, however the parent ends).

use std::io::{Read, Write};
use std::process::ExitCode;

use petstore_sandbox::{Plan, Sandbox, SandboxConfig};
use petstore_testnet::{PrivateCa, TlsFront};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [ca_file, host, key] = args.as_slice() else {
        eprintln!("usage: petstore-testnet-api CA_FILE HOST KEY");
        return ExitCode::from(2);
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("petstore-testnet-api: no runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let config = SandboxConfig::default()
        .with_key(key, Plan::Pro)
        .answering(host);
    let sandbox = match runtime.block_on(Sandbox::start(config)) {
        Ok(sandbox) => sandbox,
        Err(error) => {
            eprintln!("petstore-testnet-api: the sandbox did not start: {error}");
            return ExitCode::FAILURE;
        }
    };
    let ca = PrivateCa::new("Petstore Installer Check Root CA");
    if let Err(error) = std::fs::write(ca_file, ca.pem()) {
        eprintln!("petstore-testnet-api: could not write {ca_file}: {error}");
        return ExitCode::FAILURE;
    }
    let front = TlsFront::start(ca.server_cert(host), sandbox.addr());
    println!("port {}", front.port());
    let _ = std::io::stdout().flush();
    // Serves until the parent closes our standard input (or ends).
    let mut sink = Vec::new();
    let _ = std::io::stdin().take(1 << 20).read_to_end(&mut sink);
    drop(sandbox);
    ExitCode::SUCCESS
}
