//! The pet operations and the quota, on the selected environment.

use petstore_bulk::shared_desk;
use petstore_bulk::{Claim, CreateSource, CreatedPets, Settled};
use petstore_client::{Environment, InvalidInput, Limit, ListQuery, NewPet};
use petstore_shared::Claim as SharedClaim;

use super::Backend;
use crate::convert;
use crate::dto::{
    AlreadyAdded, CommandError, ConnectionTest, CreatedPet, Deprecation, EarlierCreate, Field,
    FileProblem, KeyMove, Lookup, NewPetInput, Pet, PetPage, PetStatusValue, Quota, Reason,
};

impl Backend {
    /// One page; without a `limit`, the rows per page the person chose last time, so the first
    /// page at start-up need not wait for the UI to read that number first.
    pub async fn list_pets(
        &self,
        status: Option<PetStatusValue>,
        limit: Option<i64>,
    ) -> Result<PetPage, CommandError> {
        if let Some(answer) = self.early_first_page(status, limit).await {
            return answer;
        }
        self.fetch_page(status, limit).await
    }

    /// One page from the service, whatever was fetched early.
    pub(super) async fn fetch_page(
        &self,
        status: Option<PetStatusValue>,
        limit: Option<i64>,
    ) -> Result<PetPage, CommandError> {
        let limit = match limit {
            Some(limit) => u32::try_from(limit)
                .map_err(|_| InvalidInput::Limit { given: limit })
                .and_then(Limit::new)?,
            None => Limit::new(self.page_size())?,
        };
        let query = ListQuery {
            status: status.map(Into::into),
            limit,
        };
        let env = self.selected();
        self.reads
            .run(env, async {
                let page = self.client(env).await?.list_pets(&query).await?;
                Ok(PetPage::from(&page.value))
            })
            .await
    }

    /// The page a previous `PetPage.next` announced.
    pub async fn next_page(&self, next: &str) -> Result<PetPage, CommandError> {
        let Some(next) = convert::next_page(next) else {
            return Err(CommandError::input(Field::Next, None));
        };
        let env = self.selected();
        self.reads
            .run(env, async {
                let page = self.client(env).await?.next_page(&next).await?;
                Ok(PetPage::from(&page.value))
            })
            .await
    }

    /// Creates in `env`, the environment the person saw in the form, never "whichever is selected
    /// when the request leaves": a switch meanwhile cannot redirect it. Refused with
    /// `createInFlight`, before anything is sent, while another create for `env` is on its way,
    /// and with `alreadyAdded` when this computer added (or may have added) the same pet there,
    /// unless `allow_repeat`: the person's second, deliberate choice.
    pub async fn create_pet(
        &self,
        env: Environment,
        input: &NewPetInput,
        allow_repeat: bool,
    ) -> Result<CreatedPet, CommandError> {
        let pet = input.to_new_pet()?;
        let _slot = self.creates.claim(env)?;
        self.create_in_slot(env, &pet, CreateSource::Form, allow_repeat)
            .await
    }

