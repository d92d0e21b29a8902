//! The figures: medians with min and max, per process and in total, and the ratios against the
//! issue's goals. Printed only; nothing here passes or fails.

use std::collections::BTreeMap;
use std::time::Duration;

use super::trial::{Outcome, Subject};

/// Time to the first table within 1.25x of the hello-world's first paint.
const TIME_GOAL: f64 = 1.25;
/// Memory within 1.15x of the hello-world's.
const MEMORY_GOAL: f64 = 1.15;

pub fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

pub fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// Median, min, max of `values` (not empty).
fn spread(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let median = match n % 2 {
        1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    };
    (median, values[0], values[n - 1])
}

fn show((median, min, max): (f64, f64, f64)) -> String {
    format!("{median:>7.0} ({min:.0}-{max:.0})")
}

struct Summary {
    time: (f64, f64, f64),
    pss: (f64, f64, f64),
    rss: (f64, f64, f64),
}

fn summarise(outcomes: &[Outcome]) -> Summary {
    let total = |f: fn(&super::procs::ProcMemory) -> u64| {
        outcomes
            .iter()
            .map(|o| mib(o.memory.iter().map(f).sum()))
            .collect::<Vec<_>>()
    };
    Summary {
        time: spread(outcomes.iter().map(|o| ms(o.to_marker)).collect()),
        pss: spread(total(|p| p.pss_kib)),
        rss: spread(total(|p| p.rss_kib)),
    }
}

pub fn print(subjects: &[Subject], results: &[Vec<Outcome>]) {
    let trials = results.first().map_or(0, Vec::len);
    println!("\nMedians of {trials} trials (min-max); memory {SETTLE_NOTE}");
    println!(
        "{:<10} {:>21} {:>21} {:>21}",
        "", "to marker, ms", "PSS total, MiB", "RSS total, MiB"
    );
    let summaries: Vec<Summary> = results.iter().map(|r| summarise(r)).collect();
    for (subject, summary) in subjects.iter().zip(&summaries) {
        println!(
            "{:<10} {:>21} {:>21} {:>21}",
            subject.label,
            show(summary.time),
            show(summary.pss),
            show(summary.rss)
        );
    }
    println!("\nPer process, median MiB (PSS / RSS):");
    for (subject, outcomes) in subjects.iter().zip(results) {
        let mut by_name: BTreeMap<&str, (Vec<f64>, Vec<f64>)> = BTreeMap::new();
        for process in outcomes.iter().flat_map(|o| &o.memory) {
            let entry = by_name.entry(&process.name).or_default();
            entry.0.push(mib(process.pss_kib));
            entry.1.push(mib(process.rss_kib));
        }
        let parts: Vec<String> = by_name
            .into_iter()
            .map(|(name, (pss, rss))| {
                let count = pss.len() as f64 / trials.max(1) as f64;
                format!(
                    "{name} {:.0} / {:.0}{}",
                    spread(pss).0,
                    spread(rss).0,
                    if count > 1.0 {
                        format!(" (x{count:.1})")
                    } else {
                        String::new()
                    }
                )
            })
            .collect();
        println!("  {:<10} {}", subject.label, parts.join(", "));
    }
    let [hello, app, app_100] = &summaries[..] else {
        return;
    };
    println!("\nAgainst the goals (median / hello-world median):");
    let line = |what: &str, ratio: f64, goal: f64| {
        let verdict = if ratio <= goal { "meets" } else { "misses" };
        println!("  {what:<44} {ratio:.3}  ({verdict} the goal of {goal:.2}x)");
    };
    line(
        "time to first table (default), vs first paint",
        app.time.0 / hello.time.0,
        TIME_GOAL,
    );
    line(
        "memory, PSS, 100 pets shown",
        app_100.pss.0 / hello.pss.0,
        MEMORY_GOAL,
    );
    line(
        "memory, RSS, 100 pets shown",
        app_100.rss.0 / hello.rss.0,
        MEMORY_GOAL,
    );
    line(
        "memory, PSS, default (20 of 40 pets)",
        app.pss.0 / hello.pss.0,
        MEMORY_GOAL,
    );
    line(
        "time to first table, 100 pets (staging)",
        app_100.time.0 / hello.time.0,
        TIME_GOAL,
    );
}

const SETTLE_NOTE: &str = "read 2 s after the marker, summed over the process and its descendants";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_gives_median_min_max() {
        assert_eq!(spread(vec![3.0, 1.0, 2.0]), (2.0, 1.0, 3.0));
        assert_eq!(spread(vec![4.0, 1.0, 2.0, 3.0]), (2.5, 1.0, 4.0));
    }
}
