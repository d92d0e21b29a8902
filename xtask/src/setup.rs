//! `cargo xtask setup [STAGE…]`: installs what the named stages of `cargo xtask test` need (every
//! stage's when none is named) and nothing else, skipping what is already there. `test` and `run`
//! call it before they start.

use std::path::PathBuf;

use crate::cmd::{self, Result};
use crate::deps;
use crate::stage::{self, Stage};

/// The installed programs the stages are handed.
#[derive(Debug, Default)]
pub struct Tools {
    /// The Python virtualenv's programs: actionlint, shellcheck, schemathesis.
    pub python: Option<PathBuf>,
    /// Prism's binary (in xtask/tools, beside the Tauri CLI).
    pub prism: Option<PathBuf>,
    pub tauri_driver: Option<PathBuf>,
}

/// `cargo xtask setup [STAGE…]`.
pub fn setup(args: &[String]) -> Result {
    let stages = stage::parse(args).map_err(|e| cmd::StepError(e.to_string()))?;
    for_stages(&stages)?;
    println!(
        "\nReady for: {}",
        stages
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

/// Installs what `stages` need: system packages first (one apt run), then node modules, the
/// Python tools and tauri-driver.
pub fn for_stages(stages: &[Stage]) -> Result<Tools> {
    let root = crate::root();
    let target = crate::target_dir();
    let mut packages: Vec<&str> = Vec::new();
    for stage in stages {
        for package in system_packages(*stage) {
            if !packages.contains(&package) {
                packages.push(package);
            }
        }
    }
    if !cmd::on_path("npm") {
        // Every stage runs Node (the UI's build, Prism or the Tauri CLI).
        packages.extend(deps::NODE_PACKAGES);
    }
    deps::ensure_system_packages(&packages)?;

    let has = |wanted: &[Stage]| stages.iter().any(|s| wanted.contains(s));
    let mut tools = Tools::default();
    // Every stage but `api` builds the UI (the app embeds ui/dist) or checks it.
    if has(&[
        Stage::Ui,
        Stage::Lint,
        Stage::Unit,
        Stage::E2e,
        Stage::Installers,
        Stage::Windows,
    ]) {
        deps::ensure_node_modules(&root.join("ui"), "the UI's packages")?;
    }
    // One package-lock for both: Prism (`api`) and the Tauri CLI that bundles (`installers`).
    if has(&[Stage::Api, Stage::Installers]) {
        let prism = deps::ensure_node_tools(&root)?;
        tools.prism = has(&[Stage::Api]).then_some(prism);
    }
    if has(&[Stage::Lint, Stage::Api]) {
        tools.python = Some(deps::ensure_python_tools(&root, &target)?);
    }
    if has(&[Stage::E2e]) {
        tools.tauri_driver = Some(deps::ensure_tauri_driver(&target)?);
    }
    Ok(tools)
}

/// What `cargo xtask run` (and `dev`) needs: the build packages, and for the window Node and the
/// UI's node modules; `--cli` builds only the sandbox and the CLI.
pub fn for_run(window: bool) -> Result {
    let mut packages = deps::RUN_PACKAGES.to_vec();
    if window && !cmd::on_path("npm") {
        packages.extend(deps::NODE_PACKAGES);
    }
    deps::ensure_system_packages(&packages)?;
    if window {
        deps::ensure_node_modules(&crate::root().join("ui"), "the UI's packages")?;
    }
    Ok(())
}

/// The Debian/Ubuntu packages `stage` needs (Node comes separately: every stage needs it).
fn system_packages(stage: Stage) -> Vec<&'static str> {
    let lists: &[&[&'static str]] = match stage {
        Stage::Ui => &[],
        // clippy compiles the whole workspace, the app included.
        Stage::Lint => &[deps::BUILD_PACKAGES, deps::PYTHON_PACKAGES],
        Stage::Unit => &[
            deps::BUILD_PACKAGES,
            deps::KEYRING_PACKAGES,
            deps::POSTGRES_PACKAGES,
        ],
        Stage::E2e => &[
            deps::BUILD_PACKAGES,
            deps::KEYRING_PACKAGES,
            deps::DISPLAY_PACKAGES,
            deps::WEBDRIVER_PACKAGES,
        ],
        #[cfg(target_os = "linux")]
        Stage::Installers => &[
            deps::BUILD_PACKAGES,
            petstore_installer_check::DEBROOT_PACKAGES,
        ],
        #[cfg(not(target_os = "linux"))]
        Stage::Installers => &[deps::BUILD_PACKAGES],
        // The sandbox and the client only: a C compiler for ring, no WebKit.
        Stage::Api => &[deps::C_COMPILER_PACKAGES, deps::PYTHON_PACKAGES],
        // Build scripts and proc macros run on Linux (WebKit not linked, but C compiled).
        Stage::Windows => &[deps::C_COMPILER_PACKAGES, deps::WINDOWS_PACKAGES],
    };
    lists.iter().flat_map(|list| list.iter().copied()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stage_installs_only_its_own_packages() {
        assert!(system_packages(Stage::Ui).is_empty());
        let api = system_packages(Stage::Api);
        assert!(!api.contains(&"libwebkit2gtk-4.1-dev"), "{api:?}");
        assert!(api.contains(&"python3-venv"), "{api:?}");
        let unit = system_packages(Stage::Unit);
        assert!(unit.contains(&"gnome-keyring"), "{unit:?}");
        assert!(!unit.contains(&"xvfb"), "{unit:?}");
        // The shared store's tests start a real PostgreSQL of their own.
        assert!(unit.contains(&"postgresql"), "{unit:?}");
        assert!(!api.contains(&"postgresql"), "{api:?}");
        let e2e = system_packages(Stage::E2e);
        assert!(e2e.contains(&"webkit2gtk-driver"), "{e2e:?}");
        assert!(!e2e.contains(&"debootstrap"), "{e2e:?}");
    }
}
