//! `petstore import` through the shared store (issue 41): every row this run would send is
//! claimed there before the first is sent, so two desks importing the same file at the same
//! moment create each pet once; a row another desk added is left out as a repeat naming that
//! desk and when. After the run each claim is settled from the report.

use std::io::{IsTerminal, Read, Write};

use petstore_bulk::shared_desk::{self, Claimed};
use petstore_bulk::{Import, ImportReport};

use super::gate::Gate;
use crate::exit::CliError;
use crate::words::{StoreMsg, say};

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
    let rows = shared_desk::claim_rows(desk, import, url, file_name, again)
        .await
        .map_err(CliError::Store)?;
    if rows.in_progress > 0 {
        eprintln!(
            "{}",
            say(StoreMsg::InProgressLater, &[("n", &rows.in_progress)])
        );
    }
    Ok(rows.claimed)
}

/// Settles each claim from the row's outcome (see `shared_desk::settle_rows`).
pub async fn settle_rows(gate: &mut Gate, url: &str, claimed: &Claimed, report: &ImportReport) {
    if let Gate::On(desk) = gate {
        shared_desk::settle_rows(desk, url, claimed, report).await;
    }
}
