//! What a desk proves at connect: the schema's version, and how many other desks used the store.

#![cfg(unix)]

mod common;

use common::*;
use petstore_shared::{Claim, known_version};

#[tokio::test]
async fn the_version_and_the_other_desks_are_read() {
    let pg = store().await;
    let mut shared = desk(&pg).await;
    assert_eq!(shared.schema_version().await.unwrap(), known_version());
    assert_eq!(shared.other_desks("FRONT").await.unwrap(), 0);
    for (desk, key, name) in [
        ("FRONT", "single:1", "Rex"),
        ("BACK", "single:2", "Tom"),
        ("BACK", "single:3", "Kit"),
        ("GARDEN", "single:4", "Bo"),
    ] {
        let claim = shared
            .claim(&at(desk, key), "clerk", &pet(name, None), &import(1))
            .await
            .unwrap();
        assert_eq!(claim, Claim::Claimed);
    }
    // BACK counts once, and the asking desk not at all.
    assert_eq!(shared.other_desks("FRONT").await.unwrap(), 2);
    assert_eq!(shared.other_desks("NEW").await.unwrap(), 3);
}
