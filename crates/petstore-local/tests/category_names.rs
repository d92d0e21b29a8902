//! Category names in the real settings file: the same lock and broken-file rules as
//! every setting. "Processes" are threads, each with its own `SettingsFile` and its own open of the
//! lock file (flock-style locks exclude separate opens, as between processes).

use std::fs;
use std::sync::{Arc, Barrier};

use petstore_client::Environment;
use petstore_local::{CategoryError, LocalError, Settings, SettingsFile};
use serde_json::{Value, json};

const SANDBOX: Environment = Environment::Sandbox;

fn settings_file() -> (tempfile::TempDir, SettingsFile) {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = SettingsFile::at(dir.path().join("settings.json"));
    (dir, file)
}

fn on_disk(file: &SettingsFile) -> Value {
    serde_json::from_slice(&fs::read(file.path()).expect("read")).expect("valid JSON")
}

fn names(settings: &Settings, env: Environment) -> Vec<(i64, String)> {
    settings
        .category_names
        .list(env)
        .into_iter()
        .map(|(id, name)| (id, name.as_str().to_owned()))
        .collect()
}

fn add(file: &SettingsFile, env: Environment, id: i64, name: &str) -> Result<Settings, LocalError> {
    file.update(|s| Ok(s.category_names.add(env, id, name)?))
        .map(|(after, _)| after)
}

#[test]
fn names_round_trip_through_the_file_with_int64_ids_as_strings() {
    let (_dir, file) = settings_file();
    add(&file, SANDBOX, 1, "Dogs").expect("added");
    add(&file, SANDBOX, 9_007_199_254_740_993, " Birds of  prey ").expect("added");
    add(&file, Environment::Production, 1, "Hounds").expect("added");
    assert_eq!(
        on_disk(&file)["categoryNames"],
        json!({
            "production": {"1": "Hounds"},
            "sandbox": {"1": "Dogs", "9007199254740993": "Birds of prey"},
        })
    );
    let loaded = file.load().expect("load");
    assert_eq!(
        names(&loaded, SANDBOX),
        vec![
            (1, "Dogs".to_owned()),
            (9_007_199_254_740_993, "Birds of prey".to_owned())
        ]
    );
    assert_eq!(
        names(&loaded, Environment::Production),
        vec![(1, "Hounds".to_owned())]
    );
    assert!(names(&loaded, Environment::Staging).is_empty());

    file.update(|s| Ok(s.category_names.rename(SANDBOX, 1, "Big dogs")?))
        .expect("renamed");
    file.update(|s| Ok(s.category_names.remove(Environment::Production, 1)?))
        .expect("removed");
    assert_eq!(
        on_disk(&file)["categoryNames"],
        json!({"sandbox": {"1": "Big dogs", "9007199254740993": "Birds of prey"}})
    );
}

#[test]
fn fields_this_version_does_not_know_survive_a_name_change() {
    let (_dir, file) = settings_file();
    fs::write(
        file.path(),
        r#"{"theme": {"dark": true},
            "categoryNames": {"sandbox": {"2": "Cats", "0": "Hand-edited zero"}, "moon": {"1": "Moon dogs"}},
            "pageSize": 50}"#,
    )
    .expect("write");
    add(&file, SANDBOX, 1, "Dogs").expect("added");
    assert_eq!(
        on_disk(&file),
        json!({
            "pageSize": 50,
            "categoryNames": {
                "moon": {"1": "Moon dogs"},
                "sandbox": {"0": "Hand-edited zero", "1": "Dogs", "2": "Cats"},
            },
            "theme": {"dark": true},
        })
    );
    assert_eq!(
        names(&file.load().expect("load"), SANDBOX),
        vec![(1, "Dogs".to_owned()), (2, "Cats".to_owned())],
        "readers leave out what a hand edit made unusable"
    );
}

