//! Typed client of the Pet Store HTTP service (`shared/spec/pet-store-interface.md`).
//!
//! Tauri-free: the desktop shell and the `petstore` CLI are thin layers over this crate.

pub mod clock;
pub mod events;
pub mod ratelimit;
pub mod retry;

pub use clock::{Clock, SystemClock};
pub use events::ClientEvent;
pub use ratelimit::{Plan, QuotaWindow, RateLimitSnapshot};

#[cfg(feature = "keychain")]
pub mod keychain;
