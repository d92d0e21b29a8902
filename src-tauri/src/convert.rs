//! From `petstore-client` types to the IPC types, and back for inputs.

use chrono::{DateTime, SecondsFormat, Utc};
use petstore_client as client;
use petstore_client::{Environment, InvalidInput};

use crate::dto::{Deprecation, NewPetInput, Pet, PetPage, PetStatusValue, Quota, QuotaLevel};

/// RFC 3339 in UTC with milliseconds, e.g. `2030-12-05T00:00:00.000Z` (what `new Date()` reads).
pub fn instant(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

impl From<PetStatusValue> for client::PetStatus {
    fn from(status: PetStatusValue) -> Self {
        match status {
            PetStatusValue::Available => client::PetStatus::Available,
            PetStatusValue::Pending => client::PetStatus::Pending,
            PetStatusValue::Sold => client::PetStatus::Sold,
        }
    }
}

impl From<&client::Pet> for Pet {
    fn from(pet: &client::Pet) -> Self {
        Pet {
            id: pet.id.to_string(),
            name: pet.name.clone(),
            category_id: pet.category_id.to_string(),
            status: pet.status.as_ref().map(|s| s.as_str().to_owned()),
            status_known: pet.status.as_ref().is_none_or(client::PetStatus::is_known),
        }
    }
}

impl From<&client::PetPage> for PetPage {
    fn from(page: &client::PetPage) -> Self {
        PetPage {
            pets: page.pets.iter().map(Pet::from).collect(),
            next: page.next.as_ref().map(|next| next.as_str().to_owned()),
            may_have_more: page.may_have_more,
        }
    }
}

/// Reads back a `next` token the UI got from a [`PetPage`].
pub fn next_page(token: &str) -> Option<client::NextPage> {
    serde_json::from_value(serde_json::Value::String(token.to_owned())).ok()
}

impl NewPetInput {
    /// Checks and trims like the client does, naming the field that is wrong.
    pub fn to_new_pet(&self) -> Result<client::NewPet, InvalidInput> {
        let category_id = client::parse_category_id(&self.category_id)?;
        client::NewPet::new(&self.name, category_id, self.status.map(Into::into))
    }
}

impl Quota {
    pub fn from_snapshot(snapshot: &client::RateLimitSnapshot, env: Environment) -> Quota {
        // Counts above u32::MAX cannot be real quotas; saturate rather than fail the snapshot.
        let count = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        Quota {
            limit: snapshot.limit.map(count),
            remaining: snapshot.remaining.map(count),
            reset_at: snapshot.reset_at.map(instant),
            window: snapshot.window,
            plan: snapshot.plan,
            observed_at: instant(snapshot.observed_at),
            environment: env,
            level: QuotaLevel::of(snapshot),
        }
    }
}

impl From<&client::DeprecationNotice> for Deprecation {
    fn from(notice: &client::DeprecationNotice) -> Self {
        Deprecation {
            operation: notice.operation.clone(),
            sunset: instant(notice.sunset),
            replacement: notice.replacement.clone(),
            deprecated_since: notice.deprecated_since.map(instant),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Map;

    #[test]
    fn ids_above_2_pow_53_keep_every_digit() {
        let pet = client::Pet {
            id: (1_i64 << 53) + 1,
            name: "Rex".into(),
            category_id: i64::MAX,
            status: Some(client::PetStatus::Other("adopted".into())),
            extra: Map::new(),
        };
        let dto = Pet::from(&pet);
        assert_eq!(dto.id, "9007199254740993");
        assert_eq!(dto.category_id, "9223372036854775807");
        assert_eq!(dto.status.as_deref(), Some("adopted"));
        assert!(!dto.status_known);
    }

    #[test]
    fn new_pet_input_names_the_bad_field() {
        let input = NewPetInput {
            name: "  Rex ".into(),
            category_id: " 9007199254740993 ".into(),
            status: None,
        };
        let pet = input.to_new_pet().expect("valid");
        assert_eq!((pet.name.as_str(), pet.category_id), ("Rex", (1 << 53) + 1));
        let bad = NewPetInput {
            category_id: "1.5".into(),
            ..input.clone()
        };
        assert!(matches!(
            bad.to_new_pet(),
            Err(InvalidInput::CategoryId { .. })
        ));
        let blank = NewPetInput {
            name: "   ".into(),
            ..input
        };
        assert_eq!(blank.to_new_pet(), Err(InvalidInput::Name));
    }

    #[test]
    fn instants_are_rfc3339_utc() {
        let at = DateTime::from_timestamp(1_922_659_200, 0).expect("valid");
        assert_eq!(instant(at), "2030-12-05T00:00:00.000Z");
    }

    #[test]
    fn next_tokens_round_trip() {
        let next = next_page("http://127.0.0.1:4780/v1/pets?limit=20&after=5").expect("url");
        assert_eq!(
            next.as_str(),
            "http://127.0.0.1:4780/v1/pets?limit=20&after=5"
        );
        assert!(next_page("not a url").is_none());
    }
}
