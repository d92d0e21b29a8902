//! The TypeScript types in `ui/src/lib/bindings/` are generated from `dto.rs` (with the client's
//! own types it carries: `EnvironmentId`, `QuotaWindow`, `Plan`, `WaitReason`, `ClientErrorKind`,
//! from petstore-client's `ts` feature), the command list (`CommandName.ts`) and the event names
//! (`EventName.ts`), and committed. This test fails when they differ from freshly generated ones;
//! `UPDATE_BINDINGS=1 cargo test -p petstore-admin --test bindings` rewrites them.
//!
//! The same goes for the `allow-<command>` grants of `capabilities/main.json`, made from the
//! command list.
//!
//! (`#[ts(export)]` is not used: its generated tests would rewrite the committed files on every
//! `cargo test`, so drift could never be seen.)

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use petstore_admin::dto::{
    ActivityFilter, ActivityPage, ActivityRecorded, ActivitySettings, ActivityStatus, AppErrorKind,
    CategoryImport, CategoryList, CheckResult, ClientErrorKind, CommandError, ConnectionTest,
    CrashNotice, CreatedPet, Deprecation, EnvironmentInfo, EnvironmentUpdated, ExportFormat,
    ImportPreview, ImportStatus, KeyMove, KeyStatus, LanguagePreference, Lookup, NetworkInput,
    NetworkSettings, NewPetInput, PetPage, Quota, QuotaAlert, QuotaHistory, QuotaRange,
    RememberedWait, Resumed, RowCells, SavedFile, Settings, SettingsProblem, StartedOver,
    UnfinishedImport, UpdateCheck, UpdateFailure, UpdateSettings, Waiting,
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
    LanguagePreference::export_all(&cfg).expect("export");
    KeyStatus::export_all(&cfg).expect("export");
    KeyMove::export_all(&cfg).expect("export");
    Lookup::export_all(&cfg).expect("export");
    Deprecation::export_all(&cfg).expect("export");
    ConnectionTest::export_all(&cfg).expect("export");
    Waiting::export_all(&cfg).expect("export");
    Resumed::export_all(&cfg).expect("export");
    SettingsProblem::export_all(&cfg).expect("export");
    CrashNotice::export_all(&cfg).expect("export");
    StartedOver::export_all(&cfg).expect("export");
    RememberedWait::export_all(&cfg).expect("export");
    EnvironmentUpdated::export_all(&cfg).expect("export");
    ImportPreview::export_all(&cfg).expect("export");
    ImportStatus::export_all(&cfg).expect("export");
    RowCells::export_all(&cfg).expect("export");
    UnfinishedImport::export_all(&cfg).expect("export");
    SavedFile::export_all(&cfg).expect("export");
    ExportFormat::export_all(&cfg).expect("export");
    ActivityPage::export_all(&cfg).expect("export");
    ActivityFilter::export_all(&cfg).expect("export");
    CheckResult::export_all(&cfg).expect("export");
    QuotaHistory::export_all(&cfg).expect("export");
    QuotaRange::export_all(&cfg).expect("export");
    ActivitySettings::export_all(&cfg).expect("export");
    ActivityStatus::export_all(&cfg).expect("export");
    QuotaAlert::export_all(&cfg).expect("export");
    ActivityRecorded::export_all(&cfg).expect("export");
    CategoryList::export_all(&cfg).expect("export");
    CategoryImport::export_all(&cfg).expect("export");
    UpdateSettings::export_all(&cfg).expect("export");
    UpdateCheck::export_all(&cfg).expect("export");
    UpdateFailure::export_all(&cfg).expect("export");
    NetworkSettings::export_all(&cfg).expect("export");
    NetworkInput::export_all(&cfg).expect("export");
    write_const(
        into,
        "CategoryLimits",
        "petstore-local's category names (src-tauri/src/dto/categories.rs)",
        &[
            (
                "MAX_CATEGORY_NAME_CHARS",
                petstore_admin::dto::MAX_CATEGORY_NAME_CHARS,
            ),
            ("MAX_CATEGORIES", petstore_admin::dto::MAX_CATEGORIES),
        ],
    );
    write_union(
        into,
        "CommandName",
        "src-tauri/src/command_list.rs",
        petstore_admin::COMMAND_NAMES,
    );
    write_union(
        into,
        "EventName",
        "AppEvent::NAMES in src-tauri/src/dto.rs",
        &petstore_admin::dto::AppEvent::NAMES,
    );
    read_dir(into)
}

