//! Real files in temporary folders; "processes" are threads, each with its own `SettingsFile` and
//! its own open of the lock file (flock-style locks exclude separate opens, as between processes).

use std::fs;
use std::sync::{Arc, Barrier};

use serde_json::{Value, json};

use super::*;
use petstore_client::{ConfigError, Environment};

fn settings_file() -> (tempfile::TempDir, SettingsFile) {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = SettingsFile::at(dir.path().join("settings.json"));
    (dir, file)
}

fn on_disk(file: &SettingsFile) -> Value {
    serde_json::from_slice(&fs::read(file.path()).expect("read")).expect("valid JSON")
}

const TRAILING_COMMA: &str = "{\n  \"stagingUrl\": \"https://s.example.com/v1\",\n}\n";

#[test]
fn fields_this_version_does_not_know_survive_an_update() {
    let (_dir, file) = settings_file();
    fs::write(
        file.path(),
        r#"{"productionUrl":"https://p.example.com/v1","theme":{"dark":true},"columns":[1,2]}"#,
    )
    .expect("write");
    file.update(|settings| {
        settings.page_size = Some(50);
        Ok(())
    })
    .expect("update");
    assert_eq!(
        on_disk(&file),
        json!({
            "productionUrl": "https://p.example.com/v1",
            "pageSize": 50,
            "theme": {"dark": true},
            "columns": [1, 2],
        })
    );
}

#[test]
fn a_trailing_comma_is_reported_with_line_and_column_and_never_overwritten() {
    let (_dir, file) = settings_file();
    fs::write(file.path(), TRAILING_COMMA).expect("write");
    let err = file.load().expect_err("broken file");
    match &err {
        LocalError::SettingsUnreadable(UnreadableSettings {
            path,
            line,
            column,
            problem,
            fault,
        }) => {
            assert_eq!(*fault, crate::SettingsFault::Syntax);
            assert_eq!(path, file.path());
            assert_eq!((*line, *column), (Some(3), Some(1)));
            assert_eq!(problem, "trailing comma");
        }
        other => panic!("{other:?}"),
    }
    let message = err.to_string();
    assert!(
        message.contains(&file.path().display().to_string())
            && message.contains("(line 3, column 1): trailing comma")
            && message.contains("Fix it, or start over (the broken file is kept)"),
        "{message}"
    );

    let mut called = false;
    let update = file.update(|settings| {
        called = true;
        settings.page_size = Some(10);
        Ok(())
    });
    assert_eq!(update.expect_err("unreadable"), err);
    assert!(!called, "no change is applied to a file that was not read");
    assert_eq!(
        fs::read_to_string(file.path()).expect("read"),
        TRAILING_COMMA
    );
    assert_eq!(
        Settings::load_from(file.path()).expect_err("the CLI's way"),
        err
    );
}

#[test]
fn start_over_keeps_the_broken_file_byte_for_byte() {
    let (dir, file) = settings_file();
    fs::write(file.path(), TRAILING_COMMA).expect("write");
    let kept = file.start_over().expect("start over");
    assert_eq!(kept.parent(), Some(dir.path()));
    let name = kept
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    let stamp = name
        .strip_prefix("settings.json.broken-")
        .unwrap_or_else(|| panic!("{name}"));
    assert!(
        chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%d-%H%M%S").is_ok(),
        "a UTC time stamp: {name}"
    );
    assert_eq!(fs::read_to_string(&kept).expect("kept"), TRAILING_COMMA);
    assert_eq!(file.load().expect("defaults now"), Settings::default());

    file.update(|settings| {
        settings.environment = Some(Environment::Staging);
        Ok(())
    })
    .expect("a fresh file");
    assert_eq!(fs::read_to_string(&kept).expect("kept"), TRAILING_COMMA);
    assert_eq!(
        file.load().expect("fresh").environment,
        Some(Environment::Staging)
    );
}

#[test]
fn an_update_is_not_undone_by_an_instance_that_loaded_earlier() {
    let (dir, app) = settings_file();
    let app_view = app.load().expect("first run");
    assert_eq!(app_view.production_url, None);

    let cli = SettingsFile::at(dir.path().join("settings.json"));
    cli.update(|settings| {
        settings
            .set_base_url(Environment::Production, "https://p.example.com/v1")
            .map_err(LocalError::from)
    })
    .expect("the CLI's change");

    let (after, ()) = app
        .update(|settings| {
            settings.page_size = Some(25);
            Ok(())
        })
        .expect("the app's change");
    assert_eq!(
        after.production_url.as_deref(),
        Some("https://p.example.com/v1")
    );
    let reloaded = app.load().expect("reload");
    assert_eq!(
        (reloaded.production_url.as_deref(), reloaded.page_size),
        (Some("https://p.example.com/v1"), Some(25))
    );
}

