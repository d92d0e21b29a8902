//! Wall-clock time for rate-limit windows and bans, replaceable so tests can step over a window at once.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The time source of a sandbox.
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> SystemTime;
}

/// The real wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }
}

/// A clock that only moves when told, for tests of windows, resets and bans.
#[derive(Clone, Debug)]
pub struct ManualClock {
    now: Arc<Mutex<SystemTime>>,
}

impl ManualClock {
    pub fn new(start: SystemTime) -> Self {
        ManualClock {
            now: Arc::new(Mutex::new(start)),
        }
    }

    /// A clock at `secs` (plus `millis`) after the Unix epoch.
    pub fn at_unix(secs: u64, millis: u64) -> Self {
        Self::new(UNIX_EPOCH + Duration::from_secs(secs) + Duration::from_millis(millis))
    }

    pub fn advance(&self, by: Duration) {
        let mut now = self.now.lock().unwrap_or_else(PoisonError::into_inner);
        *now += by;
    }

    pub fn set(&self, to: SystemTime) {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner) = to;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> SystemTime {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Time since the Unix epoch; a clock set before 1970 counts as the epoch.
pub(crate) fn since_epoch(time: SystemTime) -> Duration {
    time.duration_since(UNIX_EPOCH).unwrap_or_default()
}
