//! A sandbox on 127.0.0.1:0 (with next-page links, so every list is complete) and a client.
#![allow(dead_code)]

use std::collections::HashMap;

use petstore_client::PetstoreClient;
use petstore_sandbox::{Sandbox, SandboxConfig};
use petstore_test_support::{client_config, sandbox_for};

pub const KEY: &str = "bulk-test-key-0042";

pub async fn sandbox() -> Sandbox {
    let config = SandboxConfig {
        page_size_links: true,
        ..SandboxConfig::default()
    };
    sandbox_for(KEY, config).await
}

/// A sandbox that does only what the interface shows: a full page and no link to the next, and
/// no demo pets (the tests add their own).
pub async fn sandbox_without_paging() -> Sandbox {
    let config = SandboxConfig {
        page_size_links: false,
        seed_demo_data: false,
        ..SandboxConfig::default()
    };
    sandbox_for(KEY, config).await
}

pub fn client(sandbox: &Sandbox) -> PetstoreClient {
    PetstoreClient::new(client_config(&sandbox.base_url(), KEY)).expect("client builds")
}

/// A file of `rows` pets named `{prefix}-{i}`.
pub fn csv_file(prefix: &str, rows: usize) -> String {
    let mut text = String::from("name,categoryId,status\n");
    for i in 0..rows {
        text.push_str(&format!(
            "{prefix}-{i},{},{}\n",
            i % 7 + 1,
            ["available", "pending", "sold", ""][i % 4]
        ));
    }
    text
}

/// How many pets of each name the sandbox holds, listing every page.
pub async fn names(client: &PetstoreClient) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    petstore_bulk::for_each_page(client, None, |pets| {
        for pet in pets {
            *counts.entry(pet.name.clone()).or_insert(0) += 1;
        }
        Ok::<(), std::convert::Infallible>(())
    })
    .await
    .expect("the list loads");
    counts
}
