//! Storage measurements on the 9-pancake puzzle: A* with a permutation-rank indexer of a
//! given bound under a given storage policy (`small POLICY BOUND_LOG2|fact RUNS`), a
//! full-space BFS and A* (`full POLICY RUNS`), and Dijkstra on one 12-pancake stack stopped
//! after a number of expansions (`medium POLICY EXPANSIONS`: 12! numbered states, few of
//! them touched, far apart).

use std::time::Instant;

use state_search::store::StoragePolicy;
use state_search::{Limits, Problem, Strategy};

#[path = "../pancakes.rs"]
mod pancakes;

use pancakes::{Pancakes, Rank, factorial, gap};

fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("small") => {
            // small POLICY BOUND_LOG2|fact RUNS
            let policy: StoragePolicy = args[2].parse().unwrap();
            let bound = match args[3].as_str() {
                "fact" => factorial(9),
                log => 1usize << log.parse::<u32>().unwrap(),
            };
            let runs: usize = args[4].parse().unwrap();
            let start: [u8; 9] = [3, 1, 4, 0, 8, 5, 2, 7, 6];
            let goal: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
            let space = Pancakes::<9>;
            let before = resident_kib();
            let mut times = Vec::new();
            let mut memory = 0;
            let mut expanded = 0;
            for _ in 0..runs {
                let problem = Problem::new(&space, [start], |s: &[u8; 9]| *s == goal)
                    .heuristic(|s: &[u8; 9]| gap(s))
                    .indexer(Rank::<9> { bound })
                    .storage(policy);
                let t = Instant::now();
                let search = Strategy::AStar.run(&problem, &Limits::new()).unwrap();
                times.push(t.elapsed().as_secs_f64() * 1e3);
                let found = search.found().unwrap();
                assert!(found.cost > 0);
                memory = search.stats.memory;
                expanded = search.stats.expanded;
            }
            times.sort_by(f64::total_cmp);
            let after = resident_kib();
            println!(
                "{policy} bound {bound}: median {:.4} ms, expanded {expanded}, Stats::memory {} B, resident added {} KiB",
                times[times.len() / 2],
                memory,
                after.saturating_sub(before)
            );
        }
        Some("full") => {
            // full POLICY RUNS: BFS over every 9-pancake stack (no goal), and Dijkstra.
            let policy: StoragePolicy = args[2].parse().unwrap();
            let runs: usize = args[3].parse().unwrap();
            let space = Pancakes::<9>;
            let start: [u8; 9] = [3, 1, 4, 0, 8, 5, 2, 7, 6];
            for strategy in [Strategy::Bfs, Strategy::AStar] {
                let mut times = Vec::new();
                let mut stats = None;
                for _ in 0..runs {
                    let problem = Problem::new(&space, [start], |_: &[u8; 9]| false)
                        .indexer(Rank::<9> { bound: factorial(9) })
                        .storage(policy);
                    let t = Instant::now();
                    let search = strategy.run(&problem, &Limits::new()).unwrap();
                    times.push(t.elapsed().as_secs_f64() * 1e3);
                    assert!(search.found().is_none());
                    stats = Some(search.stats);
                }
                times.sort_by(f64::total_cmp);
                let stats = stats.unwrap();
                println!(
                    "{policy} {strategy} full: median {:.2} ms, expanded {}, Stats::memory {} B",
                    times[times.len() / 2],
                    stats.expanded,
                    stats.memory
                );
            }
        }
        Some("medium") => {
            // medium POLICY EXPANSIONS: Dijkstra on 12 pancakes, stopped after EXPANSIONS.
            let policy: StoragePolicy = args[2].parse().unwrap();
            let expansions: u64 = args[3].parse().unwrap();
            let space = Pancakes::<12>;
            let start: [u8; 12] = [11, 3, 7, 0, 9, 5, 1, 10, 2, 8, 4, 6];
            let goal: [u8; 12] = core::array::from_fn(|i| i as u8);
            let problem = Problem::new(&space, [start], |s: &[u8; 12]| *s == goal)
                .indexer(Rank::<12> { bound: factorial(12) })
                .storage(policy);
            // The store is freed before the search returns: measure the peak resident
            // memory from outside (`/usr/bin/time -f %M`).
            let t = Instant::now();
            let search = Strategy::Dijkstra(Default::default())
                .run(&problem, &Limits::new().max_expansions(expansions))
                .unwrap();
            let ms = t.elapsed().as_secs_f64() * 1e3;
            println!(
                "{policy} dijkstra 12 pancakes, {} expanded: {ms:.0} ms, Stats::memory {} B",
                search.stats.expanded, search.stats.memory
            );
        }
        _ => eprintln!(
            "usage: storage small POLICY BOUND_LOG2|fact RUNS | storage full POLICY RUNS \
             | storage medium POLICY EXPANSIONS"
        ),
    }
}
