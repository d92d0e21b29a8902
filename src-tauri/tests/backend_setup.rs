//! Environments, settings persistence, the embedded sandbox, keys and rate-limit events.

mod common;

use std::net::{Ipv4Addr, TcpListener};
use std::sync::Arc;
use std::time::Duration;

use common::{Collected, STAFF_KEY, backend, facts, mock_keychain, sandbox, use_staging};
use petstore_admin::backend::{Backend, BackendConfig};
use petstore_admin::dto::{
    AddressSource, AppEvent, ClientErrorKind, Environment, ErrorKind, Field, Settings,
};
use petstore_sandbox::{Plan, SandboxConfig};

#[tokio::test]
async fn sandbox_is_the_default_and_starts_on_demand() {
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    let envs = backend.list_environments().await.expect("environments");
    let ids: Vec<_> = envs.iter().map(|e| e.id).collect();
    assert_eq!(
        ids,
        [
            Environment::Production,
            Environment::Staging,
            Environment::Sandbox
        ]
    );
    let sandbox_info = &envs[2];
    assert!(sandbox_info.selected && sandbox_info.local_demo && sandbox_info.configured);
    assert!(envs[0].production && !envs[0].configured && !envs[0].selected);
    assert_eq!(backend.sandbox_url().await, None, "nothing started yet");

    let page = backend.list_pets(None, Some(20)).await.expect("demo data");
    assert!(!page.pets.is_empty());
    let url = backend.sandbox_url().await.expect("started");
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    backend.shutdown().await;
}

#[tokio::test]
async fn a_taken_sandbox_port_falls_back_to_a_free_one() {
    let taken = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("bind");
    let port = taken.local_addr().expect("addr").port();
    let backend = Backend::new(BackendConfig {
        sandbox_port: port,
        ..BackendConfig::isolated()
    });
    backend
        .list_pets(None, Some(5))
        .await
        .expect("sandbox on another port");
    let url = backend.sandbox_url().await.expect("started");
    assert!(!url.contains(&format!(":{port}/")), "{url}");
    let info = backend.list_environments().await.expect("envs");
    assert_eq!(info[2].base_url.as_deref(), Some(url.as_str()));
    backend.shutdown().await;
}

#[tokio::test]
async fn settings_and_selection_survive_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (keychain, _store) = mock_keychain();
    {
        let first = backend(
            dir.path(),
            Some(keychain.clone()),
            Arc::new(Collected::default()),
        );
        let saved = first
            .save_settings(
                Settings {
                    production_url: Some(" https://api.example.com/v1/ ".into()),
                    staging_url: Some("http://127.0.0.1:9/v1".into()),
                },
                None,
            )
            .await
            .expect("valid");
        assert_eq!(
            saved.production_url.as_deref(),
            Some("https://api.example.com/v1")
        );
        first
            .set_api_key(Environment::Production, "prod-key-12345678".into(), false)
            .await
            .expect("stored in the keychain");
        first
            .select_environment(Environment::Production)
            .await
            .expect("selected");
    }
    let text = std::fs::read_to_string(dir.path().join("settings.json")).expect("file");
    assert!(
        !text.contains("prod-key"),
        "no key in the settings file: {text}"
    );

    let again = backend(dir.path(), Some(keychain), Arc::new(Collected::default()));
    assert_eq!(
        again.get_settings(),
        Settings {
            production_url: Some("https://api.example.com/v1".into()),
            staging_url: Some("http://127.0.0.1:9/v1".into()),
        }
    );
    let envs = again.list_environments().await.expect("envs");
    assert!(envs[0].selected && envs[0].configured, "{envs:?}");
    let status = again
        .key_status(Environment::Production)
        .await
        .expect("status");
    assert_eq!(status.masked.as_deref(), Some("••••5678"));
}

#[tokio::test]
async fn bad_addresses_are_refused_with_their_field_and_nothing_is_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    let error = backend
        .save_settings(
            Settings {
                production_url: Some("https://api.example.com/v1".into()),
                staging_url: Some("http://staging.example.com/v1".into()),
            },
            None,
        )
        .await
        .expect_err("plain http off loopback");
    assert_eq!(
        (error.kind(), error.field()),
        (
            ErrorKind::Client(ClientErrorKind::Configuration),
            Some(Field::StagingUrl)
        )
    );
    assert_eq!(facts(&error)["problem"], "insecureBaseUrl", "{error:?}");
    assert_eq!(facts(&error)["address"], "http://staging.example.com/v1");
    assert_eq!(backend.get_settings(), Settings::default());
    assert!(!dir.path().join("settings.json").exists());
}

#[tokio::test]
async fn an_unconfigured_environment_says_what_to_set() {
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    backend
        .select_environment(Environment::Production)
        .await
        .expect("selected");
    let error = backend
        .list_pets(None, Some(20))
        .await
        .expect_err("no address");
    assert_eq!(
        (error.kind(), error.field()),
        (
            ErrorKind::Client(ClientErrorKind::Configuration),
            Some(Field::ProductionUrl)
        )
    );
    backend
        .save_settings(
            Settings {
                production_url: Some("https://127.0.0.1:9/v1".into()),
                staging_url: None,
            },
            None,
        )
        .await
        .expect("saved");
    let error = backend.list_pets(None, Some(20)).await.expect_err("no key");
    assert_eq!(
        (error.kind(), error.field()),
        (
            ErrorKind::Client(ClientErrorKind::Configuration),
            Some(Field::Key)
        )
    );
}

