//! The first page at start-up, asked for in Rust while the window is being made: the page's own
//! first `list_pets` would leave only once its script has loaded and mounted (~25 ms after the
//! page starts), and then wait for the client, the embedded sandbox and loopback (~38 ms more,
//! measured in BENCHMARKS.md). Asked for early, the answer is waiting when the page asks.
//!
//! Only the page's first call is served this way, and only when it asks for what was fetched:
//! the selected environment's first page, no status filter, the remembered rows per page. Every
//! other call, and a first call after the environment or the rows per page changed, asks the
//! service itself. The answer is the service's, errors included, so the request is made once.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use petstore_client::Environment;
use tokio::sync::oneshot;

use super::Backend;
use crate::dto::{CommandError, PetPage, PetStatusValue};

/// An answer older than this is not "the page at start": the page asks again.
const FRESH_FOR: Duration = Duration::from_secs(10);

type Answer = (Instant, Result<PetPage, CommandError>);

/// The early first page: what was asked for, and where its answer arrives.
#[derive(Debug, Default)]
pub(super) struct FirstPage {
    slot: Mutex<Option<Early>>,
}

#[derive(Debug)]
struct Early {
    env: Environment,
    page_size: u32,
    answer: oneshot::Receiver<Answer>,
}

/// The fetch the app starts at once ([`Backend::first_page_early`]), run by
/// [`Backend::fetch_first_page`] on the app's runtime.
#[derive(Debug)]
pub struct EarlyFetch {
    reply: oneshot::Sender<Answer>,
}

impl FirstPage {
    /// The early page, taken once: only the page's first call may use it.
    fn take(&self) -> Option<Early> {
        self.slot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }
}

impl Backend {
    /// Marks the first page as on its way, now, before the window's page can ask for it; the
    /// caller then runs the returned fetch with [`Backend::fetch_first_page`].
    pub fn first_page_early(&self) -> EarlyFetch {
        let (reply, answer) = oneshot::channel();
        let early = Early {
            env: self.selected(),
            page_size: self.page_size(),
            answer,
        };
        *self
            .first_page
            .slot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(early);
        EarlyFetch { reply }
    }

    /// Fetches the first page marked by [`Backend::first_page_early`]; its answer waits for the
    /// page's first call.
    pub async fn fetch_first_page(&self, fetch: EarlyFetch) {
        let answer = self.fetch_page(None, None).await;
        // The page may have asked already for something else and dropped the early answer.
        let _ = fetch.reply.send((Instant::now(), answer));
    }

    /// The early answer, when this call is the page's first and asks for what was fetched.
    pub(super) async fn early_first_page(
        &self,
        status: Option<PetStatusValue>,
        limit: Option<i64>,
    ) -> Option<Result<PetPage, CommandError>> {
        // Whatever the page's first call asks, the early page is for that call or for none.
        let early = self.first_page.take()?;
        // Only the start-up call asks with neither (`PetList.start`); every other call has a limit.
        let same_list = status.is_none()
            && limit.is_none()
            && early.env == self.selected()
            && early.page_size == self.page_size();
        if !same_list {
            return None;
        }
        let (answered, answer) = early.answer.await.ok()?;
        (answered.elapsed() < FRESH_FOR).then_some(answer)
    }
}
