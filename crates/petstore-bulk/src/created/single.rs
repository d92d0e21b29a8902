//! One create outside an import: the app's New pet form, Add again and `petstore add`. Each is
//! asked of the record before anything is sent, exactly as an import's rows are: a pet this
//! computer added, or may have added, in the environment is named and not sent again unless the
//! person chose to repeat it. The check and the `sent` line are one step under the record's lock,
//! so two programs adding the same pet at the same moment cannot both pass it; the answer is
//! written after, and a lost answer leaves the `sent` line: "may have been added", for every
//! later create of that pet from any path.

use std::sync::atomic::{AtomicU64, Ordering};

use chrono::Utc;
use petstore_client::{Error, ErrorKind, NewPet};

use super::{CreateSource, CreatedError, CreatedPets, Earlier, Event, Line};

/// What the record answered before a single create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// Written as sent under `key`: send it, then [`CreatedPets::settle`] with the answer.
    Sent { key: String },
    /// This computer already added (or may have added) the same pet here: nothing was written,
    /// and nothing may be sent without the person's second, deliberate choice.
    Earlier(Earlier),
}

/// Whether a create that failed with `error` may still have made the pet: the service may have
/// acted before the answer was lost or garbled. Every other failure provably made nothing (the
/// service said no, or the client never sent it). One rule for imports and single creates.
pub fn may_have_created(error: &Error) -> bool {
    match error.kind() {
        ErrorKind::BadRequest
        | ErrorKind::InvalidInput
        | ErrorKind::Unauthorized
        | ErrorKind::NotFound
        | ErrorKind::Gone
        // Rate limited: the client waited as long as allowed and did not send. Network: the
        // client reports it for a create only when the request provably never left.
        | ErrorKind::RateLimited
        | ErrorKind::Network
        | ErrorKind::Configuration => false,
        ErrorKind::OutcomeUnknown
        | ErrorKind::Timeout
        | ErrorKind::Server
        | ErrorKind::UnexpectedResponse
        | ErrorKind::Decode
        | ErrorKind::ResponseTooLarge => true,
    }
}

impl CreatedPets {
    /// Before a single create of `pet`: the earlier create of the same pet by this computer, or,
    /// when there is none or `allow_repeat` (the person chose to add it again), the pet written
    /// as sent. Re-reads what other programs wrote first, under the lock.
    pub fn claim(
        &mut self,
        pet: &NewPet,
        source: CreateSource,
        allow_repeat: bool,
    ) -> Result<Claim, CreatedError> {
        self.claim_as(single_key(), pet, source, allow_repeat)
    }

    /// [`claim`](Self::claim) under a `key` the caller chose (and wrote down first: the outbox
    /// keeps it with its entry, so a sender that dies in between leaves a key to look for).
    pub fn claim_as(
        &mut self,
        key: String,
        pet: &NewPet,
        source: CreateSource,
        allow_repeat: bool,
    ) -> Result<Claim, CreatedError> {
        let event = Event::Sent {
            key: key.clone(),
            pet: Line::new(pet, source),
        };
        let earlier = self.write_unless(event, |created| {
            if allow_repeat {
                None
            } else {
                created.earlier(pet, None)
            }
        })?;
        Ok(match earlier {
            Some(earlier) => Claim::Earlier(earlier),
            None => Claim::Sent { key },
        })
    }

    /// The answer to a claimed create: created as its id, provably not created, or (a lost or
    /// garbled answer) nothing is written, so the pet stays "may have been added".
    pub fn settle(
        &mut self,
        key: &str,
        pet: &NewPet,
        source: CreateSource,
        answer: Settled,
    ) -> Result<(), CreatedError> {
        match answer {
            Settled::Created(id) => self.record_created(Some(key), pet, id, source),
            Settled::MayHaveBeenCreated => Ok(()),
            Settled::NotCreated => self.record_refused(key),
        }
    }
}

/// What the service's answer to a single create says of the pet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    Created(i64),
    NotCreated,
    MayHaveBeenCreated,
}

impl Settled {
    /// From the client's answer, given the new pet's id when it was created.
    pub fn of(answer: Result<i64, &Error>) -> Settled {
        match answer {
            Ok(id) => Settled::Created(id),
            Err(error) if may_have_created(error) => Settled::MayHaveBeenCreated,
            Err(_) => Settled::NotCreated,
        }
    }
}

/// A key no other single create has: this process's id, the time and a counter.
pub fn single_key() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = Utc::now().timestamp_nanos_opt().unwrap_or_default();
    format!("single:{}-{nanos}-{n}", std::process::id())
}
