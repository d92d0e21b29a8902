//! Property tests of the body decoders: whatever a server sends (bytes, or JSON of any shape),
//! reading it never panics, an error says a bounded, printable amount, and a page never holds
//! more than the limit.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::pets::pets_slowly;
use super::*;

const CASES: u32 = 2_000;

/// Any JSON value, a few levels deep.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,24}".prop_map(Value::String),
        Just(Value::String("available".into())),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("id".to_owned()),
                    Just("name".to_owned()),
                    Just("categoryId".to_owned()),
                    Just("status".to_owned()),
                    "[a-zA-Z]{1,8}",
                ],
                inner,
                0..6
            )
            .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

/// An object that is nearly a pet: each required field present or not, right or wrong.
fn pet_like() -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop_oneof![
            any::<i64>().prop_map(Value::from),
            json_value()
        ]),
        prop::option::of(prop_oneof![".{0,12}".prop_map(Value::String), json_value()]),
        prop::option::of(prop_oneof![
            any::<i64>().prop_map(Value::from),
            json_value()
        ]),
        prop::option::of(json_value()),
        prop::option::of(json_value()),
    )
        .prop_map(|(id, name, category, status, extra)| {
            let mut map = serde_json::Map::new();
            for (key, value) in [
                ("id", id),
                ("name", name),
                ("categoryId", category),
                ("status", status),
                ("extra", extra),
            ] {
                if let Some(value) = value {
                    map.insert(key.to_owned(), value);
                }
            }
            Value::Object(map)
        })
}

fn a_pet() -> impl Strategy<Value = Value> {
    (any::<i64>(), ".{0,12}", any::<i64>())
        .prop_map(|(id, name, category)| json!({"id": id, "name": name, "categoryId": category}))
}

fn printable_and_short(text: &str) -> bool {
    text.chars().count() <= SNIPPET_CHARS && !text.chars().any(char::is_control)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn any_bytes_as_a_page_never_panic(
        body in prop::collection::vec(any::<u8>(), 0..256),
        limit in 1usize..=100,
    ) {
        if let Ok(page) = pets(200, &body, limit) {
            prop_assert!(page.pets.len() <= limit);
        }
        let _ = pet(201, &body);
    }

    #[test]
    fn any_json_array_gives_at_most_limit_pets_and_names_what_is_wrong(
        items in prop::collection::vec(prop_oneof![a_pet(), pet_like(), json_value()], 0..12),
        limit in 1usize..=10,
    ) {
        let body = serde_json::to_vec(&items).expect("serializable");
        match pets(200, &body, limit) {
            Ok(page) => {
                prop_assert_eq!(page.pets.len(), items.len().min(limit));
                prop_assert_eq!(page.pets.len() + page.dropped, items.len());
                prop_assert_eq!(&page.pets, &pets_slowly(200, &body, limit).expect("same reading"));
            }
            Err(Error::Decode { path, status, .. }) => {
                prop_assert_eq!(status, 200);
                let index: usize = path
                    .trim_start_matches('[')
                    .split(']')
                    .next()
                    .and_then(|i| i.parse().ok())
                    .expect("names the pet");
                prop_assert!(index < limit, "only pets kept are checked: {}", path);
            }
            Err(other) => prop_assert!(false, "{:?}", other),
        }
    }

    #[test]
    fn well_formed_pets_are_all_read(items in prop::collection::vec(a_pet(), 0..30), limit in 1usize..=100) {
        let body = serde_json::to_vec(&items).expect("serializable");
        let page = pets(200, &body, limit).expect("well-formed");
        prop_assert_eq!(page.pets.len(), items.len().min(limit));
        prop_assert_eq!(page.dropped, items.len().saturating_sub(limit));
    }

    #[test]
    fn any_error_body_never_panics_and_says_little(
        status in 300u16..=599,
        body in prop::collection::vec(any::<u8>(), 0..400),
    ) {
        check_failure(status, &body)?;
    }

    #[test]
    fn any_json_error_body_is_read_leniently(
        status in 400u16..=599,
        code in prop::option::of(prop_oneof![".{0,300}".prop_map(Value::String), json_value()]),
        message in prop::option::of(prop_oneof![".{0,300}".prop_map(Value::String), json_value()]),
        claimed in any::<i64>(),
    ) {
        let mut map = serde_json::Map::new();
        map.insert("status".into(), claimed.into());
        if let Some(code) = code {
            map.insert("code".into(), code);
        }
        if let Some(message) = message {
            map.insert("message".into(), message);
        }
        let body = serde_json::to_vec(&Value::Object(map)).expect("serializable");
        check_failure(status, &body)?;
        if let Some(api) = api_error(status, &body) {
            prop_assert_eq!(api.status, status, "the HTTP status wins");
            prop_assert!(!api.code.is_empty() && !api.message.is_empty());
        }
    }
}

fn check_failure(status: u16, body: &[u8]) -> Result<(), TestCaseError> {
    let error = failure(status, &http::HeaderMap::new(), body);
    match &error {
        Error::UnexpectedResponse { status: s, snippet } => {
            prop_assert_eq!(*s, status);
            prop_assert!(printable_and_short(snippet), "{:?}", snippet);
        }
        other => {
            let api = other.api_error().expect("an Error body");
            prop_assert_eq!(api.status, status);
            prop_assert!(printable_and_short(&api.code), "{:?}", api.code);
            prop_assert!(printable_and_short(&api.message), "{:?}", api.message);
        }
    }
    if let Some(api) = api_error(status, body) {
        prop_assert!(printable_and_short(&api.code) && printable_and_short(&api.message));
    }
    Ok(())
}
