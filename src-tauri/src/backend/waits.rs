//! Rate-limit waits remembered on this computer (by this app, another app process or the CLI):
//! shown in the quota gauge, and cleared by the person when they know better (a stale wait).

use super::Backend;
use crate::convert::instant;
use crate::dto::{CommandError, RememberedWait};

impl Backend {
    /// The wait the selected environment's key must honour now, if any.
    pub async fn remembered_wait(&self) -> Option<RememberedWait> {
        let env = self.selected();
        // An environment that is not set up has no key, so no wait either.
        let client = self.client(env).await.ok()?;
        client.remembered_wait().map(|until| RememberedWait {
            until: instant(until),
            environment: env,
        })
    }

    /// Forgets the selected environment's remembered wait, on disk and in this process, so the
    /// next request goes out. True when there was one. Refused (`waitKept`) while the service's
    /// own wait for this app runs, and within a minute of the last clearing: the client decides,
    /// for the CLI alike, so a compromised web view cannot clear its way into a ban either.
    pub async fn forget_wait(&self) -> Result<bool, CommandError> {
        let env = self.selected();
        let client = self.client(env).await?;
        let forgotten = client.forget_wait().inspect_err(|error| {
            log::info!("the rate-limit wait for {env} was not cleared: {error}");
        })?;
        log::info!(
            "rate-limit wait for {env} cleared in the app (one was remembered: {forgotten})"
        );
        Ok(forgotten)
    }
}
