//! Authentication, rate-limit headers on every answer, both windows, 429 with Retry-After, the ban, and
//! exact counting under concurrency. Windows are stepped with a manual clock, so nothing here waits.

mod common;

use std::time::Duration;

use common::{
    Api, DAY, KEY, MINUTE, T0, big_plan, config, error_body, quota, retry_after, start,
    start_with_clock,
};
use petstore_sandbox::{DEMO_KEY, Faults, Plan, SandboxConfig};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn missing_malformed_and_unknown_keys_are_401_with_anonymous_quota() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    let url = format!("{}/pets", sandbox.base_url());
    let cases = [
        (api.http.get(&url), "missing_api_key"),
        (
            api.http.get(&url).header("authorization", "Bearer "),
            "missing_api_key",
        ),
        (
            api.http
                .get(&url)
                .header("authorization", "Basic dGVzdDp0ZXN0"),
            "malformed_authorization",
        ),
        (
            api.http.get(&url).header("authorization", KEY),
            "malformed_authorization",
        ),
        (
            api.http.get(&url).bearer_auth("wrong-key"),
            "invalid_api_key",
        ),
        (
            api.http
                .post(&url)
                .bearer_auth("wrong")
                .json(&json!({"name": 1})),
            "invalid_api_key",
        ),
    ];
    let mut remaining = Vec::new();
    for (request, code) in cases {
        let response = api.send(request).await;
        let (limit, left, _) = quota(&response);
        assert_eq!(limit, 60, "unauthenticated clients get Free limits");
        remaining.push(left);
        assert_eq!(
            response.headers()["www-authenticate"],
            "Bearer realm=\"petstore\""
        );
        let error = error_body(response).await;
        assert_eq!(
            (error.status, error.code.as_str()),
            (StatusCode::UNAUTHORIZED, code)
        );
        assert!(error.message.contains("key"), "{}", error.message);
    }
    assert_eq!(remaining, [59, 58, 57, 56, 55, 54]);
    // Authentication comes before validation: a bad body with a bad key is a 401, and nothing was created.
    let ok = api.send(api.get("/pets?limit=100")).await;
    assert_eq!(ok.json::<Vec<serde_json::Value>>().await.unwrap().len(), 40);
    // The demo key works in the default configuration.
    let demo = api.send(api.http.get(&url).bearer_auth(DEMO_KEY)).await;
    assert_eq!(demo.status(), StatusCode::OK);
    assert_eq!(quota(&demo).0, 300, "the demo key is on the Pro plan");
}

#[tokio::test]
async fn anonymous_clients_are_limited_per_address_too() {
    let (sandbox, _clock) = start_with_clock(SandboxConfig::default()).await;
    let api = Api::new(&sandbox);
    for expected_left in (0..60).rev() {
        let response = api
            .send(api.http.get(format!("{}/pets", sandbox.base_url())))
            .await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(quota(&response).1, expected_left);
    }
    let response = api
        .send(api.http.get(format!("{}/pets", sandbox.base_url())))
        .await;
    assert_eq!(retry_after(&response), MINUTE);
    let error = error_body(response).await;
    assert_eq!(
        (error.status, error.code.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
    );
}

#[tokio::test]
async fn every_status_carries_rate_limit_headers_and_every_request_counts() {
    let (sandbox, _clock) = start_with_clock(config(Plan::Enterprise {
        per_minute: 9,
        per_day: 100,
    }))
    .await;
    let api = Api::new(&sandbox);
    let reset = T0 + MINUTE;
    let mut seen = Vec::new();
    let requests = [
        api.get("/pets"),
        api.post_json(&json!({"name": "Rex", "categoryId": 1})),
        api.post_json(&json!({"name": "Rex"})),
        api.get("/pets/12345"),
        api.get("/nowhere"),
        api.http
            .delete(format!("{}/pets", api.base))
            .bearer_auth(KEY),
    ];
    for request in requests {
        let response = api.send(request).await;
        seen.push((response.status().as_u16(), quota(&response)));
    }
    sandbox.set_faults(Faults {
        error_rate: 1.0,
        ..Faults::default()
    });
    let response = api.send(api.get("/pets")).await;
    seen.push((response.status().as_u16(), quota(&response)));
    sandbox.set_faults(Faults::default());
    let response = api.send(api.get("/pets")).await;
    seen.push((response.status().as_u16(), quota(&response)));
    let response = api.send(api.get("/pets")).await;
    seen.push((response.status().as_u16(), quota(&response)));
    let response = api.send(api.get("/pets")).await;
    seen.push((response.status().as_u16(), quota(&response)));
    assert_eq!(
        seen,
        [
            (200, (9, 8, reset)),
            (201, (9, 7, reset)),
            (400, (9, 6, reset)),
            (404, (9, 5, reset)),
            (404, (9, 4, reset)),
            (405, (9, 3, reset)),
            (503, (9, 2, reset)),
            (200, (9, 1, reset)),
            (200, (9, 0, reset)),
            (429, (9, 0, reset)),
        ]
    );
    assert_eq!(sandbox.request_count(), 10);
    let outside = format!("http://{}/elsewhere", sandbox.addr());
    let response = api.send(api.http.get(outside).bearer_auth(KEY)).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        sandbox.request_count(),
        10,
        "only requests on /v1 are counted"
    );
}

