//! `PetstoreClient`: the four operations of the spec over one shared HTTP client and one shared
//! rate-limit governor per (base address, key).

mod auth_header;
mod body;
mod decode;
mod forget;
mod http_client;
#[cfg(feature = "fuzzing")]
pub(crate) use decode::{pets as decode_pets, pets_slowly as decode_pets_slowly};
mod policy;
mod probe;
mod record;
mod request;
mod send;
#[cfg(test)]
mod tests;
mod trace;

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::sync::broadcast;

use crate::LOG_TARGET;
use crate::activity::{ActivitySink, Operation, PetNote};
use crate::clock::Clock;
use crate::config::{BaseUrl, ClientConfig};
use crate::deprecation;
use crate::environment::Environment;
use crate::error::{ConfigError, Error, InvalidInput};
use crate::events::ClientEvent;
use crate::link;
use crate::model::Limit;
use crate::model::{ListQuery, NewPet, NextPage, Pet, PetPage, PetStatus, Response};
use crate::ratelimit::{Governor, GovernorKey, Priority, RateLimitSnapshot, WaitStore};
use crate::retry::RetryPolicy;
use crate::secret::ApiKey;

use auth_header::AuthHeader;
pub use forget::{CLEAR_SPACING, ForgetError, WaitKept};
use http_client::http_client;
pub use probe::KeylessAnswer;
use record::{CallLog, Recorder};
use send::Call;

/// The Pet Store client. Cheap to clone; every clone shares the HTTP connections and the
/// rate-limit state of its (base address, key).
#[derive(Clone)]
pub struct PetstoreClient {
    shared: Arc<Shared>,
    /// Bounds every wait and attempt of a call made through this handle.
    deadline: Option<DateTime<Utc>>,
    /// Whether this handle's calls let interactive ones of the same key go first.
    priority: Priority,
}

struct Shared {
    http: reqwest::Client,
    environment: Environment,
    base_url: BaseUrl,
    api_key: Option<ApiKey>,
    /// `Bearer <key>`, one buffer for every request, wiped on drop.
    authorization: Option<AuthHeader>,
    request_timeout: Duration,
    retry: RetryPolicy,
    clock: Arc<dyn Clock>,
    governor: Arc<Governor>,
    wait_store: Option<Arc<dyn WaitStore>>,
    activity: Option<Arc<dyn ActivitySink>>,
    /// Whether a user name and password were given to a Manual proxy (a 407 then means they
    /// were refused).
    proxy_credentials: bool,
    /// Whether requests follow the environment and the OS's proxy settings (mode System, a
    /// remote address): a failed connection then looks for the OS's auto-configuration.
    system_proxy: bool,
}

impl PetstoreClient {
    pub fn new(config: ClientConfig) -> Result<Self, Error> {
        let http = http_client(&config)?;
        let key = GovernorKey {
            base_url: config.base_url.as_str().to_owned(),
            key_fingerprint: config.api_key.as_ref().map_or(0, ApiKey::fingerprint),
        };
        let governor = Governor::shared(key, config.clock.clone(), &config.retry);
        Ok(Self::with_governor(config, http, governor))
    }

    /// A client on a governor chosen by the caller (tests: two "processes" in one).
    fn with_governor(
        config: ClientConfig,
        http: reqwest::Client,
        governor: Arc<Governor>,
    ) -> PetstoreClient {
        let system_proxy = config.network.route(&config.base_url) == crate::config::Route::System;
        let client = PetstoreClient {
            shared: Arc::new(Shared {
                http,
                environment: config.environment,
                base_url: config.base_url,
                authorization: config.api_key.as_ref().map(AuthHeader::new),
                api_key: config.api_key,
                request_timeout: config.request_timeout,
                retry: config.retry,
                clock: config.clock,
                governor,
                wait_store: config.wait_store,
                activity: config.activity,
                proxy_credentials: matches!(
                    &config.network.proxy,
                    crate::config::ProxyMode::Manual(manual) if manual.credentials.is_some()
                ),
                system_proxy,
            }),
            deadline: None,
            priority: Priority::Interactive,
        };
        client.honour_remembered_wait();
        client
    }

    pub fn environment(&self) -> Environment {
        self.shared.environment
    }

    pub fn base_url(&self) -> &BaseUrl {
        &self.shared.base_url
    }

