//! Test-only helpers shared by the crates' tests (a dev-dependency, never part of a build that
//! ships): a sandbox on 127.0.0.1:0 for a test's key, a key with a tiny quota, another program
//! spending a key's window, and a client set up for a sandbox.
//!
//! Each crate's tests keep a key of their own (some assert how it is shown, by its last four
//! characters), so every helper takes the key.
//!
//! Only the sandbox's types cross [`tiny_quota`] and [`raw_list`]: the client's own unit tests
//! use them too, and a client type from here would be a second copy of theirs.
//!
//! [`postgres::TestPostgres`] starts a real PostgreSQL server for the shared store's tests; it
//! needs none of the crates above, so `petstore-shared` takes this crate without the default
//! `sandbox` feature and builds none of them.

// Built everywhere, so the shared store's examples build for Windows too (its tests, which start
// Debian's PostgreSQL, are Unix-only).
pub mod postgres;
#[cfg(feature = "sandbox")]
mod sandbox;

#[cfg(feature = "sandbox")]
pub use sandbox::*;
