//! The private parsers of what a server sends, for the fuzz targets in `fuzz/` at the
//! repository's root (feature `fuzzing`, off by default; no program of the product turns it
//! on). Each function calls the parser the client itself uses, never a copy of it.
//!
//! The rate-limit headers need nothing here: [`crate::RateLimitSnapshot::from_headers`] and
//! [`crate::ratelimit::parse_retry_after`] are public already.

use url::Url;

use crate::error::Error;
use crate::model::Pet;

/// The `rel="next"` target of a page's `Link` headers, as a page's reading finds it.
pub fn next_link(headers: &http::HeaderMap, request_url: &Url) -> Option<Url> {
    crate::link::next_link(headers, request_url)
}

/// A `Pets` body as the list reads it: the first `limit` pets, and how many more were dropped.
pub fn pets(status: u16, body: &[u8], limit: usize) -> Result<(Vec<Pet>, usize), Error> {
    crate::client::decode_pets(status, body, limit).map(|page| (page.pets, page.dropped))
}

/// The same body read by the slower path that names a wrong field (one JSON value per pet).
pub fn pets_slowly(status: u16, body: &[u8], limit: usize) -> Result<Vec<Pet>, Error> {
    crate::client::decode_pets_slowly(status, body, limit)
}