#[tokio::test]
async fn environment_variables_win_over_saved_addresses() {
    let backend = Backend::new(BackendConfig {
        env_lookup: Arc::new(|name| {
            (name == "PETSTORE_STAGING_URL").then(|| "https://env.example.com/v1".to_owned())
        }),
        ..BackendConfig::isolated()
    });
    let envs = backend.list_environments().await.expect("envs");
    assert_eq!(
        envs[1].base_url.as_deref(),
        Some("https://env.example.com/v1")
    );
}

#[tokio::test]
async fn selecting_emits_environment_changed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), None, events.clone());
    let info = backend
        .select_environment(Environment::Staging)
        .await
        .expect("selected");
    assert!(info.selected);
    assert!(
        events
            .all()
            .iter()
            .any(|e| matches!(e, AppEvent::EnvironmentChanged(i) if i.id == Environment::Staging))
    );
}

#[tokio::test]
async fn test_connection_shows_the_quota_it_sees() {
    let server = sandbox(SandboxConfig::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = backend(dir.path(), None, Arc::new(Collected::default()));
    use_staging(&backend, &server, STAFF_KEY).await;
    let test = backend
        .test_connection(Environment::Staging, None, false)
        .await
        .expect("connected");
    assert_eq!(test.pets_seen, 1);
    assert!(test.saved, "with no address given, the saved one is tested");
    let quota = test.quota.expect("quota headers");
    assert_eq!(
        (quota.limit, quota.environment),
        (Some(300), Environment::Staging)
    );
}

#[tokio::test]
async fn a_spent_quota_is_rate_limited_with_a_retry_time() {
    let server = sandbox(SandboxConfig::default().with_key(
        "tiny-plan-key-0001",
        Plan::Enterprise {
            per_minute: 1,
            per_day: 100,
        },
    ))
    .await;
    let dir = tempfile::tempdir().expect("temp dir");
    let backend = Backend::new(BackendConfig {
        settings_path: Some(dir.path().join("settings.json")),
        // Never wait inside a call: say when to retry instead.
        tuning: Arc::new(|c| {
            common::quick(c).with_retry(petstore_client::RetryPolicy {
                max_attempts: 1,
                max_wait: Duration::ZERO,
                ..petstore_client::RetryPolicy::default()
            })
        }),
        ..BackendConfig::isolated()
    });
    use_staging(&backend, &server, "tiny-plan-key-0001").await;
    backend
        .list_pets(None, Some(1))
        .await
        .expect("first goes through");
    let error = backend
        .list_pets(None, Some(1))
        .await
        .expect_err("quota spent");
    assert_eq!(error.kind(), ClientErrorKind::RateLimited);
    assert!(error.retry_at().is_some(), "{error:?}");
    let quota = backend.current_quota().await.expect("seen");
    assert_eq!(quota.remaining, Some(0));
}

#[tokio::test]
async fn waits_are_announced_and_their_end_too() {
    let server = sandbox(SandboxConfig {
        minute_window: Duration::from_secs(1),
        ..SandboxConfig::default().with_key(
            "tiny-plan-key-0002",
            Plan::Enterprise {
                per_minute: 1,
                per_day: 100,
            },
        )
    })
    .await;
    let dir = tempfile::tempdir().expect("temp dir");
    let events = Arc::new(Collected::default());
    let backend = backend(dir.path(), None, events.clone());
    use_staging(&backend, &server, "tiny-plan-key-0002").await;
    backend.list_pets(None, Some(1)).await.expect("first");
    backend
        .list_pets(None, Some(1))
        .await
        .expect("second, after the reset");
    let waiting = events.wait_for(|e| matches!(e, AppEvent::Waiting(_))).await;
    let AppEvent::Waiting(waiting) = waiting else {
        unreachable!()
    };
    assert_eq!(waiting.environment, Environment::Staging);
    events
        .wait_for(|e| matches!(e, AppEvent::Resumed(r) if r.environment == Environment::Staging))
        .await;
}

#[tokio::test]
async fn each_address_says_where_it_comes_from() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("settings.json"),
        r#"{ "productionUrl": "https://prod.example.com/v1", "stagingUrl": "https://file.example.com/v1" }"#,
    )
    .expect("write");
    let with_variable = Backend::new(BackendConfig {
        settings_path: Some(dir.path().join("settings.json")),
        env_lookup: Arc::new(|name| {
            (name == "PETSTORE_STAGING_URL").then(|| "https://env.example.com/v1".to_owned())
        }),
        ..BackendConfig::isolated()
    });
    let envs = with_variable.list_environments().await.expect("envs");
    assert_eq!(
        envs.iter().map(|e| e.address_source).collect::<Vec<_>>(),
        [
            AddressSource::SettingsFile,
            AddressSource::EnvironmentVariable,
            AddressSource::BuiltIn
        ]
    );
    assert_eq!(
        envs[1].base_url.as_deref(),
        Some("https://env.example.com/v1"),
        "the variable's value is shown"
    );

    // A blank variable sets nothing; an address set nowhere says so.
    let nothing = Backend::new(BackendConfig {
        env_lookup: Arc::new(|_| Some("  ".to_owned())),
        ..BackendConfig::isolated()
    });
    let envs = nothing.list_environments().await.expect("envs");
    assert_eq!(envs[0].address_source, AddressSource::NotSet);
    assert_eq!(envs[1].address_source, AddressSource::NotSet);
}