    /// A handle whose calls give up at `deadline` (retries and rate-limit waits included),
    /// sharing everything else with `self`.
    pub fn with_deadline(&self, deadline: DateTime<Utc>) -> PetstoreClient {
        PetstoreClient {
            shared: self.shared.clone(),
            deadline: Some(deadline),
            priority: self.priority,
        }
    }

    /// A handle whose calls go at `priority` (an import: [`Priority::Background`], which lets
    /// every interactive call of the same key go first), sharing everything else with `self`.
    pub fn with_priority(&self, priority: Priority) -> PetstoreClient {
        PetstoreClient {
            shared: self.shared.clone(),
            deadline: self.deadline,
            priority,
        }
    }

    pub fn priority(&self) -> Priority {
        self.priority
    }

    pub fn deadline(&self) -> Option<DateTime<Utc>> {
        self.deadline
    }

    /// `GET /pets`, with the status filter and limit.
    pub async fn list_pets(&self, query: &ListQuery) -> Result<Response<PetPage>, Error> {
        if let Some(PetStatus::Other(given)) = &query.status {
            return Err(InvalidInput::Status {
                given: given.clone(),
            }
            .into());
        }
        let mut url = self.shared.base_url.join("pets");
        {
            let mut pairs = url.query_pairs_mut();
            pairs.append_pair("limit", &query.limit.get().to_string());
            if let Some(status) = &query.status {
                pairs.append_pair("status", status.as_str());
            }
        }
        self.fetch_page(url, Operation::ListPets).await
    }

    /// The page a previous answer's `Link: rel="next"` announced. Only followed to the base
    /// address's origin, so the key never goes anywhere else.
    pub async fn next_page(&self, next: &NextPage) -> Result<Response<PetPage>, Error> {
        if !self.shared.base_url.contains(&next.url) {
            return Err(ConfigError::ForeignLink {
                url: next.url.as_str().to_owned(),
            }
            .into());
        }
        self.fetch_page(next.url.clone(), Operation::NextPage).await
    }

    async fn fetch_page(
        &self,
        url: url::Url,
        operation: Operation,
    ) -> Result<Response<PetPage>, Error> {
        let mut recorder = Recorder::start(self, operation, "GET", &url);
        let first_page = operation == Operation::ListPets;
        let result = self.read_page(url, first_page, &mut recorder.log).await;
        let pets = result.as_ref().ok().map(|page| page.value.pets.len());
        recorder.finish(self, result.as_ref().map(drop), None, pets);
        result
    }

    async fn read_page(
        &self,
        url: url::Url,
        first_page: bool,
        log: &mut CallLog,
    ) -> Result<Response<PetPage>, Error> {
        let limit = asked_limit(&url);
        let answer = self.execute(Call::get(url), log).await?;
        let decoded = decode::pets(answer.status, &answer.body, limit)?;
        if decoded.dropped > 0 {
            log::warn!(
                target: LOG_TARGET,
                "GET {}: the service sent {} pets more than the limit of {limit}; they were dropped",
                answer.url.path(),
                decoded.dropped
            );
        }
        let next = link::next_link(&answer.headers, &answer.url).map(|url| NextPage { url });
        // A chain's last page ends the list whatever its size; a first page ends it only when
        // it is shorter than the limit.
        let may_have_more =
            next.is_none() && first_page && (decoded.pets.len() >= limit || decoded.dropped > 0);
        Ok(Response {
            value: PetPage {
                pets: decoded.pets,
                next,
                may_have_more,
                dropped: decoded.dropped,
            },
            rate_limit: answer.snapshot,
            deprecation: None,
        })
    }

    /// `POST /pets`. Never sent twice unless the first attempt provably never left or was
    /// answered 429; otherwise a lost answer is [`Error::OutcomeUnknown`].
    pub async fn create_pet(&self, pet: &NewPet) -> Result<Response<Pet>, Error> {
        pet.validate()?;
        let body = serde_json::to_vec(pet).map_err(|e| Error::Decode {
            status: 0,
            path: String::new(),
            message: e.to_string(),
        })?;
        let url = self.shared.base_url.join("pets");
        let mut recorder = Recorder::start(self, Operation::CreatePet, "POST", &url);
        let result = self.send_create(url, body, &mut recorder.log).await;
        let note = PetNote {
            name: Some(pet.name.clone()),
            category_id: Some(pet.category_id),
            id: result.as_ref().ok().map(|created| created.value.id),
        };
        recorder.finish(self, result.as_ref().map(drop), Some(note), None);
        result
    }

