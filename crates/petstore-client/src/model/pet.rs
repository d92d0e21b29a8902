//! A Pet as returned: read leniently where the spec allows (status, unknown fields) and strictly
//! where it does not (id, name, categoryId), naming the field that is wrong.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::PetStatus;

/// An animal as the service returns it. Fields the spec does not list are kept in `extra` and
/// written back out, so nothing the server sent is lost.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pet {
    pub id: i64,
    pub name: String,
    pub category_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<PetStatus>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A required field of a Pet that is missing or has the wrong type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FieldError {
    /// The field's JSON name (`categoryId`), or empty when the pet itself is not an object.
    pub field: &'static str,
    pub message: String,
}

impl Pet {
    /// Reads one pet from JSON, naming the offending field when a required one is missing or
    /// ill-typed. A `status` that is not one of the spec's strings is kept, never an error.
    pub(crate) fn from_json(value: Value) -> Result<Pet, FieldError> {
        let Value::Object(mut map) = value else {
            return Err(FieldError {
                field: "",
                message: format!("expected a pet object, found {}", json_type(&value)),
            });
        };
        let id = take_i64(&mut map, "id")?;
        let name = match map.remove("name") {
            Some(Value::String(name)) => name,
            Some(other) => return Err(wrong_type("name", "a string", &other)),
            None => return Err(missing("name")),
        };
        let category_id = take_i64(&mut map, "categoryId")?;
        let status = map.remove("status").and_then(lenient_status);
        Ok(Pet {
            id,
            name,
            category_id,
            status,
            extra: map,
        })
    }
}

/// Streams the fields straight into a Pet (no intermediate JSON tree): lists of 100 pets are the
/// hot path. On any error the caller re-reads with [`Pet::from_json`] to name the field.
impl<'de> Deserialize<'de> for Pet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(PetVisitor)
    }
}

struct PetVisitor;

impl<'de> serde::de::Visitor<'de> for PetVisitor {
    type Value = Pet;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a pet object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Pet, A::Error> {
        use serde::de::Error as _;
        let (mut id, mut name, mut category_id, mut status) = (None, None, None, None);
        let mut extra = Map::new();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "id" => id = Some(map.next_value::<i64>()?),
                "name" => name = Some(map.next_value::<String>()?),
                "categoryId" => category_id = Some(map.next_value::<i64>()?),
                "status" => status = map.next_value::<LenientStatus>()?.0,
                _ => {
                    extra.insert(key.into_owned(), map.next_value::<Value>()?);
                }
            }
        }
        Ok(Pet {
            id: id.ok_or_else(|| A::Error::missing_field("id"))?,
            name: name.ok_or_else(|| A::Error::missing_field("name"))?,
            category_id: category_id.ok_or_else(|| A::Error::missing_field("categoryId"))?,
            status,
            extra,
        })
    }
}

/// A status read straight from the JSON, with no intermediate value: one of the spec's strings
/// costs no allocation (this runs for every pet of every page). Anything else is kept as text,
/// as [`lenient_status`] does on the slow path.
struct LenientStatus(Option<PetStatus>);

impl<'de> Deserialize<'de> for LenientStatus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(LenientStatusVisitor)
    }
}

struct LenientStatusVisitor;

impl<'de> serde::de::Visitor<'de> for LenientStatusVisitor {
    type Value = LenientStatus;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a status")
    }

    fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<LenientStatus, E> {
        Ok(LenientStatus(Some(PetStatus::from_wire(value))))
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<LenientStatus, E> {
        Ok(LenientStatus(None))
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<LenientStatus, E> {
        Ok(LenientStatus(None))
    }

    fn visit_bool<E: serde::de::Error>(self, value: bool) -> Result<LenientStatus, E> {
        Ok(LenientStatus(lenient_status(Value::Bool(value))))
    }

    fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<LenientStatus, E> {
        Ok(LenientStatus(lenient_status(Value::from(value))))
    }

    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<LenientStatus, E> {
        Ok(LenientStatus(lenient_status(Value::from(value))))
    }

    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<LenientStatus, E> {
        Ok(LenientStatus(lenient_status(Value::from(value))))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<LenientStatus, A::Error> {
        let value = Value::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))?;
        Ok(LenientStatus(lenient_status(value)))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<LenientStatus, A::Error> {
        let value = Value::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
        Ok(LenientStatus(lenient_status(value)))
    }
}

/// A status is never worth failing a pet over: unknown strings and even non-strings are kept.
fn lenient_status(value: Value) -> Option<PetStatus> {
    match value {
        Value::Null => None,
        Value::String(status) => Some(PetStatus::from_wire(&status)),
        other => Some(PetStatus::Other(other.to_string())),
    }
}

fn take_i64(map: &mut Map<String, Value>, field: &'static str) -> Result<i64, FieldError> {
    match map.remove(field) {
        Some(Value::Number(n)) => n.as_i64().ok_or_else(|| FieldError {
            field,
            message: format!("expected a whole number (int64), found {n}"),
        }),
        Some(other) => Err(wrong_type(field, "a whole number (int64)", &other)),
        None => Err(missing(field)),
    }
}

fn missing(field: &'static str) -> FieldError {
    FieldError {
        field,
        message: "required field is missing".to_owned(),
    }
}

fn wrong_type(field: &'static str, expected: &str, found: &Value) -> FieldError {
    FieldError {
        field,
        message: format!("expected {expected}, found {}", json_type(found)),
    }
}

pub(crate) fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
