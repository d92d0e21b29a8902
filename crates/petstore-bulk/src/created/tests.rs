use std::fs::OpenOptions;
use std::io::Write;

use petstore_client::PetStatus;

use super::*;

fn pet(name: &str, category_id: i64, status: Option<PetStatus>) -> NewPet {
    NewPet::new(name, category_id, status).expect("a valid pet")
}

fn from_file(line: u64) -> CreateSource {
    CreateSource::Import {
        file_name: "shelter.csv".into(),
        line,
    }
}

#[test]
fn a_created_pet_is_found_again_by_name_category_and_status_whatever_the_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut created = CreatedPets::open(dir.path(), "http://127.0.0.1:1/v1/").expect("open");
    let alpha = pet("Alpha", 1, Some(PetStatus::Available));
    created
        .record_sent("j1:0", &alpha, from_file(2))
        .expect("sent");
    created
        .record_created(Some("j1:0"), &alpha, 41, from_file(2))
        .expect("created");

    let reopened = CreatedPets::open(dir.path(), "http://127.0.0.1:1/v1/").expect("reopen");
    let same = pet("  alpha ", 1, Some(PetStatus::Available));
    let earlier = reopened.earlier(&same, None).expect("the same pet");
    assert_eq!(earlier.pet_id, Some(41));
    assert_eq!(earlier.source, from_file(2));
    assert!(
        reopened.earlier(&pet("Alpha", 1, None), None).is_some(),
        "no status: the service chose, any status matches"
    );
    assert!(reopened.earlier(&pet("Alpha", 2, None), None).is_none());
    assert!(
        reopened
            .earlier(&pet("Alpha", 1, Some(PetStatus::Sold)), None)
            .is_none()
    );
    assert!(
        reopened.earlier(&alpha, Some("j1:0")).is_none(),
        "a row is no repeat of itself"
    );
    assert!(reopened.earlier(&alpha, Some("j1:1")).is_some());
    let other_env = CreatedPets::open(dir.path(), "http://127.0.0.1:2/v1/").expect("open");
    assert!(other_env.earlier(&alpha, None).is_none(), "per environment");
}

#[test]
fn a_sent_row_may_have_been_added_until_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut created = CreatedPets::open(dir.path(), "b").expect("open");
    let rex = pet("Rex", 3, None);
    created
        .record_sent("j:4", &rex, from_file(6))
        .expect("sent");
    let earlier = created.earlier(&rex, None).expect("may have been added");
    assert_eq!(earlier.pet_id, None);
    created.record_refused("j:4").expect("refused");
    assert!(created.earlier(&rex, None).is_none());
    assert!(
        CreatedPets::open(dir.path(), "b")
            .expect("reopen")
            .earlier(&rex, None)
            .is_none(),
        "the refusal is on disk too"
    );
}

#[test]
fn repeats_name_the_earlier_create_or_the_earlier_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut created = CreatedPets::open(dir.path(), "b").expect("open");
    let alpha = pet("Alpha", 1, None);
    created
        .record_created(None, &alpha, 7, CreateSource::Form)
        .expect("created");
    let bravo = pet("Bravo", 1, None);
    let bravo_sold = pet("bravo", 1, Some(PetStatus::Sold));
    let charlie = pet("Charlie", 2, None);
    let rows = [
        (0, &bravo, 2),
        (1, &alpha, 3),
        (2, &bravo_sold, 4),
        (3, &charlie, 5),
    ];
    let repeats = created.repeats(rows, None, |_| true);
    assert_eq!(repeats.len(), 2, "{repeats:?}");
    match &repeats[&1] {
        Repeat::Earlier(earlier) => {
            assert_eq!(
                (earlier.pet_id, &earlier.source),
                (Some(7), &CreateSource::Form)
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(repeats[&2], Repeat::InFile { line: 2 });
}

#[test]
fn another_process_lines_are_read_before_writing_and_a_torn_line_is_passed_over() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = CreatedPets::open(dir.path(), "b").expect("open");
    let mut second = CreatedPets::open(dir.path(), "b").expect("open");
    first
        .record_created(None, &pet("One", 1, None), 1, CreateSource::CommandLine)
        .expect("one");
    second
        .record_created(None, &pet("Two", 1, None), 2, CreateSource::Form)
        .expect("two");
    assert!(second.earlier(&pet("One", 1, None), None).is_some());
    // A crash mid-line leaves a torn end; the next line still lands whole.
    let mut file = OpenOptions::new()
        .append(true)
        .open(first.path())
        .expect("append");
    file.write_all(b"{\"event\":\"created\",\"na")
        .expect("torn");
    drop(file);
    first
        .record_created(None, &pet("Three", 1, None), 3, CreateSource::Form)
        .expect("three");
    let reread = CreatedPets::open(dir.path(), "b").expect("reopen");
    for name in ["One", "Two", "Three"] {
        assert!(
            reread.earlier(&pet(name, 1, None), None).is_some(),
            "{name}"
        );
    }
}
