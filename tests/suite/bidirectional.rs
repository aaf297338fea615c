//! The bidirectional strategies: bidirectional BFS on hand-made graphs with known
//! answers; bidirectional Dijkstra (`bidijkstra`), MM (`mm`), NBS (`nbs`) and BAE* (`bae`)
//! against the Bellman–Ford oracle of `common/graph.rs` on random weighted graphs, with
//! every storage, with zero, admissible-but-inconsistent (not `bae`, which needs
//! consistent ones: `bae.rs`) and exact heuristics; their limits and refusals; all on the
//! 8-puzzle through `NPuzzle::solve` against breadth-first distances.

use crate::common::graph;
use state_search::Solver;

use crate::common::npuzzle;

use core::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use graph::{Graph, Nodes, arb_graph, bellman_ford, is, lookup, path_cost, watcher};
use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use proptest::test_runner::FileFailurePersistence;
use state_search::domains::sliding::npuzzle::{
    Board, LinearConflict, Manhattan, NPuzzle, moves_to_string,
};
use state_search::rng::SplitMix64;
use state_search::strategy::{MaybeBackward, Requirement, WithIndexer};
use state_search::{
    BidirectionalBfs, Dense, Event, Heuristic, Inapplicable, Limits, Outcome, Problem, Search,
    Solution, StopReason, StoragePolicy, Strategy, StrategyError,
};

/// ```text
///   (0) --> (1) --> (2) --> (3) --> (4)
///    |                               ^
///    +--> (5) --> (6) ----------------+      (7) unreachable;  (8) -> (0) only
/// ```
fn graph() -> Graph<u8> {
    Graph::new(
        9,
        &[
            (0, 1, 1),
            (1, 2, 1),
            (2, 3, 1),
            (3, 4, 1),
            (0, 5, 1),
            (5, 6, 1),
            (6, 4, 1),
            (8, 0, 1),
        ],
    )
}

fn both(start: u32, goal: u32) -> Outcome<Solution<u32, usize>> {
    let g = graph();
    let hashed = BidirectionalBfs::new().search(&Problem::between(&g, start, goal));
    let dense =
        BidirectionalBfs::with_storage(Dense(Nodes(9))).search(&Problem::between(&g, start, goal));
    assert_eq!(hashed.outcome, dense.outcome, "dense and hashed differ");
    hashed.outcome
}

#[test]
fn the_frontiers_meet_on_a_shortest_path() {
    assert_eq!(
        both(0, 4),
        Outcome::Found(Solution {
            path: vec![0, 5, 6, 4],
            cost: 3
        })
    );
    assert_eq!(
        both(8, 3),
        Outcome::Found(Solution {
            path: vec![8, 0, 1, 2, 3],
            cost: 4
        })
    );
}

#[test]
fn start_equal_to_goal_is_a_path_of_one_state() {
    assert_eq!(
        both(2, 2),
        Outcome::Found(Solution {
            path: vec![2],
            cost: 0
        })
    );
}

#[test]
fn an_unreachable_goal_is_no_path() {
    assert_eq!(both(0, 7), Outcome::NoPath);
    assert_eq!(both(4, 0), Outcome::NoPath, "edges are directed");
}

/// The storage policies every run is checked with (the problems have an indexer).
const STORAGES: [StoragePolicy; 3] = [
    StoragePolicy::Auto,
    StoragePolicy::Dense,
    StoragePolicy::Hashed,
];

/// The bidirectional strategies of `Strategy::ALL` for any step costs, by the table:
/// `bidijkstra`, `mm`, `nbs`, `bae`.
fn bidirectional() -> Vec<Strategy> {
    Strategy::ALL
        .into_iter()
        .filter(|s| s.info().needs(Requirement::Backward))
        .filter(|s| !s.info().needs(Requirement::UniformCost))
        .collect()
}

/// Those of [`bidirectional`] with heuristics both ways: `mm`, `nbs`, `bae`.
fn heuristic_bidirectional() -> Vec<Strategy> {
    bidirectional()
        .into_iter()
        .filter(|s| s.info().uses_heuristic)
        .collect()
}

