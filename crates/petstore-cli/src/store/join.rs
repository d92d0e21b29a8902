//! Joining a shared store brings this computer's record of created pets into it once
//! (`petstore_bulk::shared_desk::bring_in`); here, the record read from this computer's folders.

use petstore_bulk::Recorded;

use crate::exit::CliError;

pub use petstore_bulk::shared_desk::bring_in;

/// Each environment's base address with this computer's record of it (files only: read before
/// any runtime).
pub fn local_records() -> Result<Vec<(String, Vec<Recorded>)>, CliError> {
    let Some(data_dir) = petstore_local::data_dir() else {
        return Ok(Vec::new());
    };
    let settings = petstore_local::Settings::load()?;
    petstore_bulk::shared_desk::local_records(&data_dir, &settings)
        .map_err(|e| CliError::Import(e.into()))
}