/// Widens the window between reading and writing, so that without the lock the other thread's
/// write lands in it (as on a busy machine); two cores here rarely interleave otherwise.
fn slow_process() {
    std::thread::sleep(std::time::Duration::from_millis(1));
}

#[test]
fn concurrent_updates_of_different_fields_lose_nothing() {
    const ROUNDS: u32 = 60;
    let (dir, _) = settings_file();
    let path = dir.path().join("settings.json");
    let start = Arc::new(Barrier::new(2));

    let url = |i: u32| format!("https://p{i}.example.com/v1");
    let addresses = {
        let (file, start) = (SettingsFile::at(&path), start.clone());
        std::thread::spawn(move || {
            start.wait();
            let mut seen = 0;
            for i in 1..=ROUNDS {
                let (after, ()) = file
                    .update(|s| {
                        s.production_url = Some(url(i));
                        slow_process();
                        Ok(())
                    })
                    .expect("update address");
                // The other field never goes back: nobody wrote a stale copy over it.
                let page = after.page_size.unwrap_or(0);
                assert!(page >= seen, "page size went back from {seen} to {page}");
                seen = page;
            }
        })
    };
    let pages = {
        let (file, start) = (SettingsFile::at(&path), start.clone());
        std::thread::spawn(move || {
            start.wait();
            let mut seen = 0;
            for i in 1..=ROUNDS {
                let (after, ()) = file
                    .update(|s| {
                        s.page_size = Some(i);
                        slow_process();
                        Ok(())
                    })
                    .expect("update page size");
                let address = after.production_url.as_deref().map_or(0, |u| {
                    (1..=ROUNDS).find(|&n| url(n) == u).expect("one of ours")
                });
                assert!(
                    address >= seen,
                    "address went back from {seen} to {address}"
                );
                seen = address;
            }
        })
    };
    addresses.join().expect("address thread");
    pages.join().expect("page thread");

    let last = SettingsFile::at(&path).load().expect("load");
    assert_eq!(last.production_url, Some(url(ROUNDS)));
    assert_eq!(last.page_size, Some(ROUNDS));
}

#[test]
fn a_failed_or_empty_change_writes_nothing() {
    let (_dir, file) = settings_file();
    let refused = file.update(|settings| {
        settings.page_size = Some(7);
        settings
            .set_base_url(Environment::Sandbox, "http://127.0.0.1:1/v1")
            .map_err(LocalError::from)
    });
    assert!(matches!(
        refused,
        Err(LocalError::Config(ConfigError::InvalidBaseUrl { .. }))
    ));
    assert!(!file.path().exists(), "nothing written");

    let (after, answer) = file.update(|_| Ok(42)).expect("no change");
    assert_eq!((after, answer), (Settings::default(), 42));
    assert!(!file.path().exists(), "nothing written for no change");
}

