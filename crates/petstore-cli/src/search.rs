//! `petstore list --name-contains TEXT`: the service has no search, so every page is read
//! (`petstore_bulk::survey`, as `export` does: paced as bulk work, bounded, and by status too
//! when the whole list cannot be paged) and only the pets whose name holds TEXT are kept.
//!
//! A search that could not look at every pet never says "no pet matches" as if it had: the
//! pets it found are printed (a table, or with `--json` the API's Pet objects), and the command
//! ends with exit 14 and a sentence on stderr saying how many pets it looked at. A walk cut
//! short by a failure prints what it found before the failure's own words and exit code.

use std::cell::{Cell, RefCell};

use petstore_bulk::PagesError;
use petstore_client::{Limit, Pet, PetStatus, PetstoreClient, Priority};

use crate::args::ListArgs;
use crate::exit::CliError;
use crate::output;
use crate::words::{Msg, say};

/// The most matches kept: beyond this the walk stops and asks for a longer text, so memory
/// stays bounded whatever the store holds.
pub const MAX_MATCHES: usize = 10_000;

/// How much of a long TEXT the messages repeat.
const SHOWN_TEXT_CHARS: usize = 60;

/// One search: what it looks for, and what it saw so far (kept outside the walk, so a walk
/// stopped by `--timeout` still shows what it found).
#[derive(Debug)]
pub struct Search {
    text: String,
    needle: String,
    status: Option<PetStatus>,
    found: RefCell<Vec<Pet>>,
    seen: Cell<u64>,
    /// `Some(complete)` once the walk ended.
    ended: Cell<Option<bool>>,
}

/// Stops the walk: more matches than [`MAX_MATCHES`].
#[derive(Debug, thiserror::Error)]
#[error("more than {MAX_MATCHES} matches")]
struct TooMany;

impl Search {
    /// Refuses an empty TEXT, and one longer than a pet's name may be (a longer text could
    /// match no name the app or an import sends), without repeating it.
    pub fn new(text: &str, status: Option<PetStatus>) -> Result<Search, CliError> {
        let chars = text.chars().count();
        if chars == 0 || chars > petstore_bulk::MAX_NAME_CHARS {
            return Err(CliError::SearchText { chars });
        }
        Ok(Search {
            text: text.to_owned(),
            needle: text.to_lowercase(),
            status,
            found: RefCell::new(Vec::new()),
            seen: Cell::new(0),
            ended: Cell::new(None),
        })
    }

    fn matches(&self, pet: &Pet) -> bool {
        pet.name.to_lowercase().contains(&self.needle)
    }

    /// Reads every page it can, in pages of `--limit` (100 when not given).
    pub async fn walk(&self, client: &PetstoreClient, args: &ListArgs) -> Result<(), CliError> {
        // Bulk work: full speed alone on the key, leaving the window's end to people.
        let client = client.with_priority(Priority::Batch);
        let limit = args
            .limit
            .unwrap_or_else(|| Limit::new(u32::from(Limit::MAX)).unwrap_or_default());
        let surveyed =
            petstore_bulk::survey_in_pages_of(&client, self.status.clone(), limit, |pets| {
                self.seen.set(self.seen.get() + pets.len() as u64);
                let mut found = self.found.borrow_mut();
                found.extend(pets.iter().filter(|pet| self.matches(pet)).cloned());
                if found.len() > MAX_MATCHES {
                    found.truncate(MAX_MATCHES);
                    return Err(TooMany);
                }
                Ok(())
            })
            .await;
        match surveyed {
            Ok(surveyed) => {
                self.ended.set(Some(surveyed.complete));
                Ok(())
            }
            Err(PagesError::Sink(TooMany)) => Err(CliError::TooManyMatches {
                text: self.shown_text(),
                max: MAX_MATCHES,
            }),
            Err(PagesError::Client(error)) => Err(CliError::Api(error)),
            Err(PagesError::Endless { pages }) => Err(CliError::EndlessList { pages }),
        }
    }

    /// Prints what was found, and ends the command as the walk did: `result` is the walk's
    /// (or the `--timeout` budget's).
    pub fn finish(&self, json: bool, result: Result<(), CliError>) -> Result<(), CliError> {
        let found = self.found.borrow();
        let seen = self.seen.get();
        let complete = match (&result, self.ended.get()) {
            (Ok(()), Some(complete)) => complete,
            (Ok(()), None) => {
                return Err(CliError::Internal("the search ended without a walk".into()));
            }
            // Nothing was looked at: the failure alone, as a plain `list` would.
            (Err(_), _) if seen == 0 => return result,
            (Err(_), _) => {
                self.print(json, &found, false)?;
                if !matches!(result, Err(CliError::TooManyMatches { .. })) {
                    let values: [(&str, &dyn std::fmt::Display); 2] =
                        [("seen", &output::count(seen)), ("matched", &found.len())];
                    let msg = match seen {
                        1 => Msg::SearchCutShortAfterOne,
                        _ => Msg::SearchCutShort,
                    };
                    eprintln!("{}", say(msg, &values));
                }
                return result;
            }
        };
        self.print(json, &found, complete)?;
        if complete {
            return Ok(());
        }
        Err(CliError::SearchIncomplete {
            text: self.shown_text(),
            status: self.status.clone(),
            seen,
            matched: found.len(),
        })
    }

    fn print(&self, json: bool, found: &[Pet], complete: bool) -> Result<(), CliError> {
        if json {
            return output::print_json(found);
        }
        if !found.is_empty() {
            return output::print(&output::pet_table(found));
        }
        let seen = output::count(self.seen.get());
        let text = self.shown_text();
        let line = match (&self.status, complete) {
            (None, true) => say(Msg::SearchNone, &[("text", &text), ("seen", &seen)]),
            (Some(status), true) => say(
                Msg::SearchNoneOfStatus,
                &[("text", &text), ("seen", &seen), ("status", status)],
            ),
            // Never "no pet" when not every pet was looked at.
            (_, false) => say(Msg::SearchNoneAmong, &[("text", &text), ("seen", &seen)]),
        };
        output::print(&format!("{line}\n"))
    }

    /// TEXT as the messages repeat it: one line, a long one cut.
    fn shown_text(&self) -> String {
        output::truncate(&self.text, SHOWN_TEXT_CHARS)
    }
}
