//! One create per environment at a time, against real sandboxes made slow with `set_faults`: a
//! second create while the first may still succeed is refused before anything is sent.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{Collected, STAFF_KEY, backend, facts, sandbox, use_staging};
use petstore_admin::dto::{AppErrorKind, ClientErrorKind, Environment, NewPetInput, Settings};
use petstore_sandbox::{Faults, SandboxConfig};

/// Long enough for a second create to start while the first waits; short enough to wait out.
const LATENCY: Duration = Duration::from_millis(1500);

fn slowpoke() -> NewPetInput {
    NewPetInput {
        name: "Slowpoke".into(),
        category_id: "3".into(),
        status: None,
    }
}

fn slow() -> Faults {
    Faults {
        latency: LATENCY,
        ..Faults::default()
    }
}

#[tokio::test]
async fn two_concurrent_creates_for_one_environment_send_one_post() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    server.set_faults(slow());

    let input = slowpoke();
    let (first, second) = tokio::join!(
        backend.create_pet(Environment::Staging, &input, false),
        async {
            // The first is on its way (waiting for the slow answer) when the second starts.
            tokio::time::sleep(LATENCY / 3).await;
            backend
                .create_pet(Environment::Staging, &input, false)
                .await
        }
    );
    assert_eq!(
        server.create_count(),
        1,
        "exactly one POST reached the service"
    );
    let created = first.expect("the first create succeeds");
    let refused = second.expect_err("the second is refused");
    assert_eq!(refused.kind(), AppErrorKind::CreateInFlight, "{refused:?}");
    assert_eq!(facts(&refused)["environment"], "staging", "{refused:?}");

    assert_eq!(created.pet.name, "Slowpoke");
    assert_eq!(created.environment, Environment::Staging);
    assert_eq!(created.base_url, server.base_url());

    // Settled: the next create for the environment goes.
    server.set_faults(Faults::default());
    backend
        .create_pet(Environment::Staging, &input, false)
        .await
        .expect("the slot was released after a success");
    assert_eq!(server.create_count(), 2);
}

#[tokio::test]
async fn the_slot_is_released_after_a_refusal_and_after_a_cancelled_command() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;

    let zero = NewPetInput {
        category_id: "0".into(),
        ..slowpoke()
    };
    let error = backend
        .create_pet(Environment::Staging, &zero, false)
        .await
        .expect_err("400");
    assert_eq!(error.kind(), ClientErrorKind::BadRequest);

    // A command whose future is dropped half-way (the caller went away) frees its slot too.
    server.set_faults(slow());
    let cancelled = tokio::time::timeout(
        LATENCY / 3,
        backend.create_pet(Environment::Staging, &slowpoke(), false),
    )
    .await;
    assert!(cancelled.is_err(), "still waiting for the slow answer");
    server.set_faults(Faults::default());
    backend
        .create_pet(Environment::Staging, &slowpoke(), false)
        .await
        .expect("the slot was released by the drop");
    assert_eq!(
        server.create_count(),
        3,
        "400, the cancelled one, the last one"
    );
}

#[tokio::test]
async fn creates_for_two_environments_go_side_by_side_and_a_switch_redirects_neither() {
    let staging = sandbox(SandboxConfig::default()).await;
    let production = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &staging, STAFF_KEY).await;
    backend
        .save_settings(
            Settings {
                production_url: Some(production.base_url()),
                staging_url: Some(staging.base_url()),
            },
            None,
        )
        .await
        .expect("loopback addresses accepted");
    backend
        .set_api_key(Environment::Production, STAFF_KEY.to_owned(), true)
        .await
        .expect("session key");
    staging.set_faults(slow());

    let (in_staging, in_production) = tokio::join!(
        async {
            backend
                .create_pet(Environment::Staging, &slowpoke(), false)
                .await
        },
        async {
            tokio::time::sleep(LATENCY / 3).await;
            // The person switches to Production while Staging's create is on its way.
            backend
                .select_environment(Environment::Production)
                .await
                .expect("switch");
            backend
                .create_pet(Environment::Production, &slowpoke(), false)
                .await
        }
    );
    let in_staging = in_staging.expect("created in staging");
    let in_production = in_production.expect("created in production");
    assert_eq!(
        (in_staging.environment, in_staging.base_url.as_str()),
        (Environment::Staging, staging.base_url().as_str())
    );
    assert_eq!(
        (in_production.environment, in_production.base_url.as_str()),
        (Environment::Production, production.base_url().as_str())
    );
    assert_eq!((staging.create_count(), production.create_count()), (1, 1));
}
