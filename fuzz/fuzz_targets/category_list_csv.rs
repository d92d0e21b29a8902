//! The shared list of category names (`petstore_bulk::category_list::parse_list`), read with the
//! import's CSV conventions, as any spreadsheet may save it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use petstore_bulk::category_list::{MAX_LIST_ROWS, parse_list};

fuzz_target!(|data: &[u8]| {
    // A line ends as a record does: \n, \r\n or a lone \r.
    let lone_cr = |at: usize| data[at] == b'\r' && data.get(at + 1) != Some(&b'\n');
    let lines = 1
        + (0..data.len())
            .filter(|&at| data[at] == b'\n' || lone_cr(at))
            .count() as u64;
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
