//! A user's program: the 8-pancake puzzle through every strategy by name, and a 9-pancake
//! A* with a permutation-rank indexer under automatic and hashed storage.

use std::time::Instant;

use state_search::store::StoragePolicy;
use state_search::{Limits, Problem, StateIndexer, StateSpace, Strategy};


#[derive(Clone, Copy)]
struct Pancakes<const N: usize>;

impl<const N: usize> StateSpace for Pancakes<N> {
    type State = [u8; N];
    type Cost = u32;
    fn successors(&self, s: &[u8; N], mut emit: impl FnMut([u8; N], u32)) {
        for k in 2..=N {
            let mut t = *s;
            t[..k].reverse();
            emit(t, 1);
        }
    }
    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
    }
}

impl<const N: usize> state_search::ReversibleSpace for Pancakes<N> {
    fn predecessors(&self, s: &[u8; N], emit: impl FnMut([u8; N], u32)) {
        // A flip is its own inverse.
        self.successors(s, emit);
    }
}

/// The gap heuristic: adjacent pancakes that are not neighbours in size (the plate is N).
fn gap<const N: usize>(s: &[u8; N]) -> u32 {
    let mut gaps = 0;
    for i in 0..N {
        let next = if i + 1 < N { s[i + 1] } else { N as u8 };
        if s[i].abs_diff(next) != 1 {
            gaps += 1;
        }
    }
    gaps
}

/// The Lehmer rank of a permutation of 0..N; `bound` may be larger than N!.
#[derive(Clone, Copy)]
struct Rank<const N: usize> {
    bound: usize,
}

impl<const N: usize> StateIndexer<[u8; N]> for Rank<N> {
    fn bound(&self) -> usize {
        self.bound
    }
    fn index(&self, s: &[u8; N]) -> usize {
        let mut rank = 0;
        for i in 0..N {
            let smaller = s[i + 1..].iter().filter(|&&x| x < s[i]).count();
            rank = rank * (N - i) + smaller;
        }
        rank
    }
    fn state(&self, mut rank: usize) -> [u8; N] {
        let mut digits = [0usize; N];
        for i in (0..N).rev() {
            digits[i] = rank % (N - i);
            rank /= N - i;
        }
        let mut left: Vec<u8> = (0..N as u8).collect();
        let mut s = [0u8; N];
        for i in 0..N {
            s[i] = left.remove(digits[i]);
        }
        s
    }
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

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
        Some("storage") => {
            // storage POLICY BOUND_LOG2|fact RUNS
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
        _ => {
            // Every strategy by name on an 8-pancake instance.
            let space = Pancakes::<8>;
            let start: [u8; 8] = [7, 2, 5, 0, 3, 6, 1, 4];
            let goal: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
            let problem = Problem::new(&space, [start], |s: &[u8; 8]| *s == goal)
                .heuristic(|s: &[u8; 8]| gap(s))
                .indexer(Rank::<8> { bound: factorial(8) })
                .backward(goal);
            for name in args.iter().skip(1).map(String::as_str).chain(
                Strategy::ALL.iter().map(|s| Box::leak(s.to_string().into_boxed_str()) as &str),
            ) {
                let strategy: Strategy = name.parse().unwrap();
                match strategy.run(&problem, &Limits::new().max_expansions(200_000)) {
                    Ok(search) => println!(
                        "{strategy}: {:?} in {} expansions",
                        search.found().map(|f| f.cost),
                        search.stats.expanded
                    ),
                    Err(e) => println!("{strategy}: {e}"),
                }
            }
        }
    }
}
