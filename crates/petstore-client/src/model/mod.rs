//! The Pet Store resources (spec §2), as the client sends and receives them.

mod pet;

pub(crate) use pet::FieldError;
pub use pet::Pet;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::deprecation::DeprecationNotice;
use crate::invalid_input::InvalidInput;
use crate::ratelimit::RateLimitSnapshot;

/// A pet's availability. Values the spec does not list are kept in `Other` (forward
/// compatibility): they are shown as they are, never a failure of a whole list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PetStatus {
    Available,
    Pending,
    Sold,
    Other(String),
}

impl PetStatus {
    /// The values a client may send.
    pub const ALLOWED: [PetStatus; 3] = [PetStatus::Available, PetStatus::Pending, PetStatus::Sold];

    pub fn as_str(&self) -> &str {
        match self {
            PetStatus::Available => "available",
            PetStatus::Pending => "pending",
            PetStatus::Sold => "sold",
            PetStatus::Other(other) => other,
        }
    }

    /// Lenient reading of what the server sent: unknown values are kept.
    pub fn from_wire(value: &str) -> PetStatus {
        match value {
            "available" => PetStatus::Available,
            "pending" => PetStatus::Pending,
            "sold" => PetStatus::Sold,
            other => PetStatus::Other(other.to_owned()),
        }
    }

    pub fn is_known(&self) -> bool {
        !matches!(self, PetStatus::Other(_))
    }
}

impl FromStr for PetStatus {
    type Err = InvalidInput;

    /// Strict: only the three values of the spec, as a person or a script would type them.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "available" => Ok(PetStatus::Available),
            "pending" => Ok(PetStatus::Pending),
            "sold" => Ok(PetStatus::Sold),
            _ => Err(InvalidInput::Status {
                given: s.to_owned(),
            }),
        }
    }
}

impl fmt::Display for PetStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for PetStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for PetStatus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(PetStatus::from_wire(&value))
    }
}

/// The payload of a create. Build it with [`NewPet::new`], which validates; `create_pet` checks
/// again because the fields are public.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewPet {
    pub name: String,
    pub category_id: i64,
    /// Omitted when `None` (never `null`): the server picks the default.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub status: Option<PetStatus>,
}

impl NewPet {
    pub fn new(
        name: &str,
        category_id: i64,
        status: Option<PetStatus>,
    ) -> Result<NewPet, InvalidInput> {
        let pet = NewPet {
            name: name.trim().to_owned(),
            category_id,
            status,
        };
        pet.validate()?;
        Ok(pet)
    }

    pub(crate) fn validate(&self) -> Result<(), InvalidInput> {
        if self.name.trim().is_empty() {
            return Err(InvalidInput::Name);
        }
        if let Some(PetStatus::Other(given)) = &self.status {
            return Err(InvalidInput::Status {
                given: given.clone(),
            });
        }
        Ok(())
    }
}

/// Parses a pet id as typed by a person (`get 42`).
pub fn parse_pet_id(text: &str) -> Result<i64, InvalidInput> {
    text.trim().parse().map_err(|_| InvalidInput::PetId {
        given: text.to_owned(),
    })
}

/// The smallest category id a person may give, in the app's form, an import row and
/// `petstore add` alike (the service refuses 0 too): one definition for every shell, which checks
/// it before sending. The largest is `i64::MAX`.
pub const MIN_CATEGORY_ID: i64 = 1;

/// Parses a category id as typed by a person (`--category 3`).
pub fn parse_category_id(text: &str) -> Result<i64, InvalidInput> {
    text.trim().parse().map_err(|_| InvalidInput::CategoryId {
        given: text.to_owned(),
    })
}

/// How many pets one list call may return: only 1..=100 (spec §4.1), 20 by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Limit(u8);

impl Limit {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 100;
    pub const DEFAULT: Limit = Limit(20);

    pub fn new(value: u32) -> Result<Limit, InvalidInput> {
        Limit::checked(i64::from(value))
    }

    fn checked(value: i64) -> Result<Limit, InvalidInput> {
        match u8::try_from(value) {
            Ok(v) if (Limit::MIN..=Limit::MAX).contains(&v) => Ok(Limit(v)),
            _ => Err(InvalidInput::Limit { given: value }),
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

impl Default for Limit {
    fn default() -> Self {
        Limit::DEFAULT
    }
}

impl FromStr for Limit {
    type Err = InvalidInput;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let trimmed = s.trim();
        match trimmed.parse::<i64>() {
            Ok(value) => Limit::checked(value),
            // Not a number at all: report it as out of range with the closest meaningful value.
            Err(_) => Err(InvalidInput::Limit {
                given: if trimmed.starts_with('-') {
                    i64::MIN
                } else {
                    i64::MAX
                },
            }),
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<'de> Deserialize<'de> for Limit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(deserializer)?;
        Limit::checked(value).map_err(serde::de::Error::custom)
    }
}

/// The parameters of `GET /pets`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListQuery {
    pub status: Option<PetStatus>,
    pub limit: Limit,
}

/// One page of pets, and the next one when the server announced it with `Link: rel="next"`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PetPage {
    pub pets: Vec<Pet>,
    pub next: Option<NextPage>,
    /// The first page of a list came back full (as many pets as the limit, or more) and named
    /// no next page: the service may hold more pets and offers no way to fetch them. The spec
    /// shows no paging, so a conforming server answers this way; such a list is never "all".
    /// False when `next` is given, when the page is shorter than its limit, and on the last page
    /// of a `Link` chain followed to its end.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub may_have_more: bool,
    /// Pets the server sent beyond the `limit` asked for: cut off, never passed on (0 when it
    /// kept to the limit, as it should).
    #[serde(skip_serializing_if = "is_zero")]
    pub dropped: usize,
}

fn is_zero(count: &usize) -> bool {
    *count == 0
}

/// Where the next page is, from an RFC 8288 `Link: <...>; rel="next"` header. Opaque: only
/// [`crate::PetstoreClient::next_page`] follows it, and only to the base address's origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextPage {
    pub(crate) url: url::Url,
}

