//! `petstore import` and `petstore export`: thin over `petstore-bulk`.

mod export;
mod import;
mod preview;
mod summary;

pub use export::export;
pub use import::import;

use crate::exit::CliError;

/// Invalid rows listed one by one before "and N more".
const INVALID_SHOWN: usize = 20;

/// `say`'s arguments from named texts.
fn named<'a>(pairs: &'a [(&'a str, String)]) -> Vec<(&'a str, &'a dyn std::fmt::Display)> {
    pairs
        .iter()
        .map(|(name, value)| (*name, value as &dyn std::fmt::Display))
        .collect()
}

fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| CliError::Internal(format!("could not start the async runtime: {err}")))
}
