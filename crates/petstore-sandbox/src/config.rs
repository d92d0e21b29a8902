//! What a sandbox is started with: keys and their plans, window lengths, ban rules, demo data, faults.

use std::path::PathBuf;
use std::time::Duration;

/// The public key of the demo configuration. It is printed and documented on purpose: the sandbox only
/// serves demo data on loopback.
pub const DEMO_KEY: &str = "sandbox-demo-key";

/// The binary's default port on 127.0.0.1.
pub const DEFAULT_PORT: u16 = 4780;

/// A rate-limit plan, as in the spec's table. The counts apply to the configured windows, so a shortened
/// minute window keeps the plan's count (60 per window for Free) and only the window gets shorter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    Free,
    Pro,
    Business,
    Enterprise { per_minute: u64, per_day: u64 },
}

impl Plan {
    /// Requests allowed per minute window.
    pub fn per_minute(&self) -> u64 {
        match self {
            Plan::Free => 60,
            Plan::Pro => 300,
            Plan::Business => 1_000,
            Plan::Enterprise { per_minute, .. } => *per_minute,
        }
    }

    /// Requests allowed per day window.
    pub fn per_day(&self) -> u64 {
        match self {
            Plan::Free => 1_000,
            Plan::Pro => 10_000,
            Plan::Business => 100_000,
            Plan::Enterprise { per_day, .. } => *per_day,
        }
    }
}

/// Why a plan given as text was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlanParseError {
    #[error("unknown plan `{0}`: use free, pro, business or enterprise=PER_MINUTE/PER_DAY")]
    Unknown(String),
    #[error("enterprise plan `{0}` needs two whole numbers, as in enterprise=500/20000")]
    BadEnterprise(String),
}

impl std::str::FromStr for Plan {
    type Err = PlanParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "free" => Ok(Plan::Free),
            "pro" => Ok(Plan::Pro),
            "business" => Ok(Plan::Business),
            _ => {
                let Some(limits) = lower.strip_prefix("enterprise=") else {
                    return Err(PlanParseError::Unknown(text.to_owned()));
                };
                let bad = || PlanParseError::BadEnterprise(text.to_owned());
                let (minute, day) = limits.split_once('/').ok_or_else(bad)?;
                Ok(Plan::Enterprise {
                    per_minute: minute.trim().parse().map_err(|_| bad())?,
                    per_day: day.trim().parse().map_err(|_| bad())?,
                })
            }
        }
    }
}

/// One accepted API key and its plan.
#[derive(Clone, PartialEq, Eq)]
pub struct KeySpec {
    pub key: String,
    pub plan: Plan,
}

impl std::fmt::Debug for KeySpec {
    // Keys are secrets everywhere else in the product; the sandbox does not print them either.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeySpec")
            .field("key", &"<redacted>")
            .field("plan", &self.plan)
            .finish()
    }
}

/// Fault injection switches. They apply to `/v1` requests that passed authentication and rate limiting.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Faults {
    /// Delay before the request is handled.
    pub latency: std::time::Duration,
    /// Share (0..=1) of requests answered 503 with an Error body instead of being handled.
    pub error_rate: f64,
    /// Share (0..=1) of requests that are handled but whose connection is closed without an answer, so the
    /// client cannot know the outcome.
    pub drop_rate: f64,
}

/// Everything a sandbox is started with.
#[derive(Clone, Debug)]
pub struct SandboxConfig {
    pub keys: Vec<KeySpec>,
    /// Length of the "minute" window, whole seconds.
    pub minute_window: Duration,
    /// Length of the "day" window, whole seconds.
    pub day_window: Duration,
    /// Requests a key may send while it is told to wait (after a 429) before it is banned.
    pub ban_after: u32,
    pub ban_duration: Duration,
    pub seed_demo_data: bool,
    /// When true, list answers carry `Link: <...>; rel="next"` when more pets match.
    pub page_size_links: bool,
    /// When true, lists are served newest first (ids falling) instead of in id order, as some
    /// services do: the interface leaves the order open.
    pub newest_first: bool,
    pub faults: Faults,
    /// Serves `/_sandbox/faults` (read and switch faults over HTTP) to clients that send
    /// `Authorization: Bearer <token>` with the token made at start ([`crate::Sandbox::control_token`]).
    /// Off by default: in-process tests switch faults with [`crate::Sandbox::set_faults`].
    pub fault_control: bool,
    /// Names answered besides loopback's, each without a port (a TLS front in the tests serves
    /// the sandbox as `api.petstore.test`). Empty by default: the DNS-rebinding guard stays.
    pub also_answers: Vec<String>,
    /// Keeps the pets in this file across restarts (the app's sandbox): read at
    /// start (the demo data is written to it the first time), one line appended for each pet
    /// added. `None` (the default): in memory only, the demo data anew at every start.
    pub pets_file: Option<PathBuf>,
    /// Pets added get ids above this one, whatever the pets file holds: a store started afresh
    /// (its earlier file set aside) never gives again an id an earlier run gave. 0 (the
    /// default): ids follow the highest one in the store.
    pub ids_above: i64,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            keys: vec![KeySpec {
                key: DEMO_KEY.to_owned(),
                plan: Plan::Pro,
            }],
            minute_window: Duration::from_secs(60),
            day_window: Duration::from_secs(86_400),
            ban_after: 5,
            ban_duration: Duration::from_secs(600),
            seed_demo_data: true,
            page_size_links: false,
            newest_first: false,
            faults: Faults::default(),
            fault_control: false,
            also_answers: Vec::new(),
            pets_file: None,
            ids_above: 0,
        }
    }
}

impl SandboxConfig {
    /// Also answers requests addressed to `name` (any port).
    pub fn answering(mut self, name: &str) -> Self {
        self.also_answers.push(name.to_ascii_lowercase());
        self
    }

    /// Adds a key. A key given twice keeps the plan given last.
    pub fn with_key(mut self, key: &str, plan: Plan) -> Self {
        self.keys.push(KeySpec {
            key: key.to_owned(),
            plan,
        });
        self
    }
}

/// Window lengths in whole seconds, never zero, so window arithmetic cannot divide by zero.
pub(crate) fn whole_seconds(window: Duration) -> u64 {
    window.as_secs().max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_parse() {
        assert_eq!("Free".parse::<Plan>(), Ok(Plan::Free));
        assert_eq!("pro".parse::<Plan>(), Ok(Plan::Pro));
        assert_eq!("business".parse::<Plan>(), Ok(Plan::Business));
        assert_eq!(
            "enterprise=5/70".parse::<Plan>(),
            Ok(Plan::Enterprise {
                per_minute: 5,
                per_day: 70
            })
        );
        assert!(matches!(
            "enterprise=5".parse::<Plan>(),
            Err(PlanParseError::BadEnterprise(_))
        ));
        assert!(matches!(
            "gold".parse::<Plan>(),
            Err(PlanParseError::Unknown(_))
        ));
    }

    #[test]
    fn plan_limits_match_the_spec() {
        assert_eq!((Plan::Free.per_minute(), Plan::Free.per_day()), (60, 1_000));
        assert_eq!((Plan::Pro.per_minute(), Plan::Pro.per_day()), (300, 10_000));
        assert_eq!(
            (Plan::Business.per_minute(), Plan::Business.per_day()),
            (1_000, 100_000)
        );
    }

    #[test]
    fn key_spec_debug_hides_the_key() {
        let spec = KeySpec {
            key: "secret-123".into(),
            plan: Plan::Free,
        };
        assert!(!format!("{spec:?}").contains("secret-123"));
    }
}
