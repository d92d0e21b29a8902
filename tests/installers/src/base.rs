//! The base root: a minimal Debian (or Ubuntu) of the host's release, made once by debootstrap
//! from the mirror the host's apt uses, and kept under target/tools.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::mounts;
use xtask_support::cmd::{self, Result, StepError, fail, step};

/// Where apt sources live on the host.
const SOURCES_LIST: &str = "/etc/apt/sources.list";
const SOURCES_DIR: &str = "/etc/apt/sources.list.d";

/// The base root, made when missing or incomplete; returns its folder.
pub fn ensure(target: &Path) -> Result<PathBuf> {
    let tools = target.join("tools");
    let base = tools.join("debian-root-base");
    // The stamp sits beside the root (not in it) and is written last: a debootstrap that was
    // interrupted, or made for another release or mirror, is made again.
    let stamp = tools.join("debian-root-base.complete");
    let suite = host_codename()?;
    let sources = host_sources()?;
    let archive = pick(&sources, &suite)?;
    let list = sources_list(&sources, &suite);
    let wanted = format!("{suite}\n{list}");
    if base.is_dir() && fs::read_to_string(&stamp).is_ok_and(|s| s == wanted) {
        return Ok(base);
    }
    step(&format!(
        "Making a clean {suite} root with debootstrap (minbase, from {}) in {}",
        archive.uri,
        base.display()
    ));
    let _ = fs::remove_file(&stamp);
    // debootstrap mounts /proc and /sys inside while it works: a killed run may have left them.
    mounts::clear(&base)?;
    let started = Instant::now();
    cmd::run(
        Command::new("debootstrap")
            .args(["--variant=minbase", &suite])
            .arg(&base)
            .arg(&archive.uri),
    )?;
    println!("debootstrap took {:.0?}", started.elapsed());
    write(&base.join("etc/apt/sources.list"), &list)?;
    // Packages' maintainer scripts must not start services (dbus) inside the chroot.
    let policy = base.join("usr/sbin/policy-rc.d");
    write(&policy, "#!/bin/sh\nexit 101\n")?;
    make_executable(&policy)?;
    write(&stamp, &wanted)?;
    Ok(base)
}

/// One `deb` source of the host's apt configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    pub uri: String,
    pub suite: String,
    pub components: Vec<String>,
}

/// The source of the release itself (`bookworm`), where debootstrap gets the base system.
fn pick<'a>(sources: &'a [Source], suite: &str) -> Result<&'a Source> {
    sources.iter().find(|s| s.suite == suite).ok_or_else(|| {
        StepError(format!(
            "the host's apt has no source for its own release `{suite}` (in {SOURCES_LIST} or \
             {SOURCES_DIR}); add one and run again"
        ))
    })
}

/// The chroot's sources.list: the host's sources for the release and its updates and security
/// suites (never third-party repositories: the package must install from the release alone).
fn sources_list(sources: &[Source], suite: &str) -> String {
    let related = [
        suite.to_owned(),
        format!("{suite}-updates"),
        format!("{suite}-security"),
    ];
    let mut lines: Vec<String> = sources
        .iter()
        .filter(|s| related.contains(&s.suite))
        .map(|s| format!("deb {} {} {}\n", s.uri, s.suite, s.components.join(" ")))
        .collect();
    lines.dedup();
    lines.concat()
}

fn host_codename() -> Result<String> {
    let text = fs::read_to_string("/etc/os-release")
        .map_err(|e| StepError(format!("could not read /etc/os-release: {e}")))?;
    text.lines()
        .find_map(|line| line.strip_prefix("VERSION_CODENAME="))
        .map(|v| v.trim_matches('"').to_owned())
        .filter(|v| !v.is_empty())
        .ok_or_else(|| {
            StepError("/etc/os-release names no VERSION_CODENAME: not a Debian-like host".into())
        })
}

