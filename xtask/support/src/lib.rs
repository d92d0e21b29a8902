//! The small helpers `xtask` and the installer check (`tests/installers`) both stand on, kept in
//! one place: running other programs with errors that name the step ([`cmd`]), a virtual X
//! display ([`display`]), and installing missing Debian/Ubuntu packages ([`packages`]).

pub mod cmd;
pub mod display;
pub mod packages;