/// 256 cases per property; failures are saved in `proptest-regressions/` and replayed
/// first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/bidirectional.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// A weighted graph (costs 0 to 9, zero-cost steps frequent) with a start and a goal
/// state: the goal is the start in about one case in eight.
fn case(nodes: usize, edges: usize) -> impl proptest::strategy::Strategy<Value = Case> {
    let costs = prop_oneof![1 => Just(0u32), 3 => 0u32..=9];
    arb_graph(nodes, edges, costs).prop_flat_map(|g| {
        let n = u32::try_from(g.len()).unwrap();
        let same = prop::bool::weighted(0.125);
        (Just(g), 0..n, 0..n, same)
            .prop_map(|(g, start, goal, same)| (g, start, if same { start } else { goal }))
    })
}

/// A graph with a start and a goal state.
type Case = (Graph<u32>, u32, u32);

/// A case with a scale in [0, 1] (in quarters) per state for each heuristic.
fn case_with_scales(
    nodes: usize,
    edges: usize,
) -> impl proptest::strategy::Strategy<Value = (Case, Vec<u8>, Vec<u8>)> {
    case(nodes, edges).prop_flat_map(|case| {
        let n = case.0.len();
        let scales = prop::collection::vec(0u8..=4, n);
        (Just(case), scales.clone(), scales)
    })
}

/// The least cost from `start` to `goal`, by Bellman–Ford.
fn optimum(g: &Graph<u32>, start: u32, goal: u32) -> Option<i64> {
    bellman_ford(g, &[start]).unwrap()[goal as usize]
}

/// Exact distances (from `from` in `g`) scaled down per state by `scale / 4`: admissible,
/// and inconsistent as soon as two scales differ. Unreachable states get a large estimate
/// (any estimate is admissible there).
fn scaled(g: &Graph<u32>, from: u32, scales: &[u8]) -> Vec<u32> {
    bellman_ford(g, &[from])
        .unwrap()
        .iter()
        .zip(scales)
        .map(|(d, &scale)| match d {
            None => 1000,
            Some(d) => u32::try_from(d * i64::from(scale) / 4).unwrap(),
        })
        .collect()
}

/// Checks a search against the optimum `expected`: the cost, and a path from `start` to
/// `goal` that is a real path of that cost.
fn check(
    name: &str,
    g: &Graph<u32>,
    (start, goal): (u32, u32),
    expected: Option<i64>,
    search: &Search<Solution<u32, u32>>,
) -> Result<(), TestCaseError> {
    graph::check(name, g, &[start], |s| s == goal, expected, search)
}

/// Runs `strategy` on `problem` with every storage; checks each run against `expected`,
/// and that dense and hashed storage return the same outcome (ties never depend on how
/// states are numbered).
fn check_storages<H, B>(
    strategy: Strategy,
    problem: Problem<'_, Graph<u32>, impl Fn(&u32) -> bool, H, WithIndexer<Nodes>, B>,
    g: &Graph<u32>,
    ends: (u32, u32),
    expected: Option<i64>,
) -> Result<(), TestCaseError>
where
    H: Heuristic<u32, u32>,
    B: MaybeBackward<Graph<u32>>,
{
    let mut problem = problem;
    let mut outcomes = Vec::new();
    for storage in STORAGES {
        problem = problem.storage(storage);
        let name = format!("{strategy} {storage}");
        let search = strategy.run(&problem, &Limits::new());
        let search = search.map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
        check(&name, g, ends, expected, &search)?;
        outcomes.push(search.outcome);
    }
    prop_assert_eq!(
        &outcomes[1],
        &outcomes[2],
        "{}: dense and hashed differ",
        strategy
    );
    Ok(())
}

