//! Testing an address typed in Settings without any key: whether it answers and speaks this
//! interface, before a key is given to it (`test_connection` is the test with the key).

use petstore_client::Environment;

use super::Backend;
use crate::dto::{AddressProbe, CommandError, Field};

impl Backend {
    /// Asks `typed` (checked as Settings would save it) `GET /pets?limit=1` with no key. No key
    /// leaves this computer, so no key-move question is asked. Raced against a cancel, as every
    /// read of `env`.
    pub async fn probe_address(
        &self,
        env: Environment,
        typed: &str,
    ) -> Result<AddressProbe, CommandError> {
        let base_url = petstore_local::Settings::default()
            .set_base_url(env, typed.trim())
            .map_err(|e| CommandError::from(e).about_address(Field::address_of(env)))?;
        self.reads
            .run(env, async {
                self.ensure_network().await?;
                let client = self.clients.detached(env, base_url, None)?;
                let answer = client.probe_without_key().await?;
                Ok(AddressProbe {
                    base_url: client.base_url().as_str().to_owned(),
                    answer: answer.into(),
                })
            })
            .await
    }
}
