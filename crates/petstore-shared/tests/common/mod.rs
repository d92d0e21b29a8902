//! A real PostgreSQL cluster per test, with the roles docs/shared-store.md describes: the
//! store's owner (it creates the tables at its first connect) and a desk with the least
//! privileges, granted by exactly the lines the document gives.

#![allow(dead_code)]

use petstore_shared::{
    ClaimRef, Password, PetFields, Settings, Shared, SharedError, Source, connect,
};
use petstore_test_support::postgres::{SUPERUSER, TestPostgres};

pub const DATABASE: &str = "petstore";
pub const OWNER: &str = "petstore_owner";
pub const DESK: &str = "petstore_desk";
pub const OWNER_PASSWORD: &str = "owner secret";
pub const DESK_PASSWORD: &str = "desk secret";

/// docs/shared-store.md's grants for a desk, word for word (run in the store's database once
/// the owner has connected).
pub const DESK_GRANTS: &str = "
GRANT CONNECT ON DATABASE petstore TO petstore_desk;
GRANT USAGE ON SCHEMA public TO petstore_desk;
GRANT SELECT ON petstore_store, petstore_schema_history TO petstore_desk;
GRANT SELECT, INSERT, UPDATE ON petstore_claims TO petstore_desk;
GRANT SELECT, INSERT, UPDATE, DELETE ON petstore_outbox TO petstore_desk;
GRANT USAGE ON SEQUENCE petstore_outbox_id_seq TO petstore_desk;
GRANT SELECT, INSERT ON petstore_history TO petstore_desk;
GRANT USAGE ON SEQUENCE petstore_history_id_seq TO petstore_desk;
";

/// A cluster with the owner and desk roles and an empty database the owner owns.
pub fn cluster() -> TestPostgres {
    let pg = TestPostgres::start();
    pg.sql(
        "postgres",
        &format!(
            "CREATE ROLE {OWNER} LOGIN PASSWORD '{OWNER_PASSWORD}';
             CREATE ROLE {DESK} LOGIN PASSWORD '{DESK_PASSWORD}';"
        ),
    );
    pg.sql(
        "postgres",
        &format!("CREATE DATABASE {DATABASE} OWNER {OWNER}"),
    );
    // PostgreSQL lets every role connect to a new database; a desk gets it by its grant only.
    pg.sql(
        "postgres",
        &format!("REVOKE CONNECT ON DATABASE {DATABASE} FROM PUBLIC"),
    );
    pg
}

pub fn settings(pg: &TestPostgres, user: &str) -> Settings {
    let mut settings = Settings::new(pg.host(), DATABASE, user);
    settings.port = pg.port();
    settings
}

pub async fn connect_as(
    pg: &TestPostgres,
    user: &str,
    password: &str,
) -> Result<Shared, SharedError> {
    connect(&settings(pg, user), &Password::new(password)).await
}

/// A cluster whose store the owner created and whose desk role has its grants.
pub async fn store() -> TestPostgres {
    let pg = cluster();
    connect_as(&pg, OWNER, OWNER_PASSWORD)
        .await
        .expect("the owner creates the store");
    pg.sql(DATABASE, DESK_GRANTS);
    pg
}

pub async fn desk(pg: &TestPostgres) -> Shared {
    connect_as(pg, DESK, DESK_PASSWORD)
        .await
        .expect("a desk connects")
}

/// A superuser session of our own, for what a test does behind the desks' backs.
pub async fn superuser(pg: &TestPostgres) -> tokio_postgres::Client {
    let config = format!(
        "host={} port={} user={SUPERUSER} password={} dbname={DATABASE}",
        pg.host(),
        pg.port(),
        pg.superuser_password()
    );
    let (client, connection) = tokio_postgres::connect(&config, tokio_postgres::NoTls)
        .await
        .expect("the superuser connects");
    tokio::spawn(connection);
    client
}

/// A plain session as the desk's user, for what the desk's grants must refuse.
pub async fn desk_client(pg: &TestPostgres) -> tokio_postgres::Client {
    let config = format!(
        "host={} port={} user={DESK} password='{DESK_PASSWORD}' dbname={DATABASE}",
        pg.host(),
        pg.port(),
    );
    let (client, connection) = tokio_postgres::connect(&config, tokio_postgres::NoTls)
        .await
        .expect("the desk connects");
    tokio::spawn(connection);
    client
}

pub const ENV: &str = "https://petstore.example/v1";

pub fn at(desk: &str, key: &str) -> ClaimRef {
    ClaimRef {
        environment: ENV.into(),
        desk: desk.into(),
        key: key.into(),
    }
}

pub fn pet(name: &str, status: Option<&str>) -> PetFields {
    PetFields {
        name: name.into(),
        category_id: 1,
        status: status.map(str::to_owned),
    }
}

pub fn import(line: u64) -> Source {
    Source::Import {
        file_name: "shelter.csv".into(),
        line,
    }
}