    /// Sends one create to `env`, whose create slot the caller holds: asked of this computer's
    /// record of created pets first (the one imports use), written there as sent before it goes
    /// and settled after, so a lost answer stays "may have been added" for every later create.
    pub(super) async fn create_in_slot(
        &self,
        env: Environment,
        pet: &NewPet,
        source: CreateSource,
        allow_repeat: bool,
    ) -> Result<CreatedPet, CommandError> {
        let client = self.client(env).await?;
        let base_url = client.base_url().as_str().to_owned();
        let from_form = source == CreateSource::Form;
        let claim = self
            .on_record(&base_url, {
                let (pet, source) = (pet.clone(), source.clone());
                move |created| created.claim(&pet, source, allow_repeat)
            })
            .await?;
        let key = match claim {
            Some(Claim::Earlier(earlier)) => {
                return Err(CommandError::AlreadyAdded(Box::new(AlreadyAdded {
                    environment: env,
                    name: pet.name.clone(),
                    earlier: EarlierCreate::from(&earlier),
                })));
            }
            Some(Claim::Sent { key }) => Some(key),
            // No data folder on this computer: nothing to ask or keep.
            None => None,
        };
        // Then every desk's record, when a shared store is set up and reached (issue 41).
        let shared_key = key.clone().unwrap_or_else(petstore_bulk::single_key);
        let mut desk = self.desk_for_create().await;
        if let Some(shared) = desk.as_mut() {
            let source = shared_desk::shared_source(&source);
            match shared
                .claim(&base_url, &shared_key, pet, &source, allow_repeat)
                .await
            {
                Ok(SharedClaim::Claimed) => {}
                Ok(SharedClaim::Earlier(earlier)) => {
                    // Another desk added it: this computer's claim is given back, nothing sent.
                    if let Some(key) = key {
                        let given_back = self
                            .on_record(&base_url, move |created| created.record_refused(&key))
                            .await;
                        if let Err(error) = given_back {
                            log::warn!("a claim not given back: {error:?}");
                        }
                    }
                    return Err(CommandError::AlreadyAdded(Box::new(AlreadyAdded {
                        environment: env,
                        name: pet.name.clone(),
                        earlier: EarlierCreate::from(&shared_desk::earlier(earlier)),
                    })));
                }
                Err(error) => {
                    log::warn!("a create not claimed in the shared store: {error}");
                    desk = None;
                }
            }
        }
        let answer = client.create_pet(pet).await;
        if let Some(shared) = desk.as_mut() {
            let settled = Settled::of(answer.as_ref().map(|created| created.value.id));
            if let Err(error) = shared.settle_from(&base_url, &shared_key, settled).await {
                // Stays "may have been added" for every desk until a listing settles it.
                log::warn!("a create's answer not recorded in the shared store: {error}");
            }
        }
        if let Some(key) = key {
            let settled = Settled::of(answer.as_ref().map(|created| created.value.id));
            let (pet, source) = (pet.clone(), source);
            let recorded = self
                .on_record(&base_url, move |created| {
                    created.settle(&key, &pet, source, settled)
                })
                .await;
            if let Err(error) = recorded {
                // The pet's fate is the service's answer whatever happens here.
                log::warn!("a create's answer not recorded: {error:?}");
            }
        }
        let created = answer.map_err(|error| {
            // Only the form offers the outbox; the rule of what it may take is the core's.
            let may_queue = from_form && petstore_bulk::may_queue(&error);
            if may_queue {
                self.outboxes
                    .note_unsent(env, pet, petstore_bulk::QueueReason::of(&error));
            }
            CommandError::from(error).queueable(may_queue)
        })?;
        Ok(CreatedPet {
            pet: Pet::from(&created.value),
            environment: env,
            base_url,
        })
    }

