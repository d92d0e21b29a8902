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

fn lost_answer() -> petstore_client::Error {
    petstore_client::Error::OutcomeUnknown {
        reason: "connection lost".into(),
        why: petstore_client::OutcomeCause::ConnectionLost,
        server: None,
    }
}

#[test]
fn a_single_create_is_claimed_before_it_goes_and_a_lost_answer_stays_may_have_been_added() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut created = CreatedPets::open(dir.path(), "b").expect("open");
    let lost = pet("Lost Answer", 1, None);
    let Claim::Sent { key } = created
        .claim(&lost, CreateSource::Form, false)
        .expect("claim")
    else {
        panic!("nothing earlier: claimed");
    };
    created
        .settle(
            &key,
            &lost,
            CreateSource::Form,
            Settled::of(Err(&lost_answer())),
        )
        .expect("settle");

    // The form again, or another program: the pet may have been added, so it is named.
    let mut other = CreatedPets::open(dir.path(), "b").expect("another program");
    let Claim::Earlier(earlier) = other
        .claim(
            &pet("lost  answer", 1, None),
            CreateSource::CommandLine,
            false,
        )
        .expect("claim")
    else {
        panic!("the lost create is named");
    };
    assert_eq!(earlier.pet_id, None, "its outcome is unknown");
    assert_eq!(earlier.source, CreateSource::Form);

    // The person's second, deliberate choice: claimed, sent, created.
    let Claim::Sent { key } = other.claim(&lost, CreateSource::Form, true).expect("claim") else {
        panic!("a repeat the person chose is claimed");
    };
    other
        .settle(&key, &lost, CreateSource::Form, Settled::Created(457))
        .expect("settle");
    let Claim::Earlier(earlier) = created
        .claim(&lost, CreateSource::Form, false)
        .expect("claim")
    else {
        panic!("named again");
    };
    assert_eq!(
        earlier.pet_id,
        Some(457),
        "a confirmed create is named first"
    );
}

#[test]
fn a_single_create_the_service_refused_is_not_named_later() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut created = CreatedPets::open(dir.path(), "b").expect("open");
    let rex = pet("Rex", 1, None);
    let Claim::Sent { key } = created
        .claim(&rex, CreateSource::Form, false)
        .expect("claim")
    else {
        panic!("claimed");
    };
    let refused = petstore_client::Error::InvalidInput(petstore_client::InvalidInput::Name);
    created
        .settle(&key, &rex, CreateSource::Form, Settled::of(Err(&refused)))
        .expect("settle");
    let reopened = CreatedPets::open(dir.path(), "b").expect("reopen");
    assert_eq!(reopened.earlier(&rex, None), None, "provably not created");
}

#[test]
fn two_programs_claiming_the_same_pet_at_once_claim_it_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rounds = 20;
    for round in 0..rounds {
        let name = format!("Twin {round}");
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(4));
        let claims: Vec<Claim> = (0..4)
            .map(|_| {
                let (path, barrier, name) = (dir.path().to_owned(), barrier.clone(), name.clone());
                std::thread::spawn(move || {
                    // Each its own reader, as separate programs have.
                    let mut created = CreatedPets::open(&path, "b").expect("open");
                    barrier.wait();
                    created
                        .claim(&pet(&name, 1, None), CreateSource::Form, false)
                        .expect("claim")
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().expect("thread"))
            .collect();
        let sent = claims
            .iter()
            .filter(|c| matches!(c, Claim::Sent { .. }))
            .count();
        assert_eq!(sent, 1, "round {round}: exactly one claim may send");
    }
}
