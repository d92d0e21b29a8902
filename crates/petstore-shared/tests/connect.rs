//! Connecting to a real PostgreSQL: the schema created once, refused when it is someone else's
//! or newer, each sign-in and privilege failure named, TLS demanded, and a server that goes
//! away and comes back.

#![cfg(unix)]

mod common;

use common::*;
use petstore_shared::{SharedError, Source, TlsMode, connect, known_version};

#[tokio::test]
async fn the_first_connect_creates_the_store_and_the_next_changes_nothing() {
    let pg = cluster();
    let owner = connect_as(&pg, OWNER, OWNER_PASSWORD).await.unwrap();
    let history = "SELECT version, name, applied_on FROM petstore_schema_history ORDER BY 1";
    let after_first = pg.sql(DATABASE, history);
    // Every migration this build has, in one go.
    assert_eq!(
        i64::try_from(after_first.lines().count()).unwrap(),
        known_version(),
        "{after_first}"
    );
    assert!(
        after_first.starts_with("1|created_record|"),
        "{after_first}"
    );
    assert!(!owner.store_id().is_empty());

    pg.sql(DATABASE, DESK_GRANTS);
    // The desk may not create tables: connecting works only because nothing is run again.
    let desk = desk(&pg).await;
    assert_eq!(desk.store_id(), owner.store_id());
    let again = connect_as(&pg, OWNER, OWNER_PASSWORD).await.unwrap();
    assert_eq!(again.store_id(), owner.store_id());
    assert_eq!(pg.sql(DATABASE, history), after_first);
}

#[tokio::test]
async fn a_schema_newer_than_this_build_is_refused_before_anything_changes() {
    let pg = store().await;
    let newer = known_version() + 1;
    pg.sql(
        DATABASE,
        &format!(
            "INSERT INTO petstore_schema_history (version, name, applied_on, checksum)
             VALUES ({newer}, 'from_the_future', 'later', '0')"
        ),
    );
    let error = connect_as(&pg, DESK, DESK_PASSWORD).await.unwrap_err();
    assert!(
        matches!(error, SharedError::SchemaTooNew { found, known }
            if found == newer && known == known_version()),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("update Petstore Admin"),
        "{error}"
    );
    let owner = connect_as(&pg, OWNER, OWNER_PASSWORD).await.unwrap_err();
    assert!(
        matches!(owner, SharedError::SchemaTooNew { .. }),
        "{owner:?}"
    );
    assert_eq!(
        pg.sql(DATABASE, "SELECT count(*) FROM petstore_schema_history"),
        (known_version() + 1).to_string()
    );
}

#[tokio::test]
async fn a_database_holding_someone_elses_tables_is_refused_untouched() {
    let pg = cluster();
    pg.sql(
        DATABASE,
        &format!("CREATE TABLE customers (id int); ALTER TABLE customers OWNER TO {OWNER}"),
    );
    let error = connect_as(&pg, OWNER, OWNER_PASSWORD).await.unwrap_err();
    assert!(
        matches!(&error, SharedError::NotOurs { database } if database == DATABASE),
        "{error:?}"
    );
    let ours = pg.sql(
        DATABASE,
        "SELECT to_regclass('petstore_store') IS NULL AND to_regclass('petstore_schema_history') IS NULL",
    );
    assert_eq!(ours, "t", "tables were created in someone else's database");
}

#[tokio::test]
async fn a_wrong_password_or_database_is_named() {
    let pg = store().await;
    let error = connect_as(&pg, DESK, "not the password").await.unwrap_err();
    assert!(
        matches!(&error, SharedError::SignIn { user } if user == DESK),
        "{error:?}"
    );
    assert!(!format!("{error:?}{error}").contains("not the password"));

    let mut settings = settings(&pg, DESK);
    settings.database = "nothing_here".into();
    let error = connect(&settings, &petstore_shared::Password::new(DESK_PASSWORD))
        .await
        .unwrap_err();
    // A role without CONNECT on a missing database: PostgreSQL names the database.
    assert!(matches!(error, SharedError::NoDatabase { .. }), "{error:?}");
}

#[tokio::test]
async fn a_user_that_may_only_read_is_told_what_it_cannot_do() {
    let pg = store().await;
    pg.sql(
        DATABASE,
        "CREATE ROLE reader LOGIN PASSWORD 'reader secret';
         GRANT CONNECT ON DATABASE petstore TO reader;
         GRANT SELECT ON petstore_store, petstore_schema_history, petstore_claims TO reader;",
    );
    let error = connect_as(&pg, "reader", "reader secret")
        .await
        .unwrap_err();
    assert!(
        matches!(error, SharedError::ReadOnly { doing } if doing.contains("claim")),
        "{error:?}"
    );

    // A desk whose privilege is taken away while it is connected: named at its next claim.
    let mut desk = desk(&pg).await;
    pg.sql(
        DATABASE,
        "REVOKE INSERT ON petstore_claims FROM petstore_desk",
    );
    let at = at("FRONT-DESK", "single:1");
    let pet = pet("Rex", None);
    let error = desk
        .claim(&at, "anna", &pet, &Source::Form)
        .await
        .unwrap_err();
    assert!(
        matches!(error, SharedError::ReadOnly { doing } if doing == "claim a create in the shared record"),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_user_that_may_not_create_tables_cannot_set_the_store_up() {
    let pg = cluster();
    pg.sql(
        DATABASE,
        "GRANT CONNECT ON DATABASE petstore TO petstore_desk",
    );
    let error = connect_as(&pg, DESK, DESK_PASSWORD).await.unwrap_err();
    assert!(
        matches!(error, SharedError::NoPrivilege { doing } if doing.contains("create")),
        "{error:?}"
    );
    // The owner still can: the cut attempt left nothing that makes the database look foreign.
    connect_as(&pg, OWNER, OWNER_PASSWORD).await.unwrap();
}

#[tokio::test]
async fn encryption_is_demanded_of_a_server_that_offers_none() {
    let pg = store().await;
    let mut settings = settings(&pg, DESK);
    settings.tls = TlsMode::Always;
    let error = connect(&settings, &petstore_shared::Password::new(DESK_PASSWORD))
        .await
        .unwrap_err();
    assert!(
        matches!(&error, SharedError::TlsRequired { host } if host == pg.host()),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_stopped_server_is_unreachable_and_a_restarted_one_works_again() {
    let mut pg = store().await;
    let mut desk = desk(&pg).await;
    let at = at("FRONT-DESK", "single:1");
    let pet = pet("Rex", None);
    desk.claim(&at, "anna", &pet, &Source::Form).await.unwrap();

    pg.stop();
    let error = desk.settle_created(&at, 7).await.unwrap_err();
    assert!(
        matches!(error, SharedError::ConnectionLost { .. }),
        "{error:?}"
    );
    assert!(desk.is_closed());
    let error = connect_as(&pg, DESK, DESK_PASSWORD).await.unwrap_err();
    assert!(
        matches!(&error, SharedError::Unreachable { port, .. } if *port == pg.port()),
        "{error:?}"
    );

    pg.start_again();
    let mut desk = common::desk(&pg).await;
    desk.settle_created(&at, 7).await.unwrap();
    let earlier = desk
        .earlier(&at.environment, &pet, None)
        .await
        .unwrap()
        .expect("the claim made before the stop");
    assert_eq!(earlier.pet_id, Some(7));
}
