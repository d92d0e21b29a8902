//! A `Pets` body: an array of Pet, kept up to the `limit` the request asked for. One bad required
//! field fails the list, naming it (`[3].categoryId`); unknown fields and status values never do.
//!
//! Both readings go one element at a time, so memory follows the pets kept, never a tree of
//! the whole body.

use std::fmt;

use serde::Deserializer as _;
use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde_json::Value;

use super::{decode_error, snippet};
use crate::error::Error;
use crate::model::Pet;

/// What a `Pets` body held: the first `limit` pets, and how many more the server sent anyway.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct DecodedPets {
    pub pets: Vec<Pet>,
    pub dropped: usize,
}

pub(crate) fn pets(status: u16, body: &[u8], limit: usize) -> Result<DecodedPets, Error> {
    let mut de = serde_json::Deserializer::from_slice(body);
    let fast = de
        .deserialize_seq(FirstPets { limit })
        .and_then(|page| de.end().map(|()| page));
    fast.map_err(|fast| explain(status, body, limit, &fast))
}

/// Re-reads a body the fast path refused, to say which field is wrong.
fn explain(status: u16, body: &[u8], limit: usize, fast: &serde_json::Error) -> Error {
    if !fast.is_data() {
        // Not JSON at all (a proxy's page, a cut-off body): show what it was.
        return Error::UnexpectedResponse {
            status,
            snippet: snippet(body),
        };
    }
    // Its own error only stops the reading; what matters is what it named.
    let (_, named, _) = read_naming(status, body, limit);
    named.unwrap_or_else(|| Error::Decode {
        status,
        path: String::new(),
        message: fast.to_string(),
    })
}

/// Runs the naming path: how the reading ended, what it named, the pets it read before.
fn read_naming(
    status: u16,
    body: &[u8],
    limit: usize,
) -> (Result<(), serde_json::Error>, Option<Error>, Vec<Pet>) {
    let mut named = None;
    let mut pets = Vec::new();
    let mut de = serde_json::Deserializer::from_slice(body);
    let read = de.deserialize_any(NamingPets {
        status,
        limit,
        named: &mut named,
        pets: &mut pets,
    });
    (read, named, pets)
}

/// The fast path: pets straight from the JSON, the ones past the limit skipped unread.
struct FirstPets {
    limit: usize,
}

impl<'de> Visitor<'de> for FirstPets {
    type Value = DecodedPets;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of pets")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DecodedPets, A::Error> {
        let mut pets = Vec::with_capacity(self.limit.min(usize::from(crate::model::Limit::MAX)));
        while pets.len() < self.limit {
            match seq.next_element::<Pet>()? {
                Some(pet) => pets.push(pet),
                None => return Ok(DecodedPets { pets, dropped: 0 }),
            }
        }
        let mut dropped = 0;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            dropped += 1;
        }
        Ok(DecodedPets { pets, dropped })
    }
}

/// The naming path: each pet kept is read into a JSON value (one at a time) and checked field
/// by field; the first problem is left in `named`.
struct NamingPets<'a> {
    status: u16,
    limit: usize,
    named: &'a mut Option<Error>,
    pets: &'a mut Vec<Pet>,
}

impl NamingPets<'_> {
    fn not_an_array<E: de::Error>(self, found: &str) -> Result<(), E> {
        *self.named = Some(Error::Decode {
            status: self.status,
            path: String::new(),
            message: format!("expected an array of pets, found {found}"),
        });
        Err(E::custom("not an array"))
    }
}

impl<'de> Visitor<'de> for NamingPets<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of pets")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        for index in 0..self.limit {
            let Some(item) = seq.next_element::<Value>()? else {
                return Ok(());
            };
            match Pet::from_json(item) {
                Ok(pet) => self.pets.push(pet),
                Err(e) => {
                    *self.named = Some(decode_error(self.status, &format!("[{index}]"), e));
                    return Err(de::Error::custom("named"));
                }
            }
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }

    fn visit_map<A: de::MapAccess<'de>>(self, _map: A) -> Result<(), A::Error> {
        self.not_an_array("an object")
    }

    fn visit_str<E: de::Error>(self, _value: &str) -> Result<(), E> {
        self.not_an_array("a string")
    }

    fn visit_bool<E: de::Error>(self, _value: bool) -> Result<(), E> {
        self.not_an_array("a boolean")
    }

    fn visit_i64<E: de::Error>(self, _value: i64) -> Result<(), E> {
        self.not_an_array("a number")
    }

    fn visit_u64<E: de::Error>(self, _value: u64) -> Result<(), E> {
        self.not_an_array("a number")
    }

    fn visit_f64<E: de::Error>(self, _value: f64) -> Result<(), E> {
        self.not_an_array("a number")
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.not_an_array("null")
    }
}

/// The naming path alone: the pets it read, or what it named. The tests and the fuzz target
/// check that it reads what the fast path reads.
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) fn pets_slowly(status: u16, body: &[u8], limit: usize) -> Result<Vec<Pet>, Error> {
    let (read, named, pets) = read_naming(status, body, limit);
    match (named, read) {
        (Some(error), _) => Err(error),
        (None, Err(e)) => Err(Error::Decode {
            status,
            path: String::new(),
            message: e.to_string(),
        }),
        (None, Ok(())) => Ok(pets),
    }
}