/// Checks `strategies` (with heuristics both ways) from `start` to `goal` with the
/// estimates `to_goal` forwards and `from_start` backwards.
fn with_heuristics(
    strategies: &[Strategy],
    g: &Graph<u32>,
    (start, goal): (u32, u32),
    (to_goal, from_start): (&[u32], &[u32]),
    expected: Option<i64>,
) -> Result<(), TestCaseError> {
    for &strategy in strategies {
        let problem = Problem::new(g, [start], is(goal))
            .heuristic(lookup(to_goal))
            .indexer(Nodes(g.len()))
            .backward(goal)
            .backward_heuristic(lookup(from_start));
        check_storages(strategy, problem, g, (start, goal), expected)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn bidirectional_strategies_find_the_optimum_on_random_weighted_graphs(
        (g, start, goal) in case(30, 90),
    ) {
        let expected = optimum(&g, start, goal);
        for strategy in bidirectional() {
            let problem = Problem::new(&g, [start], is(goal))
                .indexer(Nodes(g.len()))
                .backward(goal);
            check_storages(strategy, problem, &g, (start, goal), expected)?;
        }
    }

    #[test]
    fn bidirectional_strategies_find_the_optimum_on_sparse_graphs(
        (g, start, goal) in case(40, 50),
    ) {
        // Sparse: the goal is often unreachable, or reachable only one way round.
        let expected = optimum(&g, start, goal);
        for strategy in bidirectional() {
            let problem = Problem::new(&g, [start], is(goal))
                .indexer(Nodes(g.len()))
                .backward(goal);
            check_storages(strategy, problem, &g, (start, goal), expected)?;
        }
    }

    #[test]
    fn mm_and_nbs_find_the_optimum_with_admissible_inconsistent_heuristics(
        ((g, start, goal), forward_scales, backward_scales) in case_with_scales(25, 80),
    ) {
        let expected = optimum(&g, start, goal);
        let to_goal = scaled(&g.reversed(), goal, &forward_scales);
        let from_start = scaled(&g, start, &backward_scales);
        // Not those whose stopping rule needs consistent heuristics (`bae`: `bae.rs`).
        let mut strategies = heuristic_bidirectional();
        strategies.retain(|s| !s.info().needs_consistency);
        with_heuristics(&strategies, &g, (start, goal), (&to_goal, &from_start), expected)?;
    }

    #[test]
    fn mm_and_nbs_find_the_optimum_with_exact_heuristics(
        (g, start, goal) in case(25, 80),
    ) {
        // Exact distances are consistent: the ideal heuristics.
        let expected = optimum(&g, start, goal);
        let exact = vec![4u8; g.len()];
        let to_goal = scaled(&g.reversed(), goal, &exact);
        let from_start = scaled(&g, start, &exact);
        let strategies = heuristic_bidirectional();
        with_heuristics(&strategies, &g, (start, goal), (&to_goal, &from_start), expected)?;
    }

    #[test]
    fn mm_and_nbs_use_the_uniform_step_cost_as_epsilon(
        (g, start, goal) in case(30, 90),
        unit in 0u32..=3,
    ) {
        // Every step costs `unit`, and the space says so: MM's bound adds it (ε).
        let g = g.with_unit_costs(unit);
        let expected = optimum(&g, start, goal);
        for strategy in bidirectional() {
            let problem = Problem::new(&g, [start], is(goal))
                .indexer(Nodes(g.len()))
                .backward(goal);
            check_storages(strategy, problem, &g, (start, goal), expected)?;
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// The `BidirectionalDijkstra`, `Mm`, `Nbs` and `Bae` engines, each reused through a searcher over
    /// several queries on one graph (dense storage): every answer is the optimum by
    /// Bellman–Ford and the answer of its strategy; with two starts (which the strategies
    /// refuse, the engines search from both), the optimum from the nearer one.
    #[test]
    fn reused_bidirectional_engines_answer_each_query_as_the_oracle_and_the_strategy(
        (g, _, _) in case(25, 70),
        queries in prop::collection::vec((0u32..25, 0u32..25, 0u32..25), 1..6),
    ) {
        use state_search::{Bae, BidirectionalDijkstra, Mm, Nbs};
        let n = u32::try_from(g.len()).unwrap();
        let mut bidijkstra = BidirectionalDijkstra::with_storage(Dense(Nodes(g.len())))
            .searcher()
            .unwrap();
        let mut mm = Mm::with_storage(Dense(Nodes(g.len()))).searcher().unwrap();
        let mut nbs = Nbs::with_storage(Dense(Nodes(g.len()))).searcher().unwrap();
        let mut bae = Bae::with_storage(Dense(Nodes(g.len()))).searcher().unwrap();
        for (start, other, goal) in queries {
            let (start, other, goal) = (start % n, other % n, goal % n);
            let problem = Problem::new(&g, [start], is(goal))
                .indexer(Nodes(g.len()))
                .backward(goal);
            let expected = optimum(&g, start, goal);
            let runs = [
                ("bidijkstra", bidijkstra.search(&problem), Strategy::BidirectionalDijkstra),
                ("mm", mm.search(&problem), Strategy::Mm),
                ("nbs", nbs.search(&problem), Strategy::Nbs),
                ("bae", bae.search(&problem), Strategy::Bae),
            ];
            for (name, search, strategy) in runs {
                check(name, &g, (start, goal), expected, &search)?;
                let by_strategy = strategy.run(&problem, &Limits::new()).unwrap();
                prop_assert_eq!(search.found(), by_strategy.found(), "{}: the strategy's", name);
            }
            let both = Problem::new(&g, [start, other], is(goal))
                .indexer(Nodes(g.len()))
                .backward(goal);
            let nearer = bellman_ford(&g, &[start, other]).unwrap()[goal as usize];
            let searches = [
                ("bidijkstra", bidijkstra.search(&both)),
                ("mm", mm.search(&both)),
                ("nbs", nbs.search(&both)),
                ("bae", bae.search(&both)),
            ];
            for (name, search) in searches {
                match (&search.outcome, nearer) {
                    (Outcome::Found(found), Some(best)) => {
                        prop_assert_eq!(i64::from(found.cost), best, "{}: two starts", name);
                        prop_assert!([start, other].contains(&found.path[0]), "{}: a start", name);
                        prop_assert_eq!(path_cost(&g, &found.path), Some(best), "{}: path", name);
                    }
                    (Outcome::NoPath, None) => {}
                    (outcome, nearer) => prop_assert!(false, "{}: {:?}, expected {:?}", name, outcome, nearer),
                }
            }
        }
    }
}

/// A diamond: two ways from 0 to 2, the one through the middle state 1 not the cheapest.
/// Searches that alternate strictly settle 1 from both sides first.
///
/// ```text
///   0 --5--> 1 --5--> 2            through 1: cost 10
///   0 --3--> 3 --3--> 4 --3--> 2   the cheapest path costs 9
/// ```
fn diamond() -> Graph<u32> {
    Graph::new(5, &[(0, 1, 5), (1, 2, 5), (0, 3, 3), (3, 4, 3), (4, 2, 3)])
}

#[test]
fn the_first_state_settled_by_both_sides_does_not_end_the_search() {
    let g = diamond();
    for strategy in bidirectional() {
        for storage in STORAGES {
            let problem = Problem::new(&g, [0], is(2))
                .indexer(Nodes(5))
                .backward(2)
                .storage(storage);
            let found = strategy.run(&problem, &Limits::new()).unwrap();
            let found = found.into_found().unwrap();
            assert_eq!(
                (found.path, found.cost),
                (vec![0, 3, 4, 2], 9),
                "{strategy}"
            );
        }
    }
}

#[test]
fn the_search_returns_the_best_meeting_not_the_state_both_sides_settle() {
    // The direct step 0 -> 5 meets the backward search at once (cost 5). Searched on
    // past the stopping rule, both sides would first settle state 2 (0 -> 2 -> 4 -> 5,
    // cost 7): a search that stopped there and returned the path through it would be
    // wrong.
    let edges = [
        (0, 2, 3),
        (0, 5, 5),
        (2, 1, 1),
        (2, 4, 1),
        (4, 5, 3),
        (3, 1, 5),
        (1, 3, 3),
        (4, 3, 4),
    ];
    let g: Graph<u32> = Graph::new(6, &edges);
    for strategy in bidirectional() {
        for storage in STORAGES {
            let problem = Problem::new(&g, [0], is(5))
                .indexer(Nodes(6))
                .backward(5)
                .storage(storage);
            let found = strategy.run(&problem, &Limits::new()).unwrap();
            let found = found.into_found().unwrap();
            assert_eq!((found.path, found.cost), (vec![0, 5], 5), "{strategy}");
        }
    }
}

#[test]
fn start_equal_to_goal_and_unreachable_goals() {
    let g = diamond();
    for strategy in bidirectional() {
        let same = Problem::new(&g, [3], is(3)).backward(3);
        let search = strategy.run(&same, &Limits::new()).unwrap();
        let found = search.found().unwrap();
        assert_eq!((&found.path, found.cost), (&vec![3], 0), "{strategy}");
        let backwards = Problem::new(&g, [2], is(0)).backward(0);
        let search = strategy.run(&backwards, &Limits::new()).unwrap();
        assert!(search.is_no_path(), "{strategy}: edges are directed");
    }
}

/// A line `0 -> 1 -> ... -> 199` of unit steps, searched end to end.
fn line() -> Graph<u32> {
    let edges: Vec<(u32, u32, u32)> = (0..199).map(|i| (i, i + 1, 1)).collect();
    Graph::new(200, &edges)
}

/// Runs `strategy` on the line from 0 to 199 with `limits`.
fn on_line(strategy: Strategy, limits: &Limits<u32>) -> Search<Solution<u32, u32>> {
    let g = line();
    let problem = Problem::new(&g, [0], is(199)).backward(199);
    strategy.run(&problem, limits).unwrap()
}

#[test]
fn limits_stop_the_bidirectional_strategies() {
    let raised = Arc::new(AtomicBool::new(true));
    let stops = [
        (Limits::new().max_expansions(10), StopReason::Expansions),
        (Limits::new().max_cost(150), StopReason::Cost),
        (Limits::new().deadline(Instant::now()), StopReason::Deadline),
        (Limits::new().cancel_flag(raised), StopReason::Cancelled),
    ];
    for strategy in bidirectional() {
        for (limits, reason) in &stops {
            let search = on_line(strategy, limits);
            assert_eq!(search.stop_reason(), Some(*reason), "{strategy}");
        }
        let search = on_line(strategy, &Limits::new().max_expansions(10));
        assert!(search.stats.expanded <= 10, "{strategy}");
        // Stopped before the sides met: the path to the most promising forward state.
        let partial = search.partial.expect("a partial path");
        assert_eq!(partial.path[0], 0);
        assert_eq!(partial.cost as usize, partial.path.len() - 1, "{strategy}");
        let search = on_line(strategy, &Limits::new().max_memory(64));
        assert!(
            matches!(search.stop_reason(), Some(StopReason::Capacity(_))),
            "{strategy}: {:?}",
            search.outcome
        );
        // The optimum is exactly the cost limit: found.
        let search = on_line(strategy, &Limits::new().max_cost(199));
        assert_eq!(search.found().map(|f| f.cost), Some(199), "{strategy}");
        assert_eq!(search.stats.stored, 200, "{strategy}");
        assert!(search.stats.expanded >= 198, "{strategy}");
        assert!(search.stats.generated >= 198, "{strategy}");
        assert!(search.stats.peak_open >= 2, "{strategy}");
        assert!(search.stats.memory > 0, "{strategy}");
    }
}

#[test]
fn a_stop_after_the_sides_met_returns_the_best_path_met() {
    // Two ways from 0 to 2: the direct step (cost 10) is met at once; the cheaper way
    // through the line 0 -> 3 -> ... -> 2 (cost 6) needs more expansions than allowed.
    let mut edges = vec![(0, 2, 10u32), (0, 3, 1)];
    edges.extend((3..7).map(|i| (i, i + 1, 1)));
    edges.push((7, 2, 1));
    let g = Graph::new(8, &edges);
    for strategy in bidirectional() {
        let problem = Problem::new(&g, [0], is(2)).backward(2);
        let search = strategy
            .run(&problem, &Limits::new().max_expansions(2))
            .unwrap();
        assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
        let partial = search.partial.expect("the path met");
        assert_eq!((partial.path, partial.cost), (vec![0, 2], 10), "{strategy}");
        let search = strategy.run(&problem, &Limits::new()).unwrap();
        assert_eq!(search.found().map(|f| f.cost), Some(6), "{strategy}");
    }
}

#[test]
fn a_visitor_sees_both_sides_and_can_stop_the_search() {
    let g = diamond();
    let problem = Problem::new(&g, [0], is(2)).backward(2);
    for strategy in bidirectional() {
        let mut expanded = Vec::new();
        let mut watch = watcher(|event| {
            if let Event::Expanded { state, cost, .. } = event {
                expanded.push((*state, cost));
            }
            ControlFlow::Continue(())
        });
        strategy
            .run_with(&problem, &Limits::new(), &mut watch)
            .unwrap();
        drop(watch); // it borrows `expanded`
        assert!(
            expanded.contains(&(0, 0)),
            "{strategy}: the start, forwards"
        );
        assert!(
            expanded.contains(&(2, 0)),
            "{strategy}: the goal, backwards"
        );
        let mut stop = watcher(|_| ControlFlow::Break(()));
        let search = strategy
            .run_with(&problem, &Limits::new(), &mut stop)
            .unwrap();
        assert_eq!(
            search.stop_reason(),
            Some(StopReason::Visitor),
            "{strategy}"
        );
    }
}

#[test]
fn bidirectional_strategies_need_the_backward_direction_and_one_start() {
    let g = diamond();
    let refusal = |result: Result<Search<Solution<u32, u32>>, StrategyError<u32, u32>>| {
        result.err().and_then(|error| error.refusal())
    };
    for strategy in bidirectional() {
        let forward_only = Problem::new(&g, [0], is(2));
        assert_eq!(
            refusal(strategy.run(&forward_only, &Limits::new())),
            Some((strategy, Inapplicable::NeedsBackward))
        );
        let two_starts = Problem::new(&g, [0, 1], is(2)).backward(2);
        assert_eq!(
            refusal(strategy.run(&two_starts, &Limits::new())),
            Some((strategy, Inapplicable::NeedsOneStart))
        );
    }
}

#[test]
fn a_backward_goal_that_fails_the_goal_test_is_refused() {
    let weighted = diamond();
    // The diamond with unit steps, for bidirectional BFS.
    let unit = weighted.with_unit_costs(1);
    for strategy in Strategy::ALL
        .into_iter()
        .filter(|s| s.info().needs(Requirement::Backward))
    {
        let g = if strategy == Strategy::BidirectionalBfs {
            &unit
        } else {
            &weighted
        };
        // Searching back from 3 would return a path that ends off the goal 2.
        let problem = Problem::new(g, [0], is(2)).backward(3);
        let refused = strategy.run(&problem, &Limits::new());
        assert_eq!(
            refused.err().and_then(|error| error.refusal()),
            Some((strategy, Inapplicable::BackwardGoalFailsTest)),
            "{strategy}"
        );
    }
}

#[test]
fn a_negative_step_is_refused() {
    // The negative step is met whichever side expands first. (`bae` refuses signed costs
    // before it searches: `bae.rs`.)
    let g = Graph::new(3, &[(0, 1, -2i32), (1, 2, 1)]);
    let signed = bidirectional()
        .into_iter()
        .filter(|s| !s.info().needs(Requirement::UnsignedCost));
    for strategy in signed {
        let problem = Problem::new(&g, [0], is(2)).backward(2);
        let refused = strategy.run(&problem, &Limits::new());
        assert_eq!(
            refused.err().and_then(|e| e.refusal()),
            Some((strategy, Inapplicable::NegativeCost)),
            "{strategy}"
        );
    }
}

#[test]
fn bidirectional_strategies_solve_eight_puzzles_optimally() {
    // Random boards (about 22 moves on average) and boards a few moves from the goal;
    // `mm` searches back with the Manhattan distance towards the board, forwards with
    // either heuristic.
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let distances = npuzzle::distances(3, 3, puzzle.goal().tiles());
    let mut rng = SplitMix64::new(11);
    let mut boards: Vec<_> = (0..12).map(|_| puzzle.random_board(&mut rng)).collect();
    boards.extend((0..6).map(|steps| puzzle.random_walk(&mut rng, steps)));
    for board in &boards {
        let truth = distances[board.tiles()];
        for strategy in bidirectional() {
            let by_manhattan =
                puzzle.solve(board, Manhattan::new(&puzzle), &strategy, &Limits::new());
            let by_conflict = puzzle.solve(
                board,
                LinearConflict::new(&puzzle),
                &strategy,
                &Limits::new(),
            );
            for search in [by_manhattan, by_conflict] {
                let plan = search.unwrap().into_found().expect("a solvable board");
                assert_eq!(plan.cost, truth, "{strategy} on {board}");
                let moves = moves_to_string(&plan.actions);
                let end = npuzzle::replay(3, 3, board.tiles(), &moves);
                assert_eq!(
                    end.as_deref(),
                    Some(puzzle.goal().tiles()),
                    "{strategy} on {board}"
                );
            }
        }
    }
}

#[test]
fn mm_on_the_puzzle_searches_back_with_the_manhattan_distance_towards_the_board() {
    // `NPuzzle::solve` expands exactly what `mm` expands on a problem given that backward
    // heuristic explicitly.
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let goal = puzzle.goal().clone();
    let mut rng = SplitMix64::new(12);
    for _ in 0..8 {
        let board = puzzle.random_board(&mut rng);
        let solved = puzzle.solve(
            &board,
            Manhattan::new(&puzzle),
            &Strategy::Mm,
            &Limits::new(),
        );
        let problem = Problem::new(&puzzle, [board.clone()], |b: &Board| *b == goal)
            .heuristic(Manhattan::new(&puzzle))
            .indexed()
            .backward(goal.clone())
            .backward_heuristic(Manhattan::new(&NPuzzle::new(board.clone())));
        let direct = Strategy::Mm.run(&problem, &Limits::new()).unwrap();
        let solved = solved.unwrap();
        assert_eq!(
            solved.found().map(|plan| plan.cost),
            direct.found().map(|found| found.cost)
        );
        assert_eq!(solved.stats.expanded, direct.stats.expanded, "{board}");
    }
}
