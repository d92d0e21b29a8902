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
    watch: Option<Watch>,
    /// Other desks spending the key, as last estimated (in this window or an earlier one).
    desks: u64,
    seen_at: Option<DateTime<Utc>>,
    /// A window was watched long enough to tell that nobody else spent the key in it.
    watched_alone: bool,
}

/// One window watched from this process's first answer in it.
#[derive(Debug)]
struct Watch {
    reset: DateTime<Utc>,
    first_remaining: u64,
    /// This process's answers in the window after the first.
    own_since_first: u64,
    /// This process's requests since the first answer that never got one (a dropped
    /// connection, a timeout): the server may have counted them.
    unanswered: u64,
}

/// Own answers in a window before its count of desks replaces the last window's: fewer are
/// mostly noise (two answers close together, or one after a pause).
const ANSWERS_FOR_A_COUNT: u64 = 3;

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
        let watch = match &mut self.watch {
            Some(watch) if watch.reset == reset => watch,
            Some(watch) if reset < watch.reset => return,
            _ => {
                self.watch = Some(Watch {
                    reset,
                    first_remaining: remaining.min(limit),
                    own_since_first: 0,
                    unanswered: 0,
                });
                return;
            }
        };
        watch.own_since_first += 1;
        let spent = watch.first_remaining.saturating_sub(remaining);
        let own = watch.own_since_first + watch.unanswered + in_flight;
        let others = spent.saturating_sub(own);
        if others == 0 {
            if watch.own_since_first >= ANSWERS_FOR_A_COUNT {
                self.watched_alone = true;
            }
            return;
        }
        self.watched_alone = false;
        // Others sent `others` while we sent `own`: about that many desks for each of ours.
        let desks = (others as f64 / own.max(1) as f64).round().max(1.0) as u64;
        let desks = match watch.own_since_first >= ANSWERS_FOR_A_COUNT {
            true => desks,
            false => desks.max(self.desks(now, None)),
        };
        self.desks = desks.min(MAX_PEERS);
        self.seen_at = Some(now);
    }

    /// A request of this process that will get no answer: still one the server may count.
    pub(super) fn unanswered(&mut self) {
        if let Some(watch) = &mut self.watch {
            watch.unanswered += 1;
        }
    }

    /// Whether this process has seen enough answers to tell that nobody else spends the key
    /// (a process just started does not know yet, and assumes nothing).
    pub(super) fn known_alone(&self, now: DateTime<Utc>, window_len: Option<TimeDelta>) -> bool {
        self.watched_alone && self.desks(now, window_len) == 0
    }

    /// The other desks on the key, as far as the last `WINDOWS_REMEMBERED` windows of
    /// `window_len` tell (none: alone, or nobody seen lately).
    pub(super) fn desks(&self, now: DateTime<Utc>, window_len: Option<TimeDelta>) -> u64 {
        let remembered = window_len.unwrap_or(TimeDelta::minutes(1)) * WINDOWS_REMEMBERED;
        match self.seen_at {
            Some(seen) if now - seen <= remembered => self.desks,
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
        assert_eq!(sharing.desks(at(10), Some(TimeDelta::seconds(60))), 0);
        assert!(sharing.known_alone(at(10), Some(TimeDelta::seconds(60))));
    }

    #[test]
    fn remaining_falling_faster_counts_other_desks_until_they_go_quiet() {
        let mut sharing = Sharing::default();
        let reset = at(6);
        // Each of our answers finds three fewer: two other desks send as often as we do.
        for (i, remaining) in [29, 26, 23, 20].into_iter().enumerate() {
            sharing.observe(30, remaining, reset, 0, at(i as i64));
        }
        let window = Some(TimeDelta::seconds(6));
        assert_eq!(sharing.desks(at(3), window), 2);
        assert!(!sharing.known_alone(at(3), window));
        // Two quiet windows later they are gone.
        assert_eq!(sharing.desks(at(16), window), 0);
        // A request of ours that never got an answer explains one more.
        let mut dropped = Sharing::default();
        dropped.observe(30, 29, reset, 0, at(0));
        dropped.unanswered();
        dropped.observe(30, 27, reset, 0, at(1));
        assert_eq!(dropped.desks(at(1), window), 0);
        // A request of ours still out explains one more.
        let mut own = Sharing::default();
        own.observe(30, 29, reset, 1, at(0));
        own.observe(30, 27, reset, 1, at(1));
        assert_eq!(own.desks(at(1), window), 0);
        // Two answers are too few to know the key is this process's alone.
        assert!(!own.known_alone(at(1), window));
    }
}
