//! `-v` / `-vv`: what the command does, on stderr. Without them nothing is logged, so stderr
//! carries only the messages meant for a person.
//!
//! Only our own targets (`petstore…`: this binary, `petstore_client`, `petstore::http`) log at
//! the chosen level; libraries below us only warnings, so a dependency's debug output (which
//! may show headers) never reaches the terminal. Nothing of ours logs a key.

use std::io::Write;

use log::LevelFilter;

/// The prefix shared by every target of ours.
const OUR_TARGETS: &str = "petstore";

/// The level for a count of `-v` flags: none is off, one info, two or more debug.
pub fn level(verbosity: u8) -> LevelFilter {
    match verbosity {
        0 => LevelFilter::Off,
        1 => LevelFilter::Info,
        _ => LevelFilter::Debug,
    }
}

pub fn init(verbosity: u8) {
    let ours = level(verbosity);
    if ours == LevelFilter::Off {
        return;
    }
    env_logger::Builder::new()
        .filter_level(LevelFilter::Warn)
        .filter_module(OUR_TARGETS, ours)
        .target(env_logger::Target::Stderr)
        .format(|out, record| {
            writeln!(
                out,
                "[{} {}] {}",
                record.level(),
                record.target(),
                record.args()
            )
        })
        .init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_vs_mean_more_detail_up_to_debug() {
        assert_eq!(level(0), LevelFilter::Off);
        assert_eq!(level(1), LevelFilter::Info);
        assert_eq!(level(2), LevelFilter::Debug);
        assert_eq!(level(u8::MAX), LevelFilter::Debug);
    }
}
