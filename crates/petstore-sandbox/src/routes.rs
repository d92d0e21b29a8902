//! The HTTP surface: `/v1/pets` and `/v1/pets/{petId}` behind the gate, and the `/_sandbox` control API
//! outside it (behind its token); all of it behind the Host check.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{from_fn_with_state, map_response_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, any, get};

use crate::control;
use crate::errors::ApiError;
use crate::extract::{ListQuery, MAX_BODY_BYTES, NewPet, PetId};
use crate::faults;
use crate::gate::gate;
use crate::host;
use crate::state::Shared;

/// RFC 9745 structured date of the deprecation of `GET /pets/{petId}`: 2025-01-01T00:00:00Z.
pub const DEPRECATION: &str = "@1735689600";
/// RFC 8594 removal date from the spec: 5 December 2030.
pub const SUNSET: &str = "Thu, 05 Dec 2030 00:00:00 GMT";

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    let pets = get(list_pets)
        .post(create_pet)
        .fallback(|req: Request| not_allowed(req, "GET, HEAD, POST"));
    let pet = get(get_pet)
        .fallback(|req: Request| not_allowed(req, "GET, HEAD"))
        .layer(map_response_with_state(shared.clone(), deprecation_headers));
    let api: Router<Arc<Shared>> = Router::new()
        .route("/pets", pets)
        .route("/pets/{petId}", pet);

    let gated = Router::new()
        .nest("/v1", api)
        .fallback(|req: Request| async move { ApiError::NoSuchPath(req.uri().path().to_owned()) })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(from_fn_with_state(shared.clone(), gate))
        .with_state(shared.clone());

    let control: MethodRouter = match &shared.control_token {
        Some(token) => get(faults::get_faults)
            .put(faults::put_faults)
            .with_state(shared.faults.clone())
            .layer(from_fn_with_state(token.clone(), control::require_token)),
        None => any(control::off),
    };
    // The Host check wraps everything, the fallback included, so it comes before all else.
    Router::new()
        .route("/_sandbox/faults", control)
        .merge(gated)
        .layer(from_fn_with_state(
            shared.also_answers.clone(),
            host::require_own_host,
        ))
}

async fn list_pets(State(shared): State<Arc<Shared>>, query: ListQuery) -> Response {
    let page = shared.store.list(
        query.status.as_deref(),
        query.limit,
        query.after,
        shared.newest_first,
    );
    let next = page
        .pets
        .last()
        .filter(|_| page.more && shared.page_links)
        .map(|last| next_link(&shared.base_url, &query, last.id));
    let mut response = Json(page.pets).into_response();
    if let Some(value) = next.and_then(|link| HeaderValue::from_str(&link).ok()) {
        response.headers_mut().insert(header::LINK, value);
    }
    response
}

fn next_link(base_url: &str, query: &ListQuery, last_id: i64) -> String {
    let mut url = format!("{base_url}/pets?limit={}", query.limit);
    if let Some(status) = &query.status {
        // Statuses are validated to be plain lowercase words, so they need no escaping.
        url.push_str(&format!("&status={status}"));
    }
    format!("<{url}&after={last_id}>; rel=\"next\"")
}

async fn create_pet(State(shared): State<Arc<Shared>>, new_pet: NewPet) -> Response {
    let added = shared
        .store
        .add(&new_pet.name, new_pet.category_id, &new_pet.status, None);
    let Ok(pet) = added else {
        return ApiError::NotKept.into_response();
    };
    let location = format!("{}/pets/{}", shared.base_url, pet.id);
    let mut response = (StatusCode::CREATED, Json(pet)).into_response();
    if let Ok(value) = HeaderValue::from_str(&location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

async fn get_pet(State(shared): State<Arc<Shared>>, PetId(id): PetId) -> Response {
    match shared.store.get(id) {
        Some(pet) => Json(pet).into_response(),
        None => ApiError::PetNotFound(id.to_string()).into_response(),
    }
}

async fn deprecation_headers(
    State(shared): State<Arc<Shared>>,
    mut response: Response,
) -> Response {
    let headers = response.headers_mut();
    headers.insert("deprecation", HeaderValue::from_static(DEPRECATION));
    headers.insert("sunset", HeaderValue::from_static(SUNSET));
    let successor = format!("<{}/pets>; rel=\"successor-version\"", shared.base_url);
    if let Ok(value) = HeaderValue::from_str(&successor) {
        headers.insert(header::LINK, value);
    }
    response
}

async fn not_allowed(req: Request, allow: &'static str) -> ApiError {
    let method: &Method = req.method();
    ApiError::MethodNotAllowed {
        method: method.to_string(),
        allow: allow.to_owned(),
    }
}
