//! Paging links, unknown paths and unsupported methods over real HTTP.

mod common;

use common::{Api, KEY, big_plan, config, error_body, quota, start};
use petstore_sandbox::{DEMO_PETS, SandboxConfig};
use reqwest::StatusCode;
use serde_json::Value;

#[tokio::test]
async fn paging_links_walk_the_whole_catalogue() {
    let sandbox = start(SandboxConfig {
        page_size_links: true,
        ..config(big_plan())
    })
    .await;
    let api = Api::new(&sandbox);
    let mut url = format!("{}/pets?limit=15", sandbox.base_url());
    let mut seen = Vec::new();
    let mut links = Vec::new();
    loop {
        let response = api.send(api.http.get(&url).bearer_auth(KEY)).await;
        let link = response
            .headers()
            .get("link")
            .map(|v| v.to_str().unwrap().to_owned());
        let page: Vec<Value> = response.json().await.unwrap();
        seen.extend(page.iter().map(|p| p["id"].as_i64().unwrap()));
        let Some(link) = link else { break };
        links.push(link.clone());
        url = link
            .strip_prefix('<')
            .and_then(|rest| rest.strip_suffix(">; rel=\"next\""))
            .expect("a next link")
            .to_owned();
    }
    assert_eq!(seen, (1..=DEMO_PETS.len() as i64).collect::<Vec<_>>());
    assert_eq!(
        links,
        [
            format!(
                "<{}/pets?limit=15&after=15>; rel=\"next\"",
                sandbox.base_url()
            ),
            format!(
                "<{}/pets?limit=15&after=30>; rel=\"next\"",
                sandbox.base_url()
            ),
        ]
    );

    let response = api.send(api.get("/pets?status=sold&limit=2")).await;
    let link = response.headers()["link"].to_str().unwrap().to_owned();
    let page: Vec<Value> = response.json().await.unwrap();
    let last = page[1]["id"].as_i64().unwrap();
    assert_eq!(
        link,
        format!(
            "<{}/pets?limit=2&status=sold&after={last}>; rel=\"next\"",
            sandbox.base_url()
        )
    );

    // A page that reaches the end carries no link.
    let all = api.send(api.get("/pets?limit=100")).await;
    assert!(all.headers().get("link").is_none());
}

#[tokio::test]
async fn unknown_paths_and_methods_are_error_bodies() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    for path in ["/nothing", "/pets/1/photos", "/pets/"] {
        let response = api.send(api.get(path)).await;
        quota(&response);
        let error = error_body(response).await;
        assert_eq!(
            (error.status, error.code.as_str()),
            (StatusCode::NOT_FOUND, "not_found"),
            "{path}"
        );
    }
    let outside = api
        .send(
            api.http
                .get(format!("http://{}/v2/pets", sandbox.addr()))
                .bearer_auth(KEY),
        )
        .await;
    assert_eq!(error_body(outside).await.status, StatusCode::NOT_FOUND);

    let delete = api
        .send(
            api.http
                .delete(format!("{}/pets/1", sandbox.base_url()))
                .bearer_auth(KEY),
        )
        .await;
    assert_eq!(delete.headers()["allow"], "GET, HEAD");
    let error = error_body(delete).await;
    assert_eq!(
        (error.status, error.code.as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed")
    );
    let put = api
        .send(
            api.http
                .put(format!("{}/pets", sandbox.base_url()))
                .bearer_auth(KEY),
        )
        .await;
    assert_eq!(put.headers()["allow"], "GET, HEAD, POST");
}

#[tokio::test]
async fn shutdown_stops_listening_even_with_idle_keep_alive_connections() {
    let sandbox = start(config(big_plan())).await;
    let api = Api::new(&sandbox);
    assert_eq!(api.send(api.get("/pets")).await.status(), StatusCode::OK);
    let addr = sandbox.addr();
    sandbox.shutdown().await;
    let refused = tokio::net::TcpStream::connect(addr).await;
    assert!(refused.is_err(), "nothing listens after shutdown");
}
