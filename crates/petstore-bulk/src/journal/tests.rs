use super::*;

const ORIGIN: &str = "http://127.0.0.1:4780";

fn id() -> JournalId {
    JournalId::new(b"name,categoryId\nRex,1\n", ORIGIN)
}

#[test]
fn ids_depend_on_content_and_origin() {
    assert_eq!(id(), JournalId::new(b"name,categoryId\nRex,1\n", ORIGIN));
    assert_ne!(id(), JournalId::new(b"name,categoryId\nRex,2\n", ORIGIN));
    assert_ne!(
        id(),
        JournalId::new(b"name,categoryId\nRex,1\n", "https://pets.example")
    );
    assert_eq!(id().file_name().len(), 64 + ".journal".len());
}

#[test]
fn states_survive_a_reopen_and_the_latest_event_wins() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut journal = Journal::open(dir.path(), &id(), 4).unwrap();
        assert!(!journal.resumed());
        assert_eq!(journal.before(), None);
        journal
            .record_before(&(1..=2_500).collect::<BTreeSet<i64>>())
            .unwrap();
        journal.record(0, RowState::Sent).unwrap();
        journal
            .record(0, RowState::Created { id: i64::MAX })
            .unwrap();
        journal.record(1, RowState::Sent).unwrap();
        journal
            .record(
                2,
                RowState::Failed {
                    kind: "bad Request\n".into(),
                },
            )
            .unwrap();
    }
    let journal = Journal::open(dir.path(), &id(), 4).unwrap();
    assert!(journal.resumed());
    assert_eq!(journal.before().map(BTreeSet::len), Some(2_500));
    assert_eq!(journal.state(0), RowState::Created { id: i64::MAX });
    assert_eq!(journal.state(1), RowState::Sent);
    assert_eq!(
        journal.state(2),
        RowState::Failed {
            kind: "badRequest".into()
        }
    );
    assert_eq!(journal.state(3), RowState::Pending);
    assert_eq!(journal.created_ids(), BTreeSet::from([i64::MAX]));
}

#[test]
fn a_torn_last_line_is_dropped_and_cut_off() {
    let dir = tempfile::tempdir().unwrap();
    let path = {
        let mut journal = Journal::open(dir.path(), &id(), 2).unwrap();
        journal.record(0, RowState::Sent).unwrap();
        journal.path().to_owned()
    };
    let mut file = OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(b"created 0 12").unwrap();
    drop(file);
    let mut journal = Journal::open(dir.path(), &id(), 2).unwrap();
    assert_eq!(journal.state(0), RowState::Sent);
    journal
        .record(
            0,
            RowState::Unknown {
                reason: UnknownReason::Outcome,
            },
        )
        .unwrap();
    drop(journal);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with("sent 0\nunknown 0 outcome\n"), "{text}");
    let journal = Journal::open(dir.path(), &id(), 2).unwrap();
    assert_eq!(
        journal.state(0),
        RowState::Unknown {
            reason: UnknownReason::Outcome
        }
    );
}

#[test]
fn an_unfinished_before_set_is_not_taken() {
    let dir = tempfile::tempdir().unwrap();
    let path = Journal::open(dir.path(), &id(), 1)
        .unwrap()
        .path()
        .to_owned();
    std::fs::write(
        &path,
        format!("{FORMAT}\norigin {ORIGIN}\nrows 1\nbefore 1,2\n"),
    )
    .unwrap();
    let journal = Journal::open(dir.path(), &id(), 1).unwrap();
    assert_eq!(journal.before(), None);
}

#[test]
fn a_damaged_journal_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = Journal::open(dir.path(), &id(), 1)
        .unwrap()
        .path()
        .to_owned();
    let damaged = format!("{FORMAT}\norigin {ORIGIN}\nrows 1\ncreated 0 x\nsent 0\n");
    std::fs::write(&path, &damaged).unwrap();
    let err = Journal::open(dir.path(), &id(), 1).unwrap_err();
    assert!(
        matches!(err, JournalError::Damaged { line: 4, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("move it aside"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged);
    std::fs::write(
        &path,
        format!("{FORMAT}\norigin {ORIGIN}\nrows 1\nsent 5\n"),
    )
    .unwrap();
    assert!(matches!(
        Journal::open(dir.path(), &id(), 1).unwrap_err(),
        JournalError::Damaged { line: 4, .. }
    ));
    assert!(matches!(
        Journal::open(dir.path(), &id(), 2).unwrap_err(),
        JournalError::Damaged { line: 3, .. }
    ));
}

#[test]
fn a_second_run_of_the_same_import_is_refused_while_the_first_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let first = Journal::open(dir.path(), &id(), 1).unwrap();
    let err = Journal::open(dir.path(), &id(), 1).unwrap_err();
    assert!(matches!(err, JournalError::Busy { .. }), "{err}");
    drop(first);
    assert!(Journal::open(dir.path(), &id(), 1).unwrap().resumed());
}

#[test]
fn unfinished_imports_are_listed_with_their_source_until_finished() {
    let dir = tempfile::tempdir().unwrap();
    assert!(unfinished(dir.path()).is_empty());
    let mut journal = Journal::open(dir.path(), &id(), 3).unwrap();
    journal
        .record_source(Path::new("/data/pets \"2026\".csv"))
        .unwrap();
    journal.record(0, RowState::Created { id: 5 }).unwrap();
    journal.record(1, RowState::Sent).unwrap();
    let listed = unfinished(dir.path());
    assert_eq!(
        listed,
        vec![UnfinishedImport {
            journal: journal.path().to_owned(),
            origin: ORIGIN.into(),
            source: Some(PathBuf::from("/data/pets \"2026\".csv")),
            created: 1,
            unknown: 1,
        }]
    );
    journal.record_finished().unwrap();
    drop(journal);
    assert!(unfinished(dir.path()).is_empty());
    let reopened = Journal::open(dir.path(), &id(), 3).unwrap();
    assert_eq!(reopened.state(0), RowState::Created { id: 5 });
}
