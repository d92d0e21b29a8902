use super::*;

fn no_env(_: &str) -> Option<String> {
    None
}

#[test]
fn missing_file_is_the_default_and_saving_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/settings.json");
    assert_eq!(Settings::load_from(&path).unwrap(), Settings::default());
    let settings = Settings {
        production_url: Some("https://api.example.com/v1".into()),
        staging_url: None,
        environment: Some(Environment::Staging),
        page_size: Some(100),
        activity: None,
        language: None,
        category_names: CategoryNames::default(),
        proxy: None,
        ca_files: Vec::new(),
        updates: None,
        add_when_possible: Vec::new(),
        shared_store: None,
        unknown: serde_json::Map::new(),
    };
    let wanted = settings.clone();
    SettingsFile::at(&path)
        .update(|on_disk| {
            *on_disk = wanted;
            Ok(())
        })
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\"productionUrl\": \"https://api.example.com/v1\""),
        "{text}"
    );
    assert!(text.contains("\"pageSize\": 100"), "{text}");
    assert!(
        !text.contains("stagingUrl"),
        "absent values are omitted: {text}"
    );
    assert_eq!(Settings::load_from(&path).unwrap(), settings);
    let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .filter(|name| name != "settings.json.lock")
        .collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left behind");
}

#[test]
fn a_broken_file_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    std::fs::write(&path, "{ not json").unwrap();
    match Settings::load_from(&path) {
        Err(LocalError::SettingsUnreadable(UnreadableSettings {
            path: p, problem, ..
        })) => {
            assert_eq!(p, path);
            assert!(!problem.is_empty());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_language_is_read_and_one_the_app_does_not_speak_is_no_broken_file() {
    let german: Settings = serde_json::from_str(r#"{"language":"de"}"#).unwrap();
    assert_eq!(german.language(), Some(crate::Language::German));
    let french: Settings = serde_json::from_str(r#"{"language":"fr"}"#).unwrap();
    assert_eq!(french.language(), None);
    assert_eq!(Settings::default().language(), None);
    assert!(
        !serde_json::to_string(&Settings::default())
            .unwrap()
            .contains("language")
    );
}

#[test]
fn unknown_fields_in_the_file_are_tolerated() {
    let settings: Settings =
        serde_json::from_str(r#"{"stagingUrl":"https://s.example.com/v1","theme":"dark"}"#)
            .unwrap();
    assert_eq!(
        settings.staging_url.as_deref(),
        Some("https://s.example.com/v1")
    );
}

#[test]
fn environment_variables_win_over_the_file() {
    let settings = Settings {
        production_url: Some("https://file.example.com/v1".into()),
        staging_url: Some("https://staging-file.example.com/v1".into()),
        environment: None,
        page_size: None,
        activity: None,
        language: None,
        category_names: CategoryNames::default(),
        proxy: None,
        ca_files: Vec::new(),
        updates: None,
        add_when_possible: Vec::new(),
        shared_store: None,
        unknown: serde_json::Map::new(),
    };
    let env = |name: &str| {
        (name == "PETSTORE_PRODUCTION_URL").then(|| "https://env.example.com/v1/".to_owned())
    };
    assert_eq!(
        settings
            .base_url_with(Environment::Production, env)
            .unwrap()
            .as_str(),
        "https://env.example.com/v1"
    );
    assert_eq!(
        settings
            .base_url_with(Environment::Staging, env)
            .unwrap()
            .as_str(),
        "https://staging-file.example.com/v1"
    );
    let staging_env = |name: &str| {
        (name == "PETSTORE_STAGING_URL").then(|| "https://s-env.example.com/v1".to_owned())
    };
    assert_eq!(
        settings
            .base_url_with(Environment::Staging, staging_env)
            .unwrap()
            .as_str(),
        "https://s-env.example.com/v1"
    );
}

#[test]
fn sandbox_is_fixed_and_missing_urls_are_told() {
    let settings = Settings::default();
    assert_eq!(
        settings
            .base_url_with(Environment::Sandbox, no_env)
            .unwrap()
            .as_str(),
        SANDBOX_DEFAULT_URL
    );
    let err = settings
        .base_url_with(Environment::Production, no_env)
        .unwrap_err();
    assert_eq!(
        err,
        ConfigError::MissingBaseUrl {
            environment: Environment::Production
        }
    );
    // How to set it is each shell's to say (the CLI names its variable and field).
    assert_eq!(err.to_string(), "no base address for production");
    let insecure = |_: &str| Some("http://api.example.com/v1".to_owned());
    assert!(matches!(
        settings.base_url_with(Environment::Staging, insecure),
        Err(ConfigError::InsecureBaseUrl { .. })
    ));
}

#[test]
fn default_path_honours_the_override() {
    let path = Settings::default_path_with(|name| {
        (name == CONFIG_DIR_VAR).then(|| "/tmp/petstore-cfg".to_owned())
    });
    assert_eq!(
        path.unwrap(),
        PathBuf::from("/tmp/petstore-cfg/settings.json")
    );
    if let Some(path) = Settings::default_path_with(no_env) {
        assert!(
            path.ends_with("dev.petstore.admin/settings.json"),
            "{}",
            path.display()
        );
    }
}

#[test]
fn set_base_url_checks_and_normalises() {
    let mut settings = Settings::default();
    settings
        .set_base_url(Environment::Production, "https://api.example.com/v1/")
        .unwrap();
    assert_eq!(
        settings.production_url.as_deref(),
        Some("https://api.example.com/v1")
    );
    assert!(
        settings
            .set_base_url(Environment::Staging, "http://x.example.com/v1")
            .is_err()
    );
    assert_eq!(settings.staging_url, None);
}
