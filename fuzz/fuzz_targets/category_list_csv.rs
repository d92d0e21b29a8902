//! The shared list of category names (`petstore_bulk::category_list::parse_list`), read with the
//! import's CSV conventions, as any spreadsheet may save it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use petstore_bulk::category_list::{MAX_LIST_ROWS, parse_list};
use petstore_fuzz::csv_lines;

fuzz_target!(|data: &[u8]| {
    let lines = csv_lines(data);
    let Ok(rows) = parse_list(data) else { return };
    assert!(rows.len() <= MAX_LIST_ROWS);
    let mut previous = 1;
    for row in &rows {
        assert!(
            row.line > previous && row.line <= lines,
            "rows after the header, in order"
        );
        previous = row.line;
        if let Err(text) = &row.id {
            assert_eq!(text.trim(), text, "the id cell is kept trimmed");
        }
    }
});
