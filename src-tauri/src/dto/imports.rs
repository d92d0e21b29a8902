//! What crosses the IPC boundary for import and export. Not `petstore-bulk`'s own
//! types: counts and line numbers are numbers JavaScript holds exactly (u32, saturated), ids are
//! strings, durations are whole seconds, and problems are codes the UI words.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{CategoryMerge, CommandError, Environment, Plan, RowProblemCode};

/// A file read and validated, nothing sent: what the import dialog shows before **Import N pets**.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreview {
    /// The file as the picker named it.
    pub path: String,
    pub file_name: String,
    /// Where the import goes: the environment selected when the file was read.
    pub environment: Environment,
    pub production: bool,
    pub base_url: String,
    pub total_rows: u32,
    pub valid_rows: u32,
    pub invalid_rows: u32,
    /// Every invalid row, then valid rows in file order up to [`PREVIEW_VALID_ROWS`]: a file of
    /// 100,000 rows is not sent whole to the web view.
    pub rows: Vec<PreviewRow>,
    /// Header names of columns the import does not read.
    pub ignored_columns: Vec<String>,
    /// How long the rows Import sends by default take.
    pub estimate: ImportEstimate,
    /// How long they take with the `repeats` too, when the person chooses to add them.
    pub estimate_with_repeats: ImportEstimate,
    /// Some rows were fixed in place: the import sends the fixed rows.
    pub edited: bool,
    /// An earlier run of this same content to this environment did not finish: starting resumes
    /// it (rows it created are skipped, never sent again).
    pub resumable: Option<ResumableImport>,
    /// The file names categories beside their numbers: the names **Import** adds to this
    /// environment's list (as if it started now), and those it would not use. null: no names.
    pub category_names: Option<CategoryMerge>,
    /// Valid rows that repeat a pet and that `start_import`'s `allowRepeats` would create again
    /// (skipped without it). Rows an earlier run of this same content added are marked too
    /// (`PreviewRow.repeat`) but never counted here: they are never sent again.
    pub repeats: u32,
}

/// Why a valid row repeats a pet: this computer already created (or may have created) the same
/// pet in this environment, or an earlier row of the file is the same pet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Repeat {
    Earlier(EarlierCreate),
    InFile {
        /// The earlier line of this file with the same pet.
        line: u32,
    },
}

/// A pet this computer created (or may have created) in an environment: named to the person
/// before the same pet is sent again, by an import's preview and by the New pet form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EarlierCreate {
    /// When it was sent (RFC 3339).
    pub at: String,
    pub source: CreateSource,
    /// null: that create's outcome was never confirmed: the pet may have been added.
    pub pet_id: Option<String>,
    /// Another desk's create, known from the shared store (issue 41): that desk's name. Left out
    /// for this computer's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub desk: Option<String>,
    /// That desk is still adding it (its claim is not settled yet, and the desk is connected or
    /// the claim young): nothing is known yet. Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub in_progress: bool,
}

impl From<&petstore_bulk::Earlier> for EarlierCreate {
    fn from(earlier: &petstore_bulk::Earlier) -> Self {
        let line = |line: u64| u32::try_from(line).unwrap_or(u32::MAX);
        EarlierCreate {
            at: crate::convert::instant(earlier.at),
            source: match &earlier.source {
                petstore_bulk::CreateSource::Import {
                    file_name,
                    line: at,
                } => CreateSource::Import {
                    file_name: file_name.clone(),
                    line: line(*at),
                },
                petstore_bulk::CreateSource::Form => CreateSource::Form,
                petstore_bulk::CreateSource::AddAgain => CreateSource::AddAgain,
                petstore_bulk::CreateSource::CommandLine => CreateSource::CommandLine,
                petstore_bulk::CreateSource::Outbox => CreateSource::Outbox,
            },
            pet_id: earlier.pet_id.map(|id| id.to_string()),
            desk: earlier.desk.clone(),
            in_progress: earlier.in_progress,
        }
    }
}

/// Where an earlier create came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum CreateSource {
    #[serde(rename_all = "camelCase")]
    Import {
        file_name: String,
        line: u32,
    },
    Form,
    AddAgain,
    CommandLine,
    /// Sent later from the environment's outbox (queued while it could not be sent).
    Outbox,
}

/// How many valid rows the preview shows (the counts cover them all).
pub const PREVIEW_VALID_ROWS: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PreviewRow {
    /// The row's identity for `fix_import_row` (its position among the data rows).
    pub index: u32,
    /// The line of the file the row starts on.
    pub line: u32,
    pub name: String,
    pub category_id: String,
    pub status: String,
    /// The category name the file gives beside the number; empty when none.
    pub category_name: String,
    /// Empty when the row is valid.
    pub problems: Vec<RowProblem>,
    /// A valid row that repeats a pet; null otherwise.
    pub repeat: Option<Repeat>,
    /// The name starts as a spreadsheet formula does (`=`, `+`, `-`, `@`, what an export
    /// guards): imported as typed, and the preview says so.
    pub formula_name: bool,
}

/// One problem of one cell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RowProblem {
    /// "name", "categoryId" or "status": the cell to fix.
    pub column: String,
    /// What is wrong, as a code the UI words (`describeRowProblem`).
    pub problem: RowProblemCode,
}

/// The cells of one row as a person fixed them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RowCells {
    pub name: String,
    pub category_id: String,
    pub status: String,
}

