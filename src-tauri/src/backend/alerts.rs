//! Quota alerts: when an environment's window drops below a fifth, when it is
//! spent, and when a 429 arrives, at most once per window, level and environment. The decision
//! is pure (`AlertTracker`); `Alerts` adds the setting and the native notification.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use petstore_client::{ClientEvent, Environment, QuotaWindow, RateLimitSnapshot, WaitReason};

use crate::convert::instant;
use crate::dto::{AlertLevel, QuotaAlert, QuotaLevel};

/// Shows a native notification. The desktop's goes to the OS; tests keep a list.
pub trait Notifier: Send + Sync + 'static {
    fn notify(&self, alert: &QuotaAlert);
    /// An outbox was emptied, or one of its entries refused (issue 39). Nobody by default.
    fn outbox(&self, _notice: &super::OutboxNotice) {}
}

/// Notifies nobody (a backend with no desktop).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoNotifier;

impl Notifier for NoNotifier {
    fn notify(&self, _alert: &QuotaAlert) {}
}

/// Which windows each (environment, level) was alerted in.
#[derive(Debug, Default)]
pub struct AlertTracker {
    alerted: HashMap<(Environment, AlertLevelKey), DateTime<Utc>>,
    /// The latest snapshot per environment, to describe a 429's window.
    latest: HashMap<Environment, RateLimitSnapshot>,
}

/// `AlertLevel` as a map key (the DTO derives no Hash).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum AlertLevelKey {
    Low,
    Exhausted,
    RateLimited,
}

impl From<AlertLevel> for AlertLevelKey {
    fn from(level: AlertLevel) -> Self {
        match level {
            AlertLevel::Low => AlertLevelKey::Low,
            AlertLevel::Exhausted => AlertLevelKey::Exhausted,
            AlertLevel::RateLimited => AlertLevelKey::RateLimited,
        }
    }
}

impl AlertTracker {
    /// The alert `event` calls for, if any and not already given in this window.
    pub fn consider(
        &mut self,
        env: Environment,
        event: &ClientEvent,
        now: DateTime<Utc>,
    ) -> Option<QuotaAlert> {
        match event {
            ClientEvent::RateLimit(snapshot) => {
                self.latest.insert(env, snapshot.clone());
                let level = level_of(snapshot)?;
                let renews = snapshot.reset_at;
                self.once(env, level, window_of(snapshot), Some(snapshot), renews, now)
            }
            ClientEvent::Waiting {
                reason: WaitReason::RateLimited,
                until,
            } => {
                let snapshot = self.latest.get(&env).cloned();
                let window = snapshot.as_ref().map_or(*until, window_of);
                // After a 429 requests wait for the Retry-After, which a temporary ban makes
                // longer than the window: the alert names when they go again.
                let resume = Some(*until);
                self.once(
                    env,
                    AlertLevel::RateLimited,
                    window,
                    snapshot.as_ref(),
                    resume,
                    now,
                )
            }
            _ => None,
        }
    }

