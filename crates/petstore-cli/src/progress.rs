//! An import's progress on stderr: one line rewritten in place on a terminal, plain lines (at
//! each tenth, and each phase) otherwise, so logs and CI output stay readable.

use std::io::{IsTerminal, Write};

use petstore_bulk::{Phase, Progress};
use tokio::sync::watch;

use crate::output::count;

/// Shows progress until the import finishes (its sender is dropped).
pub fn spawn(mut progress: watch::Receiver<Progress>) -> tokio::task::JoinHandle<()> {
    let terminal = std::io::stderr().is_terminal();
    tokio::spawn(async move {
        let mut last: Option<(Phase, usize, bool)> = None;
        loop {
            let now = progress.borrow_and_update().clone();
            let tenth = (now.done() * 10) / now.total.max(1);
            let key = (now.phase, tenth, now.paused);
            if terminal {
                eprint!("\r{}\x1b[K", line(&now));
                let _ = std::io::stderr().flush();
            } else if last != Some(key) {
                eprintln!("{}", line(&now));
            }
            last = Some(key);
            if now.phase == Phase::Finished || progress.changed().await.is_err() {
                break;
            }
        }
        if terminal {
            eprintln!();
        }
    })
}

fn line(p: &Progress) -> String {
    let phase = match p.phase {
        Phase::ListingBefore => "listing the pets already there",
        Phase::Sending => "sending",
        Phase::Reconciling => "checking rows of unknown outcome in the pet list",
        Phase::Resending => "sending again the rows not found",
        Phase::Finished => "done",
    };
    let left = match p.time_left {
        Some(left) if p.phase == Phase::Sending && left.as_secs() >= 60 => {
            format!(", about {} min left", left.as_secs().div_ceil(60))
        }
        Some(_) if p.phase == Phase::Sending => ", under a minute left".to_owned(),
        _ => String::new(),
    };
    format!(
        "{phase}{}: {}/{} (created {}, skipped {}, failed {}, unknown {}){left}",
        if p.paused { " (paused)" } else { "" },
        count(p.done() as u64),
        count(p.total as u64),
        count(p.created as u64),
        count(p.skipped as u64),
        count(p.failed as u64),
        count(p.unknown as u64),
    )
}
