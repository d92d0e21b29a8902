//! Every CSV this crate writes guards the cells a spreadsheet would run as a formula, also behind
//! leading blanks and in their full-width forms: the export of pets a real sandbox
//! serves, an import's report, and the list of category names.

mod common;

use petstore_bulk::category_list::write_list;
use petstore_bulk::{ExportFormat, ImportOptions, export, parse};

use common::*;

/// Cells that start a formula in a spreadsheet although their first character is not one of
/// `= + - @`, and each as the guarded CSV must hold it.
const RISKY: [&str; 6] = [
    "  =HYPERLINK(\"http://evil\")",
    " +1",
    "\u{3000}-1",
    "＝1+1",
    "＠SUM(A1)",
    "\n=2",
];

fn guarded(cell: &str) -> String {
    format!("'{cell}")
}

fn records(csv: &[u8]) -> Vec<csv::StringRecord> {
    csv::Reader::from_reader(csv)
        .records()
        .collect::<Result<_, _>>()
        .expect("the writer's CSV reads back")
}

#[tokio::test]
async fn an_export_guards_names_behind_blanks_and_in_full_width() {
    let sandbox = sandbox_without_paging().await;
    for (i, name) in RISKY.iter().enumerate() {
        sandbox.insert_pet(name, 1, "available", Some(100 + i as i64));
    }
    sandbox.insert_pet("  Rex", 1, "available", Some(200));
    let mut out = Vec::new();
    export(&client(&sandbox), None, ExportFormat::Csv, None, &mut out)
        .await
        .expect("exported");
    let mut names: Vec<String> = records(&out).iter().map(|r| r[1].to_owned()).collect();
    names.sort();
    let mut expected: Vec<String> = RISKY.iter().map(|c| guarded(c)).collect();
    expected.push("  Rex".to_owned());
    expected.sort();
    assert_eq!(names, expected, "{}", String::from_utf8_lossy(&out));
    sandbox.shutdown().await;
}

#[tokio::test]
async fn an_import_report_guards_names_and_category_cells_behind_blanks_and_in_full_width() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().expect("temp dir");
    // Valid rows (created: the name as the client trimmed it) and invalid ones (the cells as
    // written, blanks kept), with a category cell that starts a formula too.
    let text = "name,categoryId,status\n\
                ＝1+1,1,available\n\
                ＋2,1,\n\
                \"  =bad\",x,\n\
                \" @SUM(A1)\",\"  -1\",\n";
    let import = petstore_bulk::Import::prepare(
        dir.path(),
        text.as_bytes(),
        parse(text.as_bytes()).expect("parsed"),
        &client,
    )
    .expect("prepared");
    let report = import.run(ImportOptions::default()).await.expect("ran");
    assert_eq!((report.counts.created, report.counts.invalid), (2, 2));
    let mut out = Vec::new();
    report.write_csv(&mut out).expect("written");
    let rows = records(&out);
    let cells: Vec<(&str, &str)> = rows.iter().map(|r| (&r[1], &r[2])).collect();
    assert_eq!(
        cells,
        [
            ("'＝1+1", "1"),
            ("'＋2", "1"),
            ("'  =bad", "x"),
            ("' @SUM(A1)", "'  -1"),
        ],
        "{}",
        String::from_utf8_lossy(&out)
    );
    sandbox.shutdown().await;
}

#[test]
fn a_list_of_category_names_guards_names_behind_blanks_and_in_full_width() {
    let names: Vec<(i64, &str)> = RISKY
        .iter()
        .enumerate()
        .map(|(i, name)| (i as i64 + 1, *name))
        .chain([(99, " Dogs")])
        .collect();
    let mut out = Vec::new();
    write_list(names.iter().copied(), &mut out).expect("written");
    let written: Vec<String> = records(&out).iter().map(|r| r[1].to_owned()).collect();
    let mut expected: Vec<String> = RISKY.iter().map(|c| guarded(c)).collect();
    expected.push(" Dogs".to_owned());
    assert_eq!(written, expected, "{}", String::from_utf8_lossy(&out));
}
