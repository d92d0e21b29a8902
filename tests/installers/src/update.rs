//! The installed app updates itself: a copy of the package with a higher version, signed with a
//! minisign key made for this run (never a committed one), is served from loopback; the
//! administrator's system-wide settings file in the root names the address and the key; the
//! installed app's start-up check finds it, verifies it and installs it with `dpkg -i`, and
//! `dpkg-query` then shows the new version.
//!
//! Two things differ from a person's computer, and only these. The person's yes is given by the
//! app's test hook `PETSTORE_TEST_HOOK_ACCEPT_UPDATE` (the dialog's yes and no are tested in the
//! real window by the e2e scenario `updates.rs`). And the updater raises its privileges with
//! pkexec, then zenity/kdialog + sudo, then sudo: a desktop has pkexec (polkit, which asks for
//! the password), a bare root has none of them and no polkit daemon or system bus for pkexec, so
//! the root gets `sudo` (as root it asks nothing) and the plugin's own fallback runs `dpkg -i`.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use crate::install::Package;
use crate::mounts::Chroot;
use xtask_support::cmd::{self, Result, StepError, capture, fail, step};

/// Where the app reads the administrator's settings on Linux (README, "Updates").
const SYSTEM_SETTINGS: &str = "/etc/dev.petstore.admin/settings.json";
/// How long the check, the download, dpkg and the restart may take in the root.
const PATIENCE: Duration = Duration::from_secs(120);

/// The version of the update: the installed one with its patch number raised.
fn next_version(version: &str) -> Result<String> {
    let mut parts: Vec<u64> = version
        .split('.')
        .map(str::parse)
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| StepError(format!("version {version} is not X.Y.Z")))?;
    if parts.len() != 3 {
        return fail(format!("version {version} is not X.Y.Z"));
    }
    parts[2] += 1;
    Ok(parts
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join("."))
}

/// `deb` unpacked and built again as `version` (no second build of the app).
fn repack_as(deb: &Path, version: &str, into: &Path) -> Result {
    let tree = into.with_extension("tree");
    let _ = fs::remove_dir_all(&tree);
    cmd::run(Command::new("dpkg-deb").arg("-R").arg(deb).arg(&tree))?;
    let control = tree.join("DEBIAN").join("control");
    let text = fs::read_to_string(&control)
        .map_err(|e| StepError(format!("could not read {}: {e}", control.display())))?;
    let text: String = text
        .lines()
        .map(|line| {
            if line.starts_with("Version:") {
                format!("Version: {version}\n")
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    fs::write(&control, text)
        .map_err(|e| StepError(format!("could not write {}: {e}", control.display())))?;
    let built = cmd::run(
        Command::new("dpkg-deb")
            .args(["--root-owner-group", "-Zxz", "--build"])
            .arg(&tree)
            .arg(into),
    );
    let _ = fs::remove_dir_all(&tree);
    built
}

/// Serves `/latest.json` and `/bundle` on 127.0.0.1 (the root shares the host's network) until the
/// process ends; counts the bundle's downloads.
fn serve(
    manifest_for: impl FnOnce(u16) -> String,
    bundle: Vec<u8>,
) -> Result<(u16, Arc<AtomicUsize>)> {
    let listener = TcpListener::bind("127.0.0.1:0")
        .map_err(|e| StepError(format!("no loopback port for the update server: {e}")))?;
    let port = listener
        .local_addr()
        .map_err(|e| StepError(format!("the update server's port: {e}")))?
        .port();
    let manifest = manifest_for(port);
    let downloads = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&downloads);
    let bundle = Arc::new(bundle);
    thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (manifest, bundle, counted) =
                (manifest.clone(), Arc::clone(&bundle), Arc::clone(&counted));
            thread::spawn(move || answer(stream, &manifest, &bundle, &counted));
        }
    });
    Ok((port, downloads))
}

fn answer(mut stream: TcpStream, manifest: &str, bundle: &[u8], downloads: &AtomicUsize) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut request_line = String::new();
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    // The rest of the head, up to the blank line.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let path = request_line.split_whitespace().nth(1).unwrap_or("");
    let (status, kind, body): (&str, &str, &[u8]) = match path {
        "/latest.json" => ("200 OK", "application/json", manifest.as_bytes()),
        "/bundle" => {
            downloads.fetch_add(1, Ordering::SeqCst);
            ("200 OK", "application/octet-stream", bundle)
        }
        _ => ("404 Not Found", "text/plain", b"not here"),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
}

