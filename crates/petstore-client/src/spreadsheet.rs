//! Text cells bound for a spreadsheet: every CSV the app and the CLI write (an export, the
//! activity history, the list of category names, an import's report) passes its text cells
//! through [`guard`], so a pet's name or a server's words never run as a formula there
//! (CSV injection).
//!
//! It lives in the client because it is the one crate every CSV writer depends on
//! (`petstore-bulk` and `petstore-activity` both, and neither on the other), and because what it
//! guards is the client's data on its way out: names and messages a server sent. A pure function
//! of text, it brings no dependency along.

use std::borrow::Cow;

/// What a spreadsheet may read as the start of a formula: `=`, `+`, `-`, `@`, and their
/// full-width forms, which a spreadsheet set up for Japanese or Chinese input treats the same.
const FORMULA_STARTS: [char; 8] = ['=', '+', '-', '@', '＝', '＋', '－', '＠'];

/// A cell a spreadsheet may run as a formula gets a leading `'`, which spreadsheets show as text
/// and do not run; any other cell is kept as it is. Guarded: a cell whose first character other
/// than spaces is one of [`FORMULA_STARTS`] (spreadsheets skip leading blanks before a formula),
/// and a cell that starts with a tab, a carriage return or a line feed (the start of another
/// field or record to a spreadsheet that splits on them).
pub fn guard(cell: &str) -> Cow<'_, str> {
    if needs_guard(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A text a spreadsheet may run as a formula (what [`guard`] guards): an import's preview names
/// such a pet name, which is sent as typed (issue 38 §5).
pub fn may_run_as_formula(cell: &str) -> bool {
    needs_guard(cell)
}

fn needs_guard(cell: &str) -> bool {
    if cell.starts_with(['\t', '\r', '\n']) {
        return true;
    }
    // Every blank a person or a server may put first: the ASCII ones, a no-break space, the
    // ideographic space (all Unicode white space).
    cell.trim_start_matches(char::is_whitespace)
        .starts_with(FORMULA_STARTS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_starts_are_guarded_even_behind_blanks() {
        for risky in [
            "=1+1",
            "+1",
            "-1",
            "@SUM(A1)",
            "  =HYPERLINK(\"http://evil\")",
            " +1",
            "   -2",
            " @x",
            " \t=1",
            "\u{a0}=1",
            "\u{3000}=1",
            "＝1+1",
            "  ＝1",
            "＋1",
            "－1",
            "＠SUM(A1)",
            "\tx",
            "\rx",
            "\nx",
            "\r\n=1",
        ] {
            assert_eq!(guard(risky), format!("'{risky}"), "{risky:?}");
        }
    }

    #[test]
    fn other_cells_are_kept_as_they_are() {
        for plain in [
            "Rex",
            "",
            "   ",
            " Rex",
            "Rex = Max",
            "x-1",
            "'quoted",
            "'=already guarded",
            "Éclair de Lune",
            "1",
        ] {
            assert!(matches!(guard(plain), Cow::Borrowed(_)), "{plain:?}");
        }
    }
}
