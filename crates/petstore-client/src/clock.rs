//! Time as the client sees it, injectable so tests of waiting do not wait.

use std::fmt::Debug;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use chrono::{DateTime, Utc};

/// A boxed sleep, so [`Clock`] stays object-safe.
pub type Sleep = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// Wall-clock time and sleeping. Rate-limit resets are wall-clock (Unix timestamps), so the
/// client reasons in `DateTime<Utc>` throughout.
pub trait Clock: Send + Sync + Debug + 'static {
    fn now(&self) -> DateTime<Utc>;
    fn sleep(&self, duration: Duration) -> Sleep;
}

/// The real clock: `Utc::now()` and `tokio::time::sleep`.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    fn sleep(&self, duration: Duration) -> Sleep {
        Box::pin(tokio::time::sleep(duration))
    }
}

/// A clock for tests and benches: time stands still until someone sleeps or calls
/// [`ManualClock::advance`]. `sleep` moves time forward at once (so a test of a one-hour wait runs
/// in microseconds) and records the requested duration, so a test can assert the exact wait.
#[derive(Debug)]
pub struct ManualClock {
    state: std::sync::Mutex<ManualState>,
}

#[derive(Debug)]
struct ManualState {
    now: DateTime<Utc>,
    sleeps: Vec<Duration>,
}

impl ManualClock {
    pub fn new(start: DateTime<Utc>) -> Self {
        Self {
            state: std::sync::Mutex::new(ManualState {
                now: start,
                sleeps: Vec::new(),
            }),
        }
    }

    /// Moves time forward without recording a sleep (time passing while a request is in flight).
    pub fn advance(&self, by: Duration) {
        let mut state = self.lock();
        state.now = add(state.now, by);
    }

    /// Every duration passed to `sleep`, in call order.
    pub fn sleeps(&self) -> Vec<Duration> {
        self.lock().sleeps.clone()
    }

    /// The sum of every recorded sleep.
    pub fn total_slept(&self) -> Duration {
        self.lock().sleeps.iter().sum()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ManualState> {
        // A panic while holding this lock can only come from a test that already failed.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Default for ManualClock {
    /// Starts at a fixed, round instant so tests can spell out expected times.
    fn default() -> Self {
        Self::new(DateTime::from_timestamp(1_900_000_000, 0).unwrap_or_default())
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        self.lock().now
    }

    fn sleep(&self, duration: Duration) -> Sleep {
        let mut state = self.lock();
        state.now = add(state.now, duration);
        state.sleeps.push(duration);
        // Yield once so concurrent tasks interleave as they would around a real sleep.
        Box::pin(tokio::task::yield_now())
    }
}

fn add(time: DateTime<Utc>, by: Duration) -> DateTime<Utc> {
    chrono::TimeDelta::from_std(by)
        .ok()
        .and_then(|delta| time.checked_add_signed(delta))
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn manual_clock_sleep_advances_time_and_records_it() {
        let clock = ManualClock::default();
        let start = clock.now();
        clock.sleep(Duration::from_secs(3600)).await;
        clock.advance(Duration::from_millis(5));
        clock.sleep(Duration::from_millis(250)).await;
        assert_eq!(
            clock.now() - start,
            chrono::TimeDelta::milliseconds(3_600_255)
        );
        assert_eq!(
            clock.sleeps(),
            vec![Duration::from_secs(3600), Duration::from_millis(250)]
        );
        assert_eq!(clock.total_slept(), Duration::from_millis(3_600_250));
    }
}
