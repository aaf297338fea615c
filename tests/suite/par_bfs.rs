//! Layer-parallel BFS (`par-bfs`, feature `parallel`): the cost of `bfs` and valid paths
//! on random graphs with 1, 2 and 8 threads, every reachable state expanded once, limits,
//! and the refusals.

#![cfg(feature = "parallel")]

use crate::common::graph;
use crate::common::pools;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use graph::{Graph, Nodes, arb_graph, bfs_steps, is, lookup, path_cost};
use pools::{THREADS, pool};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::rng::SplitMix64;
use state_search::{
    CapacityErrorKind, Inapplicable, Limits, Outcome, ParBfs, Problem, StopReason,
    Strategy as Search,
};

/// The cost of every step of the test graphs, so that costs are steps times it.
const UNIT: u32 = 3;

/// A graph of unit-`UNIT` edges, its starts and its goal set.
fn case() -> impl Strategy<Value = (Graph<u32>, Vec<u32>, Vec<bool>)> {
    arb_graph(40, 100, Just(1u32)).prop_flat_map(|g| {
        let n = g.len();
        (
            Just(g.with_unit_costs(UNIT)),
            prop::collection::vec(0..u32::try_from(n).unwrap(), 1..=3),
            prop::collection::vec(prop::bool::weighted(0.15), n),
        )
    })
}

/// A path of `n` nodes, 0 -> 1 -> ... -> n - 1.
fn line(n: u32) -> Graph<u32> {
    let edges: Vec<(u32, u32, u32)> = (1..n).map(|i| (i - 1, i, UNIT)).collect();
    Graph::new(n as usize, &edges).with_unit_costs(UNIT)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/par_bfs.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// The cost of `bfs` (found or not), a path of edges from a start to a goal, and,
    /// when there is no path, every reachable state expanded exactly once.
    #[test]
    fn agrees_with_bfs_on_every_pool((g, starts, goals) in case()) {
        let n = g.len();
        let problem = Problem::new(&g, starts.iter().copied(), lookup(&goals))
            .indexer(Nodes(n));
        let expected = Search::Bfs.run(&problem, &Limits::new()).unwrap();
        let steps = bfs_steps(&g, &starts);
        let reachable = steps.iter().filter(|s| s.is_some()).count() as u64;
        for threads in THREADS {
            let search = pool(threads)
                .install(|| Search::ParBfs.par_run(&problem, &Limits::new()))
                .unwrap();
            match (&expected.outcome, &search.outcome) {
                (Outcome::Found(bfs), Outcome::Found(par)) => {
                    prop_assert_eq!(par.cost, bfs.cost, "{} threads", threads);
                    let path = &par.path;
                    prop_assert!(starts.contains(&path[0]), "{:?} from no start", path);
                    prop_assert!(goals[*path.last().unwrap() as usize], "{:?} to no goal", path);
                    let cost = path_cost(&g, path);
                    prop_assert_eq!(cost, Some(i64::from(par.cost)), "{:?} not a path", path);
                }
                (Outcome::NoPath, Outcome::NoPath) => {
                    prop_assert_eq!(search.stats.expanded, reachable, "{} threads", threads);
                }
                (bfs, par) => prop_assert!(false, "bfs {:?}, par-bfs {:?}", bfs, par),
            }
        }
    }

    /// The same over hashed storage (no indexer): the steps of `bfs`, a path of edges,
    /// every reachable state expanded once when there is no path.
    #[test]
    fn hashed_storage_agrees_with_bfs_on_every_pool((g, starts, goals) in case()) {
        let steps = bfs_steps(&g, &starts);
        let nearest = (0..g.len()).filter(|&s| goals[s]).filter_map(|s| steps[s]).min();
        let reachable = steps.iter().filter(|s| s.is_some()).count() as u64;
        for threads in THREADS {
            let search = pool(threads)
                .install(|| ParBfs::new().search_hashed(&g, starts.iter().copied(), |&s| goals[s as usize]))
                .unwrap();
            match (nearest, &search.outcome) {
                (Some(steps), Outcome::Found(found)) => {
                    prop_assert_eq!(found.cost, steps, "{} threads", threads);
                    let path = &found.path;
                    prop_assert_eq!(path.len(), steps + 1);
                    prop_assert!(starts.contains(&path[0]), "{:?} from no start", path);
                    prop_assert!(goals[*path.last().unwrap() as usize], "{:?} to no goal", path);
                    prop_assert!(path_cost(&g, path).is_some(), "{:?} not a path", path);
                }
                (None, Outcome::NoPath) => {
                    prop_assert_eq!(search.stats.expanded, reachable, "{} threads", threads);
                    prop_assert_eq!(search.stats.stored as u64, reachable);
                }
                (bfs, par) => prop_assert!(false, "bfs {:?}, par-bfs {:?}", bfs, par),
            }
        }
    }
}

