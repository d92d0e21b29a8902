//! Which service a client talks to: production, staging, or the sandbox on this computer.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which service a client talks to. The desktop app's UI gets it as it is, named `EnvironmentId`
/// there (beside `EnvironmentInfo`, an environment as a screen shows it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EnvironmentId"))]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    Production,
    Staging,
    Sandbox,
}

impl Environment {
    pub const ALL: [Environment; 3] = [
        Environment::Production,
        Environment::Staging,
        Environment::Sandbox,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Environment::Production => "production",
            Environment::Staging => "staging",
            Environment::Sandbox => "sandbox",
        }
    }

    /// The environment variable that overrides the settings file's address.
    pub fn url_env_var(self) -> Option<&'static str> {
        match self {
            Environment::Production => Some("PETSTORE_PRODUCTION_URL"),
            Environment::Staging => Some("PETSTORE_STAGING_URL"),
            Environment::Sandbox => None,
        }
    }

    /// The settings file's field for this environment's address (JSON name).
    pub fn settings_field(self) -> Option<&'static str> {
        match self {
            Environment::Production => Some("productionUrl"),
            Environment::Staging => Some("stagingUrl"),
            Environment::Sandbox => None,
        }
    }
}

impl fmt::Display for Environment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("environment must be one of production, staging, sandbox (got \"{given}\").")]
pub struct UnknownEnvironment {
    pub given: String,
}

impl FromStr for Environment {
    type Err = UnknownEnvironment;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        Environment::ALL
            .into_iter()
            .find(|env| env.as_str() == wanted)
            .ok_or_else(|| UnknownEnvironment {
                given: s.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environments_parse_and_print() {
        for env in Environment::ALL {
            assert_eq!(env.to_string().parse::<Environment>().unwrap(), env);
            assert_eq!(serde_json::to_string(&env).unwrap(), format!("\"{env}\""));
        }
        assert_eq!(
            " Production ".parse::<Environment>().unwrap(),
            Environment::Production
        );
        let err = "prod".parse::<Environment>().unwrap_err();
        assert!(err.to_string().contains("production, staging, sandbox"));
    }
}