    fn once(
        &mut self,
        env: Environment,
        level: AlertLevel,
        window: DateTime<Utc>,
        snapshot: Option<&RateLimitSnapshot>,
        resets_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Option<QuotaAlert> {
        let key = (env, AlertLevelKey::from(level));
        if self.alerted.get(&key) == Some(&window) {
            return None;
        }
        self.alerted.insert(key, window);
        let count = |n: Option<u64>| n.map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        Some(QuotaAlert {
            environment: env,
            level,
            window: snapshot.map_or(QuotaWindow::Unknown, |s| s.window),
            remaining: count(snapshot.and_then(|s| s.remaining)),
            limit: count(snapshot.and_then(|s| s.limit)),
            reset_at: resets_at.map(instant),
            at: instant(now),
        })
    }
}

impl QuotaLevel {
    /// Low below a fifth of the limit; empty at none; unknown when the headers say too little.
    /// The one rule: the gauge shows it (`Quota::level`) and the alerts tell it.
    pub fn of(snapshot: &RateLimitSnapshot) -> QuotaLevel {
        let (Some(remaining), Some(limit)) = (snapshot.remaining, snapshot.limit) else {
            return QuotaLevel::Unknown;
        };
        if limit == 0 {
            QuotaLevel::Unknown
        } else if remaining == 0 {
            QuotaLevel::Empty
        } else if remaining.saturating_mul(5) < limit {
            QuotaLevel::Low
        } else {
            QuotaLevel::Ok
        }
    }
}

/// The alert a quota's level calls for, if any.
fn level_of(snapshot: &RateLimitSnapshot) -> Option<AlertLevel> {
    match QuotaLevel::of(snapshot) {
        QuotaLevel::Empty => Some(AlertLevel::Exhausted),
        QuotaLevel::Low => Some(AlertLevel::Low),
        QuotaLevel::Unknown | QuotaLevel::Ok => None,
    }
}

/// A window is named by its reset; without one, by the minute (or day) it was seen in.
fn window_of(snapshot: &RateLimitSnapshot) -> DateTime<Utc> {
    snapshot.reset_at.unwrap_or_else(|| {
        let span = match snapshot.window {
            QuotaWindow::Day => TimeDelta::days(1),
            _ => TimeDelta::minutes(1),
        };
        snapshot
            .observed_at
            .duration_trunc(span)
            .unwrap_or(snapshot.observed_at)
    })
}

/// The tracker, the person's setting, and where notifications go; shared by every client's
/// event forwarder.
pub struct Alerts {
    tracker: Mutex<AlertTracker>,
    enabled: AtomicBool,
    notifier: Arc<dyn Notifier>,
}

impl std::fmt::Debug for Alerts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Alerts")
            .field("enabled", &self.enabled)
            .finish_non_exhaustive()
    }
}

impl Alerts {
    pub fn new(enabled: bool, notifier: Arc<dyn Notifier>) -> Alerts {
        Alerts {
            tracker: Mutex::new(AlertTracker::default()),
            enabled: AtomicBool::new(enabled),
            notifier,
        }
    }

    pub fn set_enabled(&self, enabled: bool) {
        self.enabled.store(enabled, Ordering::Relaxed);
    }

