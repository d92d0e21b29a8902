//! The project's two commands, cross-platform where they can be:
//!
//! * `cargo xtask run`  — launches Petstore Admin on the embedded sandbox (on a machine with no
//!   display: the sandbox and the `petstore` CLI instead).
//! * `cargo xtask test [STAGE…]` — installs what the named stages need (all: every stage), then
//!   runs them (`stage` lists them).
//! * `cargo xtask dev` — the app with the UI hot-reloading, on the embedded sandbox.
//! * `cargo xtask setup [STAGE…]` — installs what those stages need; `test` and `run` call it.
//! * `cargo xtask bench-startup` — start-up time and memory against a hello-world Tauri app.
//! * `cargo xtask bench-store` — a store with 10,000 pets in the app and the CLI.
//!
//! They install missing system packages on Debian/Ubuntu and skip what is already there.

#[cfg(target_os = "linux")]
mod bench;
mod bundle;
#[cfg(target_os = "linux")]
mod debpack;
mod deps;
mod dev;
mod release_check;
mod run;
mod sandbox;
mod session;
mod setup;
mod stage;
mod test;

use std::path::PathBuf;
use std::process::ExitCode;

// The helpers the installer check (tests/installers) shares, under the names xtask has always used.
use xtask_support::{cmd, display};

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  run     launch Petstore Admin on the embedded sandbox (installs what it needs);
          with --cli, or where there is no display: the sandbox and the petstore CLI
  test [STAGE...]
          run the named stages of the suite, each installing what it needs; no stage = all of
          them in this order, as CI does:
{stages}  dev     the app with the UI hot-reloading (Vite's dev server + `tauri dev`), on its
          embedded sandbox, with settings of its own under target/dev-home
  setup [STAGE...]
          install what the named stages need (no stage: all of them) and nothing else;
          `test` and `run` do this themselves
  bundle  build the Linux installers (.deb and .rpm, with the petstore CLI inside)
  tauri   run the pinned Tauri CLI on this layout, e.g. `cargo xtask tauri build --target T`
  check-deb PATH.deb
          install the package in a clean Debian root (debootstrap, chroot; needs root)
          and run the installed app there on a virtual display
  bench-startup [--trials N]
          time to the first table and memory against a hello-world Tauri app (Linux;
          figures in BENCHMARKS.md)
  release-check
          what the release workflow checks before it builds: the signing key is the pair of
          the app's public key, signed versions are required, the update address is real
          (reads TAURI_SIGNING_PRIVATE_KEY[_PASSWORD] and PETSTORE_UPDATE_URL; docs/releasing.md)
  bench-store
          a store with 10,000 pets: the app (load all, sort, scroll, filter; through
          tauri-driver) and `petstore export` (Linux; figures in BENCHMARKS.md)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("run") => run::run(args.get(1).is_some_and(|a| a == "--cli")),
        Some("test") => test::test(&args[1..]),
        Some("setup") => setup::setup(&args[1..]),
        Some("dev") => dev::dev(&args[1..]),
        Some("bundle") => bundle::bundle(bundle::Ui::Build, bundle::Hooks::Release).map(drop),
        Some("tauri") => bundle::tauri(&args[1..]),
        #[cfg(target_os = "linux")]
        Some("check-deb") => check_deb(&args[1..]),
        Some("bench-startup") => bench_startup(&args[1..]),
        Some("bench-store") => bench_store(),
        Some("release-check") => release_check::release_check(&root()),
        Some("-h" | "--help" | "help") => {
            print!("{}", usage());
            return ExitCode::SUCCESS;
        }
        _ => {
            eprint!("{}", usage());
            return ExitCode::from(2);
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("\nxtask: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The usage text, with the stages and what each runs filled in from `stage`.
fn usage() -> String {
    let stages: String = stage::Stage::ALL
        .iter()
        .map(|stage| format!("            {:<11} {}\n", stage.name(), stage.what()))
        .collect();
    USAGE.replace("{stages}", &stages)
}

/// `cargo xtask check-deb PATH.deb`: the installer check (tests/installers) on one package.
#[cfg(target_os = "linux")]
fn check_deb(args: &[String]) -> cmd::Result {
    let [deb] = args else {
        return cmd::fail("usage: cargo xtask check-deb PATH.deb");
    };
    petstore_installer_check::check_deb(&root(), &target_dir(), std::path::Path::new(deb))
}

#[cfg(target_os = "linux")]
fn bench_startup(args: &[String]) -> cmd::Result {
    bench::bench_startup(args)
}

#[cfg(not(target_os = "linux"))]
fn bench_startup(_args: &[String]) -> cmd::Result {
    cmd::fail("bench-startup reads process memory from /proc: run it on Linux")
}

#[cfg(target_os = "linux")]
fn bench_store() -> cmd::Result {
    bench::bench_store()
}

#[cfg(not(target_os = "linux"))]
fn bench_store() -> cmd::Result {
    cmd::fail("bench-store reads process memory from /proc: run it on Linux")
}

/// The workspace root (the folder above `xtask/`).
fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

/// The cargo that runs xtask (`CARGO`), else the one on the PATH.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// A program's file name on this system (`.exe` on Windows).
fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

/// Where cargo puts build output, honouring `CARGO_TARGET_DIR`.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}
