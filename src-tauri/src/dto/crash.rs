//! The notice that the app closed unexpectedly last time.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The app stopped on a bug (a panic) the last time it ran; its log file says what happened.
/// Answered by `last_crash` once per crash: the next start shows it, and the marker the crash
/// left is removed once it was answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CrashNotice {
    /// RFC 3339: when it stopped; null when the marker did not say.
    pub at: Option<String>,
    /// The log file holding what happened (the message and where in the code, never more),
    /// in full; null when this computer gives the app no log folder.
    pub log_file: Option<String>,
}
