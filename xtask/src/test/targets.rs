//! The workspace's integration-test targets, read from `cargo metadata`, so the stages split them
//! without a hand-kept list: a new test file lands in `unit` unless it is one of the two below.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cargo;
use crate::cmd::{Result, StepError, fail};

/// The package holding the tests that need more than cargo: the real app and Prism.
pub const E2E_PACKAGE: &str = "petstore-e2e";
/// Its test target that drives the release app through tauri-driver (stage `e2e`).
pub const APP_TESTS: &str = "app";
/// Its test target that checks the client's requests with a Prism mock server (stage `api`).
pub const PRISM_TESTS: &str = "prism";

/// One `[[test]]` target (explicit or found in a `tests/` folder) of a workspace package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestTarget {
    pub package: String,
    pub name: String,
    /// The test's root file.
    pub src_path: PathBuf,
}

/// Every integration-test target of the workspace's packages.
pub fn integration_tests(root: &Path) -> Result<Vec<TestTarget>> {
    let output = Command::new(cargo())
        .args(["metadata", "--no-deps", "--format-version", "1", "--locked"])
        .current_dir(root)
        .output()
        .map_err(|e| StepError(format!("could not run `cargo metadata`: {e}")))?;
    if !output.status.success() {
        return fail(format!(
            "`cargo metadata` failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    parse_metadata(&output.stdout)
}

fn parse_metadata(json: &[u8]) -> Result<Vec<TestTarget>> {
    let metadata: serde_json::Value = serde_json::from_slice(json).map_err(|e| {
        StepError(format!(
            "`cargo metadata` printed something unreadable: {e}"
        ))
    })?;
    let packages = metadata["packages"]
        .as_array()
        .ok_or_else(|| StepError("`cargo metadata` listed no packages".into()))?;
    let mut tests = Vec::new();
    for package in packages {
        let package_name = package["name"].as_str().unwrap_or_default();
        for target in package["targets"].as_array().into_iter().flatten() {
            let is_test = target["kind"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k == "test"));
            if let (true, Some(name)) = (is_test, target["name"].as_str()) {
                tests.push(TestTarget {
                    package: package_name.to_owned(),
                    name: name.to_owned(),
                    src_path: PathBuf::from(target["src_path"].as_str().unwrap_or_default()),
                });
            }
        }
    }
    Ok(tests)
}

/// The `--test` names for stage `unit`: every integration test but [`APP_TESTS`] and
/// [`PRISM_TESTS`]. Those two are selected by name across the workspace (so every stage builds
/// with one feature set), which only works while no other package has a test of that name.
pub fn unit_tests(all: &[TestTarget]) -> Result<Vec<String>> {
    for special in [APP_TESTS, PRISM_TESTS] {
        let owners: Vec<&str> = all
            .iter()
            .filter(|t| t.name == special)
            .map(|t| t.package.as_str())
            .collect();
        if owners != [E2E_PACKAGE] {
            return fail(format!(
                "the test target `{special}` must exist once, in {E2E_PACKAGE}; found in: [{}]. \
                 Rename the other one: the stages select it by name",
                owners.join(", ")
            ));
        }
    }
    let mut names: Vec<String> = all
        .iter()
        .filter(|t| t.name != APP_TESTS && t.name != PRISM_TESTS)
        .map(|t| t.name.clone())
        .collect();
    names.sort();
    names.dedup();
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(package: &str, name: &str) -> TestTarget {
        TestTarget {
            package: package.to_owned(),
            name: name.to_owned(),
            src_path: PathBuf::from(format!("/w/{package}/{name}.rs")),
        }
    }

    #[test]
    fn reads_only_test_targets_from_metadata() {
        let json = br#"{"packages":[
            {"name":"petstore-e2e","targets":[
                {"name":"petstore_e2e","kind":["lib"]},
                {"name":"app","kind":["test"],"src_path":"/w/petstore-e2e/app.rs"},
                {"name":"overhead","kind":["bench"]}]},
            {"name":"petstore-cli","targets":[
                {"name":"petstore","kind":["bin"]},
                {"name":"failures","kind":["test"],"src_path":"/w/petstore-cli/failures.rs"}]}]}"#;
        assert_eq!(
            parse_metadata(json).unwrap(),
            vec![
                target("petstore-e2e", "app"),
                target("petstore-cli", "failures")
            ]
        );
        assert!(parse_metadata(b"not json").is_err());
    }

    #[test]
    fn unit_takes_every_test_but_the_apps_and_prisms() {
        let all = [
            target(E2E_PACKAGE, APP_TESTS),
            target(E2E_PACKAGE, PRISM_TESTS),
            target(E2E_PACKAGE, "soak"),
            target("petstore-cli", "failures"),
            target("petstore-client", "failures"),
        ];
        assert_eq!(unit_tests(&all).unwrap(), vec!["failures", "soak"]);
    }

    #[test]
    fn a_second_test_named_app_is_refused() {
        let all = [
            target(E2E_PACKAGE, APP_TESTS),
            target(E2E_PACKAGE, PRISM_TESTS),
            target("petstore-admin", APP_TESTS),
        ];
        let message = unit_tests(&all).unwrap_err().to_string();
        assert!(message.contains("petstore-admin"), "{message}");
        let missing = unit_tests(&[target(E2E_PACKAGE, APP_TESTS)]).unwrap_err();
        assert!(missing.to_string().contains("`prism`"), "{missing}");
    }

    /// The real workspace: the split works on it, and the app's tests are not in `unit`.
    #[test]
    fn the_real_workspace_splits() {
        let all = integration_tests(&crate::root()).expect("cargo metadata");
        let unit = unit_tests(&all).expect("split");
        assert!(!unit.is_empty());
        assert!(!unit.iter().any(|t| t == APP_TESTS || t == PRISM_TESTS));
    }

    /// petstore-e2e's tests sit in tests/e2e/ with `autotests = false`: a file there that
    /// Cargo.toml does not name would never be compiled, let alone run.
    #[test]
    fn every_file_in_tests_e2e_is_a_test_target() {
        let root = crate::root();
        let declared: Vec<PathBuf> = integration_tests(&root)
            .expect("cargo metadata")
            .into_iter()
            .filter(|t| t.package == E2E_PACKAGE)
            .map(|t| t.src_path)
            .collect();
        let dir = root.join("tests").join("e2e");
        let files = std::fs::read_dir(&dir).expect("tests/e2e is readable");
        let mut checked = 0;
        for file in files.map(|entry| entry.expect("entry").path()) {
            if file.extension().is_some_and(|ext| ext == "rs") {
                assert!(
                    declared.contains(&file),
                    "{} is not a [[test]] in tests/Cargo.toml, so it never runs",
                    file.display()
                );
                checked += 1;
            }
        }
        assert!(checked >= 2, "no tests found in {}", dir.display());
    }
}
