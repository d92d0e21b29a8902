//! The shared list of category names: the small CSV a store passes around so every
//! computer shows the same names. One row per category, `categoryId,name`; read with the import's
//! conventions (UTF-8 with or without a BOM, comma or semicolon, quotes, columns by header name in
//! any order and case: `categoryId`, `category_id`, `id` or `category` for the number; `name`,
//! `categoryName` or `category_name` for the name). Written with formula cells guarded.
//!
//! This module reads and writes the file only; whether a name may join an environment's list is
//! the list's own rule (`petstore-local`), which is where the rows go.

use std::io::{self, Write};

use petstore_client::parse_category_id;
use petstore_client::spreadsheet::guard;

use crate::contract::{Column, ContractError, records};
pub use crate::contract::{MAX_LIST_BYTES, MAX_LIST_ROWS};

/// The header a list is written with.
pub const LIST_HEADER: [&str; 2] = ["categoryId", "name"];

/// One row of a list, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListRow {
    /// The line the row starts on.
    pub line: u64,
    /// The category's number, or the text written where it belongs when that is no whole number.
    pub id: Result<i64, String>,
    pub name: String,
}

#[derive(Debug, Clone, Copy)]
struct ListColumns {
    id: usize,
    name: usize,
}

/// Reads a list of category names (rows that are all blank are skipped). Names are not judged
/// here: an empty or overlong one is a row the list refuses.
pub fn parse_list(bytes: &[u8]) -> Result<Vec<ListRow>, ContractError> {
    if bytes.len() > MAX_LIST_BYTES {
        return Err(ContractError::ListTooLarge { bytes: bytes.len() });
    }
    let mut rows = Vec::new();
    records::read(bytes, list_columns, |columns: &ListColumns, line, cells| {
        if rows.len() == MAX_LIST_ROWS {
            return Err(ContractError::ListTooLong);
        }
        let cell = |at: usize| cells.get(at).map_or("", |c| *c);
        let id = cell(columns.id).trim();
        rows.push(ListRow {
            line,
            id: parse_category_id(id).map_err(|_| id.to_owned()),
            name: cell(columns.name).to_owned(),
        });
        Ok(())
    })?
    .ok_or(ContractError::EmptyList)?;
    Ok(rows)
}

fn list_columns(names: &[String]) -> Result<ListColumns, ContractError> {
    let find = |column: Column, accepted: &[&str]| {
        let mut at = names
            .iter()
            .enumerate()
            .filter(|(_, name)| accepted.contains(&name.to_lowercase().as_str()));
        match (at.next(), at.next()) {
            (Some((i, _)), None) => Ok(i),
            (Some((first, _)), Some((second, _))) => Err(ContractError::DuplicateColumn {
                column,
                first: names[first].clone(),
                second: names[second].clone(),
            }),
            (None, _) => Err(ContractError::MissingColumn {
                missing: column,
                found: names.iter().filter(|n| !n.is_empty()).cloned().collect(),
            }),
        }
    };
    Ok(ListColumns {
        id: find(
            Column::CategoryId,
            &["categoryid", "category_id", "id", "category"],
        )?,
        name: find(Column::Name, &["name", "categoryname", "category_name"])?,
    })
}

/// Writes a list: the header, then one row per category in the order given.
pub fn write_list<'a>(
    names: impl IntoIterator<Item = (i64, &'a str)>,
    out: impl Write,
) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    let error = |e: csv::Error| io::Error::other(e.to_string());
    writer.write_record(LIST_HEADER).map_err(error)?;
    for (id, name) in names {
        writer
            .write_record([id.to_string().as_str(), &guard(name)])
            .map_err(error)?;
    }
    writer.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str) -> Vec<(u64, Result<i64, String>, String)> {
        parse_list(text.as_bytes())
            .unwrap_or_else(|e| panic!("{text:?}: {e}"))
            .into_iter()
            .map(|r| (r.line, r.id, r.name))
            .collect()
    }

    #[test]
    fn a_written_list_reads_back_the_same() {
        let mut out = Vec::new();
        write_list(
            [
                (1, "Dogs"),
                (9_007_199_254_740_993, "Birds, \"exotic\""),
                (3, "=cats"),
            ],
            &mut out,
        )
        .expect("written");
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(text.starts_with("categoryId,name\n"), "{text}");
        assert!(text.contains("'=cats"), "a formula cell is guarded: {text}");
        assert_eq!(
            rows(&text),
            vec![
                (2, Ok(1), "Dogs".into()),
                (3, Ok(9_007_199_254_740_993), "Birds, \"exotic\"".into()),
                (4, Ok(3), "'=cats".into()),
            ]
        );
    }

    #[test]
    fn any_order_case_separator_and_bom_and_bad_ids_are_kept_for_the_list_to_refuse() {
        assert_eq!(
            rows("\u{feff}Name;ID\r\nDogs;1\r\n\r\nCats; 2 \r\nFish;two\r\n;\r\nBirds;\r\n"),
            vec![
                (2, Ok(1), "Dogs".into()),
                (4, Ok(2), "Cats".into()),
                (5, Err("two".into()), "Fish".into()),
                (7, Err(String::new()), "Birds".into()),
            ]
        );
        assert_eq!(
            rows("category,categoryName,colour\n7,Reptiles,green\n"),
            vec![(2, Ok(7), "Reptiles".into())]
        );
    }

    #[test]
    fn a_file_that_is_no_list_is_refused_in_words() {
        assert_eq!(parse_list(b"").unwrap_err(), ContractError::EmptyList);
        let err = parse_list(b"name,colour\nDogs,brown\n").unwrap_err();
        assert!(
            matches!(
                err,
                ContractError::MissingColumn {
                    missing: Column::CategoryId,
                    ..
                }
            ),
            "{err:?}"
        );
        let err = parse_list(b"id,categoryId,name\n1,1,Dogs\n").unwrap_err();
        assert!(
            err.to_string().contains("\"id\" and \"categoryId\""),
            "{err}"
        );
        let big = vec![b'a'; MAX_LIST_BYTES + 1];
        assert!(matches!(
            parse_list(&big),
            Err(ContractError::ListTooLarge { .. })
        ));
        let mut long = String::from("categoryId,name\n");
        for i in 0..=MAX_LIST_ROWS {
            long.push_str(&format!("{i},n{i}\n"));
        }
        assert_eq!(
            parse_list(long.as_bytes()).unwrap_err(),
            ContractError::ListTooLong
        );
        assert!(
            ContractError::EmptyList
                .to_string()
                .contains("categoryId, name"),
            "the words name the list's header"
        );
    }

    /// Edge cases from the `category_list_csv` fuzz target's corpus (fuzz/README.md).
    #[test]
    fn fuzzed_lists_read_exactly() {
        // A lone \r ends a line as \n does; an id that is no number is kept as written.
        assert_eq!(
            rows("Id,name\r\r-I"),
            vec![(3, Err("-I".into()), String::new())]
        );
        assert_eq!(rows("categoryId,name,"), vec![]);
        assert_eq!(
            parse_list(b"id;category").unwrap_err(),
            ContractError::DuplicateColumn {
                column: Column::CategoryId,
                first: "id".into(),
                second: "category".into()
            }
        );
        assert_eq!(
            parse_list(b"Y\xff").unwrap_err(),
            ContractError::NotUtf8 { line: 1 }
        );
    }
}
