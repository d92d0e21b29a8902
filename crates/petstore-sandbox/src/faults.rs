//! Fault injection: switches shared by every request, changeable at run time, and the
//! `/_sandbox/faults` control API that reads and sets them (guarded by [`crate::control`]).

use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::{Json, body::Bytes};
use serde::{Deserialize, Serialize};

use crate::config::Faults;
use crate::control::ControlError;

/// The current faults, shared between the server and its handle.
#[derive(Debug, Default)]
pub(crate) struct FaultSwitch {
    faults: RwLock<Faults>,
}

/// What one request gets, decided once when it arrives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct FaultRoll {
    pub latency: Duration,
    pub fail: bool,
    pub drop: bool,
}

impl FaultSwitch {
    pub fn new(faults: Faults) -> Self {
        FaultSwitch {
            faults: RwLock::new(faults),
        }
    }

    pub fn get(&self) -> Faults {
        self.faults
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub fn set(&self, faults: Faults) {
        *self.faults.write().unwrap_or_else(PoisonError::into_inner) = faults;
    }

    pub fn roll(&self) -> FaultRoll {
        let faults = self.get();
        FaultRoll {
            latency: faults.latency,
            fail: happens(faults.error_rate),
            drop: happens(faults.drop_rate),
        }
    }
}

/// True with probability `rate`; a rate of 1 always and 0 (or less, or NaN) never.
fn happens(rate: f64) -> bool {
    rate >= 1.0 || (rate > 0.0 && fastrand::f64() < rate)
}

/// The control API's JSON shape of [`Faults`].
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct FaultsJson {
    #[serde(default)]
    latency_ms: u64,
    #[serde(default)]
    error_rate: f64,
    #[serde(default)]
    drop_rate: f64,
}

impl From<&Faults> for FaultsJson {
    fn from(faults: &Faults) -> Self {
        FaultsJson {
            latency_ms: u64::try_from(faults.latency.as_millis()).unwrap_or(u64::MAX),
            error_rate: faults.error_rate,
            drop_rate: faults.drop_rate,
        }
    }
}

pub(crate) async fn get_faults(State(switch): State<Arc<FaultSwitch>>) -> Json<FaultsJson> {
    Json(FaultsJson::from(&switch.get()))
}

pub(crate) async fn put_faults(State(switch): State<Arc<FaultSwitch>>, body: Bytes) -> Response {
    let parsed: FaultsJson = match serde_json::from_slice(&body) {
        Ok(parsed) => parsed,
        Err(err) => {
            return bad_request(format!(
                "Send a JSON object like {{\"latencyMs\": 0, \"errorRate\": 0.0, \"dropRate\": 0.0}} ({err})."
            ));
        }
    };
    for (name, rate) in [
        ("errorRate", parsed.error_rate),
        ("dropRate", parsed.drop_rate),
    ] {
        if !(0.0..=1.0).contains(&rate) {
            return bad_request(format!("{name} must be between 0 and 1; got {rate}."));
        }
    }
    let faults = Faults {
        latency: Duration::from_millis(parsed.latency_ms),
        error_rate: parsed.error_rate,
        drop_rate: parsed.drop_rate,
    };
    switch.set(faults.clone());
    Json(FaultsJson::from(&faults)).into_response()
}

fn bad_request(message: String) -> Response {
    ControlError::InvalidFaults(message).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extreme_rates_are_certain() {
        assert!(happens(1.0));
        assert!(!happens(0.0));
        assert!(!happens(f64::NAN));
    }
}