    async fn send_create(
        &self,
        url: url::Url,
        body: Vec<u8>,
        log: &mut CallLog,
    ) -> Result<Response<Pet>, Error> {
        let answer = self.execute(Call::post(url, body), log).await?;
        // A 2xx means the pet was most probably stored: an answer that cannot be read does not
        // change that, and must not invite a second create.
        let pet = decode::pet(answer.status, &answer.body).map_err(|e| {
            let reason = unreadable_create(answer.status, &e);
            log::warn!(target: LOG_TARGET, "POST {}: outcome unknown: {reason}", answer.url.path());
            Error::OutcomeUnknown {
                reason,
                why: crate::error::OutcomeCause::NotAPet {
                    status: answer.status,
                },
                server: None,
            }
        })?;
        Ok(Response {
            value: pet,
            rate_limit: answer.snapshot,
            deprecation: None,
        })
    }

    /// `GET /pets/{petId}` (deprecated by the service).
    #[deprecated(
        since = "0.1.0",
        note = "GET /pets/{petId} is removed on 2030-12-05; use list_pets with a status filter"
    )]
    pub async fn get_pet(&self, id: i64) -> Result<Response<Pet>, Error> {
        deprecation::warn_once();
        let url = self.shared.base_url.join(&format!("pets/{id}"));
        let mut recorder = Recorder::start(self, Operation::GetPet, "GET", &url);
        let result = self.look_up(url, &mut recorder.log).await;
        let note = PetNote {
            name: None,
            category_id: None,
            id: Some(id),
        };
        recorder.finish(self, result.as_ref().map(drop), Some(note), None);
        result
    }

    async fn look_up(&self, url: url::Url, log: &mut CallLog) -> Result<Response<Pet>, Error> {
        let result = self.execute(Call::get(url), log).await;
        let notice = match &result {
            Ok(answer) => deprecation::get_pet_notice(&answer.headers),
            Err(_) => deprecation::get_pet_notice(&http::HeaderMap::new()),
        };
        self.shared
            .governor
            .emit(ClientEvent::Deprecation(notice.clone()));
        let answer = result?;
        Ok(Response {
            value: decode::pet(answer.status, &answer.body)?,
            rate_limit: answer.snapshot,
            deprecation: Some(notice),
        })
    }

    /// The latest quota any call with this (base address, key) saw.
    pub fn rate_limit(&self) -> Option<RateLimitSnapshot> {
        self.shared.governor.latest()
    }

    /// The wait this (base address, key) must honour now, whether learnt in this process (a
    /// 429, a server's Retry-After, a spent quota) or remembered on disk by another run or
    /// program; `None` when requests may go.
    pub fn remembered_wait(&self) -> Option<DateTime<Utc>> {
        let shared = &self.shared;
        let on_disk = match (&shared.wait_store, &shared.api_key) {
            (Some(memory), Some(key)) => {
                memory.not_before(shared.base_url.as_str(), key, shared.clock.now())
            }
            _ => None,
        };
        shared.governor.held_until().max(on_disk)
    }

    /// Quota updates, waits and deprecation notices, for every clone of this client.
    pub fn subscribe(&self) -> broadcast::Receiver<ClientEvent> {
        self.shared.governor.subscribe()
    }
}

/// The most pets a page may hold: the `limit` the URL asks for, else the spec's largest.
/// (A next-page link without one still cannot be answered with more than 100.)
fn asked_limit(url: &url::Url) -> usize {
    url.query_pairs()
        .find(|(name, _)| name == "limit")
        .and_then(|(_, value)| value.parse::<Limit>().ok())
        .map_or(usize::from(Limit::MAX), |limit| usize::from(limit.get()))
}

/// Why a create's 2xx answer leaves the outcome unknown, for `OutcomeUnknown`.
fn unreadable_create(status: u16, error: &Error) -> String {
    match error {
        Error::Decode { path, message, .. } if path.is_empty() => {
            format!("the service answered HTTP {status}, but not with a pet ({message})")
        }
        Error::Decode { path, message, .. } => {
            format!("the service answered HTTP {status}, but not with a pet ({path}: {message})")
        }
        _ => format!("the service answered HTTP {status}, but with something that is not JSON"),
    }
}

impl fmt::Debug for PetstoreClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PetstoreClient")
            .field("environment", &self.shared.environment)
            .field("base_url", &self.shared.base_url)
            .field("api_key", &self.shared.api_key)
            .field("deadline", &self.deadline)
            .field("priority", &self.priority)
            .finish_non_exhaustive()
    }
}
