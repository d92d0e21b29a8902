//! End-to-end tests live in `e2e/` (each named in Cargo.toml); this crate has no library code of
//! its own.
