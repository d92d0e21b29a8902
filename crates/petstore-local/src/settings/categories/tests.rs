//! The rules of the names, on the list alone (the file's life is in `file/tests.rs`).

use super::*;

const SANDBOX: Environment = Environment::Sandbox;
const STAGING: Environment = Environment::Staging;

fn named(list: &CategoryNames, env: Environment) -> Vec<(i64, String)> {
    list.list(env)
        .into_iter()
        .map(|(id, name)| (id, name.as_str().to_owned()))
        .collect()
}

#[test]
fn names_are_trimmed_bounded_and_their_inner_spaces_collapsed() {
    assert_eq!(
        CategoryName::parse("  Big \t\n Dogs ").map(|n| n.as_str().to_owned()),
        Ok("Big Dogs".to_owned())
    );
    assert_eq!(CategoryName::parse(" \t "), Err(CategoryError::NameEmpty));
    let fits = "é".repeat(MAX_CATEGORY_NAME_CHARS);
    assert!(CategoryName::parse(&fits).is_ok(), "characters, not bytes");
    assert_eq!(
        CategoryName::parse(&format!("{fits}x")),
        Err(CategoryError::NameTooLong {
            chars: MAX_CATEGORY_NAME_CHARS + 1
        })
    );
}

#[test]
fn add_rename_and_remove_per_environment() {
    let mut list = CategoryNames::default();
    assert!(list.is_empty());
    list.add(SANDBOX, 1, "Dogs").expect("added");
    list.add(SANDBOX, 9_007_199_254_740_993, "Birds")
        .expect("added");
    list.add(STAGING, 1, "Hounds")
        .expect("another environment, its own list");
    assert_eq!(
        named(&list, SANDBOX),
        vec![(1, "Dogs".into()), (9_007_199_254_740_993, "Birds".into())]
    );
    assert_eq!(named(&list, STAGING), vec![(1, "Hounds".into())]);
    assert!(list.list(Environment::Production).is_empty());

    list.rename(SANDBOX, 1, "Big dogs").expect("renamed");
    list.rename(SANDBOX, 1, "BIG DOGS")
        .expect("its own name in another case");
    assert_eq!(
        list.name_of(SANDBOX, 1).map(|n| n.as_str().to_owned()),
        Some("BIG DOGS".into())
    );
    assert_eq!(list.remove(SANDBOX, 1), Ok("BIG DOGS".into()));
    assert_eq!(list.name_of(SANDBOX, 1), None);
    assert_eq!(
        list.remove(SANDBOX, 1),
        Err(CategoryError::NotNamed { id: 1 })
    );
    list.remove(SANDBOX, 9_007_199_254_740_993)
        .expect("removed");
    list.remove(STAGING, 1).expect("removed");
    assert!(list.is_empty());
    assert_eq!(
        serde_json::to_string(&list).expect("json"),
        "{}",
        "no empty environments left behind"
    );
}

#[test]
fn names_are_unique_per_environment_ignoring_case_and_ids_positive() {
    let mut list = CategoryNames::default();
    list.add(SANDBOX, 1, "Dogs").expect("added");
    assert_eq!(
        list.add(SANDBOX, 2, " dogs "),
        Err(CategoryError::NameTaken {
            name: "Dogs".into(),
            id: 1
        })
    );
    list.add(SANDBOX, 2, "Cats").expect("added");
    assert_eq!(
        list.rename(SANDBOX, 2, "DOGS"),
        Err(CategoryError::NameTaken {
            name: "Dogs".into(),
            id: 1
        })
    );
    assert_eq!(
        list.add(SANDBOX, 1, "Hounds"),
        Err(CategoryError::IdNamed {
            id: 1,
            name: "Dogs".into()
        }),
        "adding never replaces a name"
    );
    assert_eq!(
        list.rename(SANDBOX, 3, "Fish"),
        Err(CategoryError::NotNamed { id: 3 })
    );
    for id in [0, -4] {
        assert_eq!(
            list.add(SANDBOX, id, "Zero"),
            Err(CategoryError::IdNotPositive { given: id })
        );
    }
    assert_eq!(list.add(SANDBOX, 5, ""), Err(CategoryError::NameEmpty));
    assert_eq!(named(&list, SANDBOX).len(), 2, "nothing refused was kept");
}

