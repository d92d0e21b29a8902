//! Bulk work beside people: who is asking, the requests of each window left to interactive
//! calls, and when a background request steps aside.

use chrono::{DateTime, TimeDelta, Utc};

use super::{State, Step, after};
use crate::events::WaitReason;
use crate::retry::RetryPolicy;

/// Who is asking: a person waiting for an answer, or bulk work that may wait for them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Priority {
    #[default]
    Interactive,
    /// Bulk work in a program people also click in (the app's import, export, checks): goes
    /// only when no interactive request is asking, spreads itself evenly over the quota window
    /// (so a request a person makes finds room at any moment, not only after the reset), and
    /// leaves the window's last requests ([`reserve`]) to interactive calls, on any desk.
    Background,
    /// Bulk work in a program nobody clicks in meanwhile (the CLI's import and export): while
    /// the key seems to be this computer's alone, at full speed up to half a window ahead of the
    /// even pace, and never into the reserve; once other desks are seen spending the key, paced
    /// exactly as [`Priority::Background`].
    Batch,
}

/// Requests of each quota window that bulk work leaves to interactive calls, so a clerk browsing
/// during an import, on this desk or another, is answered at once instead of after the reset:
/// a twentieth of the limit (at least one), plus one for each other desk seen spending the key,
/// since each of them may send its next request at the same moment as this one.
pub fn reserve(limit: u64, peers: u64) -> u64 {
    (limit / 20).max(1) + peers
}

impl State {
    /// `Some` when a bulk request must let interactive ones go first: one is asking in this
    /// process; or it is ahead of an even pace over the window (what is left of the key's budget
    /// beyond the reserve, spent at the window's full rate, would end before the reset: every
    /// desk reads the same `remaining`, so together they spend the window evenly); or only the
    /// reserved slots of the window are left (then until its reset, after which the whole new
    /// window is assumed, as for a spent one). A [`Priority::Batch`] request alone on the key
    /// may be half a window ahead of the even pace.
    pub(super) fn background_yields(
        &mut self,
        now: DateTime<Utc>,
        policy: &RetryPolicy,
        priority: Priority,
    ) -> Option<Step> {
        if self.interactive_waiting > 0 {
            return Some(Step::AwaitChange);
        }
        let window_len = self.window_len;
        let in_flight = self.in_flight;
        let peers = self.sharing.desks(now, window_len);
        let quota = self.quota.as_mut().filter(|quota| quota.budget > 0)?;
        let reserve = reserve(quota.limit, peers);
        if quota.budget > reserve {
            // Alone on the key, batch work may run ahead of the even pace by half a window: an
            // import smaller than that goes at full speed, a larger one still leaves half of
            // each window's time for a desk that starts browsing after it began.
            let lead = match (priority, self.sharing.known_alone(now, window_len)) {
                (Priority::Batch, true) => quota.limit / 2,
                _ => 0,
            };
            // Only over a minute-like window: spread over a day, an import would crawl.
            let (Some(reset), Some(window)) = (
                quota.reset_at,
                window_len.filter(|len| *len <= TimeDelta::seconds(70)),
            ) else {
                return None;
            };
            let slot = window / i32::try_from(quota.limit.max(1)).unwrap_or(i32::MAX);
            let spare = i32::try_from(quota.budget - reserve + lead).unwrap_or(i32::MAX);
            let pace_from = reset - slot * spare;
            return (pace_from > now).then_some(Step::Yield {
                until: pace_from,
                reason: WaitReason::Paced,
            });
        }
        match quota.reset_at {
            Some(reset) => {
                let resume = after(reset, policy.reset_margin);
                if resume > now {
                    return Some(Step::Yield {
                        until: resume,
                        reason: WaitReason::QuotaExhausted,
                    });
                }
                quota.floor = Some(reset);
                quota.reset_at = None;
                quota.budget = quota.limit;
                None
            }
            // A window assumed after a reset: its first answer will tell the reset.
            None if in_flight > 0 => Some(Step::AwaitChange),
            None => None,
        }
    }
}
