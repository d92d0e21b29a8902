//! The pet operations and the quota, on the selected environment.

use petstore_bulk::{CreateSource, CreatedPets};
use petstore_client::{Environment, InvalidInput, Limit, ListQuery, NewPet};

use super::Backend;
use crate::convert;
use crate::dto::{
    CommandError, ConnectionTest, CreatedPet, Deprecation, Field, KeyMove, Lookup, NewPetInput,
    Pet, PetPage, PetStatusValue, Quota,
};

impl Backend {
    /// One page; without a `limit`, the rows per page the person chose last time, so the first
    /// page at start-up need not wait for the UI to read that number first.
    pub async fn list_pets(
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
    /// `createInFlight`, before anything is sent, while another create for `env` is on its way.
    pub async fn create_pet(
        &self,
        env: Environment,
        input: &NewPetInput,
    ) -> Result<CreatedPet, CommandError> {
        let pet = input.to_new_pet()?;
        let _slot = self.creates.claim(env)?;
        self.create_in_slot(env, &pet, CreateSource::Form).await
    }

    /// Sends one create to `env`, whose create slot the caller holds, and keeps the new pet in
    /// this computer's record of created pets (an import that holds it again skips it).
    pub(super) async fn create_in_slot(
        &self,
        env: Environment,
        pet: &NewPet,
        source: CreateSource,
    ) -> Result<CreatedPet, CommandError> {
        let client = self.client(env).await?;
        let created = client.create_pet(pet).await?;
        self.remember_created(client.base_url().as_str(), pet, created.value.id, source)
            .await;
        Ok(CreatedPet {
            pet: Pet::from(&created.value),
            environment: env,
            base_url: client.base_url().as_str().to_owned(),
        })
    }

    /// The pet exists whatever happens here: a record that cannot be written is logged. File
    /// work (reading the record, a synced append) runs on the blocking pool, off the threads
    /// that carry the requests.
    async fn remember_created(&self, base_url: &str, pet: &NewPet, id: i64, source: CreateSource) {
        let Some(data_dir) = self.data_dir.clone() else {
            return;
        };
        let (base_url, pet) = (base_url.to_owned(), pet.clone());
        let recorded = tokio::task::spawn_blocking(move || {
            CreatedPets::open(&data_dir, &base_url)
                .and_then(|mut created| created.record_created(None, &pet, id, source))
        })
        .await;
        match recorded {
            Ok(Ok(())) => {}
            Ok(Err(error)) => log::warn!("pet {id} created, not recorded: {error}"),
            Err(error) => log::warn!("pet {id} created, not recorded: {error}"),
        }
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
