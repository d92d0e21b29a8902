//! What a Windows computer adds to the files: settings written by Notepad (CRLF line endings,
//! a byte-order mark) and the folders under %APPDATA% and %LOCALAPPDATA% that README names.
//! Run on Linux in the unit stage and as a Windows program under Wine (`cargo xtask test windows`).

use petstore_local::{Settings, SettingsFile, WaitMemory};

#[test]
fn a_settings_file_with_crlf_line_endings_is_read_and_updated_without_losing_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    let text =
        "{\r\n  \"stagingUrl\": \"https://staging.example.com/v1\",\r\n  \"pageSize\": 50\r\n}\r\n";
    std::fs::write(&path, text).unwrap();
    let settings = Settings::load_from(&path).unwrap();
    assert_eq!(
        settings.staging_url.as_deref(),
        Some("https://staging.example.com/v1")
    );
    assert_eq!(settings.page_size, Some(50));
    SettingsFile::at(&path)
        .update(|settings| {
            settings.page_size = Some(25);
            Ok(())
        })
        .unwrap();
    let again = Settings::load_from(&path).unwrap();
    assert_eq!(again.page_size, Some(25));
    assert_eq!(
        again.staging_url.as_deref(),
        Some("https://staging.example.com/v1"),
        "the line the person wrote is kept"
    );
}

#[test]
fn a_settings_file_saved_by_notepad_with_a_byte_order_mark_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    std::fs::write(&path, "\u{feff}{\r\n  \"pageSize\": 40\r\n}\r\n").unwrap();
    assert_eq!(Settings::load_from(&path).unwrap().page_size, Some(40));
}

/// The folders README's "Files and keys" table gives for Windows, when no override is set.
#[cfg(windows)]
#[test]
fn without_overrides_the_files_are_under_appdata_and_localappdata() {
    use std::path::PathBuf;
    let app = petstore_local::APP_ID;
    let roaming = PathBuf::from(std::env::var("APPDATA").expect("%APPDATA% is set"));
    let local = PathBuf::from(std::env::var("LOCALAPPDATA").expect("%LOCALAPPDATA% is set"));
    let none = |_: &str| None;
    assert_eq!(
        Settings::default_path_with(none),
        Some(roaming.join(app).join("settings.json"))
    );
    // The stage sets no override; a person running this with one set gets its folder instead.
    assert!(std::env::var_os(petstore_local::CACHE_DIR_VAR).is_none());
    assert!(std::env::var_os(petstore_local::DATA_DIR_VAR).is_none());
    let waits = WaitMemory::default_location().expect("a cache folder");
    assert_eq!(waits.path().parent(), Some(local.join(app).as_path()));
    assert_eq!(petstore_local::data_dir(), Some(roaming.join(app)));
}

#[cfg(not(windows))]
#[test]
fn the_wait_memory_has_a_default_location_here_too() {
    if std::env::var_os(petstore_local::CACHE_DIR_VAR).is_none() {
        assert!(WaitMemory::default_location().is_some());
    }
}
