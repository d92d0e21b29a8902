//! The workspace's integration-test targets, read from `cargo metadata`, so the stages split them
//! without a hand-kept list: a new test file lands in `unit` unless it is one of the two below.

use std::path::Path;
use std::process::Command;

use crate::cmd::{Result, StepError, fail};
use crate::run::cargo;

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
        }
    }

    #[test]
    fn reads_only_test_targets_from_metadata() {
        let json = br#"{"packages":[
            {"name":"petstore-e2e","targets":[
                {"name":"petstore_e2e","kind":["lib"]},
                {"name":"app","kind":["test"]},
                {"name":"overhead","kind":["bench"]}]},
            {"name":"petstore-cli","targets":[
                {"name":"petstore","kind":["bin"]},
                {"name":"failures","kind":["test"]}]}]}"#;
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
}
