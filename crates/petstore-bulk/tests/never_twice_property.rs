//! Any sequence of imports of edited versions of a file (rows fixed, reordered, added, removed,
//! repeated), each possibly killed at any await point (the task dropped mid-request, as a
//! killed process leaves it) and run again, never creates the same pet twice unless repeats
//! were chosen. Against a real sandbox over HTTP.

mod common;

use std::collections::HashMap;

use petstore_bulk::{Import, ImportOptions, parse};
use proptest::prelude::*;

use common::*;

const NAMES: [&str; 4] = ["Ada", "bo", "Cy", "Di"];
const STATUSES: [&str; 3] = ["", "available", "sold"];

/// One row of a version of the file: a pet of the small pool (so versions share pets), or an
/// invalid row a person would fix later.
#[derive(Debug, Clone)]
enum RowSpec {
    Pet {
        name: usize,
        category: i64,
        status: usize,
        /// Written as a person might retype it: other case, spaces around.
        retyped: bool,
    },
    Invalid,
}

fn row() -> impl Strategy<Value = RowSpec> {
    prop_oneof![
        5 => (0..NAMES.len(), 1..3i64, 0..STATUSES.len(), any::<bool>()).prop_map(
            |(name, category, status, retyped)| RowSpec::Pet { name, category, status, retyped }
        ),
        1 => Just(RowSpec::Invalid),
    ]
}

/// A version of the file, and after how many settled rows its run is killed (if at all).
fn step() -> impl Strategy<Value = (Vec<RowSpec>, Option<usize>)> {
    (
        prop::collection::vec(row(), 1..7),
        prop::option::of(0..5usize),
    )
}

fn csv(rows: &[RowSpec]) -> String {
    let mut text = String::from("name,categoryId,status\n");
    for row in rows {
        match row {
            RowSpec::Pet {
                name,
                category,
                status,
                retyped,
            } => {
                let name = match retyped {
                    true => format!("  {} ", NAMES[*name].to_uppercase()),
                    false => NAMES[*name].to_owned(),
                };
                text.push_str(&format!("{name},{category},{}\n", STATUSES[*status]));
            }
            RowSpec::Invalid => text.push_str("Broken,x,\n"),
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn edited_files_killed_and_resumed_never_create_a_pet_twice(
        steps in prop::collection::vec(step(), 1..6)
    ) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(run_steps(steps));
    }
}

async fn run_steps(steps: Vec<(Vec<RowSpec>, Option<usize>)>) {
    let mut config =
        petstore_sandbox::SandboxConfig::default().with_key(KEY, petstore_sandbox::Plan::Business);
    config.page_size_links = true;
    config.seed_demo_data = false;
    let sandbox = petstore_sandbox::Sandbox::start(config).await.unwrap();
    let client = client(&sandbox);
    let dir = tempfile::tempdir().unwrap();
    for (rows, kill_after) in &steps {
        let import = prepare(dir.path(), rows, &client);
        let mut progress = import.progress();
        let run = tokio::spawn(import.run(ImportOptions::default()));
        if let Some(after) = kill_after {
            let _ = progress
                .wait_for(|p| p.done() >= *after || p.phase == petstore_bulk::Phase::Finished)
                .await;
            run.abort();
        }
        let _ = run.await;
        assert_each_pet_once(&client, &steps).await;
    }
    // Every version once more, to the end: what a killed run left is settled, nothing twice.
    for (rows, _) in &steps {
        let import = prepare(dir.path(), rows, &client);
        import.run(ImportOptions::default()).await.unwrap();
        assert_each_pet_once(&client, &steps).await;
    }
}

fn prepare(
    dir: &std::path::Path,
    rows: &[RowSpec],
    client: &petstore_client::PetstoreClient,
) -> Import {
    let text = csv(rows);
    Import::prepare(
        dir,
        text.as_bytes(),
        parse(text.as_bytes()).unwrap(),
        client,
    )
    .unwrap()
}

/// At most one pet on the server per name (as compared: trimmed, without case), category and
/// status (a row without one became the service's `available`).
async fn assert_each_pet_once(
    client: &petstore_client::PetstoreClient,
    steps: &[(Vec<RowSpec>, Option<usize>)],
) {
    let mut seen: HashMap<(String, i64, String), usize> = HashMap::new();
    petstore_bulk::for_each_page(client, None, |pets| {
        for pet in pets {
            let status = pet.status.as_ref().map_or("", |s| s.as_str()).to_owned();
            let key = (pet.name.trim().to_lowercase(), pet.category_id, status);
            *seen.entry(key).or_default() += 1;
        }
        Ok::<(), std::convert::Infallible>(())
    })
    .await
    .unwrap();
    let twice: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "created twice: {twice:?} after {steps:?}");
}
