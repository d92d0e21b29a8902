//! Settings → the environments' addresses and API keys: saved all or none, and each change
//! rebuilds that environment's client.

use petstore_client::{ApiKey, Environment};

use super::Backend;
use crate::dto::{self, CommandError, Field, KeyStatus};

impl Backend {
    pub fn get_settings(&self) -> dto::Settings {
        let settings = self.settings();
        dto::Settings {
            production_url: settings.production_url.clone(),
            staging_url: settings.staging_url.clone(),
        }
    }

    /// Checks every address (https or loopback, ending in /v1), then saves them all or none
    /// (the two addresses only: the rest of the file stays as it is on disk). An address on
    /// another server than an environment's saved one, while a key is stored for it, is saved
    /// only with the person's `key_move` (`keyWouldMove` otherwise, nothing saved); `Remove`
    /// removes that key once the address is saved.
    pub async fn save_settings(
        &self,
        wanted: dto::Settings,
        key_move: Option<dto::KeyMove>,
    ) -> Result<dto::Settings, CommandError> {
        let mut checked = petstore_local::Settings::default();
        let mut keys_to_remove = Vec::new();
        for (env, url) in [
            (Environment::Production, &wanted.production_url),
            (Environment::Staging, &wanted.staging_url),
        ] {
            if let Some(url) = url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
                let url = checked
                    .set_base_url(env, url)
                    .map_err(|e| CommandError::from(e).about_address(Field::address_of(env)))?;
                if self.check_key_move(env, &url, key_move).await? == Some(dto::KeyMove::Remove) {
                    keys_to_remove.push(env);
                }
            }
        }
        let before = ADDRESSED.map(|env| self.configured_url(env));
        self.change_settings(|settings| {
            settings.production_url = checked.production_url.clone();
            settings.staging_url = checked.staging_url.clone();
            Ok(())
        })?;
        for (env, before) in ADDRESSED.into_iter().zip(before) {
            if self.configured_url(env) != before {
                self.connection_changed(env);
            }
        }
        // Only once the new address is saved: a refused address leaves the key where it was.
        for env in keys_to_remove {
            self.clear_api_key(env).await?;
        }
        Ok(self.get_settings())
    }

    /// The address `env` is configured with now (variables win), as text; `None` when unset or
    /// unusable. For telling whether a save changed it.
    pub(super) fn configured_url(&self, env: Environment) -> Option<String> {
        let lookup = self.env_lookup.0.clone();
        self.settings()
            .base_url_with(env, |name| lookup(name))
            .ok()
            .map(|url| url.as_str().to_owned())
    }

    pub async fn set_api_key(
        &self,
        env: Environment,
        key: String,
        session_only: bool,
    ) -> Result<KeyStatus, CommandError> {
        let key = ApiKey::new(key)?;
        let status = self.keys.set(env, key, session_only).await?;
        self.connection_changed(env);
        Ok(status)
    }

    pub async fn clear_api_key(&self, env: Environment) -> Result<KeyStatus, CommandError> {
        let status = self.keys.clear(env).await?;
        self.connection_changed(env);
        Ok(status)
    }

    pub async fn key_status(&self, env: Environment) -> Result<KeyStatus, CommandError> {
        self.keys.status(env).await
    }
}

/// The environments whose address the settings hold (the sandbox's is its own).
const ADDRESSED: [Environment; 2] = [Environment::Production, Environment::Staging];