#[tokio::test]
async fn minute_window_then_day_window_with_exact_resets() {
    let plan = Plan::Enterprise {
        per_minute: 3,
        per_day: 5,
    };
    let (sandbox, clock) = start_with_clock(config(plan)).await;
    let api = Api::new(&sandbox);
    let minute_reset = T0 + MINUTE;
    let day_reset = T0 + DAY;

    for left in [2, 1, 0] {
        let response = api.send(api.get("/pets?limit=1")).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(quota(&response), (3, left, minute_reset));
    }
    clock.advance(Duration::from_secs(3));
    let limited = api.send(api.get("/pets?limit=1")).await;
    assert_eq!(quota(&limited), (3, 0, minute_reset));
    // 6.5 s left in the window, rounded up.
    assert_eq!(retry_after(&limited), 7);
    let error = error_body(limited).await;
    assert_eq!(
        (error.status, error.code.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
    );
    assert!(error.message.contains("Retry-After"), "{}", error.message);

    // Next minute window: the day window has fewer requests left (2 of 5 against 3), so it is reported.
    clock.advance(Duration::from_secs(7));
    for left in [1, 0] {
        let response = api.send(api.get("/pets?limit=1")).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(quota(&response), (5, left, day_reset));
    }
    let limited = api.send(api.get("/pets?limit=1")).await;
    assert_eq!(quota(&limited), (5, 0, day_reset));
    assert_eq!(retry_after(&limited), 90, "until the day window resets");

    // A fresh minute window does not help while the day is used up.
    clock.advance(Duration::from_secs(MINUTE * 3));
    let still = api.send(api.get("/pets?limit=1")).await;
    assert_eq!(still.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(retry_after(&still), 60);

    clock.advance(Duration::from_secs(60));
    let fresh = api.send(api.get("/pets?limit=1")).await;
    assert_eq!(fresh.status(), StatusCode::OK);
    assert_eq!(quota(&fresh), (3, 2, T0 + DAY + MINUTE));
}

#[tokio::test]
async fn honouring_retry_after_never_bans() {
    let plan = Plan::Enterprise {
        per_minute: 1,
        per_day: 1000,
    };
    let (sandbox, clock) = start_with_clock(SandboxConfig {
        ban_after: 1,
        ..config(plan)
    })
    .await;
    let api = Api::new(&sandbox);
    for _ in 0..5 {
        assert_eq!(api.send(api.get("/pets")).await.status(), StatusCode::OK);
        let limited = api.send(api.get("/pets")).await;
        assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
        clock.advance(Duration::from_secs(retry_after(&limited)));
    }
}

#[tokio::test]
async fn a_key_that_ignores_retry_after_is_banned() {
    let plan = Plan::Enterprise {
        per_minute: 1,
        per_day: 1000,
    };
    let config = SandboxConfig {
        ban_after: 3,
        ban_duration: Duration::from_secs(600),
        ..config(plan)
    };
    let (sandbox, clock) = start_with_clock(config).await;
    let api = Api::new(&sandbox);
    assert_eq!(api.send(api.get("/pets")).await.status(), StatusCode::OK);
    // The 429 itself, then three requests sent while told to wait: still only rate limited.
    for _ in 0..4 {
        let error = error_body(api.send(api.get("/pets")).await).await;
        assert_eq!(error.code, "rate_limited");
    }
    // One more while waiting: banned.
    let banned = api.send(api.get("/pets")).await;
    assert_eq!(retry_after(&banned), 600);
    assert_eq!(quota(&banned), (1, 0, T0 + 601));
    let error = error_body(banned).await;
    assert_eq!(
        (error.status, error.code.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "key_banned")
    );
    assert!(
        error.message.contains("temporarily banned"),
        "{}",
        error.message
    );
    assert!(error.message.contains("Retry-After"), "{}", error.message);

    // The ban outlasts the minute window, and other keys are not affected.
    clock.advance(Duration::from_secs(MINUTE * 5));
    let banned = api.send(api.get("/pets")).await;
    assert_eq!(retry_after(&banned), 550);
    assert_eq!(error_body(banned).await.code, "key_banned");
    let demo = api
        .send(
            api.http
                .get(format!("{}/pets", api.base))
                .bearer_auth(DEMO_KEY),
        )
        .await;
    assert_eq!(demo.status(), StatusCode::OK);

    clock.advance(Duration::from_secs(550));
    assert_eq!(api.send(api.get("/pets")).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn concurrent_requests_are_counted_exactly() {
    let plan = Plan::Enterprise {
        per_minute: 30,
        per_day: 1000,
    };
    let (sandbox, _clock) = start_with_clock(SandboxConfig {
        ban_after: 1000,
        ..config(plan)
    })
    .await;
    let api = std::sync::Arc::new(Api::new(&sandbox));
    let tasks: Vec<_> = (0..50)
        .map(|n| {
            let api = api.clone();
            tokio::spawn(async move {
                let body = json!({"name": format!("Pet {n}"), "categoryId": 1});
                api.send(api.post_json(&body)).await.status()
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    let created = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    let limited = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!((created, limited), (30, 20));
    assert_eq!(sandbox.request_count(), 50);
    sandbox.shutdown().await;
}

// The pacing benchmark's shape: several worker threads, one shared limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_tasks_on_a_multi_thread_runtime_count_exactly() {
    {
        let plan = Plan::Enterprise {
            per_minute: 100,
            per_day: 1000,
        };
        let (sandbox, _clock) = start_with_clock(SandboxConfig {
            ban_after: 1000,
            ..config(plan)
        })
        .await;
        let api = std::sync::Arc::new(Api::new(&sandbox));
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let api = api.clone();
                tokio::spawn(async move {
                    let mut ok = 0;
                    for _ in 0..20 {
                        if api.send(api.get("/pets?limit=1")).await.status() == StatusCode::OK {
                            ok += 1;
                        }
                    }
                    ok
                })
            })
            .collect();
        let mut ok = 0;
        for task in tasks {
            ok += task.await.unwrap();
        }
        assert_eq!(ok, 100);
        assert_eq!(sandbox.request_count(), 160);
    }
}
