//! The decoders on fixed, hand-written bodies.

use super::pets::{DecodedPets, pets_slowly};
use super::*;
use crate::model::PetStatus;

/// Every pet of a page, with the spec's largest limit.
fn all(status: u16, body: &[u8]) -> Result<Vec<Pet>, Error> {
    pets(status, body, 100).map(|page| page.pets)
}

#[test]
fn unknown_fields_and_statuses_are_kept_and_big_ids_exact() {
    let body =
        br#"[{"id":9007199254740993,"name":"Rex","categoryId":-2,"status":"adopted","tags":["a"]},
                    {"id":1,"name":"Tom","categoryId":1}]"#;
    let list = all(200, body).unwrap();
    assert_eq!(list[0].id, 9_007_199_254_740_993);
    assert_eq!(list[0].status, Some(PetStatus::Other("adopted".into())));
    assert_eq!(list[0].extra["tags"], serde_json::json!(["a"]));
    assert_eq!(list[1].status, None);
    let back = serde_json::to_value(&list[0]).unwrap();
    assert_eq!(back["tags"], serde_json::json!(["a"]));
    assert_eq!(back["status"], "adopted");
    assert_eq!(back["categoryId"], -2);
}

#[test]
fn the_fast_path_reads_what_the_naming_path_reads() {
    let body = br#"[{"status":null,"id":-1,"extra":{"a":[1,2]},"name":"x\u00e9","categoryId":0},
                    {"id":2,"name":"b","categoryId":3,"status":true},{"name":"c","categoryId":4,"id":5,"status":"sold"},
                    {"id":6,"name":"d","categoryId":1,"status":7},{"id":7,"name":"e","categoryId":1,"status":-1.5},
                    {"id":8,"name":"f","categoryId":1,"status":[1,"x"]},{"id":9,"name":"g","categoryId":1,"status":{"k":1}},
                    {"id":10,"name":"h","categoryId":1,"status":"av\u0061ilable"}]"#;
    let fast: Vec<Pet> = serde_json::from_slice(body).unwrap();
    assert_eq!(fast, pets_slowly(200, body, 100).unwrap());
    assert_eq!(fast[1].status, Some(PetStatus::Other("true".into())));
    assert_eq!(fast[0].name, "x\u{e9}");
    assert_eq!(fast[3].status, Some(PetStatus::Other("7".into())));
    assert_eq!(fast[5].status, Some(PetStatus::Other("[1,\"x\"]".into())));
    assert_eq!(
        fast[7].status,
        Some(PetStatus::Available),
        "escapes are read"
    );
}

