//! An import file (the CSV contract, `petstore_bulk::parse`) as any spreadsheet may save it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use petstore_bulk::{ContractError, MAX_ROWS, Row, parse};
use petstore_fuzz::csv_lines;

fuzz_target!(|data: &[u8]| {
    let lines = csv_lines(data);
    let file = match parse(data) {
        Ok(file) => file,
        Err(ContractError::NotUtf8 { line } | ContractError::Malformed { line, .. }) => {
            assert!(line <= lines, "line {line} of {lines}");
            return;
        }
        Err(_) => return,
    };
    assert!(matches!(file.delimiter, b',' | b';'));
    assert!(file.rows.len() <= MAX_ROWS);
    let mut previous = 1;
    for (index, row) in file.rows.iter().enumerate() {
        assert_eq!(row.index, index);
        assert!(
            row.line > previous && row.line <= lines,
            "rows after the header, in order"
        );
        previous = row.line;
        assert_eq!(row.pet.is_some(), row.problems.is_empty());
        // Fixing a row in place judges its cells as the file's reading did.
        let again = Row::from_cells(row.index, row.line, row.cells.clone());
        assert_eq!((&again.pet, &again.problems), (&row.pet, &row.problems));
        assert!(
            row.category_name
                .as_ref()
                .is_none_or(|name| !name.trim().is_empty())
        );
    }
});
