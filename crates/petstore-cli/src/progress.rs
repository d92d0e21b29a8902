//! An import's progress on stderr: one line rewritten in place on a terminal, plain lines (at
//! each tenth, and each phase) otherwise, so logs and CI output stay readable.

use std::io::{IsTerminal, Write};

use petstore_bulk::{About, Estimate, Phase, Progress};
use tokio::sync::watch;

use crate::output::count;
use crate::words::{BulkMsg, say};

/// Shows progress until the import finishes (its sender is dropped).
pub fn spawn(mut progress: watch::Receiver<Progress>) -> tokio::task::JoinHandle<()> {
    let terminal = std::io::stderr().is_terminal();
    tokio::spawn(async move {
        let mut last: Option<(Phase, usize, bool, Option<chrono::DateTime<chrono::Utc>>)> = None;
        let mut estimated = false;
        loop {
            let now = progress.borrow_and_update().clone();
            if now.phase == Phase::Sending && !estimated {
                // The quota is known from the first listing: say how long, and which window
                // decides it (the day's, when it is the limit), before the rows go.
                estimated = true;
                let left = now.total.saturating_sub(now.done()) as u64;
                let e = Estimate::new(left, now.quota.as_ref(), chrono::Utc::now());
                if terminal {
                    eprint!("\r\x1b[K");
                }
                eprintln!("{}", say(BulkMsg::Time, &[("estimate", &estimate(&e))]));
            }
            let tenth = (now.done() * 10) / now.total.max(1);
            let key = (now.phase, tenth, now.paused, now.waiting_until);
            if terminal {
                eprint!("\r{}\x1b[K", line(&now));
                let _ = std::io::stderr().flush();
            } else if last != Some(key) {
                eprintln!("{}", line(&now));
            }
            last = Some(key);
            if now.phase == Phase::Finished || progress.changed().await.is_err() {
                break;
            }
        }
        if terminal {
            eprintln!();
        }
    })
}

fn line(p: &Progress) -> String {
    let phase = match p.phase {
        Phase::ListingBefore => BulkMsg::PhaseListingBefore,
        Phase::Sending => BulkMsg::PhaseSending,
        Phase::Reconciling => BulkMsg::PhaseReconciling,
        Phase::Resending => BulkMsg::PhaseResending,
        Phase::Finished => BulkMsg::PhaseFinished,
    };
    let left = match p.time_left {
        Some(left) if p.phase == Phase::Sending && left.as_secs() >= 60 => {
            say(BulkMsg::MinutesLeft, &[("n", &left.as_secs().div_ceil(60))])
        }
        Some(_) if p.phase == Phase::Sending => say(BulkMsg::UnderAMinuteLeft, &[]),
        _ => String::new(),
    };
    let paused = match (p.paused, p.waiting_until) {
        (true, _) => say(BulkMsg::Paused, &[]),
        // A rate-limit wait the key must honour: said with its end, so a long pause is no riddle.
        (false, Some(until)) => say(
            BulkMsg::WaitingUntil,
            &[("when", &crate::output::when(until))],
        ),
        (false, None) => String::new(),
    };
    say(
        BulkMsg::ProgressLine,
        &[
            ("phase", &say(phase, &[])),
            ("paused", &paused),
            ("done", &count(p.done() as u64)),
            ("total", &count(p.total as u64)),
            ("created", &count(p.created as u64)),
            ("skipped", &count(p.skipped as u64)),
            ("failed", &count(p.failed as u64)),
            ("unknown", &count(p.unknown as u64)),
            ("left", &left),
        ],
    )
}

/// How long an import takes, and what decides it.
pub fn estimate(e: &Estimate) -> String {
    let plan = e
        .plan
        .map(|plan| say(BulkMsg::EstimatePlan, &[("plan", &plan.name())]))
        .unwrap_or_default();
    // One request reads "1 request", not "1 requests" (German: "1 Anfrage").
    let Some(time) = e.about() else {
        return match e.requests {
            1 => say(BulkMsg::EstimateUnknownOne, &[]),
            n => say(BulkMsg::EstimateUnknown, &[("n", &count(n))]),
        };
    };
    let about = about(time);
    match (e.day_limited, e.per_day, e.per_minute) {
        (true, Some(1), _) => say(
            BulkMsg::EstimateDayLimitedOne,
            &[("about", &about), ("plan", &plan)],
        ),
        (true, Some(day), _) => say(
            BulkMsg::EstimateDayLimited,
            &[("about", &about), ("day", &count(day)), ("plan", &plan)],
        ),
        (_, _, Some(1)) => say(
            BulkMsg::EstimatePerMinuteOne,
            &[("about", &about), ("plan", &plan)],
        ),
        (_, _, Some(minute)) => say(
            BulkMsg::EstimatePerMinute,
            &[
                ("about", &about),
                ("minute", &count(minute)),
                ("plan", &plan),
            ],
        ),
        _ => about,
    }
}

fn about(time: About) -> String {
    match time {
        About::UnderAMinute => say(BulkMsg::UnderAMinute, &[]),
        About::Minutes(n) => say(BulkMsg::AboutMinutes, &[("n", &n)]),
        About::Hours(n) => say(BulkMsg::AboutHours, &[("n", &n)]),
        About::Days(n) => say(BulkMsg::AboutDays, &[("n", &n)]),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use petstore_bulk::Estimate;

    use super::{estimate, line};
    use petstore_bulk::Progress;
    use petstore_local::language::Language;

    use crate::words::with_language;

    fn one_of_each(duration: Option<Duration>, day_limited: bool) -> Estimate {
        // Built by its constructor (it keeps a field of its own), then given these figures.
        let mut estimate = Estimate::new(1, None, chrono::Utc::now());
        estimate.per_minute = Some(1);
        estimate.per_day = Some(1);
        estimate.duration = duration;
        estimate.day_limited = day_limited;
        estimate
    }

    #[test]
    fn a_wait_is_said_with_its_end_in_both_languages() {
        let mut progress = Progress::new(3);
        progress.waiting_until = Some(chrono::Utc::now() + chrono::TimeDelta::seconds(298));
        let en = with_language(Language::English, || line(&progress));
        let de = with_language(Language::German, || line(&progress));
        assert!(
            en.contains(" (waiting for the service until ")
                && en.contains("nothing is sent before then)"),
            "{en}"
        );
        assert!(de.contains(" (wartet auf den Dienst bis "), "{de}");
        progress.waiting_until = None;
        let en = with_language(Language::English, || line(&progress));
        assert!(!en.contains("waiting"), "{en}");
    }

    #[test]
    fn one_request_is_said_in_the_singular_in_both_languages() {
        let cases = [
            (None, false, "1 request;", "1 Anfrage;"),
            (
                Some(Duration::from_secs(30)),
                false,
                "1 request a minute",
                "1 Anfrage pro Minute",
            ),
            (
                Some(Duration::from_secs(30)),
                true,
                "1 request a day",
                "1 Anfrage pro Tag",
            ),
        ];
        for (duration, day_limited, english, german) in cases {
            let e = one_of_each(duration, day_limited);
            let en = with_language(Language::English, || estimate(&e));
            let de = with_language(Language::German, || estimate(&e));
            assert!(en.contains(english) && !en.contains("requests"), "{en}");
            assert!(de.contains(german) && !de.contains("Anfragen"), "{de}");
        }
    }
}
