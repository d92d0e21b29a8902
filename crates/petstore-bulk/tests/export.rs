//! Export with category names: the names column and field, and an export with
//! names read back by the import's contract teaches the same names.

mod common;

use std::collections::BTreeMap;

use petstore_bulk::{ExportFormat, export, parse};
use petstore_client::NewPet;

use common::*;

async fn exported(
    client: &petstore_client::PetstoreClient,
    format: ExportFormat,
    names: Option<&BTreeMap<i64, String>>,
) -> String {
    let mut out = Vec::new();
    export(client, None, format, names, &mut out)
        .await
        .expect("exported");
    String::from_utf8(out).expect("UTF-8")
}

#[tokio::test]
async fn an_export_carries_category_names_only_when_asked_and_an_import_learns_them_back() {
    let sandbox = sandbox().await;
    let client = client(&sandbox);
    for (name, category) in [("Export Rex", 1), ("Export Tom", 2), ("Export Nemo", 3)] {
        client
            .create_pet(&NewPet::new(name, category, None).expect("valid"))
            .await
            .expect("created");
    }
    let names = BTreeMap::from([(1, "Dogs".to_owned()), (3, "=Fish".to_owned())]);

    let plain = exported(&client, ExportFormat::Csv, None).await;
    assert!(plain.starts_with("id,name,categoryId,status\n"), "{plain}");
    assert!(!plain.contains("Dogs"), "{plain}");

    let csv = exported(&client, ExportFormat::Csv, Some(&names)).await;
    assert!(
        csv.starts_with("id,name,categoryId,status,categoryName\n"),
        "{csv}"
    );
    let line = |pet: &str| {
        csv.lines()
            .find(|l| l.contains(pet))
            .unwrap_or_else(|| panic!("{pet} in {csv}"))
            .to_owned()
    };
    assert!(line("Export Rex").ends_with(",1,available,Dogs"), "{csv}");
    assert!(
        line("Export Tom").ends_with(",2,available,"),
        "no name: an empty cell: {csv}"
    );
    assert!(
        line("Export Nemo").ends_with(",3,available,'=Fish"),
        "a name is a text cell, guarded: {csv}"
    );

    let read = parse(csv.as_bytes()).expect("an export is an import file");
    assert_eq!(read.columns.category_name, Some(4));
    assert!(read.ignored_columns == vec!["id".to_owned()], "{read:?}");
    let learned: Vec<(i64, String)> = read
        .category_names()
        .into_iter()
        .map(|n| (n.id, n.name))
        .collect();
    assert!(learned.contains(&(1, "Dogs".to_owned())), "{learned:?}");
    assert!(!learned.iter().any(|(id, _)| *id == 2), "{learned:?}");

    let json = exported(&client, ExportFormat::Json, Some(&names)).await;
    let pets: Vec<serde_json::Value> = serde_json::from_str(&json).expect("JSON");
    let pet = |name: &str| {
        pets.iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {json}"))
            .clone()
    };
    assert_eq!(pet("Export Rex")["categoryName"], "Dogs");
    assert_eq!(pet("Export Tom")["categoryName"], serde_json::Value::Null);
    assert_eq!(
        pet("Export Nemo")["categoryName"],
        "=Fish",
        "JSON is not guarded"
    );
    let plain_json = exported(&client, ExportFormat::Json, None).await;
    assert!(!plain_json.contains("categoryName"), "{plain_json}");
    sandbox.shutdown().await;
}
