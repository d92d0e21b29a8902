//! `petstore-sandbox`: the reference server of the Pet Store interface, for demos on this machine.

mod cli;

use std::process::ExitCode;

use clap::Parser;
use petstore_sandbox::Sandbox;

fn main() -> ExitCode {
    let args = cli::Args::parse();
    let addr = match args.addr() {
        Ok(addr) => addr,
        Err(err) => {
            eprintln!("petstore-sandbox: {err}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("petstore-sandbox: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(run(args, addr))
}

async fn run(args: cli::Args, addr: std::net::SocketAddr) -> ExitCode {
    let sandbox = match Sandbox::start_on(addr, args.config()).await {
        Ok(sandbox) => sandbox,
        Err(err) => {
            eprintln!(
                "petstore-sandbox: cannot listen on {addr}: {err}. Is another sandbox running? Pick another --port."
            );
            return ExitCode::FAILURE;
        }
    };
    // Keys are never printed: only how many there are (the demo key is documented elsewhere).
    println!(
        "petstore-sandbox listening on {} (keys: {})",
        sandbox.base_url(),
        sandbox.key_count()
    );
    // The control token is the one secret printed: it lives as long as this process, and whoever can
    // read this output started the sandbox.
    if let Some(token) = sandbox.control_token() {
        let origin = sandbox.base_url();
        let origin = origin.strip_suffix("/v1").unwrap_or(&origin);
        println!(
            "fault control on {origin}/_sandbox/faults with header `Authorization: Bearer {token}`"
        );
    }
    wait_for_stop_signal().await;
    sandbox.shutdown().await;
    eprintln!("petstore-sandbox stopped");
    ExitCode::SUCCESS
}

async fn wait_for_stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
