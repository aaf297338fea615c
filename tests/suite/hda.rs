//! Hash-distributed A* (`hda`, feature `parallel`): the least cost of Bellman–Ford (found
//! or not) and valid paths on random weighted graphs with admissible, usually
//! inconsistent heuristics, on pools of 1, 2 and 8 threads; limits; refusals.
//!
//! The property tests are where races would show: run them in a loop
//! (`for i in $(seq 20); do cargo test --features parallel --test suite hda:: || break; done`).

#![cfg(feature = "parallel")]

use crate::common::graph;
use crate::common::pools;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use graph::{Graph, arb_graph, bellman_ford, best_goal, is, lookup, path_cost};
use pools::{THREADS, pool};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::{
    Engine, Hda, Inapplicable, Limits, NoVisitor, Outcome, Problem, Search as Searched, Solution,
    Solver, StopReason, Strategy as Search,
};

/// Exact distances to the goals scaled down per node by `scale / 4`: admissible, and
/// usually inconsistent. Nodes that reach no goal get a large estimate (any is
/// admissible there).
fn scaled_heuristic(graph: &Graph<u32>, goals: &[bool], scales: &[u8]) -> Vec<u32> {
    let reversed: Vec<(u32, u32, u32)> = graph
        .forward
        .iter()
        .enumerate()
        .flat_map(|(from, edges)| {
            edges
                .iter()
                .map(move |&(to, cost)| (to, u32::try_from(from).unwrap(), cost))
        })
        .collect();
    let targets: Vec<u32> = (0..graph.len())
        .filter(|&n| goals[n])
        .map(|n| u32::try_from(n).unwrap())
        .collect();
    let to_goal = bellman_ford(&Graph::new(graph.len(), &reversed), &targets).unwrap();
    to_goal
        .iter()
        .zip(scales)
        .map(|(d, &scale)| match d {
            None => 1000,
            Some(d) => u32::try_from(d * i64::from(scale) / 4).unwrap(),
        })
        .collect()
}