/// How long the rows take under the environment's quota.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportEstimate {
    /// Rows this run would send.
    pub requests: u32,
    /// How long they take, rounded as every shell says it (petstore-bulk's `About`); null until
    /// an answer has told the quota.
    pub time: Option<ImportTime>,
    /// The day window is the limit (more rows than a day allows): said before starting.
    pub day_limited: bool,
    /// The plan the quota's headers named, if any. With the two rates below, the UI says
    /// "about 4 min at 300 requests a minute (Pro plan)" in the person's language.
    pub plan: Option<Plan>,
    pub per_minute: Option<u32>,
    pub per_day: Option<u32>,
    /// The service asked this key to wait (a 429, a spent quota, a wait another program
    /// remembered): nothing is sent before it ends, and `time` counts it. null: no wait.
    #[ts(optional = nullable)]
    pub wait: Option<ImportWait>,
}

/// A rate-limit wait an import must sit out before it sends anything.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportWait {
    /// RFC 3339: when it ends.
    pub until: String,
    /// Longer than an import sits out (25 hours): started now, it stops at once naming the
    /// wait's end; started again then, it runs.
    pub too_long: bool,
}

/// An import's time, rounded up: under a minute, or whole minutes (under two hours), hours
/// (under two days) or days. The UI words it in the language on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "unit", rename_all = "camelCase")]
pub enum ImportTime {
    UnderAMinute,
    Minutes { count: u32 },
    Hours { count: u32 },
    Days { count: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ResumableImport {
    pub created: u32,
    pub unknown: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ImportPhase {
    /// Listing the pets present before the import (to find later which pets it created).
    ListingBefore,
    Sending,
    /// Listing the pets to settle rows whose outcome was lost.
    Reconciling,
    /// Sending again the rows the person chose to resend.
    Resending,
    Finished,
}

/// Payload of the `import-progress` event, and part of `import_status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportProgress {
    pub environment: Environment,
    pub file_name: String,
    pub phase: ImportPhase,
    /// Valid rows of the file.
    pub total: u32,
    pub created: u32,
    pub skipped: u32,
    pub failed: u32,
    pub unknown: u32,
    pub paused: bool,
    /// Cancel was asked: the row in flight finishes, nothing more is sent.
    pub cancelling: bool,
    /// The time the rows left take under the latest quota; null until it is known.
    pub seconds_left: Option<u32>,
    /// RFC 3339: the import sends nothing until then, waiting out a rate-limit wait the key must
    /// honour. null: it is not waiting.
    #[ts(optional = nullable)]
    pub waiting_until: Option<String>,
}

/// One row of the end screen that needs the person's eye (unknown or failed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportRow {
    pub line: u32,
    pub name: String,
    pub category_id: String,
    pub status: Option<String>,
    /// "notFound" (listed after the import, no such pet), "unchecked" (the service's list could
    /// not be read to its end: never resent), "outcome" (not looked for yet), "earlier" or
    /// "inFile" (a repeat not sent), or the error kind that refused it.
    pub detail: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportCounts {
    pub created: u32,
    /// Created by an earlier run of this import: not sent again.
    pub skipped: u32,
    pub invalid: u32,
    pub failed: u32,
    pub unknown: u32,
    /// Valid rows not sent because they repeat a pet.
    pub repeated: u32,
    pub not_sent: u32,
}

/// Payload of the `import-finished` event, and part of `import_status`: the end screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportResult {
    pub environment: Environment,
    pub base_url: String,
    pub file_name: String,
    pub counts: ImportCounts,
    /// An earlier run of this import was resumed.
    pub resumed: bool,
    pub cancelled: bool,
    /// Why the run stopped before every row had an outcome (besides a cancel).
    pub stopped: Option<CommandError>,
    /// It stopped at the end, while listing the pets to find the rows whose outcome was lost:
    /// those stay unknown, and running the import again looks for them again.
    pub stopped_reconciling: bool,
    /// The pets this import created (this run and earlier runs of it), to highlight.
    pub new_ids: Vec<String>,
    /// Rows sent whose outcome stayed unknown after reconciliation: offered for resending,
    /// never resent without the person's yes.
    pub unknown_rows: Vec<ReportRow>,
    pub failed_rows: Vec<ReportRow>,
    /// Rows not sent because they repeat a pet.
    pub repeated_rows: Vec<ReportRow>,
    /// It stopped because `MAX_UNKNOWN_IN_A_ROW` rows in a row had an unknown outcome (`stopped`
    /// holds the last such error); what was sent was reconciled, and picking the file again
    /// resumes it.
    pub kept_failing: bool,
}

/// `import_status`: the import of this session, running or ended (for a reopened dialog or a
/// reloaded web view).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportStatus {
    pub progress: ImportProgress,
    pub running: bool,
    /// Once it ended.
    pub result: Option<ImportResult>,
}

/// An import an earlier session began and did not finish: offered for resuming, asking first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UnfinishedImport {
    /// The file it reads (the original, or the app's copy with the rows fixed in place).
    pub source: String,
    pub file_name: String,
    pub base_url: String,
    /// The environment at that address now, when one is.
    pub environment: Option<Environment>,
    pub created: u32,
    pub unknown: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    Csv,
    Json,
}

/// A file the app wrote where the person chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SavedFile {
    pub path: String,
    /// The file that was there before, kept under this name.
    pub kept_as: Option<String>,
    /// Pets written (an export of pets), entries (an export of the activity history), or
    /// category names (an exported list); null for a report.
    pub pets: Option<u32>,
    /// An export of pets that may lack some: the service's list stopped at a full page with no
    /// way on, even read by status. False for every other file.
    pub incomplete: bool,
}

/// How far an export of pets is: sent on the call's channel after each page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportProgress {
    /// Pets in the file so far.
    pub pets: u32,
}
