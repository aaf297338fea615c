//! Running out of memory stops a search with `StopReason::Capacity`; it never aborts the
//! process. Each strategy runs an endless search in a child process (this test executable,
//! running the ignored `child` test) under `ulimit -v`, so that an abort cannot take the
//! test run down with it.

#![cfg(unix)]

use std::process::Command;

use state_search::{Limits, Outcome, Problem, StateIndexer, StopReason, StoragePolicy, Strategy};

/// The strategies whose open lists are their own heaps rather than the crate's queues,
/// and two that use the queues, for comparison.
const STRATEGIES: [&str; 5] = ["anytime:2", "focal:2", "wastar:2", "astar", "dijkstra"];

/// The address-space limit of the child, in KiB: room for the program and a search of
/// about a million states. A child filling 250,000 KiB took 5-6 s a strategy, one
/// filling 150,000 KiB 2-3 s.
const LIMIT_KIB: u32 = 150_000;

/// The strategies also run with dense storage over a numbering of 2^27 pairs, whose
/// records are allocated by small chunks as states are stored: the chunk that fails
/// finds the memory exhausted.
const DENSE_STRATEGIES: [&str; 2] = ["astar", "dijkstra"];

#[test]
fn an_endless_search_stops_with_a_capacity_error_under_a_memory_limit() {
    let runs = STRATEGIES.map(|name| (name, "hashed"));
    for (name, storage) in runs
        .into_iter()
        .chain(DENSE_STRATEGIES.map(|name| (name, "dense")))
    {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!(
                "ulimit -v {LIMIT_KIB} && exec \"$0\" out_of_memory::child --exact --ignored --nocapture \
                 --test-threads=1"
            ))
            .arg(std::env::current_exe().unwrap())
            .env("OUT_OF_MEMORY_STRATEGY", name)
            .env("OUT_OF_MEMORY_STORAGE", storage)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("stopped: out of memory"),
            "{name}, {storage}: {:?}\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Run by the test above, under the memory limit: an unbounded search on an endless space
/// (pairs of counters, no goal, a zero estimate), or with dense storage on the pairs below
/// (2^13, 2^14), must stop with a capacity error.
#[test]
#[ignore = "a child process of the test above"]
fn child() {
    let Ok(name) = std::env::var("OUT_OF_MEMORY_STRATEGY") else {
        return;
    };
    let strategy: Strategy = name.parse().unwrap();
    let space = state_search::from_fn(|&(a, b): &(u64, u64)| {
        [((a + 1, b), 1u32), ((a, b + 1), 1), ((a + 2, b + 3), 2)]
    });
    let problem =
        Problem::new(&space, [(0, 0)], |_: &(u64, u64)| false).heuristic(|_: &(u64, u64)| 0u32);
    let search = if std::env::var("OUT_OF_MEMORY_STORAGE").as_deref() == Ok("dense") {
        let below = state_search::from_fn(|&(a, b): &(u64, u64)| {
            [((a + 1, b), 1u32), ((a, b + 1), 1), ((a + 2, b + 3), 2)]
                .into_iter()
                .filter(|&((a, b), _)| a < 1 << 13 && b < 1 << 14)
        });
        let problem = Problem::new(&below, [(0, 0)], |_: &(u64, u64)| false)
            .heuristic(|_: &(u64, u64)| 0u32)
            .indexer(Pairs)
            .storage(StoragePolicy::Dense);
        strategy.run(&problem, &Limits::new()).unwrap()
    } else {
        strategy.run(&problem, &Limits::new()).unwrap()
    };
    match search.outcome {
        Outcome::Stopped(StopReason::Capacity(_)) => println!("{name} stopped: out of memory"),
        other => println!("{name} ended otherwise: {other:?}"),
    }
}

/// The pairs `(a, b)` below `(2^13, 2^14)`, numbered `a * 2^14 + b`.
#[derive(Clone, Copy)]
struct Pairs;

impl StateIndexer<(u64, u64)> for Pairs {
    fn bound(&self) -> usize {
        1 << 27
    }
    fn index(&self, &(a, b): &(u64, u64)) -> usize {
        usize::try_from(a << 14 | b).unwrap()
    }
    fn state(&self, index: usize) -> (u64, u64) {
        let index = index as u64;
        (index >> 14, index & ((1 << 14) - 1))
    }
}
