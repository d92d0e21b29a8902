//! The activity export guards the cells a spreadsheet would run as a formula, also behind
//! leading blanks and in their full-width forms: pet names and the server's words.

mod common;

use petstore_activity::{CSV_HEADER, Filter, Source};
use petstore_client::Outcome;

use common::{at, create, open, record_all};

#[test]
fn the_export_guards_cells_behind_blanks_and_in_full_width() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let risky = [
        ("  =HYPERLINK(\"http://evil\")", " @SUM(A1)"),
        ("\u{3000}+1", "－1"),
        ("＝1+1", "\t-1"),
        ("＠x", "\r\n=2"),
    ];
    let mut records = Vec::new();
    for (i, (name, message)) in risky.iter().enumerate() {
        let mut record = create(at(i as i64), name, Outcome::Error);
        record.server_message = Some((*message).to_owned());
        records.push(record);
    }
    records.push(create(at(9), "  Rex", Outcome::Ok));
    record_all(&store, Source::Cli, records);

    let mut out = Vec::new();
    assert_eq!(store.export_csv(&Filter::default(), &mut out).unwrap(), 5);
    let column = |name: &str| CSV_HEADER.iter().position(|c| *c == name).unwrap();
    let mut reader = csv::Reader::from_reader(out.as_slice());
    let rows: Vec<csv::StringRecord> = reader.records().collect::<Result<_, _>>().unwrap();
    let cells: Vec<(String, String)> = rows
        .iter()
        .map(|row| {
            (
                row[column("petName")].to_owned(),
                row[column("serverMessage")].to_owned(),
            )
        })
        .collect();
    let mut expected = vec![("  Rex".to_owned(), String::new())];
    expected.extend(
        risky
            .iter()
            .rev()
            .map(|(name, message)| (format!("'{name}"), format!("'{message}"))),
    );
    assert_eq!(cells, expected, "{}", String::from_utf8_lossy(&out));
}
