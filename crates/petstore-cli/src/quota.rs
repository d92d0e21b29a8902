//! `petstore quota [--forget]`: the quota from a fresh response, or the rate-limit wait this
//! computer remembers for the address and key (shown without sending; cleared with `--forget`).

use chrono::{DateTime, Utc};
use log::info;
use petstore_client::{Error as ApiError, ForgetError, Limit, ListQuery, PetstoreClient};
use serde::Serialize;

use crate::exit::CliError;
use crate::output::{self, QuotaJson, when_local};
use crate::words::{Msg, say};

/// Shows the quota. While a remembered wait is in force, shows that instead of sending: asking
/// during the wait is what earns a key a ban.
pub async fn show(client: &PetstoreClient, json: bool) -> Result<(), CliError> {
    if let Some(until) = client.remembered_wait() {
        info!("not asking the service: a rate-limit wait is in force");
        if json {
            return output::print_json(&QuotaJson::unknown().with_wait(Some(until)));
        }
        return output::print(&say(Msg::QuotaRemembered, &[("until", &when_local(until))]));
    }
    // A one-pet list is the cheapest request that returns fresh rate-limit headers.
    let query = ListQuery {
        status: None,
        limit: Limit::new(1)?,
    };
    let snapshot = match client.list_pets(&query).await {
        Ok(response) => response.rate_limit,
        // Rate limited is an answer too: the 429 carried the quota headers.
        Err(ApiError::RateLimited { .. }) if client.rate_limit().is_some() => client.rate_limit(),
        Err(err) => return Err(err.into()),
    };
    // The answer may have been a 429, now remembered for later runs.
    let wait = client.remembered_wait();
    if json {
        let quota = snapshot
            .as_ref()
            .map_or_else(QuotaJson::unknown, QuotaJson::from);
        return output::print_json(&quota.with_wait(wait));
    }
    let mut text = match &snapshot {
        Some(snapshot) => output::quota_text(snapshot),
        None => say(Msg::QuotaNoInformation, &[]),
    };
    if let Some(until) = wait {
        text.push_str(&say(
            Msg::QuotaWaitFromNow,
            &[("until", &when_local(until))],
        ));
    }
    output::print(&text)
}

/// What `petstore quota --forget --json` prints.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Forgotten {
    environment: String,
    base_url: String,
    /// Whether a remembered wait was removed.
    forgotten: bool,
    /// Until when the removed wait would have lasted (RFC 3339), when it was still in force.
    until: Option<String>,
}

/// Clears the wait remembered for the client's address and key. Sends nothing. Refused (exit 5)
/// while the service's own wait runs, or within a minute of the last clearing: the client decides.
pub fn forget(client: &PetstoreClient, json: bool) -> Result<(), CliError> {
    let until: Option<DateTime<Utc>> = client.remembered_wait();
    let env = client.environment();
    let url = client.base_url();
    let forgotten = client.forget_wait().map_err(|error| match error {
        ForgetError::Kept(kept) => CliError::WaitKept {
            env,
            url: url.to_string(),
            kept,
        },
        ForgetError::Configuration(config) => CliError::Config(config),
    })?;
    info!("forgot a remembered rate-limit wait: {forgotten}");
    if json {
        return output::print_json(&Forgotten {
            environment: env.to_string(),
            base_url: url.to_string(),
            forgotten,
            until: until.filter(|_| forgotten).map(|t| t.to_rfc3339()),
        });
    }
    let place: [(&str, &dyn std::fmt::Display); 2] = [("env", &env), ("url", &url)];
    output::print(&match (forgotten, until) {
        (true, Some(until)) => {
            let until = when_local(until);
            say(Msg::ForgetCleared, &[place[0], place[1], ("until", &until)])
        }
        (true, None) => say(Msg::ForgetOver, &place),
        (false, _) => say(Msg::ForgetNothing, &place),
    })
}