#[test]
fn a_file_over_the_limit_is_refused_and_kept() {
    let (_dir, file) = settings_file();
    let mut huge = vec![b' '; MAX_FILE_BYTES as usize];
    huge.extend_from_slice(b"{}");
    fs::write(file.path(), &huge).expect("write");
    match file.update(|_| Ok(())) {
        Err(LocalError::SettingsUnreadable(UnreadableSettings {
            line: None,
            column: None,
            problem,
            fault,
            ..
        })) => {
            assert!(problem.contains("larger than 1 MiB"), "{problem}");
            assert_eq!(
                fault,
                crate::SettingsFault::TooLarge {
                    limit_bytes: MAX_FILE_BYTES
                }
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        fs::metadata(file.path()).expect("still there").len(),
        huge.len() as u64
    );
}

#[test]
fn json_that_is_not_settings_is_unreadable_with_a_position() {
    let (_dir, file) = settings_file();
    use crate::SettingsFault::{EndOfFile, WrongValue};
    for (text, expected) in [
        ("[]", WrongValue),
        ("{\"pageSize\": \"ten\"}", WrongValue),
        ("", EndOfFile),
        ("{\"environment\": \"moon\"}", WrongValue),
    ] {
        fs::write(file.path(), text).expect("write");
        match file.load() {
            Err(LocalError::SettingsUnreadable(UnreadableSettings {
                line: Some(_),
                column: Some(_),
                problem,
                fault,
                ..
            })) => {
                assert!(!problem.is_empty());
                assert_eq!(fault, expected, "{text:?}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

/// Found by the `settings_file` fuzz target (fuzz/README.md): serde_json's default float reading
/// may miss by one unit in the last place, so a save could move a number in a field this version
/// does not know, and each later save again (`1.3333333333333332e29` came back as `…333e29`).
#[test]
fn fuzzed_numbers_of_unknown_fields_survive_saves_bit_for_bit() {
    let (_dir, file) = settings_file();
    let (n, m) = ("1.3333333333333332e29", "133333333333333333333333333.335e3");
    fs::write(
        file.path(),
        format!("{{\"future\":{{\"n\":{n},\"m\":{m}}}}}"),
    )
    .expect("write");
    for size in [10, 20] {
        file.update(|settings| {
            settings.page_size = Some(size);
            Ok(())
        })
        .expect("update");
    }
    // The shortest text of the exact value (Rust's own reading is exact).
    let exact = |text: &str| serde_json::to_string(&text.parse::<f64>().expect("a number"));
    let written = fs::read_to_string(file.path()).expect("read");
    for (name, text) in [("n", n), ("m", m)] {
        let wanted = format!("\"{name}\": {}", exact(text).expect("JSON"));
        assert!(written.contains(&wanted), "{wanted} in {written}");
    }
}

/// Edge cases from the `settings_file` fuzz target's corpus (fuzz/README.md), each read from a
/// real file exactly as the app and the CLI read it.
#[test]
fn fuzzed_files_read_exactly() {
    let (_dir, file) = settings_file();
    let read = |bytes: &[u8]| {
        fs::write(file.path(), bytes).expect("write");
        match file.load() {
            Ok(settings) => Ok(settings),
            Err(LocalError::SettingsUnreadable(UnreadableSettings {
                line,
                column,
                problem,
                fault,
                ..
            })) => Err((line, column, problem, fault)),
            Err(other) => panic!("{other:?}"),
        }
    };
    let unreadable =
        |line, column, problem: &str, fault| Err((line, column, problem.into(), fault));
    // A field this version knows, given twice, is refused; an unknown one keeps its last value.
    assert_eq!(
        read(br#"{"pageSize":1,"pageSize":2}"#),
        unreadable(
            Some(1),
            Some(24),
            "duplicate field `pageSize`",
            SettingsFault::WrongValue
        )
    );
    let theme = read(br#"{"theme":1,"theme":2}"#).expect("readable");
    assert_eq!(theme.unknown["theme"], json!(2));
    // Only the first byte-order mark is Notepad's; a second is no JSON.
    assert_eq!(
        read(b"\xef\xbb\xbf\xef\xbb\xbf{}"),
        unreadable(Some(1), Some(1), "expected value", SettingsFault::Syntax)
    );
    assert_eq!(
        read(b"{}  \t[!"),
        unreadable(
            Some(1),
            Some(6),
            "trailing characters",
            SettingsFault::Syntax
        )
    );
    assert_eq!(
        read(br#"{"pageSize":-5}"#),
        unreadable(
            Some(1),
            Some(14),
            "invalid value: integer `-5`, expected u32",
            SettingsFault::WrongValue
        )
    );
    // A category id that is no number makes the file unreadable (kept, never written over);
    // one with a leading zero too, since JSON numbers have none.
    assert_eq!(
        read(br#"{"categoryNames":{"sandbox":{"x":"Dogs"}}}"#),
        unreadable(
            Some(1),
            Some(30),
            "invalid value: expected key to be a number in quotes",
            SettingsFault::Syntax
        )
    );
    assert_eq!(
        read(br#"{"categoryNames":{"sandbox":{"01":"a"}}}"#),
        unreadable(Some(1), Some(32), "invalid number", SettingsFault::Syntax)
    );
    assert_eq!(
        fs::read(file.path()).expect("kept"),
        br#"{"categoryNames":{"sandbox":{"01":"a"}}}"#
    );
}
