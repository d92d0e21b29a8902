//! The first page at start-up, fetched in Rust while the window is made (`backend/first_page.rs`),
//! against a real sandbox: it answers the page's first call without a second request, and only
//! when that call asks for the same list.

mod common;

use std::sync::Arc;

use common::{Collected, STAFF_KEY, backend, sandbox, use_staging};
use petstore_admin::dto::PetStatusValue;
use petstore_sandbox::SandboxConfig;

#[tokio::test]
async fn the_page_fetched_early_answers_the_first_call_and_the_request_goes_once() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;

    let fetch = backend.first_page_early();
    backend.fetch_first_page(fetch).await;
    let sent = server.request_count();
    let page = backend.list_pets(None, None).await.expect("the early page");
    assert_eq!(server.request_count(), sent, "answered without a request");
    assert!(!page.pets.is_empty());

    // Only once: a reload of the window (or a refresh) asks the service again.
    let again = backend.list_pets(None, None).await.expect("a new page");
    assert_eq!(server.request_count(), sent + 1);
    assert_eq!(again.pets, page.pets);
}

#[tokio::test]
async fn a_first_call_made_while_the_early_page_is_on_its_way_waits_for_it() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;

    let before = server.request_count();
    let fetch = backend.first_page_early();
    let ((), page) = tokio::join!(
        backend.fetch_first_page(fetch),
        backend.list_pets(None, None)
    );
    assert!(!page.expect("the early page").pets.is_empty());
    assert_eq!(server.request_count(), before + 1, "one request for both");
}

#[tokio::test]
async fn a_first_call_for_another_list_asks_the_service_and_the_early_page_is_gone() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;

    backend.fetch_first_page(backend.first_page_early()).await;
    let sent = server.request_count();
    let sold = backend
        .list_pets(Some(PetStatusValue::Sold), None)
        .await
        .expect("filtered");
    assert_eq!(server.request_count(), sent + 1, "the filter was asked for");
    assert!(
        sold.pets
            .iter()
            .all(|pet| pet.status.as_deref() == Some("sold"))
    );
    // The early page belonged to the first call, which was another list: it is not kept.
    backend.list_pets(None, None).await.expect("page");
    assert_eq!(server.request_count(), sent + 2);
}

#[tokio::test]
async fn rows_per_page_changed_before_the_first_call_make_it_ask_again() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;

    backend.fetch_first_page(backend.first_page_early()).await;
    backend.save_page_size(2).expect("rows per page");
    let sent = server.request_count();
    let page = backend.list_pets(None, None).await.expect("page");
    assert_eq!(server.request_count(), sent + 1);
    assert_eq!(
        page.pets.len(),
        2,
        "the new rows per page, not the early page's"
    );
}