/// A string union type, one member per name, in its own file as ts-rs writes them.
fn write_union(into: &Path, type_name: &str, source: &str, names: &[&str]) {
    let members: String = names.iter().map(|name| format!("\n  | {name:?}")).collect();
    let text = format!(
        "// This file was generated from {source} by src-tauri/tests/bindings.rs. Do not edit this file manually.\n\n\
         export type {type_name} ={members};\n"
    );
    std::fs::write(into.join(format!("{type_name}.ts")), text).expect("union written");
}

/// Numbers the UI checks against as the person types, from the Rust constants (one definition).
fn write_const(into: &Path, file: &str, source: &str, values: &[(&str, usize)]) {
    let values: String = values
        .iter()
        .map(|(name, value)| format!("\nexport const {name} = {value};"))
        .collect();
    let text = format!(
        "// This file was generated from {source} by src-tauri/tests/bindings.rs. Do not edit this file manually.\n{values}\n"
    );
    std::fs::write(into.join(format!("{file}.ts")), text).expect("constants written");
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
    assert!(fresh.contains_key("CommandName.ts") && fresh.contains_key("EventName.ts"));
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

/// The members of a string union as ts-rs declares it (`type X = "a" | "b";`).
fn union_members(decl: &str) -> Vec<String> {
    decl.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The app's `ErrorKind` is the client's kinds or its own, told apart by name on the wire: a name
/// in both would read back as the client's.
#[test]
fn the_app_and_client_error_kinds_are_disjoint() {
    let cfg = Config::new();
    let client = union_members(&ClientErrorKind::decl(&cfg));
    let app = union_members(&AppErrorKind::decl(&cfg));
    assert!(client.contains(&"notFound".to_owned()), "{client:?}");
    assert_eq!(
        app,
        [
            "keychain",
            "createInFlight",
            "cancelled",
            "file",
            "activityUnavailable",
            "waitKept"
        ]
    );
    let shared: Vec<&String> = app.iter().filter(|kind| client.contains(kind)).collect();
    assert!(shared.is_empty(), "in both: {shared:?}");
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

/// The capability as committed, with its app-command grants made from the command list (in its
/// order); the other permissions (plugins' and core's, named `<plugin>:<permission>`) stay, after them.
fn capability_from_the_list(committed: &str) -> String {
    let mut capability: serde_json::Value =
        serde_json::from_str(committed).expect("capabilities/main.json is JSON");
    let others: Vec<serde_json::Value> = capability["permissions"]
        .as_array()
        .expect("permissions")
        .iter()
        .filter(|p| p.as_str().is_some_and(|p| p.contains(':')))
        .cloned()
        .collect();
    let grants: Vec<serde_json::Value> = petstore_admin::COMMAND_NAMES
        .iter()
        .map(|name| format!("allow-{}", name.replace('_', "-")).into())
        .chain(others)
        .collect();
    capability["permissions"] = grants.into();
    let mut text = serde_json::to_string_pretty(&capability).expect("serializes");
    text.push('\n');
    text
}

#[test]
fn the_capability_grants_the_listed_commands() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("capabilities/main.json");
    let committed = std::fs::read_to_string(&path).expect("capability");
    let fresh = capability_from_the_list(&committed);
    assert!(fresh.contains("\"allow-list-pets\""), "{fresh}");
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::write(&path, &fresh).expect("capability written");
    }
    let committed = std::fs::read_to_string(&path).expect("capability");
    assert_eq!(
        committed, fresh,
        "capabilities/main.json does not grant the commands of src/command_list.rs: run \
         UPDATE_BINDINGS=1 cargo test -p petstore-admin --test bindings"
    );
}
