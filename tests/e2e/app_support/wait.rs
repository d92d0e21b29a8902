//! Polling: the machine is slow and the page updates on its own time, so tests wait for a state
//! instead of sleeping a fixed time.

use std::future::Future;
use std::time::{Duration, Instant};

/// Generous: a busy 2-core machine runs the app, the web process and the test at once.
pub const UI_TIMEOUT: Duration = Duration::from_secs(45);

const POLL: Duration = Duration::from_millis(150);

/// Polls `probe` until it gives `Some`, or panics after `timeout` naming `what` and the last
/// error or state seen. A probe error (a stale element, a page mid-update) only means "not yet".
pub async fn eventually<T, F, Fut>(what: &str, timeout: Duration, probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<Option<T>, String>>,
{
    match within(timeout, probe).await {
        Ok(value) => value,
        Err(last) => panic!("timed out after {timeout:?} waiting for {what}; last error: {last}"),
    }
}

/// Like [`eventually`], but a timeout is an answer (`Err` with the last error seen), not a failure.
pub async fn within<T, F, Fut>(timeout: Duration, mut probe: F) -> Result<T, String>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<Option<T>, String>>,
{
    let start = Instant::now();
    let mut last = String::from("nothing yet");
    loop {
        match probe().await {
            Ok(Some(value)) => return Ok(value),
            Ok(None) => {}
            Err(error) => last = error,
        }
        if start.elapsed() > timeout {
            return Err(last);
        }
        tokio::time::sleep(POLL).await;
    }
}
