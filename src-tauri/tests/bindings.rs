//! The TypeScript types in `ui/src/lib/bindings/` are generated from `dto.rs` and committed. This
//! test fails when they differ from freshly generated ones; `UPDATE_BINDINGS=1 cargo test -p
//! petstore-admin --test bindings` rewrites them.
//!
//! (`#[ts(export)]` is not used: its generated tests would rewrite the committed files on every
//! `cargo test`, so drift could never be seen.)

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use petstore_admin::dto::{
    CommandError, ConnectionTest, CreatedPet, Deprecation, EnvironmentInfo, KeyStatus, Lookup,
    NewPetInput, PetPage, Quota, RememberedWait, Resumed, Settings, SettingsProblem, StartedOver,
    Waiting,
};
use ts_rs::{Config, TS};

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/lib/bindings")
}

fn generate(into: &Path) -> BTreeMap<String, String> {
    let cfg = Config::new().with_out_dir(into);
    // The roots; their dependencies (Pet, EnvironmentId, ErrorKind, ...) come along.
    PetPage::export_all(&cfg).expect("export");
    NewPetInput::export_all(&cfg).expect("export");
    CreatedPet::export_all(&cfg).expect("export");
    Quota::export_all(&cfg).expect("export");
    CommandError::export_all(&cfg).expect("export");
    EnvironmentInfo::export_all(&cfg).expect("export");
    Settings::export_all(&cfg).expect("export");
    KeyStatus::export_all(&cfg).expect("export");
    Lookup::export_all(&cfg).expect("export");
    Deprecation::export_all(&cfg).expect("export");
    ConnectionTest::export_all(&cfg).expect("export");
    Waiting::export_all(&cfg).expect("export");
    Resumed::export_all(&cfg).expect("export");
    SettingsProblem::export_all(&cfg).expect("export");
    StartedOver::export_all(&cfg).expect("export");
    RememberedWait::export_all(&cfg).expect("export");
    read_dir(into)
}

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeMap::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "ts"))
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(e.path()).expect("readable");
            (name, text)
        })
        .collect()
}

#[test]
fn committed_bindings_match_the_rust_types() {
    let temp = tempfile::tempdir().expect("temp dir");
    let fresh = generate(temp.path());
    assert!(fresh.contains_key("Pet.ts") && fresh.contains_key("EnvironmentId.ts"));
    let committed_dir = committed_dir();
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::create_dir_all(&committed_dir).expect("bindings dir");
        for (name, _) in read_dir(&committed_dir) {
            if !fresh.contains_key(&name) {
                std::fs::remove_file(committed_dir.join(name)).expect("stale file removed");
            }
        }
        for (name, text) in &fresh {
            std::fs::write(committed_dir.join(name), text).expect("written");
        }
    }
    let committed = read_dir(&committed_dir);
    let names = |m: &BTreeMap<String, String>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        names(&committed),
        names(&fresh),
        "the files in ui/src/lib/bindings differ from the Rust types: run \
         UPDATE_BINDINGS=1 cargo test -p petstore-admin --test bindings"
    );
    for (name, text) in &fresh {
        assert_eq!(
            committed.get(name),
            Some(text),
            "ui/src/lib/bindings/{name} is out of date: run \
             UPDATE_BINDINGS=1 cargo test -p petstore-admin --test bindings"
        );
    }
}

#[test]
fn ids_are_strings_and_absent_values_are_null() {
    let cfg = Config::new();
    let pet = petstore_admin::dto::Pet::decl(&cfg);
    assert!(pet.contains("id: string"), "{pet}");
    assert!(pet.contains("categoryId: string"), "{pet}");
    assert!(pet.contains("status: string | null"), "{pet}");
    let quota = Quota::decl(&cfg);
    assert!(quota.contains("limit: number | null"), "{quota}");
}