#[test]
fn a_bad_required_field_is_named() {
    let body = br#"[{"id":1,"name":"a","categoryId":1},{"id":2,"name":"b","categoryId":"x"}]"#;
    match all(200, body) {
        Err(Error::Decode {
            status,
            path,
            message,
        }) => {
            assert_eq!((status, path.as_str()), (200, "[1].categoryId"));
            assert!(message.contains("int64"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(all(200, br#"[{"name":"a","categoryId":1}]"#), Err(Error::Decode { path, .. }) if path == "[0].id")
    );
    assert!(
        matches!(all(200, br#"[{"id":1.5,"name":"a","categoryId":1}]"#), Err(Error::Decode { path, .. }) if path == "[0].id")
    );
    assert!(matches!(all(200, br#"[7]"#), Err(Error::Decode { path, .. }) if path == "[0]"));
    assert!(
        matches!(all(200, br#"{"pets":[]}"#), Err(Error::Decode { path, .. }) if path.is_empty())
    );
    assert!(
        matches!(pet(201, br#"{"id":1,"categoryId":1}"#), Err(Error::Decode { path, .. }) if path == "name")
    );
}

#[test]
fn the_status_decides_and_the_body_is_read_leniently() {
    let h = http::HeaderMap::new();
    match failure(
        404,
        &h,
        br#"{"code":"pet_not_found","message":"No pet 7","status":200}"#,
    ) {
        Error::NotFound(e) => assert_eq!(
            e,
            ApiError {
                status: 404,
                code: "pet_not_found".into(),
                message: "No pet 7".into()
            }
        ),
        other => panic!("{other:?}"),
    }
    match failure(400, &h, br#"{"message":42}"#) {
        Error::BadRequest(e) => assert_eq!(
            (e.code.as_str(), e.message.as_str()),
            ("bad_request", "Bad Request")
        ),
        other => panic!("{other:?}"),
    }
    assert!(matches!(failure(401, &h, b""), Error::Unauthorized(e) if e.message == "Unauthorized"));
    assert!(matches!(failure(410, &h, b"[]"), Error::Gone(_)));
    assert!(matches!(failure(503, &h, b""), Error::Server(e) if e.status == 503));
    assert!(matches!(
        failure(418, &h, b"{}"),
        Error::UnexpectedResponse { status: 418, .. }
    ));
}

#[test]
fn non_json_bodies_become_a_short_clean_snippet() {
    let html = format!(
        "<html>\r\n<body>\u{7}Bad   gateway {}</body></html>",
        "x".repeat(500)
    );
    match failure(502, &http::HeaderMap::new(), html.as_bytes()) {
        Error::UnexpectedResponse { status, snippet } => {
            assert_eq!(status, 502);
            assert!(
                snippet.starts_with("<html> <body>Bad gateway x"),
                "{snippet}"
            );
            assert!(snippet.chars().count() <= SNIPPET_CHARS);
            assert!(!snippet.chars().any(char::is_control));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_redirect_names_its_target() {
    let mut h = http::HeaderMap::new();
    h.insert(
        http::header::LOCATION,
        http::HeaderValue::from_static("https://elsewhere.example/v1/pets"),
    );
    match failure(302, &h, b"") {
        Error::UnexpectedResponse { snippet, .. } => {
            assert!(snippet.contains("elsewhere.example"), "{snippet}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_page_longer_than_the_limit_is_cut_and_counted() {
    let body = br#"[{"id":1,"name":"a","categoryId":1},{"id":2,"name":"b","categoryId":1},
                    {"id":3,"name":"c","categoryId":1},{"not":"even a pet"},7]"#;
    let page = pets(200, body, 2).unwrap();
    assert_eq!(page.pets.iter().map(|p| p.id).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(page.dropped, 3);
    let whole = pets(200, &body[..], 3).unwrap();
    assert_eq!((whole.pets.len(), whole.dropped), (3, 2));
    let exact = pets(200, &body[..], 5);
    assert!(
        matches!(exact, Err(Error::Decode { ref path, .. }) if path == "[3].id"),
        "a pet kept is checked: {exact:?}"
    );
    assert_eq!(
        pets(200, b"[]", 20).unwrap(),
        DecodedPets {
            pets: vec![],
            dropped: 0
        }
    );
}

#[test]
fn a_body_that_is_not_a_json_array_of_pets_says_what_it_is() {
    match all(200, br#"{"pets":[]}"#) {
        Err(Error::Decode { message, .. }) => {
            assert_eq!(message, "expected an array of pets, found an object")
        }
        other => panic!("{other:?}"),
    }
    for (body, found) in [
        (&b"null"[..], "null"),
        (b"\"x\"", "a string"),
        (b"-3", "a number"),
    ] {
        assert!(
            matches!(all(200, body), Err(Error::Decode { ref message, .. }) if message.ends_with(found)),
            "{found}"
        );
    }
    for garbage in [&b"[{\"id\":1"[..], b"<html>", b"[] trailing", b""] {
        assert!(
            matches!(
                all(200, garbage),
                Err(Error::UnexpectedResponse { status: 200, .. })
            ),
            "{garbage:?}"
        );
    }
}

/// Edge cases from the `pet_list` fuzz target's corpus (fuzz/README.md), read exactly.
#[test]
fn fuzzed_pages_read_exactly() {
    // A key given twice: the last one counts, on both paths.
    let body = br#"[{"id":0,"name":"Rhx","categoryId":2,"status":"cvx1","categoryId":1}]"#;
    let page = pets(200, body, 3).unwrap();
    assert_eq!(
        (page.pets[0].category_id, &page.pets[0].status),
        (1, &Some(PetStatus::Other("cvx1".into())))
    );
    assert_eq!(page.pets, pets_slowly(200, body, 3).unwrap());
    // What lies past the limit is skipped unread, even a pet that is no pet.
    let page = pets(
        200,
        b"[{\"id\":1,\"name\":\"Rex\",\"categoryId\":1},{\"id\":{\n}}]",
        1,
    )
    .unwrap();
    assert_eq!((page.pets.len(), page.dropped), (1, 1));
    // A number too big for an integer in an unknown field is kept as a float.
    let body = br#"[{"id":1,"name":"Rex","categoryId":2,"s":44444444444444444444444444}]"#;
    assert_eq!(
        all(200, body).unwrap()[0].extra["s"],
        serde_json::json!(4.444444444444444e25)
    );
}

#[test]
fn fuzzed_refusals_name_what_they_can() {
    let decode = |body: &[u8]| match all(200, body) {
        Err(Error::Decode { path, message, .. }) => (path, message),
        other => panic!("{other:?}"),
    };
    // -0 is a float to serde_json, so no int64.
    assert_eq!(
        decode(br#"[{"id":1,"name":"a","categoryId":-0}]"#),
        (
            "[0].categoryId".into(),
            "expected a whole number (int64), found -0.0".into()
        )
    );
    // A body cut off after an unclosed pet still names the field it lacks...
    assert_eq!(
        decode(br#"[{"id":9    }"#),
        ("[0].name".into(), "required field is missing".into())
    );
    // ...but when the body goes bad inside the pet at fault, only the first reading's words are
    // left.
    assert_eq!(
        decode(br#"[{"id":9E-424me"#),
        (
            String::new(),
            "invalid type: floating point `0.0`, expected i64 at line 1 column 13".into()
        )
    );
    assert_eq!(
        decode(br#"[{"id":9407199555507199555"#),
        (
            String::new(),
            "invalid value: integer `9407199555507199555`, expected i64 at line 1 column 26".into()
        )
    );
    assert_eq!(
        decode(b"[["),
        (
            String::new(),
            "invalid type: sequence, expected a pet object at line 1 column 1".into()
        )
    );
    assert_eq!(
        decode(b"[[]"),
        ("[0]".into(), "expected a pet object, found an array".into())
    );
}
