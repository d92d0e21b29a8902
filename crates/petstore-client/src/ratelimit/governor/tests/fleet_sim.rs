//! Several desks sharing one key, on a virtual clock: N governor states (one per computer, each
//! sending its import one row at a time at `Priority::Batch`), a browsing desk that is a new
//! process for every list (a fresh state, as `petstore list` is), and one fixed-window server
//! that answers 429 over the limit and counts requests that come while a key is told to wait.
//! Random latencies and start times; every decision is the real `State`'s.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::super::state::{State, Step, Ticket};
use super::*;

const LIMIT: u64 = 30;
const WINDOW_MS: i64 = 6_000;

struct Server {
    window: i64,
    used: u64,
    wait_until: Option<i64>,
    limited: u64,
    during_wait: u64,
}

impl Server {
    /// (status, remaining, reset in ms) for a request arriving at `t`.
    fn handle(&mut self, t: i64) -> (u16, u64, i64) {
        let window = t.div_euclid(WINDOW_MS);
        if window != self.window {
            self.window = window;
            self.used = 0;
        }
        if self.wait_until.is_some_and(|until| t >= until) {
            self.wait_until = None;
        }
        let reset = (window + 1) * WINDOW_MS;
        if self.used < LIMIT {
            self.used += 1;
            return (200, LIMIT - self.used, reset);
        }
        self.limited += 1;
        if self.wait_until.is_some() {
            self.during_wait += 1;
        }
        self.wait_until = Some(reset);
        (429, 0, reset)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    Wake(usize),
    Arrive(usize),
    Answer(usize, u16, u64, i64),
}

struct Desk {
    state: State,
    rows: usize,
    ticket: Option<Ticket>,
    done_at: Option<i64>,
    asked_at: i64,
    browsing: bool,
}

/// What a run of `desks` importers (and one browsing desk) came to.
#[derive(Debug)]
struct Outcome {
    limited: u64,
    during_wait: u64,
    /// The last import's end, in ms from the start.
    elapsed: i64,
    /// Each import's end.
    ends: Vec<i64>,
    /// The browsing desk's waits, in ms.
    lists: Vec<i64>,
}

fn origin() -> DateTime<Utc> {
    // A window boundary: 1.8e12 ms is a multiple of 6,000.
    DateTime::from_timestamp_millis(1_800_000_000_000).expect("in range")
}

fn instant(ms: i64) -> DateTime<Utc> {
    origin() + TimeDelta::milliseconds(ms)
}

fn snapshot_at(remaining: u64, reset_ms: i64, now_ms: i64) -> RateLimitSnapshot {
    let mut headers = http::HeaderMap::new();
    headers.insert("x-ratelimit-limit", LIMIT.into());
    headers.insert("x-ratelimit-remaining", remaining.into());
    headers.insert("x-ratelimit-reset", instant(reset_ms).timestamp().into());
    RateLimitSnapshot::from_headers(&headers, instant(now_ms)).expect("headers present")
}

fn simulate(desks: usize, rows: usize, browse: bool, bulk: Priority, seed: u64) -> Outcome {
    fastrand::seed(seed);
    let policy = policy();
    let mut server = Server {
        window: 0,
        used: 0,
        wait_until: None,
        limited: 0,
        during_wait: 0,
    };
    let mut all: Vec<Desk> = (0..desks)
        .map(|_| Desk {
            state: State::default(),
            rows,
            ticket: None,
            done_at: None,
            asked_at: 0,
            browsing: false,
        })
        .collect();
    let mut queue: BinaryHeap<Reverse<(i64, u64, Event)>> = BinaryHeap::new();
    let mut seq = 0;
    let mut push = |queue: &mut BinaryHeap<_>, at: i64, event: Event| {
        seq += 1;
        queue.push(Reverse((at, seq, event)));
    };
    for desk in 0..desks {
        push(&mut queue, fastrand::i64(0..300), Event::Wake(desk));
    }
    let mut lists = Vec::new();
    let mut next_list = 0;
    let latency = || fastrand::i64(1..=30);
    while let Some(Reverse((now, _, event))) = queue.pop() {
        if now > 600_000 {
            break;
        }
        // The browsing desk: a new `petstore list` every second while imports run.
        while browse && next_list <= now && all.iter().take(desks).any(|d| d.done_at.is_none()) {
            all.push(Desk {
                state: State::default(),
                rows: 1,
                ticket: None,
                done_at: None,
                asked_at: next_list,
                browsing: true,
            });
            push(&mut queue, next_list, Event::Wake(all.len() - 1));
            next_list += 1_000;
        }
        match event {
            Event::Wake(i) => {
                let desk = &mut all[i];
                if desk.ticket.is_some() || desk.rows == 0 {
                    continue;
                }
                let priority = match desk.browsing {
                    true => Priority::Interactive,
                    false => bulk,
                };
                match desk.state.step(instant(now), &policy, priority) {
                    Step::Grant(ticket) => {
                        desk.ticket = Some(ticket);
                        push(&mut queue, now + latency(), Event::Arrive(i));
                    }
                    Step::Sleep { until, .. } | Step::Yield { until, .. } => {
                        let at = (until - origin()).num_milliseconds().max(now + 1);
                        push(&mut queue, at, Event::Wake(i));
                    }
                    Step::AwaitChange => push(&mut queue, now + 5, Event::Wake(i)),
                }
            }
            Event::Arrive(i) => {
                let (status, remaining, reset) = server.handle(now);
                push(
                    &mut queue,
                    now + latency(),
                    Event::Answer(i, status, remaining, reset),
                );
            }
            Event::Answer(i, status, remaining, reset) => {
                let desk = &mut all[i];
                let Some(ticket) = desk.ticket.take() else {
                    continue;
                };
                let snapshot = snapshot_at(remaining, reset, now);
                let retry_after = (status == 429).then(|| instant(reset));
                desk.state.observe(
                    ticket,
                    status,
                    Some(&snapshot),
                    retry_after,
                    instant(now),
                    &policy,
                );
                if status != 429 {
                    desk.rows -= 1;
                    if desk.rows == 0 {
                        desk.done_at = Some(now);
                        if desk.browsing {
                            lists.push(now - desk.asked_at);
                        }
                        continue;
                    }
                }
                push(&mut queue, now, Event::Wake(i));
            }
        }
    }
    let ends: Vec<i64> = all[..desks]
        .iter()
        .map(|d| d.done_at.unwrap_or(i64::MAX))
        .collect();
    Outcome {
        limited: server.limited,
        during_wait: server.during_wait,
        elapsed: ends.iter().copied().max().unwrap_or(0),
        ends,
        lists,
    }
}

/// Prints each fleet's figures (`--nocapture`) and holds what the pacing promises: up to eight
/// importing desks and a browsing one, no 429 and nothing sent during a wait, the quota used
/// within a fifth of its minimum time, every desk about as far along as the others (none ends
/// before three quarters of the time the last one takes), and a list answered within a quarter
/// of the window.
#[test]
fn desks_sharing_a_key_on_a_virtual_clock() {
    for desks in [1usize, 2, 4, 8] {
        for seed in 0..12 {
            let run = simulate(desks, 40, true, Priority::Batch, seed);
            let needed = (desks * 40 + run.lists.len()) as f64;
            let minimum = needed * WINDOW_MS as f64 / LIMIT as f64;
            let ratio = run.elapsed as f64 / minimum;
            let mut lists = run.lists.clone();
            lists.sort();
            let p95 = lists.get(lists.len() * 95 / 100).copied().unwrap_or(0);
            let first_end = run.ends.iter().copied().min().unwrap_or(0);
            eprintln!(
                "desks {desks} seed {seed}: 429s {} during-wait {} elapsed {} ms ratio {ratio:.3} \
                 list p95 {p95} ms ends {:?}",
                run.limited, run.during_wait, run.elapsed, run.ends
            );
            let case = format!("desks {desks} seed {seed}");
            assert!(run.elapsed < i64::MAX, "every import ends: {case}");
            assert_eq!((run.limited, run.during_wait), (0, 0), "{case}");
            assert!(ratio <= 1.2, "{case}: ratio {ratio:.3}");
            assert!(
                first_end * 4 >= run.elapsed * 3,
                "{case}: a fair share each, ends {:?}",
                run.ends
            );
            assert!(p95 * 4 < WINDOW_MS, "{case}: list p95 {p95} ms");
        }
    }
}

/// Alone on the key, the CLI's import is as fast as when it sent every request at once.
#[test]
fn alone_batch_work_is_as_fast_as_before() {
    for seed in 0..3 {
        let today = simulate(1, 100, false, Priority::Interactive, seed);
        let batch = simulate(1, 100, false, Priority::Batch, seed);
        assert!(
            batch.elapsed as f64 <= today.elapsed as f64 * 1.05,
            "{} ms against {} ms",
            batch.elapsed,
            today.elapsed
        );
        assert_eq!(batch.limited, 0);
    }
}
