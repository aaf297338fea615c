//! BAE* (`bae`, the `Bae` engine): against the Bellman–Ford oracle of `common/graph.rs` on
//! random weighted graphs (zero-cost steps, unreachable goals, several starts) with
//! consistent heuristics both ways, which its stopping rule needs; a graph where admissible
//! but inconsistent heuristics make it stop on a costlier path, as documented; its
//! refusal of signed costs; and against A* on pancakes (gap, gap-1, gap-2) and 15-puzzles.

use crate::common::graph::{Graph, Nodes, arb_graph, bellman_ford, check, is, lookup, path_cost};
use crate::common::{npuzzle, pancake};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::domains::pancake::{Gap, Pancakes, Stack};
use state_search::domains::sliding::npuzzle::{Manhattan, NPuzzle, moves_to_string};
use state_search::rng::SplitMix64;
use state_search::{Bae, Dense, Inapplicable, Limits, Problem, Solver, StoragePolicy, Strategy};

/// The estimate of a state that cannot reach the other end: one above every other keeps
/// the heuristic consistent.
const DEAD_END: u32 = 100_000;

/// Exact distances (from `from` in `g`) scaled by `scale / 4`, the same scale for every
/// state: admissible and consistent.
fn consistent(g: &Graph<u32>, from: &[u32], scale: u32) -> Vec<u32> {
    bellman_ford(g, from)
        .unwrap()
        .iter()
        .map(|d| d.map_or(DEAD_END, |d| u32::try_from(d).unwrap() * scale / 4))
        .collect()
}

/// 256 cases per property; failures are saved in `proptest-regressions/` and replayed
/// first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/bae.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// A weighted graph (costs 0 to 9, zero-cost steps frequent).
fn weighted(nodes: usize, edges: usize) -> impl proptest::strategy::Strategy<Value = Graph<u32>> {
    arb_graph(nodes, edges, prop_oneof![1 => Just(0u32), 3 => 0u32..=9])
}

proptest! {
    #![proptest_config(config())]

    /// `bae` with every storage, and the `Bae` engine from two starts (which the strategy
    /// refuses), against Bellman–Ford, with each heuristic the exact distance scaled by
    /// 0 to 1 in quarters (zero heuristics make it bidirectional Dijkstra).
    #[test]
    fn bae_finds_the_optimum_with_consistent_heuristics(
        g in weighted(25, 80),
        ends in (0u32..25, 0u32..25, 0u32..25),
        same in prop::bool::weighted(0.125),
        scales in (0u32..=4, 0u32..=4),
    ) {
        let n = u32::try_from(g.len()).unwrap();
        let (start, other, goal) = (ends.0 % n, ends.1 % n, ends.2 % n);
        let goal = if same { start } else { goal };
        let to_goal = consistent(&g.reversed(), &[goal], scales.0);
        for starts in [vec![start], vec![start, other]] {
            let from_start = consistent(&g, &starts, scales.1);
            let expected = bellman_ford(&g, &starts).unwrap()[goal as usize];
            let problem = Problem::new(&g, starts.iter().copied(), is(goal))
                .heuristic(lookup(&to_goal))
                .indexer(Nodes(g.len()))
                .backward(goal)
                .backward_heuristic(lookup(&from_start));
            let engine = Bae::with_storage(Dense(Nodes(g.len()))).search(&problem);
            let is_goal = |s| s == goal;
            check("Bae", &g, &starts, is_goal, expected, &engine)?;
            if starts.len() > 1 {
                continue;
            }
            let mut problem = problem;
            for storage in [StoragePolicy::Auto, StoragePolicy::Dense, StoragePolicy::Hashed] {
                problem = problem.storage(storage);
                let search = Strategy::Bae.run(&problem, &Limits::new());
                let search = search.map_err(|e| TestCaseError::fail(format!("{storage}: {e}")))?;
                check(&format!("bae {storage}"), &g, &starts, is_goal, expected, &search)?;
                prop_assert_eq!(search.stats.reopened, 0, "consistent: no state twice");
            }
        }
    }
}

