//! The .deb as Debian packs its own: the Tauri bundler writes `data.tar.gz`; repacked with xz
//! (`dpkg-deb -Zxz`, dpkg's own default) the same files download at a little over half the size
//! (6.67 MiB to 3.6 MiB with the activity history's SQLite in the app and the CLI). Installing
//! unpacks it a fraction of a second slower, once. Done after every `tauri build` / `bundle`, so
//! `cargo xtask bundle` and the release workflow ship the same package.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd::{self, Result, StepError, step};

/// Repacks every .deb the bundler left under `target` (the host's and each `--target`'s), and
/// returns the ones it changed that have an updater signature beside them (`<deb>.sig`, made by
/// the bundler for the gzip package): those must be signed again.
pub fn repack_all(target: &Path) -> Result<Vec<PathBuf>> {
    let mut stale = Vec::new();
    for deb in debs(target) {
        if repack(&deb)? && updater_signature(&deb).is_file() {
            stale.push(deb);
        }
    }
    Ok(stale)
}

/// `Petstore Admin_0.1.0_amd64.deb.sig`, the bundler's updater signature of the package.
pub fn updater_signature(deb: &Path) -> PathBuf {
    let mut name = deb.as_os_str().to_owned();
    name.push(".sig");
    PathBuf::from(name)
}

fn debs(target: &Path) -> Vec<PathBuf> {
    let mut folders = vec![target.join("release/bundle/deb")];
    if let Ok(entries) = fs::read_dir(target) {
        folders.extend(
            entries
                .flatten()
                .map(|entry| entry.path().join("release/bundle/deb")),
        );
    }
    folders
        .iter()
        .filter_map(|folder| fs::read_dir(folder).ok())
        .flat_map(|entries| entries.flatten().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "deb"))
        .collect()
}

/// Unpacks `deb` (control files and all) and builds it again with xz; a package already in xz is
/// left as it is. Whether it was repacked.
fn repack(deb: &Path) -> Result<bool> {
    let members = cmd::capture(Command::new("ar").arg("t").arg(deb))?;
    if !members.lines().any(|member| member == "data.tar.gz") {
        return Ok(false);
    }
    step(&format!("Repacking {} with xz", deb.display()));
    let tree = deb.with_extension("unpacked");
    let _ = fs::remove_dir_all(&tree);
    cmd::run(Command::new("dpkg-deb").arg("-R").arg(deb).arg(&tree))?;
    let packed = deb.with_extension("xz.deb");
    let built = cmd::run(
        Command::new("dpkg-deb")
            .args(["--root-owner-group", "-Zxz", "-z9", "--build"])
            .arg(&tree)
            .arg(&packed),
    );
    let _ = fs::remove_dir_all(&tree);
    built?;
    fs::rename(&packed, deb)
        .map_err(|e| StepError(format!("could not replace {}: {e}", deb.display())))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A gzip package (as the bundler writes) comes out in xz with the same files and control.
    #[test]
    fn a_gzip_package_is_repacked_with_xz_and_keeps_its_files() {
        let dir = std::env::temp_dir().join(format!("debpack-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let tree = dir.join("tree");
        fs::create_dir_all(tree.join("DEBIAN")).unwrap();
        fs::create_dir_all(tree.join("usr/bin")).unwrap();
        fs::write(
            tree.join("DEBIAN/control"),
            "Package: demo\nVersion: 1.0\nArchitecture: all\nMaintainer: t <t@example.invalid>\nDescription: demo\n",
        )
        .unwrap();
        fs::write(
            tree.join("usr/bin/demo"),
            "#!/bin/sh\necho demo\n".repeat(200),
        )
        .unwrap();
        let folder = dir.join("target/release/bundle/deb");
        fs::create_dir_all(&folder).unwrap();
        let deb = folder.join("demo_1.0_all.deb");
        cmd::run(
            Command::new("dpkg-deb")
                .args(["--root-owner-group", "-Zgzip", "--build"])
                .arg(&tree)
                .arg(&deb),
        )
        .unwrap();
        let files_before = cmd::capture(Command::new("dpkg-deb").arg("-c").arg(&deb)).unwrap();

        repack_all(&dir.join("target")).unwrap();

        let members = cmd::capture(Command::new("ar").arg("t").arg(&deb)).unwrap();
        assert!(members.lines().any(|m| m == "data.tar.xz"), "{members}");
        let files_after = cmd::capture(Command::new("dpkg-deb").arg("-c").arg(&deb)).unwrap();
        let names = |listing: &str| -> Vec<String> {
            listing
                .lines()
                .filter_map(|line| line.split_whitespace().last().map(str::to_owned))
                .collect()
        };
        assert_eq!(names(&files_before), names(&files_after));
        let control =
            cmd::capture(Command::new("dpkg-deb").arg("-f").arg(&deb).arg("Package")).unwrap();
        assert_eq!(control.trim(), "demo");
        // Repacking again leaves an xz package alone.
        repack_all(&dir.join("target")).unwrap();
        let _ = fs::remove_dir_all(&dir);
    }
}