    /// Runs `work` on the record of created pets of `base_url`, on the blocking pool (a synced
    /// append, a read of the file). `None`: this computer gives the app no data folder.
    pub(super) async fn on_record<T: Send + 'static>(
        &self,
        base_url: &str,
        work: impl FnOnce(&mut CreatedPets) -> Result<T, petstore_bulk::CreatedError> + Send + 'static,
    ) -> Result<Option<T>, CommandError> {
        let Some(data_dir) = self.data_dir.clone() else {
            return Ok(None);
        };
        let base_url = base_url.to_owned();
        let done = tokio::task::spawn_blocking(move || {
            CreatedPets::open(&data_dir, &base_url).and_then(|mut created| work(&mut created))
        })
        .await
        .map_err(|joined| {
            CommandError::file(FileProblem::CreatedRecord {
                reason: Reason::io(&std::io::Error::other(joined)),
            })
        })?;
        done.map(Some).map_err(|error| {
            log::warn!("{error}");
            CommandError::file(FileProblem::CreatedRecord {
                reason: (&error).into(),
            })
        })
    }

    /// The deprecated get-by-id. "Not found" is an answer (`pet: null`), not an error.
    pub async fn get_pet(&self, id: &str) -> Result<Lookup, CommandError> {
        let id = petstore_client::parse_pet_id(id)?;
        let env = self.selected();
        self.reads
            .run(env, async {
                let client = self.client(env).await?;
                // The UI marks the lookup as deprecated, with the date and the replacement.
                #[allow(deprecated)]
                let result = client.get_pet(id).await;
                Ok(result)
            })
            .await
            .and_then(Self::lookup)
    }

    fn lookup(
        result: Result<petstore_client::Response<petstore_client::Pet>, petstore_client::Error>,
    ) -> Result<Lookup, CommandError> {
        match result {
            Ok(found) => {
                let notice = found.deprecation.unwrap_or_else(spec_notice);
                Ok(Lookup {
                    pet: Some(Pet::from(&found.value)),
                    deprecation: Deprecation::from(&notice),
                })
            }
            Err(petstore_client::Error::NotFound(_)) => Ok(Lookup {
                pet: None,
                deprecation: Deprecation::from(&spec_notice()),
            }),
            Err(error) => Err(error.into()),
        }
    }

    /// The latest quota seen on the selected environment; starts nothing.
    pub async fn current_quota(&self) -> Option<Quota> {
        let env = self.selected();
        let client = self.clients.existing(env).await?;
        client
            .rate_limit()
            .map(|snapshot| Quota::from_snapshot(&snapshot, env))
    }

    /// One small list call to `env`: proves the address and key, and shows the quota. With
    /// `unsaved_url` (an address typed in Settings, checked like one being saved) it tries that
    /// address with the key `env` would send, on a client of its own: the environment's client,
    /// its events and the address it works with stay as they are. A typed address on another
    /// server than the saved one gets a stored key only with `key_to_new_server` (the person's
    /// answer); without it the test is refused with `keyWouldMove` before anything is sent.
    pub async fn test_connection(
        &self,
        env: Environment,
        unsaved_url: Option<&str>,
        key_to_new_server: bool,
    ) -> Result<ConnectionTest, CommandError> {
        let typed = unsaved_url.map(str::trim).filter(|url| !url.is_empty());
        // Raced against a cancel from the start, as every read: an address or key change while
        // the client is resolved ends it too.
        self.reads
            .run(env, async {
                let saved_url = self.base_url(env, false).await.ok();
                let client = match typed {
                    Some(url) => {
                        let base_url = petstore_local::Settings::default()
                            .set_base_url(env, url)
                            .map_err(|e| {
                            CommandError::from(e).about_address(Field::address_of(env))
                        })?;
                        if saved_url.as_ref() == Some(&base_url) {
                            self.client(env).await?
                        } else {
                            let answer = key_to_new_server.then_some(KeyMove::Keep);
                            self.check_key_move(env, &base_url, answer).await?;
                            let key = self.key_for(env).await?;
                            self.ensure_network().await?;
                            self.clients.detached(env, base_url, key)?
                        }
                    }
                    None => self.client(env).await?,
                };
                let query = ListQuery {
                    status: None,
                    limit: Limit::new(1)?,
                };
                let page = client.list_pets(&query).await?;
                let snapshot = page.rate_limit.or_else(|| client.rate_limit());
                // The sandbox's address is only known once it runs (the client above started it).
                let saved_url = match saved_url {
                    Some(url) if env != Environment::Sandbox => Some(url),
                    _ => self.base_url(env, false).await.ok(),
                };
                Ok(ConnectionTest {
                    quota: snapshot.map(|s| Quota::from_snapshot(&s, env)),
                    pets_seen: u32::try_from(page.value.pets.len()).unwrap_or(u32::MAX),
                    base_url: client.base_url().as_str().to_owned(),
                    saved: saved_url.as_ref() == Some(client.base_url()),
                })
            })
            .await
    }
}

/// The notice from the spec (no headers to read).
fn spec_notice() -> petstore_client::DeprecationNotice {
    petstore_client::deprecation::get_pet_notice(&http::HeaderMap::new())
}
