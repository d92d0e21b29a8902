//! The app's test-only variables (`PETSTORE_TEST_HOOK_*`: the pickers' answers, the update
//! offer's yes), read only through [`var_os`]. They are honoured in debug builds and in the
//! suite's own release app (feature `test-hooks`, which `cargo xtask test` builds for the e2e and
//! installer stages); a release people get is built without it and reads none of them, so no
//! variable can install an update without a click or answer a file picker.
//! (docs/ARCHITECTURE.md, "Test-only variables", lists every one with why.)

use std::ffi::OsString;

/// Whether this build reads the test hooks.
pub const HONOURED: bool = cfg!(any(debug_assertions, feature = "test-hooks"));

/// The test hook `name`, where this build honours test hooks; `None` in a release.
pub fn var_os(name: &str) -> Option<OsString> {
    if HONOURED {
        std::env::var_os(name)
    } else {
        None
    }
}