/// The installed app, started on X `display`, finds the update at start, verifies it and installs
/// it; `dpkg-query` shows the new version.
pub fn check_update_installs_with_test_hook_yes(
    chroot: &Chroot,
    deb: &Path,
    package: &Package,
    work: &Path,
    display: &str,
) -> Result {
    let version = next_version(&package.version)?;
    step(&format!(
        "Updating the installed {} {} to {version} through the app's updater",
        package.name, package.version
    ));
    fs::create_dir_all(work)
        .map_err(|e| StepError(format!("could not create {}: {e}", work.display())))?;
    let update = work.join(format!("{}_{version}_update.deb", package.name));
    repack_as(deb, &version, &update)?;
    let bytes = fs::read(&update)
        .map_err(|e| StepError(format!("could not read {}: {e}", update.display())))?;

    let minisign::KeyPair { pk, sk } = minisign::KeyPair::generate_unencrypted_keypair()
        .map_err(|e| StepError(format!("no test key pair: {e}")))?;
    let public = pk
        .to_box()
        .map_err(|e| StepError(format!("the test public key: {e}")))?
        .to_string();
    let signature = minisign::sign(
        Some(&pk),
        &sk,
        std::io::Cursor::new(&bytes),
        // Bound to the version as `tauri signer sign --app-version` binds it: the app refuses
        // an update whose signature names no version or another (`requireSignedVersion`).
        Some(format!("signed by the installer check\tversion:{version}").as_str()),
        None,
    )
    .map_err(|e| StepError(format!("no signature: {e}")))?
    .to_string();

    // The manifest names the bundle on the server's own port, known once it listens. Both keys:
    // the installed binary is marked as a .deb by the bundler (`linux-x86_64-deb`).
    let signature = STANDARD.encode(&signature);
    let (port, downloads) = serve(
        |port| {
            let platform = format!(
                r#"{{ "url": "http://127.0.0.1:{port}/bundle", "signature": "{signature}" }}"#
            );
            format!(
                r#"{{ "version": "{version}", "notes": "The installer check's update.", "pub_date": "2026-11-20T10:00:00Z", "platforms": {{ "linux-x86_64-deb": {platform}, "linux-x86_64": {platform} }} }}"#
            )
        },
        bytes,
    )?;

    let settings = chroot.host_path(SYSTEM_SETTINGS);
    if let Some(dir) = settings.parent() {
        fs::create_dir_all(dir)
            .map_err(|e| StepError(format!("could not create {}: {e}", dir.display())))?;
    }
    let admin = format!(
        r#"{{ "updates": {{ "url": "http://127.0.0.1:{port}/latest.json", "publicKey": "{}" }} }}"#,
        STANDARD.encode(&public)
    );
    fs::write(&settings, admin)
        .map_err(|e| StepError(format!("could not write {}: {e}", settings.display())))?;

    let sudo = chroot.host_path("/usr/bin/sudo");
    if !sudo.is_file() {
        step("Installing sudo in the root (its updater fallback; a desktop uses pkexec)");
        cmd::run(chroot.command(&[], "apt-get").args([
            "install",
            "-y",
            "-q",
            "--no-install-recommends",
            "sudo",
        ]))?;
    }

    // A fresh data folder (the scratch one of the first run was removed with it), so the
    // once-a-day check is due.
    let _ = fs::remove_file(chroot.host_path("/scratch/data/dev.petstore.admin/last-update-check"));
    let app = crate::app::start_installed(
        chroot,
        display,
        &["PETSTORE_TEST_HOOK_ACCEPT_UPDATE=1".to_owned()],
    )?;
    let started = Instant::now();
    loop {
        let installed = capture(chroot.command(&[], "dpkg-query").args([
            "-W",
            "-f",
            "${Version}",
            &package.name,
        ]))
        .unwrap_or_default();
        if installed.trim() == version {
            println!(
                "the installed app found, verified and installed {version} ({} download, {:.1?} after start)",
                downloads.load(Ordering::SeqCst),
                started.elapsed()
            );
            break;
        }
        if started.elapsed() > PATIENCE {
            return fail(format!(
                "dpkg-query shows {} {} {PATIENCE:?} after the app started, not {version} \
                 (update downloads: {}); the app's output:\n{}",
                package.name,
                installed.trim(),
                downloads.load(Ordering::SeqCst),
                app.tail()
            ));
        }
        thread::sleep(Duration::from_millis(500));
    }
    drop(app);
    if downloads.load(Ordering::SeqCst) != 1 {
        return fail(format!(
            "the update was downloaded {} times, not once",
            downloads.load(Ordering::SeqCst)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_update_raises_the_patch_number() {
        assert_eq!(next_version("0.1.0").unwrap(), "0.1.1");
        assert_eq!(next_version("1.2.9").unwrap(), "1.2.10");
        assert!(next_version("1.2").is_err());
        assert!(next_version("1.x.0").is_err());
    }
}
