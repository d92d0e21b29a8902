//! Issue 14 §4: the CLI's words follow the settings file's `language`, else the computer's
//! (LANG); `--json` is the API's shapes in every language.

mod support;

use support::{KEY, TestSandbox, stdout_json, text};

#[test]
fn a_german_computer_gets_german_words_and_the_same_json() {
    let mut config =
        petstore_sandbox::SandboxConfig::default().with_key(KEY, petstore_sandbox::Plan::Pro);
    // A next page, so the hint about more pets is printed too.
    config.page_size_links = true;
    let sandbox = TestSandbox::with_config(config, None);
    let out = sandbox
        .petstore(Some(KEY))
        .env("LANG", "de_DE.UTF-8")
        .args(["list", "--limit", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let header = stdout.lines().next().unwrap_or_default();
    assert!(header.contains("KATEGORIE"), "{stdout}");
    assert!(
        text(&out.stderr).contains("Weitere Haustiere"),
        "{}",
        text(&out.stderr)
    );

    let json = |lang: &str| {
        let out = sandbox
            .petstore(Some(KEY))
            .env("LANG", lang)
            .args(["--json", "list", "--limit", "3"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        stdout_json(&out)
    };
    assert_eq!(json("de_DE.UTF-8"), json("C.UTF-8"));
}

#[test]
fn the_settings_files_language_wins_over_the_computers() {
    let sandbox = TestSandbox::start();
    std::fs::write(
        sandbox.config_dir.path().join("settings.json"),
        r#"{ "language": "en" }"#,
    )
    .unwrap();
    let out = sandbox
        .petstore(Some(KEY))
        .env("LANG", "de_DE.UTF-8")
        .args(["list", "--limit", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("CATEGORY"),
        "{}",
        text(&out.stdout)
    );

    std::fs::write(
        sandbox.config_dir.path().join("settings.json"),
        r#"{ "language": "de" }"#,
    )
    .unwrap();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["list", "--limit", "3"])
        .output()
        .unwrap();
    assert!(
        text(&out.stdout).contains("KATEGORIE"),
        "{}",
        text(&out.stdout)
    );
}
