//! The words of an import's report and preview (issue 38 §5): a row whose pet this computer
//! added earlier is "already added", not a "repeat" of the file; several problems of one row are
//! sentences of their own; a name a spreadsheet may run as a formula is named (and sent as typed).

mod common;

use petstore_bulk::{Import, ImportOptions, ImportReport, parse};
use petstore_client::PetstoreClient;

use common::*;

async fn import(dir: &std::path::Path, text: &str, client: &PetstoreClient) -> ImportReport {
    let mut import = Import::prepare(
        dir,
        text.as_bytes(),
        parse(text.as_bytes()).unwrap(),
        client,
    )
    .unwrap();
    import
        .record_source(&dir.join("shelter.csv"), "shelter.csv")
        .unwrap();
    import.run(ImportOptions::default()).await.unwrap()
}

fn report_rows(report: &ImportReport) -> Vec<(String, String, String)> {
    let mut csv = Vec::new();
    report.write_csv(&mut csv).unwrap();
    csv::Reader::from_reader(csv.as_slice())
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[1].to_owned(), r[4].to_owned(), r[6].to_owned())
        })
        .collect()
}

#[tokio::test]
async fn an_earlier_add_is_already_added_and_problems_are_sentences() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    import(dir.path(), "name,categoryId\nRex,1\n", &client).await;

    let text = "name,categoryId,status\n\
                Rex,1,\n\
                Tom,2,\n\
                Tom,2,\n\
                Juniper,x,adopted\n";
    let report = import(dir.path(), text, &client).await;
    let rows = report_rows(&report);
    assert_eq!(rows[0].0, "Rex");
    assert_eq!(rows[0].1, "already added", "{rows:?}");
    assert!(rows[0].2.starts_with("already added on "), "{rows:?}");
    assert_eq!(rows[1].1, "created", "{rows:?}");
    assert_eq!(
        (rows[2].1.as_str(), rows[2].2.as_str()),
        ("repeat", "same pet as line 3 of this file")
    );
    assert_eq!(
        rows[3].2,
        "The category id \"x\" is not a whole number from 1 to 9223372036854775807: use digits \
         only, for example 3. The status \"adopted\" is not one of available, pending, sold \
         (leave it empty to let the service decide)."
    );
    sandbox.shutdown().await;
}

#[test]
fn a_name_a_spreadsheet_may_run_is_named_in_the_preview_and_kept_as_typed() {
    let file = parse(
        "name,categoryId\n=SUM(A1),1\n+1 dog,1\n-Rex,1\n@home,1\n Rex-the-dog,1\nRex,1\n"
            .as_bytes(),
    )
    .unwrap();
    let flagged: Vec<bool> = file
        .rows
        .iter()
        .map(|row| row.name_may_run_as_formula())
        .collect();
    assert_eq!(flagged, [true, true, true, true, false, false]);
    // A note, not a refusal: the row is valid and its name is sent as typed.
    let pet = file.rows[0].pet.as_ref().expect("valid");
    assert_eq!(pet.name, "=SUM(A1)");
}