/// The documented failure: admissible heuristics, one inconsistent step, and BAE* stops
/// on the costlier of two paths (found by proptest, then written out by hand).
///
/// ```text
///   2 --5--> 3 --8--> 1          cost 13
///            3 --6--> 0 --0--> 1 cost 11, the optimum
/// ```
///
/// The backward heuristic (from the start 2) is exact at 0 (11) and zero elsewhere:
/// admissible, but `h_B(0) = 11 > h_B(3) + 6`. Forwards, 4 at 3 (its distance is 6).
#[test]
fn inconsistent_heuristics_can_make_bae_return_a_costlier_path() {
    let g = Graph::new(4, &[(0, 1, 0u32), (2, 3, 5), (3, 1, 8), (3, 0, 6)]);
    let (to_goal, from_start) = ([0u32, 0, 0, 4], [11u32, 0, 0, 0]);
    let problem = Problem::new(&g, [2], is(1))
        .heuristic(lookup(&to_goal))
        .backward(1)
        .backward_heuristic(lookup(&from_start));
    let cost = |strategy: Strategy| {
        let search = strategy.run(&problem, &Limits::new()).unwrap();
        let found = search.into_found().unwrap();
        assert_eq!(path_cost(&g, &found.path), Some(i64::from(found.cost)));
        found.cost
    };
    for strategy in [Strategy::Mm, Strategy::Nbs, Strategy::AStar] {
        assert_eq!(cost(strategy), 11, "{strategy}: admissible is enough");
    }
    // Once 2 and 1 are expanded, the path 2 -> 3 -> 1 is met at 13 and the least keys
    // are `b_F(3) = 2 * 5 + 4 - 0 = 14` and `b_B(0) = 2 * 0 + 11 - 0 = 11`: the bound
    // `⌈25 / 2⌉ = 13` ends the search. Through 3 and 0 the keys sum to 25 > 2 * 11, since
    // `h_B(0) - h_B(3) = 11` exceeds the cost 6 between them.
    assert_eq!(cost(Strategy::Bae), 13, "bae: a costlier path");
    // The same graph with consistent heuristics (zero backwards): the optimum.
    let consistent = Problem::new(&g, [2], is(1))
        .heuristic(lookup(&to_goal))
        .backward(1);
    let search = Strategy::Bae.run(&consistent, &Limits::new()).unwrap();
    assert_eq!(search.found().map(|found| found.cost), Some(11));
}

#[test]
fn bae_refuses_signed_costs() {
    let g = Graph::new(3, &[(0, 1, 2i32), (1, 2, 1)]);
    let problem = Problem::new(&g, [0], is(2)).backward(2);
    let refused = Strategy::Bae.run(&problem, &Limits::new());
    assert_eq!(
        refused.err().and_then(|e| e.refusal()),
        Some((Strategy::Bae, Inapplicable::NeedsUnsignedCost))
    );
}

#[test]
fn bae_agrees_with_astar_on_pancakes_with_gap_and_weakened_gaps() {
    // The oracle's flip graphs go up to 7 pancakes.
    for n in 2..=7 {
        for seed in 1..=6u64 {
            let start = Stack::random(n, seed * 31 + n as u64).unwrap();
            let goal = Stack::sorted(n).unwrap();
            let optimum = pancake::flip_graph(n).distance(start.as_slice(), goal.as_slice());
            for ignore in 0..=2 {
                let problem = Pancakes::new(start).with_gap(Gap { ignore });
                let solve = |strategy: Strategy| {
                    let search = problem.solve(&strategy, &Limits::new()).unwrap();
                    search.into_found().expect("every stack sorts")
                };
                let (bae, astar) = (solve(Strategy::Bae), solve(Strategy::AStar));
                let what = format!("{start} with gap-{ignore}");
                assert_eq!(bae.cost, astar.cost, "{what}");
                assert_eq!(bae.cost as usize, optimum, "{what}");
                let end = pancake::replay(start.as_slice(), &bae.flips);
                assert_eq!(end.as_deref(), Some(goal.as_slice()), "{what}");
            }
        }
    }
}

#[test]
fn bae_agrees_with_astar_on_easy_fifteen_puzzles() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let mut rng = SplitMix64::new(28);
    for walk in [10, 20, 30, 40, 50, 60] {
        let board = puzzle.random_walk(&mut rng, walk);
        let solve = |strategy: Strategy| {
            let search = puzzle.solve(&board, Manhattan::new(&puzzle), &strategy, &Limits::new());
            search.unwrap().into_found().expect("a solvable board")
        };
        let (bae, astar) = (solve(Strategy::Bae), solve(Strategy::AStar));
        assert_eq!(bae.cost, astar.cost, "{board}");
        let moves = moves_to_string(&bae.actions);
        let end = npuzzle::replay(4, 4, board.tiles(), &moves);
        assert_eq!(end.as_deref(), Some(puzzle.goal().tiles()), "{board}");
    }
}