    /// The alert to show for `event`, after notifying the OS; `None` when alerts are off or
    /// this one was given already in its window.
    pub fn consider(&self, env: Environment, event: &ClientEvent) -> Option<QuotaAlert> {
        let alert = self
            .tracker
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .consider(env, event, Utc::now());
        // The tracker still follows the quota while alerts are off, so turning them on does not
        // replay a window already past.
        let alert = alert.filter(|_| self.enabled.load(Ordering::Relaxed))?;
        self.notifier.notify(&alert);
        Some(alert)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(remaining: u64, limit: u64, reset_at: DateTime<Utc>) -> ClientEvent {
        ClientEvent::RateLimit(RateLimitSnapshot {
            limit: Some(limit),
            remaining: Some(remaining),
            reset_at: Some(reset_at),
            window: QuotaWindow::Minute,
            plan: None,
            observed_at: reset_at - TimeDelta::seconds(30),
        })
    }

    /// The gauge's cases (the UI's own rule had them) and the edges the alerts rely on.
    #[test]
    fn low_is_below_a_fifth_and_empty_is_none_left() {
        let level = |remaining: Option<u64>, limit: Option<u64>| {
            QuotaLevel::of(&RateLimitSnapshot {
                limit,
                remaining,
                reset_at: None,
                window: QuotaWindow::Minute,
                plan: None,
                observed_at: Utc::now(),
            })
        };
        assert_eq!(level(None, None), QuotaLevel::Unknown);
        assert_eq!(level(Some(5), None), QuotaLevel::Unknown);
        assert_eq!(level(None, Some(100)), QuotaLevel::Unknown);
        assert_eq!(level(Some(0), Some(0)), QuotaLevel::Unknown);
        assert_eq!(level(Some(20), Some(100)), QuotaLevel::Ok);
        assert_eq!(level(Some(19), Some(100)), QuotaLevel::Low);
        assert_eq!(level(Some(1), Some(5)), QuotaLevel::Ok);
        assert_eq!(level(Some(1), Some(6)), QuotaLevel::Low);
        assert_eq!(level(Some(0), Some(100)), QuotaLevel::Empty);
        assert_eq!(level(Some(120), Some(100)), QuotaLevel::Ok);
        assert_eq!(
            serde_json::to_value(QuotaLevel::Empty).expect("json"),
            "empty"
        );
    }

    #[test]
    fn a_429_alert_names_when_requests_go_again_not_the_windows_reset() {
        let mut tracker = AlertTracker::default();
        let now = Utc::now();
        let window = now + TimeDelta::seconds(30);
        // A temporary ban: the Retry-After reaches well past the window's reset.
        let banned_until = now + TimeDelta::minutes(5);
        tracker.consider(Environment::Staging, &snapshot(0, 60, window), now);
        let waiting = ClientEvent::Waiting {
            until: banned_until,
            reason: WaitReason::RateLimited,
        };
        let alert = tracker
            .consider(Environment::Staging, &waiting, now)
            .unwrap();
        assert_eq!(alert.reset_at, Some(instant(banned_until)));
        assert_eq!(alert.remaining, Some(0));
    }

    #[test]
    fn low_then_exhausted_then_429_each_once_per_window_and_again_in_the_next() {
        let mut tracker = AlertTracker::default();
        let env = Environment::Staging;
        let now = Utc::now();
        let window = now + TimeDelta::seconds(30);
        let next = window + TimeDelta::minutes(1);
        let level = |alert: Option<QuotaAlert>| alert.map(|a| a.level);

        assert_eq!(
            level(tracker.consider(env, &snapshot(20, 60, window), now)),
            None
        );
        assert_eq!(
            level(tracker.consider(env, &snapshot(11, 60, window), now)),
            Some(AlertLevel::Low)
        );
        assert_eq!(
            level(tracker.consider(env, &snapshot(10, 60, window), now)),
            None,
            "once"
        );
        assert_eq!(
            level(tracker.consider(env, &snapshot(0, 60, window), now)),
            Some(AlertLevel::Exhausted)
        );
        let waiting = ClientEvent::Waiting {
            until: window,
            reason: WaitReason::RateLimited,
        };
        let alert = tracker.consider(env, &waiting, now).unwrap();
        assert_eq!(alert.level, AlertLevel::RateLimited);
        assert_eq!(alert.reset_at, Some(instant(window)));
        assert_eq!((alert.remaining, alert.limit), (Some(0), Some(60)));
        assert_eq!(
            tracker.consider(env, &waiting, now),
            None,
            "once per window"
        );
        // Another environment is its own.
        assert!(
            tracker
                .consider(Environment::Production, &snapshot(1, 60, window), now)
                .is_some()
        );
        // The next window alerts again.
        assert_eq!(
            level(tracker.consider(env, &snapshot(5, 60, next), now)),
            Some(AlertLevel::Low)
        );
    }

    #[test]
    fn alerts_turned_off_notify_nobody_and_do_not_replay_when_turned_on() {
        #[derive(Default)]
        struct Count(Mutex<u32>);
        impl Notifier for Count {
            fn notify(&self, _alert: &QuotaAlert) {
                *self.0.lock().unwrap() += 1;
            }
        }
        let count = Arc::new(Count::default());
        let alerts = Alerts::new(false, count.clone());
        let window = Utc::now() + TimeDelta::seconds(30);
        assert!(
            alerts
                .consider(Environment::Staging, &snapshot(0, 60, window))
                .is_none()
        );
        alerts.set_enabled(true);
        assert!(
            alerts
                .consider(Environment::Staging, &snapshot(0, 60, window))
                .is_none()
        );
        assert_eq!(*count.0.lock().unwrap(), 0);
        let next = window + TimeDelta::minutes(1);
        assert!(
            alerts
                .consider(Environment::Staging, &snapshot(0, 60, next))
                .is_some()
        );
        assert_eq!(*count.0.lock().unwrap(), 1);
    }
}
