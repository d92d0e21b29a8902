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