#[test]
fn a_broken_file_is_never_written_and_a_refused_name_writes_nothing() {
    let (_dir, file) = settings_file();
    let broken = "{\n  \"categoryNames\": {\"sandbox\": {\"1\": \"Dogs\"}},\n}\n";
    fs::write(file.path(), broken).expect("write");
    match add(&file, SANDBOX, 2, "Cats") {
        Err(LocalError::SettingsUnreadable(unreadable)) => assert_eq!(unreadable.line, Some(3)),
        other => panic!("{other:?}"),
    }
    assert_eq!(fs::read_to_string(file.path()).expect("read"), broken);

    let ids = "{\"categoryNames\": {\"sandbox\": {\"one\": \"Dogs\"}}}";
    fs::write(file.path(), ids).expect("write");
    assert!(matches!(
        add(&file, SANDBOX, 2, "Cats"),
        Err(LocalError::SettingsUnreadable(_))
    ));
    assert_eq!(fs::read_to_string(file.path()).expect("read"), ids);

    fs::remove_file(file.path()).expect("removed");
    add(&file, SANDBOX, 1, "Dogs").expect("added");
    let before = fs::read(file.path()).expect("read");
    assert_eq!(
        add(&file, SANDBOX, 2, "DOGS").expect_err("taken"),
        LocalError::Category(CategoryError::NameTaken {
            name: "Dogs".into(),
            id: 1
        })
    );
    assert_eq!(fs::read(file.path()).expect("read"), before);
}

#[test]
fn a_file_too_large_to_read_back_is_never_written() {
    let (_dir, file) = settings_file();
    let filler = "x".repeat(1024 * 1024 - 100);
    let text = format!("{{\"notes\": \"{filler}\"}}");
    fs::write(file.path(), &text).expect("write");
    match add(&file, SANDBOX, 1, "A name that no longer fits in the file") {
        Err(LocalError::SettingsUnwritable { problem, fault, .. }) => {
            assert!(problem.contains("more than"), "{problem}");
            assert!(
                matches!(fault, petstore_local::SettingsFault::TooLarge { .. }),
                "{fault:?}"
            );
        }
        Ok(_) => panic!("a file too large to read back was written"),
        Err(other) => panic!("{other}"),
    }
    assert_eq!(fs::read_to_string(file.path()).expect("read"), text);
}

/// Widens the window between reading and writing, so that without the lock another writer's
/// change would land in it.
fn slow_process() {
    std::thread::sleep(std::time::Duration::from_millis(1));
}

#[test]
fn concurrent_writers_lose_no_name_and_no_other_setting() {
    const EACH: i64 = 30;
    let (dir, _) = settings_file();
    let path = dir.path().join("settings.json");
    let start = Arc::new(Barrier::new(3));
    let namer = |first: i64| {
        let (file, start) = (SettingsFile::at(&path), start.clone());
        std::thread::spawn(move || {
            start.wait();
            for id in first..first + EACH {
                file.update(|s| {
                    let added = s.category_names.add(SANDBOX, id, &format!("Category {id}"));
                    slow_process();
                    Ok(added?)
                })
                .expect("added");
            }
        })
    };
    let one = namer(1);
    let two = namer(1001);
    let pages = {
        let (file, start) = (SettingsFile::at(&path), start.clone());
        std::thread::spawn(move || {
            start.wait();
            for size in 1..=EACH as u32 {
                file.update(|s| {
                    s.page_size = Some(size);
                    slow_process();
                    Ok(())
                })
                .expect("page size");
            }
        })
    };
    for thread in [one, two, pages] {
        thread.join().expect("writer");
    }
    let last = SettingsFile::at(&path).load().expect("load");
    let ids: Vec<i64> = names(&last, SANDBOX)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    let wanted: Vec<i64> = (1..=EACH).chain(1001..1001 + EACH).collect();
    assert_eq!(ids, wanted, "every writer's names are there");
    assert_eq!(last.page_size, Some(EACH as u32));
}
