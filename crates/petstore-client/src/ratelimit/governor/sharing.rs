//! Whether other computers spend the same key, read from the headers alone: within one quota
//! window, `remaining` falls by what every desk sent; what this process's own answers (and its
//! requests still out) do not explain was sent by others. No server of our own: the service's
//! rate-limit headers are the state every desk already shares.

use chrono::{DateTime, TimeDelta, Utc};

/// How long others count as present after their spending was last seen, in windows: one quiet
/// window is a pause; two mean they are gone, and the pacing is this process's own again.
const WINDOWS_REMEMBERED: i32 = 2;
/// The most other desks assumed at once (a margin per desk: more would starve bulk work).
pub(super) const MAX_PEERS: u64 = 16;

#[derive(Debug, Default)]
pub(super) struct Sharing {
    /// The window being watched (its reset) and `remaining` at this process's first answer in it.
    window: Option<(DateTime<Utc>, u64)>,
    /// This process's answers in that window after the first.
    own_since_first: u64,
    /// Other desks seen spending the key lately (an estimate, 0 when alone).
    peers: u64,
    seen_at: Option<DateTime<Utc>>,
}

impl Sharing {
    /// One answer of this process: `remaining` of the window ending at `reset`, with
    /// `in_flight` requests of this process still out (the server may have counted them).
    pub(super) fn observe(
        &mut self,
        limit: u64,
        remaining: u64,
        reset: DateTime<Utc>,
        in_flight: u64,
        now: DateTime<Utc>,
    ) {
        match self.window {
            Some((current, first)) if current == reset => {
                self.own_since_first += 1;
                let spent = first.saturating_sub(remaining);
                let explained = self.own_since_first + in_flight;
                if spent > explained {
                    // Others sent `spent - explained` while we sent `own_since_first`: about
                    // that many desks for each of ours (at least one).
                    let others = spent - explained;
                    let desks = others.div_ceil(self.own_since_first.max(1)).max(1);
                    self.peers = self.peers.max(desks).min(MAX_PEERS);
                    self.seen_at = Some(now);
                }
            }
            Some((current, _)) if reset < current => {}
            _ => {
                self.window = Some((reset, remaining.min(limit)));
                self.own_since_first = 0;
            }
        }
    }

    /// Other desks spending the key, as far as the last `WINDOWS_REMEMBERED` windows of
    /// `window_len` tell (0: alone, or nobody seen lately).
    pub(super) fn peers(&self, now: DateTime<Utc>, window_len: Option<TimeDelta>) -> u64 {
        let remembered = window_len.unwrap_or(TimeDelta::minutes(1)) * WINDOWS_REMEMBERED;
        match self.seen_at {
            Some(seen) if now - seen <= remembered => self.peers,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).expect("in range")
    }

    #[test]
    fn remaining_explained_by_own_answers_is_alone() {
        let mut sharing = Sharing::default();
        let reset = at(60);
        for (i, remaining) in (20..30).rev().enumerate() {
            sharing.observe(30, remaining, reset, 0, at(i as i64));
        }
        assert_eq!(sharing.peers(at(10), Some(TimeDelta::seconds(60))), 0);
    }

    #[test]
    fn remaining_falling_faster_counts_other_desks_until_they_go_quiet() {
        let mut sharing = Sharing::default();
        let reset = at(6);
        // Each of our answers finds three fewer: two other desks send as often as we do.
        sharing.observe(30, 29, reset, 0, at(0));
        sharing.observe(30, 26, reset, 0, at(1));
        sharing.observe(30, 23, reset, 0, at(2));
        let window = Some(TimeDelta::seconds(6));
        assert_eq!(sharing.peers(at(2), window), 2);
        // Two quiet windows later they are gone.
        assert_eq!(sharing.peers(at(15), window), 0);
        // A request of ours still out explains one more.
        let mut own = Sharing::default();
        own.observe(30, 29, reset, 1, at(0));
        own.observe(30, 27, reset, 1, at(1));
        assert_eq!(own.peers(at(1), window), 0);
    }
}