/// A random graph of `n` nodes, each with edges to three random nodes: its BFS layers
/// grow to thousands of states, wide enough for `par-bfs` to split them over the threads
/// (the property tests' graphs are expanded on one thread).
fn wide(n: u32, seed: u64) -> Graph<u32> {
    let mut rng = SplitMix64::new(seed);
    let edges: Vec<(u32, u32, u32)> = (0..n)
        .flat_map(|from| [from; 3])
        .map(|from| (from, u32::try_from(rng.below(u64::from(n))).unwrap(), UNIT))
        .collect();
    Graph::new(n as usize, &edges).with_unit_costs(UNIT)
}

#[test]
fn wide_layers_agree_with_bfs_on_every_pool() {
    let n = 60_000;
    let g = wide(n, 5);
    let steps = bfs_steps(&g, &[0]);
    let reachable = steps.iter().filter(|s| s.is_some()).count() as u64;
    // The goals: the reachable nodes farthest from the start, many in the last layer.
    let deepest = steps.iter().flatten().copied().max().unwrap();
    let far = |s: &u32| steps[*s as usize] == Some(deepest);
    let widest = (0..=deepest)
        .map(|d| steps.iter().filter(|&&s| s == Some(d)).count())
        .max()
        .unwrap();
    assert!(widest > 10_000, "layers of {widest} states at most");
    for threads in THREADS {
        for hashed in [false, true] {
            let search = pool(threads)
                .install(|| {
                    if hashed {
                        ParBfs::new().search_hashed(&g, [0], far)
                    } else {
                        ParBfs::new().search(&g, &Nodes(n as usize), [0], far)
                    }
                })
                .unwrap();
            let found = search.found().unwrap();
            assert_eq!(found.cost, deepest, "{threads} threads, hashed {hashed}");
            assert_eq!(found.path[0], 0);
            assert!(far(found.path.last().unwrap()));
            assert!(path_cost(&g, &found.path).is_some(), "not a path");
            if !hashed {
                // The goal of least index, whatever the threads.
                let least = (0..n).find(far).unwrap();
                assert_eq!(*found.path.last().unwrap(), least);
            }
            // No goal: every reachable state expanded once, and stored once.
            let search = pool(threads)
                .install(|| {
                    if hashed {
                        ParBfs::new().search_hashed(&g, [0], |_| false)
                    } else {
                        ParBfs::new().search(&g, &Nodes(n as usize), [0], |_| false)
                    }
                })
                .unwrap();
            assert!(matches!(search.outcome, Outcome::NoPath));
            assert_eq!(search.stats.expanded, reachable, "{threads} threads");
            assert_eq!(search.stats.stored as u64, reachable, "{threads} threads");
            // An expansion limit stops a wide layer within a few tasks.
            let limits = Limits::new().max_expansions(20_000);
            let search = pool(threads)
                .install(|| {
                    let par = ParBfs::new().with_limits(limits);
                    if hashed {
                        par.search_hashed(&g, [0], |_| false)
                    } else {
                        par.search(&g, &Nodes(n as usize), [0], |_| false)
                    }
                })
                .unwrap();
            assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
            assert!(search.stats.expanded >= 20_000);
            assert!(search.stats.expanded < 20_000 + 4_096 * threads as u64);
        }
    }
}

#[test]
fn hashed_storage_honours_the_limits() {
    let g = line(10_000);
    let search = |limits: Limits<usize>| {
        pool(2)
            .install(|| {
                ParBfs::new()
                    .with_limits(limits)
                    .search_hashed(&g, [0], is(9_999))
            })
            .unwrap()
    };
    let stopped = search(Limits::new().max_expansions(100));
    assert_eq!(stopped.stop_reason(), Some(StopReason::Expansions));
    assert_eq!(stopped.stats.expanded, 100);
    assert_eq!(
        search(Limits::new().max_cost(10)).stop_reason(),
        Some(StopReason::Cost)
    );
    let stopped = search(Limits::new().max_memory(1_000));
    assert!(
        matches!(stopped.stop_reason(), Some(StopReason::Capacity(_))),
        "{stopped:?}"
    );
    assert_eq!(search(Limits::new()).found().unwrap().cost, 9_999);
}