fn host_sources() -> Result<Vec<Source>> {
    let mut sources = fs::read_to_string(SOURCES_LIST)
        .map(|text| one_line_sources(&text))
        .unwrap_or_default();
    let mut files: Vec<PathBuf> = fs::read_dir(SOURCES_DIR)
        .map(|dir| dir.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    for file in files {
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        match file.extension().and_then(|e| e.to_str()) {
            Some("list") => sources.extend(one_line_sources(&text)),
            Some("sources") => sources.extend(deb822_sources(&text)),
            _ => {}
        }
    }
    if sources.is_empty() {
        return fail(format!(
            "found no apt sources in {SOURCES_LIST} or {SOURCES_DIR}"
        ));
    }
    Ok(sources)
}

/// `deb [options] URI SUITE COMPONENT...` lines.
fn one_line_sources(text: &str) -> Vec<Source> {
    text.lines()
        .filter_map(|line| {
            let line = line.split('#').next()?.trim();
            let rest = line.strip_prefix("deb ")?.trim_start();
            let rest = match rest.strip_prefix('[') {
                Some(options) => options.split_once(']')?.1,
                None => rest,
            };
            let mut words = rest.split_whitespace();
            Some(Source {
                uri: words.next()?.to_owned(),
                suite: words.next()?.to_owned(),
                components: words.map(str::to_owned).collect(),
            })
        })
        .collect()
}

/// deb822 paragraphs (`Types:`, `URIs:`, `Suites:`, `Components:`, `Enabled:`).
fn deb822_sources(text: &str) -> Vec<Source> {
    let mut sources = Vec::new();
    for paragraph in text.split("\n\n") {
        let field = |name: &str| -> Vec<String> {
            paragraph
                .lines()
                .filter(|l| !l.starts_with('#'))
                .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
                .map(|v| v.split_whitespace().map(str::to_owned).collect())
                .unwrap_or_default()
        };
        if !field("Types").iter().any(|t| t == "deb") || field("Enabled") == ["no"] {
            continue;
        }
        for uri in field("URIs") {
            for suite in field("Suites") {
                sources.push(Source {
                    uri: uri.clone(),
                    suite,
                    components: field("Components"),
                });
            }
        }
    }
    sources
}

fn write(path: &Path, text: &str) -> Result {
    fs::write(path, text).map_err(|e| StepError(format!("could not write {}: {e}", path.display())))
}

fn make_executable(path: &Path) -> Result {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
        .map_err(|e| StepError(format!("could not make {} executable: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEB822: &str = "Types: deb
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main

Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
";

    #[test]
    fn reads_deb822_sources() {
        let sources = deb822_sources(DEB822);
        let suites: Vec<&str> = sources.iter().map(|s| s.suite.as_str()).collect();
        assert_eq!(
            suites,
            ["bookworm", "bookworm-updates", "bookworm-security"]
        );
        assert_eq!(sources[2].uri, "http://deb.debian.org/debian-security");
        assert_eq!(sources[0].components, ["main"]);
    }

    #[test]
    fn reads_one_line_sources_with_options_and_comments() {
        let text = "# a comment\n\
                    deb [arch=amd64 signed-by=/k.gpg] https://deb.nodesource.com/node_20.x nodistro main\n\
                    deb http://ftp.de.debian.org/debian bookworm main contrib # mirror\n\
                    deb-src http://ftp.de.debian.org/debian bookworm main\n";
        let sources = one_line_sources(text);
        assert_eq!(sources.len(), 2);
        assert_eq!(sources[0].uri, "https://deb.nodesource.com/node_20.x");
        assert_eq!(
            sources[1],
            Source {
                uri: "http://ftp.de.debian.org/debian".into(),
                suite: "bookworm".into(),
                components: vec!["main".into(), "contrib".into()],
            }
        );
    }

    #[test]
    fn the_chroot_gets_the_release_suites_only() {
        let mut sources = deb822_sources(DEB822);
        sources.extend(one_line_sources(
            "deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main\n",
        ));
        assert_eq!(
            sources_list(&sources, "bookworm"),
            "deb http://deb.debian.org/debian bookworm main\n\
             deb http://deb.debian.org/debian bookworm-updates main\n\
             deb http://deb.debian.org/debian-security bookworm-security main\n"
        );
        assert_eq!(
            pick(&sources, "bookworm").expect("found").uri,
            "http://deb.debian.org/debian"
        );
        assert!(pick(&sources, "trixie").is_err());
    }
}
