//! The names column of the contract: which header is the names, which cells teach a name.

use super::super::*;

fn ok(text: &str) -> ParsedFile {
    parse(text.as_bytes()).unwrap_or_else(|err| panic!("{text:?}: {err}"))
}

fn names(file: &ParsedFile) -> Vec<(u64, i64, String)> {
    file.category_names()
        .into_iter()
        .map(|n| (n.line, n.id, n.name))
        .collect()
}

#[test]
fn a_category_name_column_beside_the_number_teaches_names() {
    for header in ["categoryName", "category_name", "CATEGORYNAME", "category"] {
        let file = ok(&format!(
            "name,categoryId,{header},status\nRex,1,Dogs,available\nMia,2, Cats ,\n"
        ));
        assert_eq!(file.columns.category_name, Some(2), "{header}");
        assert!(file.ignored_columns.is_empty(), "{header}");
        assert_eq!(
            names(&file),
            vec![(2, 1, "Dogs".into()), (3, 2, "Cats".into())],
            "{header}"
        );
        assert_eq!(file.rows[0].category_name.as_deref(), Some("Dogs"));
        assert_eq!(file.valid_rows().count(), 2, "the pets are the same");
    }
    let first = ok("category,name,category_id\nDogs,Rex,1\n");
    assert_eq!(
        (first.columns.category_name, first.columns.category_id),
        (Some(0), 2),
        "in any order"
    );
}

#[test]
fn a_category_column_alone_is_still_the_number() {
    let file = ok("name,category\nRex,3\n");
    assert_eq!(file.columns.category_id, 1);
    assert_eq!(file.columns.category_name, None);
    assert!(names(&file).is_empty());
    let texts = ok("name,category\nRex,Dogs\n");
    assert_eq!(
        texts.rows[0].problems,
        vec![RowProblem::CategoryIdNotANumber {
            given: "Dogs".into()
        }],
        "a name where the number belongs is a row to fix, as before"
    );
    let both = ok("name,category,categoryName\nRex,3,Fish\n");
    assert_eq!(
        (both.columns.category_id, both.columns.category_name),
        (1, Some(2))
    );
    assert_eq!(names(&both), vec![(2, 3, "Fish".into())]);
}

#[test]
fn each_id_and_name_once_and_numbers_or_blanks_teach_nothing() {
    let file = ok("name,categoryId,categoryName\n\
         A,1,Dogs\n\
         B,1, dogs \n\
         C,1,Hounds\n\
         D,2,\n\
         E,3,3\n\
         F,4,-4\n\
         G,x,Birds\n\
         H,9223372036854775807,Largest\n");
    assert_eq!(
        names(&file),
        vec![
            (2, 1, "Dogs".into()),
            (4, 1, "Hounds".into()),
            (9, 9_223_372_036_854_775_807, "Largest".into()),
        ],
        "the same name once; another name for the same id kept for the list to judge; \
         the invalid row (line 8) teaches nothing"
    );
}

#[test]
fn a_fixed_row_keeps_its_name_and_teaches_it_once_valid() {
    let file = ok("name,categoryId,categoryName\nRex,x,Dogs\n");
    assert!(names(&file).is_empty());
    let row = &file.rows[0];
    let fixed = row.with_cells(Cells {
        name: "Rex".into(),
        category_id: "1".into(),
        status: String::new(),
    });
    assert_eq!((fixed.index, fixed.line), (row.index, row.line));
    assert_eq!(fixed.category_name.as_deref(), Some("Dogs"));
    let mut file = file.clone();
    file.rows[0] = fixed;
    assert_eq!(names(&file), vec![(2, 1, "Dogs".into())]);
}
