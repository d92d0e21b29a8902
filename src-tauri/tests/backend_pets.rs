//! Every pet command of the Backend against a real sandbox on a free port.

mod common;

use std::sync::Arc;

use common::{Collected, STAFF_KEY, backend, sandbox, use_staging};
use petstore_admin::dto::{
    AppEvent, ClientErrorKind, Environment, ErrorKind, Field, NewPetInput, PetStatusValue,
};
use petstore_sandbox::{Faults, SandboxConfig};

const BIG_ID: &str = "9007199254740993"; // 2^53 + 1

#[tokio::test]
async fn lists_filters_and_pages_the_selected_environment() {
    let server = sandbox(SandboxConfig {
        page_size_links: true,
        ..SandboxConfig::default()
    })
    .await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;

    let first = backend.list_pets(None, Some(2)).await.expect("list");
    assert_eq!(first.pets.len(), 2);
    let next = first.next.expect("the demo data has more than 2 pets");
    let second = backend.next_page(&next).await.expect("next page");
    assert!(!second.pets.is_empty());
    assert!(second.pets.iter().all(|p| !first.pets.contains(p)));

    let sold = backend
        .list_pets(Some(PetStatusValue::Sold), Some(100))
        .await
        .expect("filtered");
    assert!(!sold.pets.is_empty());
    assert!(
        sold.pets
            .iter()
            .all(|p| p.status.as_deref() == Some("sold"))
    );
}

#[tokio::test]
async fn a_limit_out_of_range_is_refused_before_sending() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    let before = server.request_count();
    for limit in [0, 101, -1] {
        let error = backend
            .list_pets(None, Some(limit))
            .await
            .expect_err("refused");
        assert_eq!(
            (error.kind(), error.field()),
            (
                ErrorKind::Client(ClientErrorKind::InvalidInput),
                Some(Field::Limit)
            )
        );
    }
    assert_eq!(server.request_count(), before, "nothing was sent");
    let error = backend
        .next_page("not a token")
        .await
        .expect_err("bad token");
    assert_eq!(error.field(), Some(Field::Next));
}

#[tokio::test]
async fn creates_a_pet_and_reports_quota_events() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), None, events.clone());
    use_staging(&backend, &server, STAFF_KEY).await;

    let input = NewPetInput {
        name: "  Biscuit ".into(),
        category_id: "3".into(),
        status: Some(PetStatusValue::Pending),
    };
    let created = backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .expect("created");
    assert_eq!(created.environment, Environment::Staging);
    assert_eq!(created.base_url, server.base_url());
    let pet = created.pet;
    assert_eq!(
        (pet.name.as_str(), pet.category_id.as_str()),
        ("Biscuit", "3")
    );
    assert_eq!(pet.status.as_deref(), Some("pending"));

    let quota = events.wait_for(|e| matches!(e, AppEvent::Quota(_))).await;
    let AppEvent::Quota(quota) = quota else {
        unreachable!()
    };
    assert_eq!(quota.limit, Some(300), "the Pro plan's minute window");
    assert_eq!(
        serde_json::to_value(quota.environment).expect("json"),
        "staging"
    );
    let current = backend.current_quota().await.expect("quota seen");
    assert_eq!(current.limit, Some(300));
}

#[tokio::test]
async fn server_validation_names_the_field() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;

    let zero = NewPetInput {
        name: "Rex".into(),
        category_id: "0".into(),
        status: None,
    };
    let error = backend
        .create_pet(Environment::Staging, &zero, false)
        .await
        .expect_err("400");
    assert_eq!(error.kind(), ClientErrorKind::BadRequest);
    assert_eq!(error.field(), Some(Field::CategoryId));
    let answer = error.answer().expect("the service answered");
    assert_eq!(answer.code.as_deref(), Some("invalid_field"));
    assert!(
        answer
            .server_message
            .as_deref()
            .unwrap_or("")
            .contains("1 or more")
    );

    let long = NewPetInput {
        name: "x".repeat(1001),
        ..zero.clone()
    };
    let error = backend
        .create_pet(Environment::Staging, &long, false)
        .await
        .expect_err("400");
    assert_eq!(
        (error.kind(), error.field()),
        (
            ErrorKind::Client(ClientErrorKind::BadRequest),
            Some(Field::Name)
        )
    );

    let local = NewPetInput {
        category_id: "three".into(),
        ..zero
    };
    let error = backend
        .create_pet(Environment::Staging, &local, false)
        .await
        .expect_err("refused locally");
    assert_eq!(
        (error.kind(), error.field()),
        (
            ErrorKind::Client(ClientErrorKind::InvalidInput),
            Some(Field::CategoryId)
        )
    );
}

#[tokio::test]
async fn a_refused_key_is_unauthorized() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, "wrong-key-000000").await;
    let error = backend.list_pets(None, Some(20)).await.expect_err("401");
    assert_eq!(error.kind(), ClientErrorKind::Unauthorized);
    let answer = error.answer().expect("the service answered");
    assert_eq!(answer.code.as_deref(), Some("invalid_api_key"));
    assert_eq!(answer.status, Some(401));
    let json = serde_json::to_string(&error).expect("json");
    assert!(!json.contains("wrong-key-000000"), "{json}");
}

#[tokio::test]
async fn a_lost_answer_to_a_create_is_outcome_unknown() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    server.set_faults(Faults {
        drop_rate: 1.0,
        ..Faults::default()
    });
    let input = NewPetInput {
        name: "Ghost".into(),
        category_id: "1".into(),
        status: None,
    };
    let error = backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .expect_err("dropped");
    // The UI's words for this kind say to list the pets before trying again (ui/tests/messages).
    assert_eq!(error.kind(), ClientErrorKind::OutcomeUnknown);
}

#[tokio::test]
async fn lookup_by_id_is_exact_and_not_found_is_calm() {
    let server = sandbox(SandboxConfig::default()).await;
    let big = server.insert_pet(
        "Big Id",
        9_007_199_254_740_993,
        "available",
        Some((1 << 53) + 1),
    );
    assert_eq!(big.to_string(), BIG_ID);
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), None, events.clone());
    use_staging(&backend, &server, STAFF_KEY).await;

    let found = backend.get_pet(BIG_ID).await.expect("lookup");
    let pet = found.pet.expect("found");
    assert_eq!(
        (pet.id.as_str(), pet.category_id.as_str()),
        (BIG_ID, BIG_ID)
    );
    assert!(found.deprecation.sunset.starts_with("2030-12-05"));
    assert!(found.deprecation.replacement.contains("status"));
    events
        .wait_for(|e| matches!(e, AppEvent::Deprecation(_)))
        .await;

    let listed = backend.list_pets(None, Some(100)).await.expect("list");
    assert!(listed.pets.iter().any(|p| p.id == BIG_ID));

    let missing = backend.get_pet("9007199254740995").await.expect("calm");
    assert!(missing.pet.is_none());
    assert!(missing.deprecation.sunset.starts_with("2030-12-05"));

    let error = backend.get_pet("12abc").await.expect_err("not an id");
    assert_eq!(
        (error.kind(), error.field()),
        (
            ErrorKind::Client(ClientErrorKind::InvalidInput),
            Some(Field::Id)
        )
    );
}
