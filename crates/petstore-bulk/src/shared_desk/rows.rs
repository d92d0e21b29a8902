//! An import through the shared store (issue 41), for both shells: every row the run would send
//! is claimed there before the first is sent, so two desks importing the same file at the same
//! moment create each pet once; a row another desk added (or is adding) is left out as a repeat
//! naming that desk. After the run each claim is settled from the report.

use std::collections::{BTreeMap, HashMap};

use petstore_shared::{Claim, SharedError, Source};

use super::{Desk, earlier};
use crate::created::Repeat;
use crate::import::{Import, ImportReport, Outcome};

/// The claims a run made: row index → the key it was claimed under.
pub type Claimed = Vec<(usize, String)>;

/// What claiming the rows found.
#[derive(Debug, Default)]
pub struct ClaimedRows {
    pub claimed: Claimed,
    /// Rows another desk is adding at this moment (not sent: run the import again later).
    pub in_progress: usize,
}

/// Claims every row `import` would send; the rows another desk added are left out of it as
/// repeats. A failure gives back the claims made so far (nothing was sent) and stands.
pub async fn claim_rows(
    desk: &mut Desk,
    import: &mut Import,
    environment: &str,
    file_name: &str,
    again: bool,
) -> Result<ClaimedRows, SharedError> {
    let mut claimed = Vec::new();
    let mut skipped = BTreeMap::new();
    for row in import.rows_to_send() {
        let source = Source::Import {
            file_name: file_name.to_owned(),
            line: row.line,
        };
        let mut key = row.key.clone();
        let mut answer = desk
            .claim(environment, &key, &row.pet, &source, again)
            .await;
        if let Err(SharedError::KeyTaken { .. }) = answer {
            // A resumed import's row an earlier run settled (refused): claimed afresh under a
            // key of its own.
            key = format!("{}~{}", row.key, crate::single_key());
            answer = desk
                .claim(environment, &key, &row.pet, &source, again)
                .await;
        }
        match answer {
            Ok(Claim::Claimed) => claimed.push((row.index, key)),
            Ok(Claim::Earlier(found)) => {
                skipped.insert(row.index, Repeat::Earlier(earlier(found)));
            }
            Err(error) => {
                for (_, key) in &claimed {
                    if let Err(error) = desk.settle(environment, key, Some(Err(()))).await {
                        log::warn!("a claim not given back: {error}");
                    }
                }
                return Err(error);
            }
        }
    }
    let in_progress = skipped
        .values()
        .filter(|repeat| matches!(repeat, Repeat::Earlier(earlier) if earlier.in_progress))
        .count();
    import.skip_as_repeats(skipped);
    Ok(ClaimedRows {
        claimed,
        in_progress,
    })
}

/// Settles each claim from the row's outcome; one that cannot be settled stays "may have been
/// added" in the shared store (logged), never lost.
pub async fn settle_rows(
    desk: &mut Desk,
    environment: &str,
    claimed: &Claimed,
    report: &ImportReport,
) {
    let outcomes: HashMap<usize, &Outcome> = report
        .rows
        .iter()
        .map(|row| (row.index, &row.outcome))
        .collect();
    for (index, key) in claimed {
        let outcome = match outcomes.get(index) {
            Some(Outcome::Created { id } | Outcome::Skipped { id }) => Some(Ok(*id)),
            Some(Outcome::Unknown { .. }) => None,
            Some(_) => Some(Err(())),
            // Not in the report: its fate is not known here.
            None => None,
        };
        if let Err(error) = desk.settle(environment, key, outcome).await {
            log::warn!("import row {index}: its answer not recorded in the shared store: {error}");
        }
    }
}
