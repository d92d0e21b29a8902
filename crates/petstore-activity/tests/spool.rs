//! The spool on real files: what a run appends comes back field for field, a spool still being
//! written is not taken, damaged lines are skipped (never a panic), and nothing is imported twice,
//! not even by two ingests at once.

mod common;

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use common::{at, create, list, open};
use petstore_activity::{Filter, Source, Spool, spool_dir};
use petstore_client::Outcome;

fn dir_of(store: &petstore_activity::ActivityStore) -> std::path::PathBuf {
    spool_dir(store.path())
}

fn spool_files(dir: &Path) -> Vec<String> {
    match std::fs::read_dir(dir) {
        Ok(items) => items
            .map(|item| item.unwrap().file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// A finished run's spool holding `records`, its lock released; returns its path.
fn spooled(dir: &Path, records: Vec<petstore_client::RequestRecord>) -> std::path::PathBuf {
    let spool = Spool::create(dir, Source::Cli).unwrap();
    let sink = spool.sink();
    for record in records {
        sink.record(record);
    }
    let path = spool.path().to_owned();
    drop(sink);
    drop(spool);
    path
}

#[test]
fn a_spooled_run_comes_back_field_for_field_and_its_file_goes() {
    let folder = tempfile::tempdir().unwrap();
    let store = open(folder.path());
    let records = vec![
        list(at(0), 59),
        create(at(1), "Ölfleck \"the\" cat", Outcome::Ok),
        create(at(2), "Pip", Outcome::Error),
        create(at(3), "Moss", Outcome::Unknown),
    ];
    spooled(&dir_of(&store), records.clone());

    let done = store.ingest_spools(Duration::ZERO);
    assert_eq!((done.files, done.entries, done.skipped), (1, 4, 0));
    let mut entries = store.query(&Filter::default(), 0, 10).unwrap();
    entries.reverse();
    let back: Vec<_> = entries.iter().map(|entry| entry.record.clone()).collect();
    assert_eq!(back, records);
    assert!(entries.iter().all(|entry| entry.source == Source::Cli));
    assert_eq!(spool_files(&dir_of(&store)), Vec::<String>::new());
}

#[test]
fn a_spool_still_being_written_is_left_until_its_run_ends() {
    let folder = tempfile::tempdir().unwrap();
    let store = open(folder.path());
    let spool = Spool::create(&dir_of(&store), Source::Cli).unwrap();
    spool.sink().record(list(at(0), 10));

    let started = std::time::Instant::now();
    let done = store.ingest_spools(Duration::from_millis(200));
    assert_eq!((done.files, done.busy, done.entries), (0, 1, 0));
    assert!(started.elapsed() >= Duration::from_millis(200), "it waited");
    assert_eq!(store.count(&Filter::default()).unwrap(), 0);

    spool.sink().record(list(at(1), 9));
    drop(spool);
    let done = store.ingest_spools(Duration::ZERO);
    assert_eq!((done.files, done.busy, done.entries), (1, 0, 2));
}

#[test]
fn damaged_torn_and_overlong_lines_are_skipped_and_the_rest_imported() {
    let folder = tempfile::tempdir().unwrap();
    let store = open(folder.path());
    let path = spooled(&dir_of(&store), vec![list(at(0), 10)]);
    let good = std::fs::read_to_string(&path).unwrap();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    file.write_all(b"not json at all\n").unwrap();
    file.write_all(good.replace("\"listPets\"", "\"sellPets\"").as_bytes())
        .unwrap();
    file.write_all(&vec![b'x'; petstore_activity::spool::MAX_LINE * 3])
        .unwrap();
    file.write_all(b"\n").unwrap();
    file.write_all(good.replace(":10", ":7").as_bytes())
        .unwrap();
    file.write_all(b"\xff\xfe\0\n").unwrap();
    // The last line cut off by a crash.
    file.write_all(&good.as_bytes()[..good.len() / 2]).unwrap();
    drop(file);

    let done = store.ingest_spools(Duration::ZERO);
    assert_eq!((done.files, done.entries, done.skipped), (1, 2, 5));
    let remaining: Vec<_> = store
        .query(&Filter::default(), 0, 10)
        .unwrap()
        .iter()
        .map(|entry| entry.record.rate_limit.as_ref().unwrap().remaining)
        .collect();
    assert_eq!(remaining.len(), 2);
    assert!(remaining.contains(&Some(10)) && remaining.contains(&Some(7)));
    assert!(!path.exists());
}

#[test]
fn a_spool_found_again_after_its_import_is_deleted_not_imported_twice() {
    let folder = tempfile::tempdir().unwrap();
    let store = open(folder.path());
    let path = spooled(&dir_of(&store), vec![list(at(0), 10), list(at(1), 9)]);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(store.ingest_spools(Duration::ZERO).entries, 2);
    // As if the ingest had died between its commit and the delete.
    std::fs::write(&path, &bytes).unwrap();

    let done = store.ingest_spools(Duration::ZERO);
    assert_eq!((done.files, done.entries), (1, 0));
    assert_eq!(store.count(&Filter::default()).unwrap(), 2);
    assert!(!path.exists());
}

#[test]
fn two_ingests_at_once_import_every_spool_once() {
    let folder = tempfile::tempdir().unwrap();
    let first = open(folder.path());
    // A second store on the same file: its own connections, as another process has.
    let second = open(folder.path());
    const SPOOLS: i64 = 40;
    for n in 0..SPOOLS {
        spooled(&dir_of(&first), vec![list(at(n), 5), list(at(n), 4)]);
    }
    let ingests: Vec<_> = [first.clone(), second]
        .into_iter()
        .map(|store| std::thread::spawn(move || store.ingest_spools(Duration::from_secs(10))))
        .collect();
    let done: Vec<_> = ingests.into_iter().map(|i| i.join().unwrap()).collect();

    assert_eq!(
        first.count(&Filter::default()).unwrap(),
        2 * SPOOLS as u64,
        "{done:?}"
    );
    assert_eq!(done[0].entries + done[1].entries, 2 * SPOOLS as u64);
    assert_eq!(spool_files(&dir_of(&first)), Vec::<String>::new());
}

#[test]
fn only_spool_names_are_taken_from_the_folder() {
    let folder = tempfile::tempdir().unwrap();
    let store = open(folder.path());
    let dir = dir_of(&store);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "{}\n").unwrap();
    std::fs::write(dir.join("12-abc.jsonl"), "{}\n").unwrap();
    let done = store.ingest_spools(Duration::ZERO);
    assert_eq!(done, petstore_activity::Ingested::default());
    assert_eq!(spool_files(&dir).len(), 2);
    assert!(petstore_activity::spool::is_spool_name(
        "4242-1764387000123456789.jsonl"
    ));
    assert!(!petstore_activity::spool::is_spool_name("../4242-1.jsonl"));
}