#[test]
fn an_environment_keeps_at_most_a_thousand_names() {
    let mut list = CategoryNames::default();
    for id in 1..=MAX_CATEGORIES as i64 {
        list.add(SANDBOX, id, &format!("Category number {id}"))
            .expect("room");
    }
    assert_eq!(
        list.add(SANDBOX, 5000, "One more"),
        Err(CategoryError::ListFull)
    );
    list.add(STAGING, 5000, "One more")
        .expect("each environment has its own room");
}

#[test]
fn a_merge_adds_never_replaces_and_says_why_it_refused() {
    let mut list = CategoryNames::default();
    list.add(SANDBOX, 1, "Dogs").expect("the person's name");
    list.add(SANDBOX, 2, "Cats").expect("the person's name");
    let merge = list.merge(
        SANDBOX,
        [
            (2u64, 1, "dogs".to_owned()),
            (3, 1, "Hounds".to_owned()),
            (4, 3, "Cats".to_owned()),
            (5, 4, "Fish".to_owned()),
            (6, 4, "Goldfish".to_owned()),
            (7, 5, " ".to_owned()),
            (8, 0, "Nothing".to_owned()),
            (9, 6, "Birds".to_owned()),
        ],
    );
    let added: Vec<(i64, &str)> = merge
        .added
        .iter()
        .map(|(id, name)| (*id, name.as_str()))
        .collect();
    assert_eq!(added, vec![(4, "Fish"), (6, "Birds")]);
    assert_eq!(merge.unchanged, 1, "the same name in another case");
    let refused: Vec<(u64, CategoryError)> =
        merge.refused.into_iter().map(|r| (r.at, r.why)).collect();
    assert_eq!(
        refused,
        vec![
            (
                3,
                CategoryError::IdNamed {
                    id: 1,
                    name: "Dogs".into()
                }
            ),
            (
                4,
                CategoryError::NameTaken {
                    name: "Cats".into(),
                    id: 2
                }
            ),
            (
                6,
                CategoryError::IdNamed {
                    id: 4,
                    name: "Fish".into()
                }
            ),
            (7, CategoryError::NameEmpty),
            (8, CategoryError::IdNotPositive { given: 0 }),
        ]
    );
    assert_eq!(
        list.name_of(SANDBOX, 1).map(|n| n.as_str().to_owned()),
        Some("Dogs".into()),
        "the person's name stays"
    );
}

#[test]
fn the_file_form_keeps_int64_ids_as_strings_and_readers_skip_broken_entries() {
    let mut list = CategoryNames::default();
    list.add(SANDBOX, 9_223_372_036_854_775_807, "Largest")
        .expect("added");
    let json = serde_json::to_value(&list).expect("json");
    assert_eq!(
        json,
        serde_json::json!({"sandbox": {"9223372036854775807": "Largest"}})
    );

    let edited: CategoryNames = serde_json::from_str(
        r#"{"sandbox": {"1": "  Dogs ", "0": "Zero", "2": "", "3": "Cats"},
            "moon": {"1": "Moon dogs"}}"#,
    )
    .expect("a hand edit");
    assert_eq!(
        named(&edited, SANDBOX),
        vec![(1, "Dogs".into()), (3, "Cats".into())]
    );
    let mut changed = edited.clone();
    changed.add(SANDBOX, 4, "Fish").expect("added");
    let json = serde_json::to_value(&changed).expect("json");
    assert_eq!(
        json["sandbox"]["0"], "Zero",
        "an entry a hand edit broke is kept as it is"
    );
    assert_eq!(
        json["moon"]["1"], "Moon dogs",
        "an environment this version does not know is kept"
    );
    assert!(
        serde_json::from_str::<CategoryNames>(r#"{"sandbox": {"one": "Dogs"}}"#).is_err(),
        "an id that is not a number is not category names"
    );
}