#[test]
fn the_engine_counts_steps_and_the_strategy_costs() {
    let g = line(50);
    let search = pool(2)
        .install(|| ParBfs::new().search(&g, &Nodes(50), [0], is(49)))
        .unwrap();
    let found = search.found().unwrap();
    assert_eq!(found.cost, 49);
    assert_eq!(found.path, (0..50).collect::<Vec<u32>>());
    let problem = Problem::new(&g, [0], is(49)).indexer(Nodes(50));
    let search = pool(8)
        .install(|| Search::ParBfs.par_run(&problem, &Limits::new()))
        .unwrap();
    assert_eq!(search.found().unwrap().cost, 49 * UNIT);
}

#[test]
fn limits_stop_the_search() {
    let g = line(10_000);
    let problem = Problem::new(&g, [0], is(9_999)).indexer(Nodes(10_000));
    let run = |limits: Limits<u32>| {
        pool(2)
            .install(|| Search::ParBfs.par_run(&problem, &limits))
            .unwrap()
    };
    let search = run(Limits::new().max_expansions(100));
    assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
    // A line's layers have one state: the count stops exactly at the limit.
    assert_eq!(search.stats.expanded, 100);

    let cancel = Arc::new(AtomicBool::new(true));
    let search = run(Limits::new().cancel_flag(cancel));
    assert_eq!(search.stop_reason(), Some(StopReason::Cancelled));

    // 9,999 steps cost 29,997: a limit one step short stops, the exact one finds it.
    let search = run(Limits::new().max_cost(9_998 * UNIT + 2));
    assert_eq!(search.stop_reason(), Some(StopReason::Cost));
    let search = run(Limits::new().max_cost(9_999 * UNIT));
    assert_eq!(search.found().unwrap().cost, 9_999 * UNIT);

    // The marks and parents of 10,000 states take more than 1,000 bytes: the strategy
    // falls back to hash tables, which reach the limit as the search grows.
    let refused = ParBfs::new()
        .with_limits(Limits::new().max_memory(1_000))
        .search(&g, &Nodes(10_000), [0], is(9_999));
    assert_eq!(refused.unwrap_err().reason, CapacityErrorKind::MemoryLimit);
    let search = run(Limits::new().max_memory(1_000));
    match search.stop_reason() {
        Some(StopReason::Capacity(error)) => {
            assert_eq!(error.reason, CapacityErrorKind::MemoryLimit);
        }
        other => panic!("expected a capacity stop, got {other:?}"),
    }
}

#[test]
fn refusals_are_typed() {
    let g = line(5);
    // Without an indexer it runs on hash tables.
    let no_indexer = Problem::new(&g, [0], is(4));
    let search = Search::ParBfs.par_run(&no_indexer, &Limits::new()).unwrap();
    assert_eq!(search.found().unwrap().cost, 4 * UNIT);
    let weighted = Graph::new(5, &[(0, 1, 1u32), (1, 4, 2)]);
    let problem = Problem::new(&weighted, [0], is(4)).indexer(Nodes(5));
    let refused = Search::ParBfs
        .par_run(&problem, &Limits::new())
        .unwrap_err();
    assert_eq!(
        refused.refusal(),
        Some((Search::ParBfs, Inapplicable::NeedsUniformCost))
    );
    let problem = Problem::new(&g, [0], is(4)).indexer(Nodes(5));
    let refused = Search::ParBfs.run(&problem, &Limits::new()).unwrap_err();
    assert_eq!(
        refused.refusal(),
        Some((Search::ParBfs, Inapplicable::NeedsSyncProblem))
    );
    // `run` names the call to make first, whatever else the problem lacks.
    let unshared = Problem::new(&weighted, [0], is(4));
    let refused = Search::ParBfs.run(&unshared, &Limits::new()).unwrap_err();
    assert_eq!(
        refused.refusal(),
        Some((Search::ParBfs, Inapplicable::NeedsSyncProblem))
    );
    // Every other strategy runs through `par_run` as through `run`.
    let search = Search::Bfs.par_run(&problem, &Limits::new()).unwrap();
    assert_eq!(search.found().unwrap().cost, 4 * UNIT);
}
