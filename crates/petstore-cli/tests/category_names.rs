//! `petstore export --category-names`: the names the app keeps for the environment (the same
//! settings file), beside the numbers; never without the flag.

mod support;

use std::time::Duration;

use petstore_sandbox::{Plan, SandboxConfig};
use support::{KEY, TestSandbox, text};

fn sandbox_with_pets() -> TestSandbox {
    let mut config = SandboxConfig::default().with_key(KEY, Plan::Pro);
    config.seed_demo_data = false;
    config.minute_window = Duration::from_secs(60);
    let sandbox = TestSandbox::with_config(config, None);
    sandbox.sandbox.insert_pet("Rex", 1, "available", None);
    sandbox.sandbox.insert_pet("Tom", 2, "sold", None);
    sandbox
}

#[test]
fn export_adds_the_environments_category_names_when_asked() {
    let sandbox = sandbox_with_pets();
    std::fs::write(
        sandbox.config_dir.path().join("settings.json"),
        r#"{"categoryNames": {"sandbox": {"1": "Dogs"}, "staging": {"1": "Hounds", "2": "@Cats"}}}"#,
    )
    .expect("settings written");
    let export = |args: &[&str]| {
        let out = sandbox
            .petstore(Some(KEY))
            .args(args)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };

    let plain = export(&["export"]);
    assert!(plain.starts_with("id,name,categoryId,status\n"), "{plain}");
    assert!(!plain.contains("Dogs"), "only when asked: {plain}");

    let named = export(&["export", "--category-names"]);
    assert!(
        named.starts_with("id,name,categoryId,status,categoryName\n"),
        "{named}"
    );
    assert!(named.contains(",Rex,1,available,Dogs\n"), "{named}");
    assert!(named.contains(",Tom,2,sold,\n"), "unnamed: empty: {named}");

    let staging = export(&["--env", "staging", "export", "--category-names"]);
    assert!(staging.contains(",Rex,1,available,Hounds\n"), "{staging}");
    assert!(
        staging.contains(",Tom,2,sold,'@Cats\n"),
        "guarded: {staging}"
    );

    let json = export(&["export", "--format", "json", "--category-names"]);
    let pets: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let rex = pets
        .as_array()
        .and_then(|pets| pets.iter().find(|p| p["name"] == "Rex"))
        .expect("Rex");
    assert_eq!(rex["categoryName"], "Dogs");
}

#[test]
fn import_learns_the_files_category_names_and_never_replaces_one() {
    let sandbox = sandbox_with_pets();
    let settings = sandbox.config_dir.path().join("settings.json");
    std::fs::write(
        &settings,
        r#"{"categoryNames": {"sandbox": {"1": "Dogs"}}}"#,
    )
    .expect("settings written");
    let file = sandbox.config_dir.path().join("pets.csv");
    std::fs::write(
        &file,
        "name,categoryId,categoryName\nImported Rex,1,Hounds\nImported Nemo,4,Fish\nImported Tweety,5,dogs\n",
    )
    .expect("file written");
    let run = |dry_run: bool| {
        let mut cmd = sandbox.petstore(Some(KEY));
        cmd.arg("import").arg(&file);
        if dry_run {
            cmd.arg("--dry-run");
        }
        let out = cmd.output().expect("runs");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stderr)
    };

    let said = run(true);
    assert!(
        said.contains("1 category names would be learned for sandbox"),
        "{said}"
    );
    let untouched = std::fs::read_to_string(&settings).expect("settings");
    assert!(
        !untouched.contains("Fish"),
        "a dry run writes nothing: {untouched}"
    );

    let said = run(false);
    assert!(
        said.contains("1 category names learned for sandbox"),
        "{said}"
    );
    assert!(
        said.contains(
            "line 2: “Hounds” not used for category 1: Category 1 already has a name, “Dogs”."
        ),
        "{said}"
    );
    assert!(
        said.contains("line 4: “dogs” not used for category 5"),
        "{said}"
    );
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&settings).expect("settings")).expect("JSON");
    assert_eq!(
        kept["categoryNames"]["sandbox"],
        serde_json::json!({"1": "Dogs", "4": "Fish"})
    );
}