impl NextPage {
    pub fn as_str(&self) -> &str {
        self.url.as_str()
    }
}

impl Serialize for NextPage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.url.as_str())
    }
}

impl<'de> Deserialize<'de> for NextPage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let url = url::Url::parse(&text).map_err(serde::de::Error::custom)?;
        Ok(NextPage { url })
    }
}

/// A successful answer, with what its headers said about the quota and deprecation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Response<T> {
    pub value: T,
    pub rate_limit: Option<RateLimitSnapshot>,
    pub deprecation: Option<DeprecationNotice>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn status_parsing_is_strict_and_reading_is_lenient() {
        assert_eq!("sold".parse::<PetStatus>().unwrap(), PetStatus::Sold);
        let err = "adopted".parse::<PetStatus>().unwrap_err();
        assert_eq!(
            err,
            InvalidInput::Status {
                given: "adopted".into()
            }
        );
        assert!(err.to_string().contains("available, pending, sold"));
        let read: PetStatus = serde_json::from_str("\"adopted\"").unwrap();
        assert_eq!(read, PetStatus::Other("adopted".into()));
        assert_eq!(serde_json::to_string(&read).unwrap(), "\"adopted\"");
        assert_eq!(PetStatus::Pending.to_string(), "pending");
    }

    #[test]
    fn new_pet_trims_validates_and_omits_absent_status() {
        let pet = NewPet::new("  Rex ", 3, None).unwrap();
        assert_eq!(
            serde_json::to_string(&pet).unwrap(),
            r#"{"name":"Rex","categoryId":3}"#
        );
        let with = NewPet::new("Rex", 3, Some(PetStatus::Sold)).unwrap();
        assert_eq!(
            serde_json::to_string(&with).unwrap(),
            r#"{"name":"Rex","categoryId":3,"status":"sold"}"#
        );
        assert_eq!(NewPet::new("  ", 3, None).unwrap_err(), InvalidInput::Name);
        assert_eq!(
            NewPet::new("Rex", 3, Some(PetStatus::Other("x".into()))).unwrap_err(),
            InvalidInput::Status { given: "x".into() }
        );
    }

    #[test]
    fn limit_holds_only_1_to_100() {
        assert_eq!(Limit::default().get(), 20);
        assert_eq!(Limit::new(1).unwrap().get(), 1);
        assert_eq!(Limit::new(100).unwrap().get(), 100);
        assert_eq!(Limit::new(0).unwrap_err(), InvalidInput::Limit { given: 0 });
        assert_eq!(
            Limit::new(101).unwrap_err(),
            InvalidInput::Limit { given: 101 }
        );
        assert_eq!(
            Limit::new(256).unwrap_err(),
            InvalidInput::Limit { given: 256 }
        );
        assert_eq!(
            "-5".parse::<Limit>().unwrap_err(),
            InvalidInput::Limit { given: -5 }
        );
        assert_eq!(" 42 ".parse::<Limit>().unwrap().get(), 42);
        let text = "many".parse::<Limit>().unwrap_err().to_string();
        assert_eq!(text, "limit not a whole number from 1 to 100");
        assert!(
            InvalidInput::Limit { given: 0 }
                .to_string()
                .contains("(got 0)")
        );
        assert!(serde_json::from_str::<Limit>("0").is_err());
        assert_eq!(serde_json::from_str::<Limit>("7").unwrap().get(), 7);
    }

    #[test]
    fn ids_typed_by_people() {
        assert_eq!(
            parse_pet_id(" 9007199254740993 ").unwrap(),
            9_007_199_254_740_993
        );
        assert_eq!(
            parse_pet_id("abc").unwrap_err(),
            InvalidInput::PetId {
                given: "abc".into()
            }
        );
        assert!(
            parse_category_id("1.5")
                .unwrap_err()
                .to_string()
                .contains("category id")
        );
    }

    #[test]
    fn pet_round_trips_with_extra_fields() {
        let json = r#"{"id":9007199254740993,"name":"Rex","categoryId":2,"status":"pending","photoUrls":["x"]}"#;
        let pet: Pet = serde_json::from_str(json).unwrap();
        assert_eq!(pet.id, 9_007_199_254_740_993);
        assert_eq!(
            serde_json::to_value(&pet).unwrap(),
            serde_json::from_str::<Value>(json).unwrap()
        );
        let err = serde_json::from_str::<Pet>(r#"{"id":1,"name":"a"}"#).unwrap_err();
        assert!(err.to_string().contains("categoryId"), "{err}");
    }

    #[test]
    fn next_page_serializes_as_its_url() {
        let next = NextPage {
            url: url::Url::parse("http://127.0.0.1:1/v1/pets?cursor=2").unwrap(),
        };
        let text = serde_json::to_string(&next).unwrap();
        assert_eq!(text, "\"http://127.0.0.1:1/v1/pets?cursor=2\"");
        assert_eq!(serde_json::from_str::<NextPage>(&text).unwrap(), next);
    }
}
