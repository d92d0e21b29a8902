//! Every page of a list, following `Link: rel="next"` (same origin only: the client refuses
//! others), handed over page by page so nothing needs the whole catalog in memory.

use std::collections::HashSet;

use petstore_client::{Limit, ListQuery, Pet, PetStatus, PetstoreClient};

/// The most pages followed: 10 million pets at 100 a page. A server that links on beyond this
/// (or back to a page already read) is stopped rather than followed for ever.
pub const MAX_PAGES: usize = 100_000;

#[derive(Debug, thiserror::Error)]
pub enum PagesError<E: std::error::Error + 'static> {
    #[error(transparent)]
    Client(#[from] petstore_client::Error),
    #[error(transparent)]
    Sink(E),
    #[error(
        "The service kept announcing more pages ({pages} read, or a page already read was announced again); stopped there. Please report this to the service's operator."
    )]
    Endless { pages: usize },
}

/// Calls `each` with every page of pets of `status` (all when `None`), in the server's order.
/// Returns how many pets there were.
pub async fn for_each_page<E: std::error::Error + 'static>(
    client: &PetstoreClient,
    status: Option<PetStatus>,
    mut each: impl FnMut(&[Pet]) -> Result<(), E>,
) -> Result<u64, PagesError<E>> {
    let query = ListQuery {
        status,
        limit: Limit::new(u32::from(Limit::MAX)).unwrap_or_default(),
    };
    let mut page = client.list_pets(&query).await?.value;
    let mut seen = HashSet::new();
    let mut count = 0u64;
    loop {
        count += page.pets.len() as u64;
        each(&page.pets).map_err(PagesError::Sink)?;
        let Some(next) = page.next.take() else {
            return Ok(count);
        };
        if seen.len() >= MAX_PAGES || !seen.insert(next.as_str().to_owned()) {
            return Err(PagesError::Endless { pages: seen.len() });
        }
        page = client.next_page(&next).await?.value;
    }
}
