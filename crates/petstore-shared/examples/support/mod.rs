#![allow(dead_code)]
// Shared by the benchmark programs (included with `#[path]`, not an example of its own).

use std::time::Duration;

use petstore_shared::{Password, Settings, Shared, connect};
use petstore_test_support::postgres::{SUPERUSER, TestPostgres};

pub const DATABASE: &str = "petstore";

/// A fresh PostgreSQL with the store created by its owner and a desk with the documented
/// grants (the same lines as tests/common/mod.rs).
pub async fn store() -> TestPostgres {
    let pg = TestPostgres::start();
    pg.sql(
        "postgres",
        "CREATE ROLE petstore_owner LOGIN PASSWORD 'owner';
         CREATE ROLE petstore_desk LOGIN PASSWORD 'desk';",
    );
    pg.sql("postgres", "CREATE DATABASE petstore OWNER petstore_owner");
    connect_as(&pg, "petstore_owner", "owner").await;
    pg.sql(
        DATABASE,
        "GRANT CONNECT ON DATABASE petstore TO petstore_desk;
         GRANT USAGE ON SCHEMA public TO petstore_desk;
         GRANT SELECT ON petstore_store, petstore_schema_history TO petstore_desk;
         GRANT SELECT, INSERT, UPDATE ON petstore_claims TO petstore_desk;
         GRANT SELECT, INSERT, UPDATE, DELETE ON petstore_outbox TO petstore_desk;
         GRANT USAGE ON SEQUENCE petstore_outbox_id_seq TO petstore_desk;
         GRANT SELECT, INSERT ON petstore_history TO petstore_desk;
         GRANT USAGE ON SEQUENCE petstore_history_id_seq TO petstore_desk;",
    );
    pg
}

pub async fn connect_as(pg: &TestPostgres, user: &str, password: &str) -> Shared {
    let mut settings = Settings::new(pg.host(), DATABASE, user);
    settings.port = pg.port();
    connect(&settings, &Password::new(password))
        .await
        .expect("connects")
}

pub async fn desk(pg: &TestPostgres) -> Shared {
    connect_as(pg, "petstore_desk", "desk").await
}

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

/// The median and the 95th percentile of `times` (sorted here).
pub fn median_p95(times: &mut [Duration]) -> (Duration, Duration) {
    times.sort_unstable();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    (at(0.5), at(0.95))
}

pub fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

pub fn verdict(measured: Duration, goal: Duration) -> &'static str {
    if measured <= goal { "met" } else { "missed" }
}