/// A graph with costs 0..=9, its starts, its goal set and per-node heuristic scales.
fn case() -> impl Strategy<Value = (Graph<u32>, Vec<u32>, Vec<bool>, Vec<u8>)> {
    arb_graph(40, 120, 0u32..=9).prop_flat_map(|g| {
        let n = g.len();
        (
            Just(g),
            prop::collection::vec(0..u32::try_from(n).unwrap(), 1..=3),
            prop::collection::vec(prop::bool::weighted(0.1), n),
            prop::collection::vec(0u8..=4, n),
        )
    })
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/hda.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// Checks a search against the oracle's least cost: found at that cost with a path of
/// edges from a start to a goal costing it, or no path when the oracle has none.
fn check(
    g: &Graph<u32>,
    starts: &[u32],
    goals: &[bool],
    expected: Option<i64>,
    search: &Searched<Solution<u32, u32>>,
    what: &str,
) -> Result<(), TestCaseError> {
    match (expected, &search.outcome) {
        (Some(best), Outcome::Found(found)) => {
            prop_assert_eq!(i64::from(found.cost), best, "{}: cost", what);
            let path = &found.path;
            prop_assert!(
                starts.contains(&path[0]),
                "{}: {:?} from no start",
                what,
                path
            );
            prop_assert!(
                goals[*path.last().unwrap() as usize],
                "{}: {:?} to no goal",
                what,
                path
            );
            prop_assert_eq!(path_cost(g, path), Some(best), "{}: {:?} costs", what, path);
        }
        (None, Outcome::NoPath) => {}
        (expected, outcome) => {
            prop_assert!(false, "{}: oracle {:?}, hda {:?}", what, expected, outcome);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// The least cost of Bellman–Ford, or no path, on every pool, with the zero
    /// heuristic and an admissible inconsistent one, with fresh buffers and with one
    /// scratch reused.
    #[test]
    fn agrees_with_bellman_ford_on_every_pool((g, starts, goals, scales) in case()) {
        let expected = best_goal(&bellman_ford(&g, &starts).unwrap(), |s| goals[s as usize]);
        let table = scaled_heuristic(&g, &goals, &scales);
        let problem = Problem::new(&g, starts.iter().copied(), lookup(&goals));
        let informed = Problem::new(&g, starts.iter().copied(), lookup(&goals))
            .heuristic(lookup(&table));
        for threads in THREADS {
            let search = pool(threads)
                .install(|| Search::Hda.par_run(&problem, &Limits::new()))
                .unwrap();
            check(&g, &starts, &goals, expected, &search, &format!("h = 0, {threads} threads"))?;
            let search = pool(threads)
                .install(|| Search::Hda.par_run(&informed, &Limits::new()))
                .unwrap();
            check(&g, &starts, &goals, expected, &search, &format!("scaled h, {threads} threads"))?;
        }
        // One scratch reused by every search, on pools that grow and shrink (1, 2, 8, 8, 2,
        // 1 threads): each answer is the oracle's, as with fresh buffers.
        let hda = Hda::new();
        let mut scratch = hda.scratch().unwrap();
        for threads in THREADS.into_iter().chain(THREADS.into_iter().rev()) {
            let search = pool(threads)
                .install(|| hda.search_in(&mut scratch, &problem, &mut NoVisitor));
            check(&g, &starts, &goals, expected, &search, &format!("h = 0, {threads} threads, reused"))?;
            let search = pool(threads)
                .install(|| hda.search_in(&mut scratch, &informed, &mut NoVisitor));
            check(&g, &starts, &goals, expected, &search, &format!("scaled h, {threads} threads, reused"))?;
        }
    }
}

/// A path of `n` nodes, 0 -> 1 -> ... -> n - 1, each step costing 2.
fn line(n: u32) -> Graph<u32> {
    let edges: Vec<(u32, u32, u32)> = (1..n).map(|i| (i - 1, i, 2)).collect();
    Graph::new(n as usize, &edges)
}

/// A grid of `side` x `side` cells, moves right and down costing 1 (many equal paths).
fn grid(side: u32) -> Graph<u32> {
    let mut edges = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let at = r * side + c;
            if c + 1 < side {
                edges.push((at, at + 1, 1));
            }
            if r + 1 < side {
                edges.push((at, at + side, 1));
            }
        }
    }
    Graph::new((side * side) as usize, &edges)
}

#[test]
fn the_engine_finds_the_optimum_on_a_grid_with_many_equal_paths() {
    let g = grid(60);
    let goal = 60 * 60 - 1;
    for threads in THREADS {
        let search = pool(threads).install(|| {
            Hda::new().search(&Problem::new(&g, [0], is(goal)).heuristic(&|_: &u32| 0))
        });
        let found = search.found().unwrap();
        assert_eq!(found.cost, 118, "{threads} threads");
        assert_eq!(path_cost(&g, &found.path), Some(118));
        assert_eq!(found.path.len(), 119);
        assert!(search.stats.expanded > 0 && search.stats.generated >= search.stats.expanded);
    }
    // A start that is a goal: the empty path, nothing expanded.
    let search = pool(2)
        .install(|| Hda::new().search(&Problem::new(&g, [7], is(7)).heuristic(&|_: &u32| 0)));
    assert_eq!(search.found().unwrap().path, [7]);
    assert_eq!(search.stats.expanded, 0);
    // No start at all: no path.
    let search =
        pool(2).install(|| Hda::new().search(&Problem::new(&g, [], is(7)).heuristic(&|_: &u32| 0)));
    assert!(search.is_no_path());
}

#[test]
fn limits_stop_every_thread() {
    let g = line(20_000);
    let problem = Problem::new(&g, [0], is(19_999));
    for threads in THREADS {
        let run = |limits: Limits<u32>| {
            pool(threads)
                .install(|| Search::Hda.par_run(&problem, &limits))
                .unwrap()
        };
        let search = run(Limits::new().max_expansions(100));
        assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
        // Checked every 64 expansions per thread against the shared count.
        let slack = 64 * threads as u64;
        assert!(
            (100..=100 + slack).contains(&search.stats.expanded),
            "{threads} threads: {} expanded",
            search.stats.expanded
        );

        let search = run(Limits::new().cancel_flag(Arc::new(AtomicBool::new(true))));
        assert_eq!(search.stop_reason(), Some(StopReason::Cancelled));

        let search = run(Limits::new().time_limit(Duration::ZERO));
        assert_eq!(search.stop_reason(), Some(StopReason::Deadline));

        // 19,999 steps cost 39,998: a limit one short stops, the exact one finds it.
        let search = run(Limits::new().max_cost(39_997));
        assert_eq!(search.stop_reason(), Some(StopReason::Cost));
        let search = run(Limits::new().max_cost(39_998));
        assert_eq!(search.found().unwrap().cost, 39_998);

        let search = run(Limits::new().max_memory(10_000));
        assert!(
            matches!(search.stop_reason(), Some(StopReason::Capacity(_))),
            "{threads} threads: {:?}",
            search.outcome
        );
    }
}

#[test]
fn refusals_are_typed() {
    let negative = Graph::new(3, &[(0, 1, -1i32), (1, 2, 1)]);
    let problem = Problem::new(&negative, [0], is(2));
    for threads in THREADS {
        let refused = pool(threads)
            .install(|| Search::Hda.par_run(&problem, &Limits::new()))
            .unwrap_err();
        assert_eq!(
            refused.refusal(),
            Some((Search::Hda, Inapplicable::NegativeCost))
        );
    }
    let g = line(5);
    let problem = Problem::new(&g, [0], is(4));
    let refused = Search::Hda.run(&problem, &Limits::new()).unwrap_err();
    assert_eq!(
        refused.refusal(),
        Some((Search::Hda, Inapplicable::NeedsSyncProblem))
    );
    // Through `par_run` it runs on the calling thread's pool too.
    let search = Search::Hda.par_run(&problem, &Limits::new()).unwrap();
    assert_eq!(search.found().unwrap().cost, 8);
}

#[test]
fn a_path_too_dear_for_the_cost_type_is_an_overflow_not_a_dead_end() {
    // 0 -200-> 1 -100-> 2 in u8 costs; at state 1, g + h = 300 does not fit.
    let g = Graph::new(3, &[(0, 1, 200u8), (1, 2, 100)]);
    let estimates = [254u8, 100, 0];
    let h = move |&s: &u32| estimates[s as usize];
    let search = pool(2).install(|| Hda::new().search(&Problem::new(&g, [0], is(2)).heuristic(&h)));
    assert_eq!(
        search.stop_reason(),
        Some(StopReason::CostOverflow),
        "{search:?}"
    );
    // The largest estimate marks a dead end.
    let dead_end = |&s: &u32| if s == 1 { u8::MAX } else { 0 };
    let search =
        pool(2).install(|| Hda::new().search(&Problem::new(&g, [0], is(2)).heuristic(&dead_end)));
    assert_eq!(search.outcome, Outcome::NoPath, "{search:?}");
}
