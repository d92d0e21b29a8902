//! The environments: the address and key each one's requests use, its client, and listing and
//! switching them.

use petstore_client::{ApiKey, BaseUrl, Environment, PetstoreClient};

use super::Backend;
use crate::dto::{AddressSource, AppEvent, CommandError, EnvironmentInfo};

impl Backend {
    /// The address `env` talks to: the running sandbox's, or the settings' (variables win).
    pub(super) async fn base_url(
        &self,
        env: Environment,
        start_sandbox: bool,
    ) -> Result<BaseUrl, CommandError> {
        if env == Environment::Sandbox {
            let url = match start_sandbox {
                true => Some(self.sandbox.ensure().await?),
                false => self.sandbox.url().await,
            };
            let url = url.unwrap_or_else(|| petstore_client::SANDBOX_DEFAULT_URL.to_owned());
            return Ok(BaseUrl::parse(&url)?);
        }
        let lookup = self.env_lookup.0.clone();
        Ok(self.settings().base_url_with(env, |name| lookup(name))?)
    }

    /// Where `env`'s address comes from, by the same rule as [`Backend::base_url`].
    pub(super) fn address_source(&self, env: Environment) -> AddressSource {
        if env == Environment::Sandbox {
            return AddressSource::BuiltIn;
        }
        let set = |value: Option<String>| value.is_some_and(|v| !v.trim().is_empty());
        if set(env.url_env_var().and_then(|name| (self.env_lookup.0)(name))) {
            return AddressSource::EnvironmentVariable;
        }
        let settings = self.settings();
        let saved = match env {
            Environment::Production => settings.production_url.clone(),
            _ => settings.staging_url.clone(),
        };
        if set(saved) {
            AddressSource::SettingsFile
        } else {
            AddressSource::NotSet
        }
    }

    /// The client for `env`, starting the sandbox when it is the one asked for.
    pub(super) async fn client(&self, env: Environment) -> Result<PetstoreClient, CommandError> {
        let base_url = self.base_url(env, true).await?;
        let key = self.key_for(env).await?;
        self.ensure_network().await?;
        self.clients.get(env, base_url, key).await
    }

    /// The key requests to `env` carry: the stored one, or the sandbox's demo key.
    pub(super) async fn key_for(&self, env: Environment) -> Result<Option<ApiKey>, CommandError> {
        Ok(match self.keys.get(env).await? {
            Some(key) => Some(key),
            None if env == Environment::Sandbox => {
                Some(ApiKey::new(petstore_sandbox::DEMO_KEY.to_owned())?)
            }
            None => None,
        })
    }

    pub async fn list_environments(&self) -> Result<Vec<EnvironmentInfo>, CommandError> {
        let mut out = Vec::with_capacity(Environment::ALL.len());
        for env in Environment::ALL {
            out.push(self.environment_info(env).await?);
        }
        Ok(out)
    }

    pub(super) async fn environment_info(
        &self,
        env: Environment,
    ) -> Result<EnvironmentInfo, CommandError> {
        let base_url = self.base_url(env, false).await.ok();
        let configured = match env {
            Environment::Sandbox => true,
            _ => base_url.is_some() && self.keys.status(env).await?.stored,
        };
        Ok(EnvironmentInfo {
            id: env,
            base_url: base_url.map(|url| url.as_str().to_owned()),
            production: env == Environment::Production,
            local_demo: env == Environment::Sandbox,
            selected: env == self.selected(),
            configured,
            address_source: self.address_source(env),
        })
    }

    /// Switches environment and remembers it for the next start (only this field is written).
    pub async fn select_environment(
        &self,
        env: Environment,
    ) -> Result<EnvironmentInfo, CommandError> {
        self.change_settings(|settings| {
            settings.environment = Some(env);
            Ok(())
        })?;
        log::info!("environment switched to {env}");
        let info = self.environment_info(env).await?;
        self.events
            .0
            .emit(AppEvent::EnvironmentChanged(info.clone()));
        Ok(info)
    }
}
