//! A panic is a bug. Instead of the runtime's words (and, in release builds, which abort on a
//! panic, a signal's exit code), the person reads on stderr what happened, that it is a bug and
//! whom to tell, and `petstore` exits with [`crate::exit::INTERNAL`], from whichever thread
//! panicked. The CLI keeps no log file: `-v` shows what it did before.

use std::io::Write;

use petstore_local::panic_note::PanicNote;

use crate::exit;
use crate::words::{ErrMsg, say};

/// Set in a test's environment, makes a debug build panic once its arguments are read: `main`
/// on the main thread, anything else on another one. Not in release builds: [`test_hook`] is
/// compiled only with debug assertions.
#[cfg(debug_assertions)]
pub const TEST_HOOK_PANIC: &str = "PETSTORE_TEST_HOOK_PANIC";

/// Replaces the panic hook for the rest of the run.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        // The message and place only, bounded: the payload can hold anything.
        let note = PanicNote::of(info);
        // Never a second panic here (eprintln! would panic on a closed stderr).
        let _ = writeln!(
            std::io::stderr(),
            "{}",
            say(ErrMsg::Crashed, &[("what", &note)])
        );
        std::process::exit(i32::from(exit::INTERNAL));
    }));
}

/// Panics when [`TEST_HOOK_PANIC`] asks for it (tests of the hook in a real process).
#[cfg(debug_assertions)]
pub fn test_hook() {
    let Some(place) = std::env::var_os(TEST_HOOK_PANIC) else {
        return;
    };
    if place == "main" {
        panic!("{TEST_HOOK_PANIC} asked for a panic on the main thread");
    }
    let _ = std::thread::spawn(|| panic!("{TEST_HOOK_PANIC} asked for a panic on another thread"))
        .join();
    // Only reached if the hook let the process go on.
    eprintln!("the other thread's panic did not end the run");
}
