//! `petstore import` through the shared store (issue 41): every row this run would send is
//! claimed there before the first is sent, so two desks importing the same file at the same
//! moment create each pet once; a row another desk added is left out as a repeat naming that
//! desk and when. After the run each claim is settled from the report.

use std::collections::{BTreeMap, HashMap};
use std::io::{IsTerminal, Read, Write};

use petstore_bulk::{Import, ImportReport, Outcome, Repeat};
use petstore_shared::{Claim, SharedError, Source};

use super::gate::{self, Gate};
use crate::exit::CliError;
use crate::words::{StoreMsg, say};

/// The claims this run made: row index → the key it was claimed under.
pub type Claimed = Vec<(usize, String)>;

/// Before an import starts: a store set up and not reached is said, and the person asked
/// (y/N at a terminal); `unchecked` goes on without asking; otherwise nothing is sent.
pub fn go_on_unchecked(gate: &Gate, unchecked: bool) -> Result<(), CliError> {
    let Gate::NotReached(why) = gate else {
        return Ok(());
    };
    log::warn!("import without the shared store: {why}");
    if unchecked {
        eprintln!("{}", say(StoreMsg::NotChecked, &[]));
        return Ok(());
    }
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(CliError::StoreUnchecked);
    }
    eprint!("{}", say(StoreMsg::ImportUnchecked, &[]));
    let _ = std::io::stderr().flush();
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    // One short line: the answer, never more than 16 bytes read.
    while answer.len() < 16 && stdin.lock().read(&mut byte).map_err(CliError::Stdin)? == 1 {
        if byte[0] == b'\n' {
            break;
        }
        answer.push(byte[0]);
    }
    let answer = String::from_utf8_lossy(&answer).trim().to_lowercase();
    match answer.as_str() {
        "y" | "yes" | "j" | "ja" => Ok(()),
        _ => Err(CliError::StoreUnchecked),
    }
}

/// Claims every row `import` would send; the rows another desk added are left out of it.
pub async fn claim_rows(
    gate: &mut Gate,
    import: &mut Import,
    url: &str,
    file_name: &str,
    again: bool,
) -> Result<Claimed, CliError> {
    let Gate::On(desk) = gate else {
        return Ok(Vec::new());
    };
    let mut claimed = Vec::new();
    let mut skipped = BTreeMap::new();
    for row in import.rows_to_send() {
        let source = Source::Import {
            file_name: file_name.to_owned(),
            line: row.line,
        };
        let mut key = row.key.clone();
        let mut answer = desk.claim(url, &key, &row.pet, &source, again).await;
        if let Err(SharedError::KeyTaken { .. }) = answer {
            // A resumed import's row an earlier run settled (refused): claimed afresh under a
            // key of its own.
            key = format!("{}~{}", row.key, petstore_bulk::single_key());
            answer = desk.claim(url, &key, &row.pet, &source, again).await;
        }
        match answer {
            Ok(Claim::Claimed) => claimed.push((row.index, key)),
            Ok(Claim::Earlier(earlier)) => {
                skipped.insert(row.index, Repeat::Earlier(gate::earlier(earlier)));
            }
            Err(error) => {
                // Nothing was sent: the claims made so far are given back.
                for (_, key) in &claimed {
                    if let Err(error) = desk.settle(url, key, Some(Err(()))).await {
                        log::warn!("a claim not given back: {error}");
                    }
                }
                return Err(CliError::Store(error));
            }
        }
    }
    let in_progress = skipped
        .values()
        .filter(|repeat| matches!(repeat, Repeat::Earlier(earlier) if earlier.in_progress))
        .count();
    import.skip_as_repeats(skipped);
    if in_progress > 0 {
        eprintln!("{}", say(StoreMsg::InProgressLater, &[("n", &in_progress)]));
    }
    Ok(claimed)
}

/// Settles each claim from the row's outcome; one that cannot be settled stays "may have been
/// added" in the shared store (logged), never lost.
pub async fn settle_rows(gate: &mut Gate, url: &str, claimed: &Claimed, report: &ImportReport) {
    let Gate::On(desk) = gate else {
        return;
    };
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
        if let Err(error) = desk.settle(url, key, outcome).await {
            log::warn!("import row {index}: its answer not recorded in the shared store: {error}");
        }
    }
}
