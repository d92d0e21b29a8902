//! The figures: medians with min and max, per process and in total, and the ratios against the
//! goals below. Printed only; nothing here passes or fails.

use std::collections::BTreeMap;
use std::time::Duration;

use super::trial::{Outcome, Subject};

/// Time to the first table within 1.10x of the hello-world's first paint.
const TIME_GOAL: f64 = 1.10;
/// PSS with 100 pets shown within 1.10x of the hello-world's.
const MEMORY_GOAL: f64 = 1.10;

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
    let [hello, app, app_100, before @ ..] = &summaries[..] else {
        return;
    };
    let [hello_runs, app_runs, app_100_runs, before_runs @ ..] = results else {
        return;
    };
    let times = |runs: &[Outcome]| runs.iter().map(|o| ms(o.to_marker)).collect::<Vec<_>>();
    let pss = |runs: &[Outcome]| {
        runs.iter()
            .map(|o| mib(o.memory.iter().map(|p| p.pss_kib).sum()))
            .collect::<Vec<_>>()
    };
    println!("\nPer round pair (same round, so the same machine load), app / hello:");
    let time_pairs = pair_ratios(&times(app_runs), &times(hello_runs));
    let pss_pairs = pair_ratios(&pss(app_100_runs), &pss(hello_runs));
    for (round, (t, m)) in time_pairs.iter().zip(&pss_pairs).enumerate() {
        println!(
            "  round {:>2}: time (default) {t:.3}, PSS (100 pets) {m:.3}",
            round + 1
        );
    }
    let stable = baseline_is_stable(hello.time);
    println!(
        "\nBaseline: hello-world first paint median {:.0} ms, min {:.0} ms: {}",
        hello.time.0,
        hello.time.1,
        if stable {
            format!(
                "stable (median within {:.0}% of min)",
                UNSTABLE_SPREAD * 100.0 - 100.0
            )
        } else {
            format!(
                "UNSTABLE (median more than {:.0}% above min): the time ratios are not used",
                UNSTABLE_SPREAD * 100.0 - 100.0
            )
        }
    );
    println!(
        "\nAgainst the goals: median / median, min / min; per-round-pair ratios median (min-max):"
    );
    goal_line(
        "time to first table (default) vs first paint",
        (app.time.0 / hello.time.0, app.time.1 / hello.time.1),
        spread(time_pairs),
        TIME_GOAL,
        stable,
    );
    goal_line(
        "memory, PSS, 100 pets shown",
        (app_100.pss.0 / hello.pss.0, app_100.pss.1 / hello.pss.1),
        spread(pss_pairs),
        MEMORY_GOAL,
        true,
    );
    println!(
        "  (not goals) RSS, 100 pets: {:.3}; PSS, default (20 of 40 pets): {:.3}; time to first table, 100 pets (staging): {:.3} / {:.3}",
        app_100.rss.0 / hello.rss.0,
        app.pss.0 / hello.pss.0,
        app_100.time.0 / hello.time.0,
        app_100.time.1 / hello.time.1,
    );
    if let ([before, before_100], [before_runs, before_100_runs]) = (before, before_runs) {
        let before_pairs = pair_ratios(&times(before_runs), &times(hello_runs));
        let before_pss = pair_ratios(&pss(before_100_runs), &pss(hello_runs));
        println!(
            "\nThe app before the change (PETSTORE_BENCH_BEFORE), same rounds, against the same hello-world:"
        );
        goal_line(
            "before: time to first table (default) vs first paint",
            (before.time.0 / hello.time.0, before.time.1 / hello.time.1),
            spread(before_pairs),
            TIME_GOAL,
            stable,
        );
        goal_line(
            "before: memory, PSS, 100 pets shown",
            (
                before_100.pss.0 / hello.pss.0,
                before_100.pss.1 / hello.pss.1,
            ),
            spread(before_pss),
            MEMORY_GOAL,
            true,
        );
        println!(
            "  now / before, medians: time to first table (default) {:.3}, (100 pets) {:.3}; PSS with 100 pets {:.3}",
            app.time.0 / before.time.0,
            app_100.time.0 / before_100.time.0,
            app_100.pss.0 / before_100.pss.0,
        );
    }
}

/// A baseline whose median is more than this times its min is reported as unstable, not used.
const UNSTABLE_SPREAD: f64 = 1.20;

fn baseline_is_stable((median, min, _max): (f64, f64, f64)) -> bool {
    min > 0.0 && median <= min * UNSTABLE_SPREAD
}

/// `app[i] / hello[i]` for each round both have.
fn pair_ratios(app: &[f64], hello: &[f64]) -> Vec<f64> {
    app.iter()
        .zip(hello)
        .filter(|(_, h)| **h > 0.0)
        .map(|(a, h)| a / h)
        .collect()
}

fn goal_line(
    what: &str,
    (medians, mins): (f64, f64),
    (pair_median, pair_min, pair_max): (f64, f64, f64),
    goal: f64,
    usable: bool,
) {
    let verdict = |ratio: f64| {
        if !usable {
            "not judged: unstable baseline"
        } else if ratio <= goal {
            "meets"
        } else {
            "misses"
        }
    };
    println!(
        "  {what:<46} medians {medians:.3} ({}), mins {mins:.3} ({}); pairs {pair_median:.3} ({pair_min:.3}-{pair_max:.3}); goal <= {goal:.2}x",
        verdict(medians),
        verdict(mins)
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

    #[test]
    fn a_baseline_whose_median_is_over_a_fifth_above_its_min_is_unstable() {
        assert!(baseline_is_stable((360.0, 300.0, 900.0)));
        assert!(!baseline_is_stable((361.0, 300.0, 400.0)));
        assert!(!baseline_is_stable((10.0, 0.0, 20.0)));
    }

    #[test]
    fn ratios_pair_the_same_rounds() {
        assert_eq!(pair_ratios(&[2.0, 3.0], &[1.0, 2.0, 5.0]), vec![2.0, 1.5]);
        assert_eq!(pair_ratios(&[2.0], &[0.0]), Vec::<f64>::new());
    }
}
