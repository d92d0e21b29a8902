//! The CLI's words follow the settings file's `language`, else the computer's
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

/// `petstore` in German: LANG says so, or the settings file does over an English LANG.
fn german(sandbox: &TestSandbox, how: How) -> assert_cmd::Command {
    let mut cmd = sandbox.petstore(Some(KEY));
    german_env(&mut cmd, sandbox.config_dir.path(), how);
    cmd
}

#[derive(Debug, Clone, Copy)]
enum How {
    Lang,
    Settings,
}

const BOTH: [How; 2] = [How::Lang, How::Settings];

fn german_env(cmd: &mut assert_cmd::Command, config_dir: &std::path::Path, how: How) {
    match how {
        How::Lang => {
            cmd.env("LANG", "de_DE.UTF-8");
        }
        How::Settings => {
            std::fs::write(config_dir.join("settings.json"), r#"{ "language": "de" }"#).unwrap();
            cmd.env("LANG", "en_US.UTF-8");
        }
    }
}

#[test]
fn the_table_is_german_by_lang_and_by_the_settings_over_an_english_lang() {
    for how in BOTH {
        let sandbox = TestSandbox::start();
        let out = german(&sandbox, how)
            .args(["list", "--limit", "3"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{how:?}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let header = stdout.lines().next().unwrap_or_default();
        assert!(
            header.contains("KATEGORIE") && header.contains("NAME"),
            "{how:?}: {stdout}"
        );
    }
}

#[test]
fn an_invalid_limit_is_refused_in_german_with_exit_2() {
    for how in BOTH {
        let sandbox = TestSandbox::start();
        let out = german(&sandbox, how)
            .args(["list", "--limit", "0"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{how:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains("ungültiger Wert '0'"), "{how:?}: {stderr}");
        assert!(stderr.contains("--limit"), "{how:?}: {stderr}");
        assert!(
            stderr.contains("ganze Zahl von 1 bis 100"),
            "{how:?}: {stderr}"
        );
        assert!(stderr.contains("--help"), "{how:?}: {stderr}");
        assert!(!stderr.contains("invalid value"), "{how:?}: {stderr}");
    }
}

#[test]
fn a_missing_key_is_said_in_german() {
    // No --env and an address no environment has: no stored key may go there, none is asked for.
    for how in BOTH {
        let dir = tempfile::TempDir::new().unwrap();
        let mut cmd = support::petstore(dir.path(), None);
        german_env(&mut cmd, dir.path(), how);
        let out = cmd
            .args(["--base-url", "https://pets.example.invalid/v1", "list"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("Kein API-Schlüssel für https://pets.example.invalid/v1"),
            "{how:?}: {stderr}"
        );
        assert!(stderr.contains("PETSTORE_API_KEY"), "{how:?}: {stderr}");
    }
}

#[test]
fn a_rate_limit_says_in_german_when_to_try_again() {
    for how in BOTH {
        let sandbox = TestSandbox::with_a_remembered_wait(KEY);
        let out = german(&sandbox, how)
            .args(["--timeout", "1", "list"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("Versuchen Sie es nach"),
            "{how:?}: {stderr}"
        );
        assert!(stderr.contains(" Min."), "minutes away: {how:?}: {stderr}");
        assert!(!stderr.contains("Try again"), "{how:?}: {stderr}");
    }
}

#[test]
fn a_broken_settings_file_is_said_in_german_with_line_and_column() {
    let sandbox = TestSandbox::start();
    std::fs::write(
        sandbox.config_dir.path().join("settings.json"),
        "{\n  \"environment\": \"sandbox\",,\n}\n",
    )
    .unwrap();
    let out = sandbox
        .petstore(Some(KEY))
        .env("LANG", "de_DE.UTF-8")
        .args(["list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(9), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("Die Einstellungsdatei") && stderr.contains("(Zeile 2, Spalte"),
        "{stderr}"
    );
    assert!(stderr.contains("Korrigieren Sie sie"), "{stderr}");
}

#[test]
fn an_import_with_row_problems_is_reported_in_german() {
    for how in BOTH {
        let sandbox = TestSandbox::start();
        let path = sandbox.config_dir.path().join("pets.csv");
        std::fs::write(&path, "name,categoryId,colour\nRex,3,brown\n,x,\nMia,4,\n").unwrap();
        let out = german(&sandbox, how)
            .arg("import")
            .arg(&path)
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{how:?}: {stderr}");
        assert!(
            stderr.contains("2 gültige Zeilen, 1 ungültige."),
            "{how:?}: {stderr}"
        );
        assert!(
            stderr.contains("Zeile 3: der Name ist leer")
                && stderr.contains("die Kategorie-ID \"x\" ist keine ganze Zahl"),
            "{how:?}: {stderr}"
        );
        assert!(
            stderr.contains("Nicht gelesene Spalten: colour."),
            "{how:?}: {stderr}"
        );
        assert!(
            stderr.contains("Angelegt 2, übersprungen (schon angelegt) 0, ungültig 1"),
            "{how:?}: {stderr}"
        );
    }
}

#[test]
fn help_is_german_by_lang_and_english_otherwise() {
    let dir = tempfile::TempDir::new().unwrap();
    let help = |lang: &str, args: &[&str]| {
        let out = support::petstore(dir.path(), None)
            .env("LANG", lang)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let german = help("de_DE.UTF-8", &["--help"]);
    for words in [
        "Aufruf: petstore",
        "Befehle:",
        "Optionen:",
        "Hilfe anzeigen",
        "Exit-Codes:",
    ] {
        assert!(german.contains(words), "{words}: {german}");
    }
    let list = help("de_DE.UTF-8", &["help", "list"]);
    assert!(list.contains("Aufruf: petstore list"), "{list}");
    assert!(list.contains("[Standard: 20]"), "{list}");
    let english = help("C.UTF-8", &["list", "--help"]);
    assert!(english.contains("Usage: petstore list"), "{english}");
    assert!(english.contains("[default: 20]"), "{english}");
    assert!(english.contains("How many pets to show"), "{english}");
}

#[test]
fn an_import_stopped_by_the_quota_says_why_in_german() {
    let mut config = petstore_sandbox::SandboxConfig::default().with_key(
        KEY,
        petstore_sandbox::Plan::Enterprise {
            per_minute: 5,
            per_day: 1_000,
        },
    );
    config.minute_window = std::time::Duration::from_secs(600);
    let sandbox = TestSandbox::with_config(config, None);
    let path = sandbox.config_dir.path().join("many.csv");
    let rows: String = (0..8).map(|i| format!("Pet {i},1,\n")).collect();
    std::fs::write(&path, format!("name,categoryId,status\n{rows}")).unwrap();
    let out = sandbox
        .petstore(Some(KEY))
        .env("LANG", "de_DE.UTF-8")
        .args(["--timeout", "3", "import"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(5), "{stderr}");
    assert!(stderr.contains("Der Import wurde angehalten: "), "{stderr}");
    assert!(stderr.contains("Versuchen Sie es nach"), "{stderr}");
    assert!(
        stderr.contains("Führen Sie denselben Befehl erneut aus"),
        "{stderr}"
    );
    assert!(!stderr.contains("Try again"), "{stderr}");
}
